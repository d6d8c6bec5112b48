import Foundation
import GoldenSupport
import Images
import Layout
import Raster
import RichMessageRenderer
import RenderOptions
import XCTest

/// PDF and SVG are vector (issue 11, item 7): text as embedded font glyphs (PDF: selectable and searchable),
/// shapes as paths, raster only for photos and bitmap emoji. Read back with poppler-utils (`scripts/setup`
/// installs them; without them the PDF half is skipped).
final class VectorOutputTests: XCTestCase {
    private static let textOnly = #"""
    {"blocks": [{"type": "heading", "size": 1, "text": "Vector output"},
                {"type": "paragraph", "text": "Selectable text in a bubble, with a quote below."},
                {"type": "blockquote", "blocks": [{"type": "paragraph", "text": "Quoted words"}]},
                {"type": "list", "items": [{"label": "•", "blocks": [{"type": "paragraph", "text": "first item"}]}]}]}
    """#

    private func tool(_ name: String) throws -> String {
        let path = "/usr/bin/" + name
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw XCTSkip("\(name) is not installed here (poppler-utils; scripts/setup installs it)")
        }
        return path
    }

    private func output(_ tool: String, _ arguments: [String]) throws -> String {
        let result = try TestEnvironment.runTool(tool, arguments)
        XCTAssertEqual(result.status, 0, "\(tool) \(arguments)")
        return result.stdoutText
    }

    func testAPDFOfATextMessageHasEmbeddedFontsSearchableTextAndNoImage() throws {
        let pdffonts = try tool("pdffonts"), pdftotext = try tool("pdftotext"), pdfimages = try tool("pdfimages")
        let layout = try TestEnvironment.layout(Self.textOnly)
        let path = try TestEnvironment.temporaryDirectory() + "/message.pdf"
        try Data(TestEnvironment.pipeline.renderer.encode(layout, as: .pdf)).write(to: URL(fileURLWithPath: path))

        let fonts = try output(pdffonts, [path]).split(separator: "\n").dropFirst(2)
        XCTAssertTrue(fonts.contains { $0.contains("Inter-Regular") }, "Inter is embedded: \(fonts)")
        XCTAssertTrue(fonts.contains { $0.contains("NotoSerif") }, "the serif heading's font is embedded: \(fonts)")
        for font in fonts {
            let columns = font.split(separator: " ", omittingEmptySubsequences: true)
            // name type… encoding emb sub uni id gen: embedded, subset, with a ToUnicode map.
            XCTAssertEqual(Array(columns.suffix(5).prefix(3)), ["yes", "yes", "yes"], "\(font)")
        }
        // Lines wrap where the layout wrapped them.
        let text = try output(pdftotext, [path, "-"]).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        // "12:34" is drawn with an alternate colon (no cmap entry): only the run's source text maps it back.
        for words in ["Vector output", "Selectable text in a bubble, with a quote below.", "Quoted words", "first item", "12:34"] {
            XCTAssertTrue(text.contains(words), "\"\(words)\" is searchable in: \(text)")
        }
        let images = try output(pdfimages, ["-list", path]).split(separator: "\n").dropFirst(2)
        XCTAssertEqual(Array(images), [], "no raster image in a text-only page")
    }

    func testAnSVGOfATextMessageDrawsGlyphOutlinesAndNoImage() throws {
        let layout = try TestEnvironment.layout(Self.textOnly)
        let svg = String(decoding: try TestEnvironment.pipeline.renderer.encode(layout, as: .svg), as: UTF8.self)
        XCTAssertFalse(svg.contains("<image"), "no <image> in a text-only page")
        // Glyphs are outlines defined once and placed with <use>.
        XCTAssertTrue(svg.contains("<symbol"))
        XCTAssertGreaterThan(svg.components(separatedBy: "<use").count - 1, 60, "one <use> per glyph")
    }

    /// A photo stays a raster image in the PDF, the text around it stays text.
    /// A checked box's tick is cut out of its fill (the clear operator), which SVG cannot express: Cairo draws
    /// that group as a fallback image, which must cover the box, not the page (it once did, twice per page).
    func testACutOutTickIsASmallImageInAnSVG() throws {
        let fixture = TestEnvironment.root + "/Tests/Fixtures/blocks/list-checklist.json"
        let layout = try TestEnvironment.layout(try String(contentsOfFile: fixture, encoding: .utf8))
        let svg = String(decoding: try TestEnvironment.pipeline.renderer.encode(layout, as: .svg), as: UTF8.self)
        let sizes = try NSRegularExpression(pattern: #"<image [^>]*width="([0-9.]+)" height="([0-9.]+)""#)
            .matches(in: svg, range: NSRange(svg.startIndex..., in: svg))
            .map { match in (1...2).map { Double(svg[Range(match.range(at: $0), in: svg)!])! } }
        XCTAssertEqual(sizes.count, 2, "one fallback image per checked box")
        for size in sizes {
            // The box is 18 pt; Cairo's fallback images are at 300 dpi (×300/72).
            XCTAssertLessThanOrEqual(size[0], (18 + 4) * 300 / 72, "\(size)")
            XCTAssertLessThanOrEqual(size[1], (18 + 4) * 300 / 72, "\(size)")
        }
    }

    func testAPhotoIsTheOnlyImageInAPDF() throws {
        let pdfimages = try tool("pdfimages"), pdftotext = try tool("pdftotext")
        let directory = try TestEnvironment.temporaryDirectory()
        var image = RGBAImage(width: 40, height: 30)
        for index in stride(from: 0, to: image.pixels.count, by: 4) { image.pixels[index] = 200; image.pixels[index + 3] = 255 }
        try Data(PNGCodec.encode(image, opaque: true)).write(to: URL(fileURLWithPath: directory + "/pic.png"))
        let json = #"{"blocks": [{"type": "photo", "photo": [{"file_id": "pic", "file_unique_id": "pic", "width": 40, "height": 30}], "caption": {"text": "Below the photo"}}]}"#
        let layout = try TestEnvironment.layout(json, ["--media", directory])
        let path = directory + "/photo.pdf"
        try Data(TestEnvironment.pipeline.renderer.encode(layout, as: .pdf, media: TestEnvironment.pipeline.media(try RenderOptions.parse(["--media", directory]).settings)))
            .write(to: URL(fileURLWithPath: path))
        let images = try output(pdfimages, ["-list", path]).split(separator: "\n").dropFirst(2)
        XCTAssertEqual(images.count, 1, "the photo: \(images)")
        XCTAssertTrue(images.first?.contains(" 40    30 ") ?? false, "at the file's own size: \(images)")
        XCTAssertTrue(try output(pdftotext, [path, "-"]).contains("Below the photo"))
    }
}
