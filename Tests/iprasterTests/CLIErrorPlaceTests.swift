import Foundation
import GoldenSupport
import XCTest

/// Issue 23 item 5: every input error names its place: JSON syntax at line:column (and byte), invalid UTF-8
/// at its line:column, Bot API limits at the block's source position; standard input is sniffed like a file.
final class CLIErrorPlaceTests: XCTestCase {
    var directory = ""

    override func setUpWithError() throws { directory = try TestEnvironment.temporaryDirectory() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: directory) }

    private func write(_ bytes: [UInt8], _ name: String) throws -> String {
        let path = directory + "/" + name
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    private func errorLine(_ arguments: [String], stdin: [UInt8]? = nil) throws -> String {
        let result = try TestEnvironment.run(arguments + ["-o", directory + "/out.png"], stdin: stdin)
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory + "/out.png"), "nothing written on an error")
        let errors = result.stderr.split(separator: "\n").filter { $0.contains("error:") }
        XCTAssertEqual(errors.count, 1, result.stderr)
        return String(errors.first ?? "")
    }

    func testJSONSyntaxErrorsGiveLineColumnAndByte() throws {
        let json = "{\"blocks\": [\n  {\"type\": \"paragraph\", \"text\": \"ä\"},\n  {\"type\": \"paragraph\" \"text\": \"b\"}\n]}"
        let path = try write(Array(json.utf8), "bad.json")
        // Line 3, column 24 (the quote after "paragraph"); byte 75: the ä above is two bytes.
        XCTAssertEqual(try errorLine([path]), "ipraster: error: at $: malformed JSON at 3:24 (byte 75): expected ',' or '}'")
    }

    func testInvalidUTF8IsNamedWhereItIs() throws {
        let markdown = try write(Array("# Title\n\nbad ".utf8) + [0xFF] + Array(" byte\n".utf8), "bad.md")
        XCTAssertEqual(try errorLine([markdown]), "ipraster: error: at 3:5: the Markdown text is not UTF-8 here (byte 13: 0xFF)")
        // A truncated sequence (0xE2 0x82 without its last byte) in HTML, after a two-byte character on the line.
        let html = try write(Array("<p>ok</p>\n<p>é ".utf8) + [0xE2, 0x82] + Array("</p>\n".utf8), "bad.html")
        XCTAssertEqual(try errorLine([html]), "ipraster: error: at 2:6: the HTML text is not UTF-8 here (byte 16: 0xE2)")
    }

    func testLimitsAreWarningsNamingTheBlockAndErrorsUnderStrict() throws {
        // 501 paragraphs after a heading: the 501st block starts on line 1001.
        let markdown = "# H\n\n" + (0..<520).map { "p\($0)" }.joined(separator: "\n\n") + "\n"
        let path = try write(Array(markdown.utf8), "many.md")
        let lenient = try TestEnvironment.run([path, "-o", directory + "/ok.png"])
        XCTAssertEqual(lenient.status, 0, lenient.stderr)
        XCTAssertTrue(lenient.stderr.contains("warning: at 1001:1: the message exceeds the Bot API limit of 500 blocks (it has 521)"), lenient.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: directory + "/ok.png"), "the message renders")
        XCTAssertTrue(try errorLine([path, "--strict"]).hasPrefix("ipraster: error: at 1001:1: the message exceeds the Bot API limit of 500 blocks"))
        // The same text inside JSON: the position is in the markdown field.
        let payload = try JSONSerialization.data(withJSONObject: ["chat_id": 1, "rich_message": ["markdown": markdown]] as [String: Any])
        let json = try write([UInt8](payload), "many.json")
        XCTAssertTrue(try errorLine([json, "--strict"]).hasPrefix("ipraster: error: at $.rich_message.markdown:1001:1: the message exceeds"))
    }

    func testStandardInputIsSniffedLikeAFile() throws {
        let markdown = try TestEnvironment.run(["layout", "-"], stdin: Array("## Heading\n\nText with **bold**.\n".utf8))
        XCTAssertEqual(markdown.status, 0, markdown.stderr)
        XCTAssertTrue(markdown.stdoutText.contains(#""block": "heading""#), markdown.stdoutText)
        let html = try TestEnvironment.run(["layout", "-"], stdin: Array("<h2>Heading</h2>\n<p>Text</p>\n".utf8))
        XCTAssertEqual(html.status, 0, html.stderr)
        XCTAssertTrue(html.stdoutText.contains(#""block": "heading""#), html.stdoutText)
        // --from still wins: the HTML read as JSON is a syntax error at its first character.
        let forced = try TestEnvironment.run(["layout", "--from", "json", "-"], stdin: Array("<h2>Heading</h2>\n".utf8))
        XCTAssertEqual(forced.status, 2)
        XCTAssertTrue(forced.stderr.contains("malformed JSON at 1:1 (byte 0)"), forced.stderr)
        // Binary data is named as such.
        XCTAssertTrue(try errorLine(["-"], stdin: [0xFF, 0xD8, 0xFF, 0x00, 0x10]).contains("binary data, not a rich message"))
    }

    func testRepeatedKeysWarnAndAnEmptyMessageIsAnErrorUnderStrict() throws {
        let json = try write(Array(#"{"blocks": [{"type": "paragraph", "text": "a", "text": "b"}]}"#.utf8), "dup.json")
        let result = try TestEnvironment.run([json, "-o", directory + "/dup.png"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("warning: at $.blocks[0].text: the key is repeated; the last value is used"), result.stderr)
        let empty = try write(Array(#"{"blocks": []}"#.utf8), "empty.json")
        XCTAssertEqual(try errorLine([empty, "--strict"]), "ipraster: error: at $: the message is empty: it has no block with content")
        let emptyMarkdown = try write(Array("\n\n".utf8), "empty.md")
        XCTAssertEqual(try errorLine([emptyMarkdown, "--strict"]), "ipraster: error: at 1:1: the message is empty: it has no block with content")
    }
}
