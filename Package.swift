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
        .library(name: "Raster", targets: ["Raster"]),
        .library(name: "Reveal", targets: ["Reveal"]),
        .library(name: "RenderOptions", targets: ["RenderOptions"]),
        .library(name: "GoldenKit", targets: ["GoldenKit"]),
        // Snapshot tests of rich messages for other packages' XCTest and Swift Testing suites on Linux.
        .library(name: "RichMessageSnapshot", targets: ["RichMessageSnapshot"]),
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
        .systemLibrary(name: "CJPEG", path: "Sources/CJPEG", pkgConfig: "libturbojpeg",
                       providers: [.apt(["libturbojpeg0-dev"])]),
        .systemLibrary(name: "CCmark", path: "Sources/CCmark", pkgConfig: "libcmark-gfm",
                       providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]),
        .systemLibrary(name: "CXML2", path: "Sources/CXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        .systemLibrary(name: "CWebP", path: "Sources/CWebP", pkgConfig: "libwebp",
                       providers: [.apt(["libwebp-dev"])]),
        // The PNG writer for rendered pages: Cairo rows converted in place and compressed with libdeflate (issue 15).
        // The C library's standard output for the command line (Swift 6 cannot read Glibc's `stdout` variable).
        .target(name: "CStandardStreams", path: "Sources/CStandardStreams"),
        .target(name: "CPNGWriter", path: "Sources/CPNGWriter", linkerSettings: [.linkedLibrary("deflate"), .linkedLibrary("z"), .linkedLibrary("pthread")]),
        // The document model, the JSON reader and the Bot API / Telethon decoders; no C library.
        .target(name: "Document", path: "Sources/Document"),
        // The display list (frames of paths, glyph runs, images and groups), geometry values and font keys: what
        // layout (and the formula typesetter) hand to paint. No C library.
        .target(name: "Drawing", path: "Sources/Drawing"),
        // The Rich Markdown and Rich HTML front-end: text → Document. The only target that links libcmark-gfm and libxml2.
        .target(name: "Markup", dependencies: ["Document", "CCmark", "CXML2"], path: "Sources/Markup"),
        // The font collection (issue 22): fonts.list, the font index, the base faces and the world's Noto faces, the
        // cascades and the Han region rule; builds the fontconfig configuration Pango is given. Shaping is Layout's.
        .target(name: "Fonts", dependencies: ["CPango"], path: "Sources/Fonts"),
        .target(name: "Layout", dependencies: ["Document", "Drawing", "Fonts", "Math", "CPango"], path: "Sources/Layout"),
        // The formula typesetter (issue 13): LaTeX → math list → TeX layout → display-list frames, on HarfBuzz's
        // OpenType MATH API. Depends on Drawing, not on Layout or Cairo.
        .target(name: "Math", dependencies: ["Drawing", "CHarfBuzz"], path: "Sources/Math"),
        .target(name: "Raster", dependencies: ["Layout", "Drawing", "Markup", "CCairo", "CPNG", "CPNGWriter", "CJPEG", "CWebP"], path: "Sources/Raster"),
        .target(name: "Reveal", dependencies: ["Layout", "Raster"], path: "Sources/Reveal"),
        // The golden harness (record modes, artifacts, environment fingerprints), shared by `ipraster check` and the tests.
        // The command line's render options (and golden cases' .args), parsed into RenderSettings.
        .target(name: "RenderOptions", dependencies: ["Layout", "Raster"], path: "Sources/RenderOptions"),
        .target(name: "GoldenKit", dependencies: ["Layout", "Raster", "RenderOptions"], path: "Sources/GoldenKit"),
        // assertSnapshot / verifySnapshot on the golden harness (README "Snapshot tests in your package").
        .target(name: "RichMessageSnapshot", dependencies: ["Layout", "Raster", "RenderOptions", "GoldenKit"], path: "Sources/RichMessageSnapshot"),
        .executableTarget(name: "ipraster", dependencies: ["Layout", "Raster", "Reveal", "GoldenKit", "RenderOptions", "CStandardStreams"], path: "Sources/ipraster"),
        .target(name: "GoldenSupport", dependencies: ["Layout", "Raster", "GoldenKit", "RenderOptions"], path: "Tests/GoldenSupport"),
        .testTarget(name: "LayoutTests", dependencies: ["Document", "Layout", "Math", "Raster", "GoldenSupport"], path: "Tests/LayoutTests"),
        .testTarget(name: "RasterTests", dependencies: ["Raster", "Layout", "RenderOptions", "GoldenSupport", "CCairo", "CPNGWriter", "CJPEG", "CWebP"], path: "Tests/RasterTests"),
        .testTarget(name: "RevealTests", dependencies: ["Reveal", "Raster", "Layout", "RenderOptions", "GoldenKit", "GoldenSupport"], path: "Tests/RevealTests"),
        // Uses only the Raster product, as another package would (the README's library example).
        .testTarget(name: "MathTests", dependencies: ["Math"], path: "Tests/MathTests"),
        .testTarget(name: "FontsTests", dependencies: ["Fonts"], path: "Tests/FontsTests"),
        .testTarget(name: "MarkupTests", dependencies: ["Markup", "Document"], path: "Tests/MarkupTests"),
        .testTarget(name: "LibraryUsageTests", dependencies: ["Raster"], path: "Tests/LibraryUsageTests"),
        .testTarget(name: "iprasterTests", dependencies: ["ipraster", "Layout", "Raster", "Markup", "RenderOptions", "GoldenKit", "GoldenSupport"], path: "Tests/iprasterTests"),
    ],
    swiftLanguageModes: [.v6]
)
