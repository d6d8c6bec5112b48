import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import GoldenSupport
import XCTest

/// The alt text (issue 63) as users get it: `render --alt-text FILE`, and embedded in every PNG, SVG and PDF, read
/// back by outside tools: pngcheck for the PNG's chunks, libxml2 (Foundation's XMLParser) for the SVG, poppler for
/// the PDF.
final class CLIAltTextTests: XCTestCase {
    private static let message = #"""
    {"blocks": [{"type": "heading", "size": 1, "text": "Rates & <limits>"},
                {"type": "paragraph", "text": "Über 5 requests — \"fast\" ones."},
                {"type": "list", "items": [{"label": "1.", "blocks": [{"type": "paragraph", "text": "first"}]}]},
                {"type": "mathematical_expression", "expression": "a^2 + b^2"}],
     "is_rtl": false}
    """#
    /// What AltText writes for it (docs/accessibility.md): blocks in order, blank lines between them.
    private static let expected = "Rates & <limits>\n\nÜber 5 requests — \"fast\" ones.\n\n1. first\n\nformula: a^2 + b^2"

    private var directory = ""

    override func setUpWithError() throws {
        directory = try TestEnvironment.temporaryDirectory()
        try Data(Self.message.utf8).write(to: URL(fileURLWithPath: directory + "/m.json"))
    }

    private func render(_ output: String, _ extra: [String] = []) throws {
        let result = try TestEnvironment.run(["m.json", "-o", output] + extra, currentDirectory: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
    }

    func testRenderWritesTheAltTextFile() throws {
        try render("a.png", ["--alt-text", "a.txt"])
        XCTAssertEqual(try String(contentsOfFile: directory + "/a.txt", encoding: .utf8), Self.expected + "\n")
        let standardOutput = try TestEnvironment.run(["m.json", "-o", "b.png", "--alt-text", "-"], currentDirectory: directory)
        XCTAssertEqual(standardOutput.stdoutText, Self.expected + "\n")
        // A failing render leaves no alt text behind.
        try Data(#"{"blocks": [{"type": "paragraph"}]}"#.utf8).write(to: URL(fileURLWithPath: directory + "/broken.json"))
        let failed = try TestEnvironment.run(["broken.json", "-o", "c.png", "--alt-text", "c.txt"], currentDirectory: directory)
        XCTAssertEqual(failed.status, 2)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory + "/c.txt"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory + "/c.png"))
    }

    func testAPNGCarriesItsTextAndSizeInChunksPngcheckAccepts() throws {
        let pngcheck = try TestEnvironment.requireProgram("pngcheck", package: "pngcheck")
        try render("a.png", ["--scale", "3", "--locale", "de_DE"])
        let png = try [UInt8](Data(contentsOf: URL(fileURLWithPath: directory + "/a.png")))
        let report = try TestEnvironment.runTool(pngcheck, ["-v", directory + "/a.png"])
        XCTAssertEqual(report.status, 0, report.stdoutText)
        // 72 × 3 pixels per inch, said in metres; the text chunk uncompressed, tagged with the locale.
        XCTAssertTrue(report.stdoutText.contains("8504x8504 pixels/meter (216 dpi)"), report.stdoutText)
        // The chunk: "Description", NUL, two zero flags, "de-DE", NUL, no translated keyword, NUL, then the text.
        XCTAssertTrue(report.stdoutText.contains("length \(11 + 3 + 5 + 2 + Self.expected.utf8.count), keyword: Description"), report.stdoutText)
        XCTAssertTrue(report.stdoutText.contains("uncompressed, language tag = de-DE"), report.stdoutText)
        let chunks = PNGChunks(png)
        XCTAssertEqual(chunks.types, ["IHDR", "pHYs", "iTXt", "IDAT", "IEND"])
        let text = try XCTUnwrap(chunks.chunks.first { $0.type == "iTXt" }).data
        XCTAssertEqual(Array(text), Array("Description".utf8) + [0, 0, 0] + Array("de-DE".utf8) + [0, 0] + Array(Self.expected.utf8))

        try render("plain.png", ["--no-alt-text"])
        let plain = try [UInt8](Data(contentsOf: URL(fileURLWithPath: directory + "/plain.png")))
        XCTAssertEqual(PNGChunks(plain).types, ["IHDR", "pHYs", "IDAT", "IEND"], "--no-alt-text leaves the size, not the words")
    }

    func testAnSVGIsAnImageWithTitleAndDescription() throws {
        try render("a.svg")
        let data = try Data(contentsOf: URL(fileURLWithPath: directory + "/a.svg"))
        final class Reader: NSObject, XMLParserDelegate {
            var rootAttributes: [String: String] = [:]
            var texts: [String: String] = [:]
            var languages: [String: String] = [:]
            var path: [String] = []
            func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String]) {
                if path.isEmpty { rootAttributes = attributes }
                if path.count == 1 { languages[name] = attributes["xml:lang"] }
                path.append(name)
            }
            func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) { path.removeLast() }
            func parser(_ parser: XMLParser, foundCharacters string: String) {
                if path.count == 2, ["title", "desc"].contains(path[1]) { texts[path[1], default: ""] += string }
            }
        }
        let reader = Reader()
        let parser = XMLParser(data: data)
        parser.delegate = reader
        XCTAssertTrue(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        XCTAssertEqual(reader.rootAttributes["role"], "img")
        XCTAssertEqual(reader.texts["title"], "Rates & <limits>")
        XCTAssertEqual(reader.texts["desc"], Self.expected)
        XCTAssertEqual(reader.languages["title"], "en")
        XCTAssertEqual(reader.languages["desc"], "en")
    }

    func testAPDFHasTheTitleAndTheTextAsItsSubject() throws {
        let pdfinfo = try TestEnvironment.requireProgram("pdfinfo", package: "poppler-utils")
        try render("a.pdf")
        let info = try TestEnvironment.runTool(pdfinfo, [directory + "/a.pdf"])
        XCTAssertEqual(info.status, 0)
        XCTAssertTrue(info.stdoutText.contains("Title:           Rates & <limits>\n"), info.stdoutText)
        XCTAssertTrue(info.stdoutText.contains("Subject:         Rates & <limits>\n\nÜber 5 requests"), info.stdoutText)
    }
}
