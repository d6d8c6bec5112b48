// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "ipraster",
    products: [
        .library(name: "Document", targets: ["Document"]),
        .library(name: "Drawing", targets: ["Drawing"]),
        .library(name: "Fonts", targets: ["Fonts"]),
        .library(name: "Layout", targets: ["Layout"]),
        .library(name: "Math", targets: ["Math"]),
        .library(name: "Markup", targets: ["Markup"]),
        .library(name: "Images", targets: ["Images"]),
        .library(name: "Raster", targets: ["Raster"]),
        // The front door: input formats and decode → layout → paint (`RenderPipeline`, `RenderSettings`).
        .library(name: "RichMessageRenderer", targets: ["RichMessageRenderer"]),
        .library(name: "Reveal", targets: ["Reveal"]),
        .library(name: "ProcessSupport", targets: ["ProcessSupport"]),
        .library(name: "RenderOptions", targets: ["RenderOptions"]),
        .library(name: "GoldenKit", targets: ["GoldenKit"]),
        // Snapshot tests of rich messages for other packages' XCTest and Swift Testing suites on Linux.
        .library(name: "RichMessageSnapshot", targets: ["RichMessageSnapshot"]),
        // libipraster (issue 59): the C library of include/ipraster.h, for any language with a foreign-function
        // interface. The file is libipraster-c.so (a product cannot share the program's name); scripts/setup links
        // .build/release/libipraster.so to it and scripts/install installs it as PREFIX/lib/libipraster.so.
        .library(name: "ipraster-c", type: .dynamic, targets: ["LibIPRaster"]),
        .executable(name: "ipraster", targets: ["ipraster"]),
    ],
    targets: [
        .systemLibrary(name: "CPango", path: "Sources/CPango", pkgConfig: "pangocairo",
                       providers: [.apt(["libpango1.0-dev", "libcairo2-dev", "libharfbuzz-dev", "libfontconfig-dev"])]),
        .systemLibrary(name: "CCairo", path: "Sources/CCairo", pkgConfig: "cairo-ft",
                       providers: [.apt(["libcairo2-dev", "libfreetype-dev"])]),
        .systemLibrary(name: "CHarfBuzz", path: "Sources/CHarfBuzz", pkgConfig: "harfbuzz",
                       providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CPNG", path: "Sources/CPNG", pkgConfig: "libpng",
                       providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CCmark", path: "Sources/CCmark", pkgConfig: "libcmark-gfm",
                       providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]),
        // libturbojpeg, libwebp and Debian's librlottie (Samsung rlottie 0.1 with Debian's patches, for TGS custom emoji,
        // issue 41) are opened on first use, not linked: a page without a JPEG, WebP or TGS never maps them (issue 44).
        // Their headers (libturbojpeg0-dev, libwebp-dev, librlottie-dev) give the types; CLibraryLoader opens them.
        .target(name: "CLibraryLoader", path: "Sources/CLibraryLoader", linkerSettings: [.linkedLibrary("dl"), .linkedLibrary("pthread")]),
        .target(name: "CJPEG", dependencies: ["CLibraryLoader"], path: "Sources/CJPEG"),
        .target(name: "CWebP", dependencies: ["CLibraryLoader"], path: "Sources/CWebP"),
        // libqpdf (libqpdf-dev's header) adds what Cairo 1.16 leaves out of a tagged PDF, opened on a PDF's first write.
        .target(name: "CQPDF", dependencies: ["CLibraryLoader"], path: "Sources/CQPDF"),
        .target(name: "CRLottie", dependencies: ["CLibraryLoader"], path: "Sources/CRLottie"),
        // libxml2's HTML parser (Rich HTML input) the same way; include/libxml links to libxml2-dev's headers.
        .target(name: "CXML2", dependencies: ["CLibraryLoader"], path: "Sources/CXML2"),
        // libdeflate's gzip decompressor unpacks a TGS into a capped buffer before anything parses it (MediaSources).
        .systemLibrary(name: "CDeflate", path: "Sources/CDeflate", pkgConfig: "libdeflate", providers: [.apt(["libdeflate-dev"])]),
        // Nettle's SHA-256 for the digests of a batch's outputs in its annotations file (Commands only).
        .systemLibrary(name: "CNettle", path: "Sources/CNettle", pkgConfig: "nettle", providers: [.apt(["nettle-dev"])]),
        // The C library's standard output for the command line (Swift 6 cannot read Glibc's `stdout` variable).
        .target(name: "CStandardStreams", path: "Sources/CStandardStreams"),
        // The PNG writer for rendered pages: Cairo rows converted in place and compressed with libdeflate (issue 15).
        .target(name: "CPNGWriter", path: "Sources/CPNGWriter", linkerSettings: [.linkedLibrary("deflate"), .linkedLibrary("z"), .linkedLibrary("pthread")]),
        // ICU (issue 39): the line-break iterator with its Lao, Khmer and Burmese dictionaries for Layout, East Asian Width
        // and script for Markup's CJK-friendly emphasis. A C target, as ICU's C types would clash with the toolchain's
        // own ICU copy (_FoundationICU) in a Swift module. libicu-dev.
        .systemLibrary(name: "CICU", path: "Sources/CICU", pkgConfig: "icu-uc", providers: [.apt(["libicu-dev"])]),
        .target(name: "CICUText", dependencies: ["CICU", "CLibraryLoader"], path: "Sources/CICUText"),  // libicui18n is opened on first use (icu_format.c, through CLibraryLoader)
        // The document model, the JSON reader and the Bot API / Telethon decoders; no C library.
        .target(name: "Primitives", path: "Sources/Primitives"),
        .target(name: "Document", dependencies: ["Primitives"], path: "Sources/Document"),
        // Values only: the display list (frames of paths, glyph runs, images and groups) with its decoded images,
        // geometry values, font keys and the Han region: what layout (and the formula typesetter) hand to paint. No C
        // library, no file.
        .target(name: "Drawing", path: "Sources/Drawing"),
        // The Rich Markdown and Rich HTML front-end: text → Document. The only target that links libcmark-gfm and libxml2.
        .target(name: "Markup", dependencies: ["Primitives", "Document", "CCmark", "CXML2", "CICUText"], path: "Sources/Markup"),
        // Every font file mapped once per process (issue 44): the table of read-only mappings FreeTypeFaces reads.
        .target(name: "CFontFiles", path: "Sources/CFontFiles"),
        // HarfBuzz's hb_blob_create_from_file and FreeType's FT_New_Face defined on CFontFiles' mappings, so that Pango's
        // and Cairo's calls use them too (symbol interposition, exported with the flags below). Only the ipraster
        // executable links it (issue 59): no library product interposes or carries an unsafe flag.
        .target(name: "CFontFileInterposer", dependencies: ["CFontFiles", "CPango"], path: "Sources/CFontFileInterposer",
                linkerSettings: [.unsafeFlags(["-Xlinker", "--export-dynamic-symbol=hb_blob_create_from_file",
                                               "-Xlinker", "--export-dynamic-symbol=FT_New_Face"])]),
        // The process's FreeType faces of memory-mapped font files, shared by Pango's fonts and paint's (one C-state owner).
        .target(name: "FreeTypeFaces", dependencies: ["Primitives", "Drawing", "CPango", "CFontFiles"], path: "Sources/FreeTypeFaces"),
        // The font collection (issue 22): fonts.list, the font index, the base faces and the world's Noto faces, the
        // cascades; builds the fontconfig configuration Pango is given. Shaping is Layout's.
        .target(name: "Fonts", dependencies: ["Primitives", "Drawing", "FreeTypeFaces", "CPango"], path: "Sources/Fonts"),
        .target(name: "Layout", dependencies: ["Primitives", "Document", "Drawing", "Fonts", "Math", "CPango", "CICUText"], path: "Sources/Layout"),
        // The formula typesetter (issue 13): LaTeX → math list → TeX layout → display-list frames, on HarfBuzz's
        // OpenType MATH API. Depends on Drawing, not on Layout or Cairo.
        .target(name: "Math", dependencies: ["Primitives", "Drawing", "CHarfBuzz", "CICUText"], path: "Sources/Math"),
        // Images below paint (issue 58): RGBA buffers, the PNG codec and sink, Cairo's resampling, pixelmatch. What media
        // sources decode into, what golden comparison compares and what paint encodes with; names no display item.
        .target(name: "Images", dependencies: ["Primitives", "Drawing", "CCairo", "CPNG", "CPNGWriter", "CWebP"], path: "Sources/Images"),
        // Paint: display pages → Cairo → PNG, SVG, PDF. Names no block and no layout value, reads no file, runs no
        // program and decodes no media (a display page carries its decoded images); depends on Drawing, Images, the
        // shared FreeType faces and C libraries only.
        .target(name: "Raster", dependencies: ["Primitives", "Drawing", "Images", "FreeTypeFaces", "CCairo", "CPNG", "CPNGWriter", "CQPDF"], path: "Sources/Raster"),
        // The media sources and the image decoders (issue 36): a local folder, ffmpeg's first frames, an in-memory set;
        // JPEG, WebP and PNG media and stripped thumbnails decoded before paint (`MediaResolver`); custom emoji's sticker
        // files (issue 41: TGS through rlottie after a Swift check, WebM through ffmpeg, WebP, PNG) and their sidecar
        // flags (Document's JSON reader). The one target that links image decoders.
        .target(name: "MediaSources", dependencies: ["Primitives", "Document", "Drawing", "Images", "ProcessSupport", "CJPEG", "CWebP", "CRLottie", "CDeflate"], path: "Sources/MediaSources"),
        // The front door (issue 26): the input formats and the decode → layout → paint sequence every caller uses.
        .target(name: "RichMessageRenderer", dependencies: ["Images", "Document", "Markup", "Math", "Layout", "Raster", "MediaSources"], path: "Sources/RichMessageRenderer"),
        // The host's side of files and programs, shared by the command line, the golden harness, reveal export, the
        // media sources and the snapshot library: reading inputs, atomic output, the registry of temporary paths and
        // children removed on interruption. The rendering libraries read and write no file and run no program.
        .target(name: "ProcessSupport", dependencies: ["Primitives"], path: "Sources/ProcessSupport"),
        .target(name: "Reveal", dependencies: ["Images", "Primitives", "Layout", "RichMessageRenderer"], path: "Sources/Reveal"),
        // The render options as rows (help, shown default, scope, effect on RenderSettings); golden cases' .args too.
        .target(name: "RenderOptions", dependencies: ["Primitives", "Layout", "RichMessageRenderer"], path: "Sources/RenderOptions"),
        // The golden harness (record modes, artifacts, environment fingerprints), shared by `ipraster check` and the tests.
        .target(name: "GoldenKit", dependencies: ["Primitives", "Drawing", "Images", "Layout", "RichMessageRenderer", "RenderOptions", "ProcessSupport"], path: "Sources/GoldenKit"),
        // assertSnapshot / verifySnapshot on the golden harness (README "Snapshot tests in your package").
        .target(name: "RichMessageSnapshot", dependencies: ["Images", "Primitives", "Layout", "RichMessageRenderer", "RenderOptions", "GoldenKit", "ProcessSupport"], path: "Sources/RichMessageSnapshot"),
        // libmicrohttpd with a non-variadic start (issue 28): the HTTP server under `ipraster serve`.
        .target(name: "CMicroHTTPD", dependencies: ["CLibraryLoader"], path: "Sources/CMicroHTTPD"),  // libmicrohttpd is opened on first use (shim.c)
        // The render service's HTTP side: the daemons (C-state owners), receive deadlines, the queue to a pool of worker
        // processes (started, fed and replaced here), request deadlines, drain, health and metrics. Knows no route's
        // content: `ipraster serve` gives it a router and the worker command.
        .target(name: "HTTPService", dependencies: ["Primitives", "CMicroHTTPD", "ProcessSupport"], path: "Sources/HTTPService"),
        // The tool's commands and options as values (issue 58): the one table help, the man page, completions,
        // suggestions, parsing and the service's query parameters read, with the settings each option sets.
        .target(name: "CommandCatalog", dependencies: ["Primitives", "Drawing", "Images", "Layout", "RichMessageRenderer", "RenderOptions", "GoldenKit", "HTTPService"], path: "Sources/CommandCatalog"),
        // The render service (issue 58): the typed operations the commands and the routes both call (`RenderOperations`
        // over a `RenderInput`), the route table, the query parameters, the worker and the OpenAPI document. Names no
        // command type; `ipraster serve` (Commands) starts it.
        .target(name: "RenderService", dependencies: ["Primitives", "Document", "Drawing", "Layout", "Markup", "Math", "MediaSources", "Raster", "Reveal",
                                                      "RichMessageRenderer", "RenderOptions", "CommandCatalog", "HTTPService", "ProcessSupport"],
                path: "Sources/RenderService"),
        // The path of the shared object that holds a function (dladdr): libipraster finds its fonts beside itself.
        .target(name: "CLibraryFile", path: "Sources/CLibraryFile", linkerSettings: [.linkedLibrary("dl")]),
        // libipraster's C functions over RenderOperations (issue 59): handles, options as JSON, results with errors.
        .target(name: "LibIPRaster", dependencies: ["CLibraryFile", "CommandCatalog", "RenderService", "Fonts", "Layout", "MediaSources", "Primitives",
                                                   "RichMessageRenderer"], path: "Sources/LibIPRaster"),
        // The command line: every subcommand (`Tool.main` runs one); a library so the tests can import it.
        .target(name: "Commands", dependencies: ["CommandCatalog", "RenderService", "Images", "Primitives", "Layout", "RichMessageRenderer", "Reveal", "GoldenKit", "RenderOptions", "CStandardStreams", "ProcessSupport", "HTTPService", "MediaSources", "CNettle"], path: "Sources/Commands"),
        // The program. In a release build it carries the Swift runtime and FoundationEssentials itself (issue 44): as
        // shared libraries their relocations and scattered pages made 10 MB of every process resident, linked in 5 MB
        // less; lld writes its relocations packed (DT_RELR, glibc 2.36: Debian 12), 1 MB less. The binary then runs
        // without the toolchain's libraries. Only the program: a test bundle shares XCTest's Swift runtime. (Static
        // FoundationEssentials needs _FoundationCollections, _FoundationCShims and Synchronization, which its shared
        // library brings along by itself.)
        .executableTarget(name: "ipraster", dependencies: ["Commands", "CFontFileInterposer"], path: "Sources/ipraster",
                          linkerSettings: [.unsafeFlags(["-static-stdlib", "-l_FoundationCollections", "-l_FoundationCShims", "-lswiftSynchronization", "-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"],
                                                        .when(configuration: .release))]),
        .target(name: "GoldenSupport", dependencies: ["Images", "Layout", "RichMessageRenderer", "GoldenKit", "RenderOptions", "ProcessSupport"], path: "Tests/GoldenSupport"),
        .testTarget(name: "LayoutTests", dependencies: ["Document", "Drawing", "Layout", "Math", "RichMessageRenderer", "GoldenSupport"], path: "Tests/LayoutTests"),
        .testTarget(name: "RasterTests", dependencies: ["Images", "Raster", "MediaSources", "ProcessSupport", "RichMessageRenderer", "Layout", "RenderOptions", "GoldenSupport", "CCairo", "CPNGWriter", "CDeflate", "CJPEG", "CWebP"], path: "Tests/RasterTests"),
        .testTarget(name: "RevealTests", dependencies: ["Images", "Reveal", "ProcessSupport", "RichMessageRenderer", "Layout", "RenderOptions", "GoldenKit", "GoldenSupport"], path: "Tests/RevealTests"),
        .testTarget(name: "MathTests", dependencies: ["Math"], path: "Tests/MathTests"),
        .testTarget(name: "FontsTests", dependencies: ["Fonts", "Drawing"], path: "Tests/FontsTests"),
        .testTarget(name: "FreeTypeFacesTests", dependencies: ["FreeTypeFaces", "CPango"], path: "Tests/FreeTypeFacesTests"),
        .testTarget(name: "MarkupTests", dependencies: ["Markup", "Document", "Layout", "GoldenSupport", "RichMessageRenderer", "RenderOptions", "ProcessSupport"], path: "Tests/MarkupTests"),
        // Uses only the RichMessageRenderer product, as another package would (the README's library example).
        .testTarget(name: "RichMessageRendererTests", dependencies: ["Images", "RichMessageRenderer"], path: "Tests/RichMessageRendererTests"),
        .testTarget(name: "DocumentTests", dependencies: ["Document", "GoldenSupport"], path: "Tests/DocumentTests"),
        .testTarget(name: "DrawingTests", dependencies: ["Drawing"], path: "Tests/DrawingTests"),
        .testTarget(name: "RenderOptionsTests", dependencies: ["RenderOptions", "RichMessageRenderer", "Drawing"], path: "Tests/RenderOptionsTests"),
        .testTarget(name: "GoldenKitTests", dependencies: ["GoldenKit"], path: "Tests/GoldenKitTests"),
        .testTarget(name: "PrimitivesTests", dependencies: ["Primitives"], path: "Tests/PrimitivesTests"),
        .testTarget(name: "ProcessSupportTests", dependencies: ["ProcessSupport"], path: "Tests/ProcessSupportTests"),
        // The media sources and decoders: folder confinement, in-memory sets, the resolver, JPEG/WebP/thumbnails, ffmpeg.
        .testTarget(name: "MediaSourcesTests", dependencies: ["Images", "MediaSources", "Raster", "Drawing", "ProcessSupport", "RichMessageRenderer", "GoldenSupport", "CJPEG", "CWebP", "CDeflate"], path: "Tests/MediaSourcesTests",
                    linkerSettings: [.linkedLibrary("webp")]),  // libwebp's encoder makes the WebP fixtures
        // The snapshot library as another package uses it: builds examples/swift-snapshot against this checkout.
        .testTarget(name: "RichMessageSnapshotTests", dependencies: ["CommandCatalog", "Images", "RichMessageSnapshot", "GoldenSupport", "ProcessSupport"], path: "Tests/RichMessageSnapshotTests"),
        // A raw HTTP/1.1 client for the service tests (every byte under the test's control).
        .target(name: "HTTPTestSupport", path: "Tests/HTTPTestSupport"),
        // The HTTP core in process, with a fake router and fake workers: limits, statuses, framing, drain, deadlines.
        .testTarget(name: "HTTPServiceTests", dependencies: ["HTTPService", "HTTPTestSupport"], path: "Tests/HTTPServiceTests"),
        // The service's routes answered in process from built requests: no binary, no argv.
        .testTarget(name: "RenderServiceTests", dependencies: ["RenderService", "HTTPService", "CommandCatalog", "RichMessageRenderer", "Layout", "GoldenSupport"],
                    path: "Tests/RenderServiceTests"),
        .testTarget(name: "iprasterTests", dependencies: ["CommandCatalog", "RenderService", "Images", "Commands", "HTTPTestSupport", "ProcessSupport", "Layout", "RichMessageRenderer", "Markup", "RenderOptions", "GoldenKit", "GoldenSupport"], path: "Tests/iprasterTests"),
    ],
    swiftLanguageModes: [.v6]
)
