import Foundation
import GoldenSupport
import XCTest

/// Rich Markdown on the command line (issue 14): files by extension, stdin with `--from markdown`, Bot API
/// `rich_message.markdown` with media bindings, the `$` rule switch, and errors with `line:column`.
final class CLIMarkdownTests: XCTestCase {
    var directory = ""

    override func setUpWithError() throws {
        directory = try TestEnvironment.temporaryDirectory()
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    private func layout(_ arguments: [String], stdin: String? = nil) throws -> (status: Int32, json: [String: Any]?, stderr: String) {
        let result = try TestEnvironment.run(["layout"] + arguments, stdin: stdin.map { Array($0.utf8) })
        let json = try? JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any]
        return (result.status, json, result.stderr)
    }

    private func kinds(_ json: [String: Any]?) -> [String] {
        ((json?["items"] as? [[String: Any]]) ?? []).map { "\($0["kind"] ?? "")" }
    }

    func testAMarkdownFileRendersByItsExtension() throws {
        let file = directory + "/answer.md"
        try "# Title\n\nText with $x^2$.\n\n- one\n- two\n".write(toFile: file, atomically: true, encoding: .utf8)
        let result = try TestEnvironment.run([file, "-o", directory + "/answer.png"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: directory + "/answer.png"))
        let page = try layout([file])
        XCTAssertEqual(kinds(page.json), ["text", "text", "listMarker", "text", "listMarker", "text"])
    }

    func testStandardInputNeedsFromMarkdownAndTheDollarRuleCanBeChosen() throws {
        let text = "API shows $395k vs UI $483k"
        let strict = try layout(["-", "--from", "markdown"], stdin: text)
        XCTAssertEqual(strict.status, 0, strict.stderr)
        let items = try XCTUnwrap(strict.json?["items"] as? [[String: Any]])
        XCTAssertNil(items[0]["attachments"], "strict: no formula")
        let loose = try layout(["-", "--from", "markdown", "--math-delimiters", "loose"], stdin: text)
        let attachments = try XCTUnwrap((loose.json?["items"] as? [[String: Any]])?.first?["attachments"] as? [[String: Any]])
        XCTAssertEqual(attachments.first?["latex"] as? String, "395k vs UI")
        XCTAssertEqual(try layout(["-", "--from", "markdown", "--math-delimiters", "sometimes"], stdin: text).status, 2)
    }

    func testBotAPIMarkdownWithMediaBindings() throws {
        let message = #"{"chat_id": 1, "rich_message": {"markdown": "Look:\n\n![](tg://photo?id=p1 \"The view\")", "#
            + #""media": [{"id": "p1", "media": {"type": "photo", "media": "AgACfile"}}]}}"#
        let page = try layout(["-"], stdin: message)
        XCTAssertEqual(page.status, 0, page.stderr)
        let items = try XCTUnwrap(page.json?["items"] as? [[String: Any]])
        XCTAssertEqual(items.map { "\($0["kind"] ?? "")" }, ["text", "image", "text"])
        XCTAssertEqual(items[1]["mediaId"] as? String, "AgACfile")
    }

    /// Rich HTML: `.html` files, `--from html`, Bot API `rich_message.html` (the shared sample keeps the block
    /// structure of its blocks-form sibling where both carry the same content).
    func testRichHTMLFilesStandardInputAndBotAPI() throws {
        let file = directory + "/answer.html"
        try "<h2>Title</h2><p>Text with <tg-math>x^2</tg-math>.</p><ul><li>one</li></ul>".write(toFile: file, atomically: true, encoding: .utf8)
        XCTAssertEqual(kinds(try layout([file]).json), ["text", "text", "listMarker", "text"])
        XCTAssertEqual(kinds(try layout(["-", "--from", "html"], stdin: "<p>a</p><hr/>").json), ["text", "divider"])
        let sample = try TestEnvironment.data("samples/other/botapi-b_media_heavy_html.sendRichMessage.json")
        let page = try layout([sample])
        XCTAssertEqual(page.status, 0, page.stderr)
        XCTAssertEqual(kinds(page.json), ["text", "text", "image", "text", "text", "video", "text", "audio", "image", "image", "image", "text",
                                          "map", "text", "document"])
        let broken = try layout(["-", "--from", "html"], stdin: "<p>ok</p>\n<tg-map zoom=\"1\"/>")
        XCTAssertEqual(broken.status, 2)
        XCTAssertEqual(broken.stderr, "ipraster: error: at 2:1: <tg-map> needs lat and long\n")
    }

    func testMarkdownOutAndTheSendClassifier() throws {
        let sample = try TestEnvironment.data("samples/botapi/a_chat_answer.sendRichMessage.json")
        let markdown = try TestEnvironment.run(["markdown", sample])
        XCTAssertEqual(markdown.status, 0, markdown.stderr)
        XCTAssertTrue(markdown.stdoutText.hasPrefix("# [👍](tg://emoji?id=5368324170671202286) Release checklist for ipraster\n\n"), markdown.stdoutText)
        XCTAssertTrue(markdown.stdoutText.contains("\n- [x] Tables with colspan\n"))
        XCTAssertTrue(markdown.stdoutText.contains("\n$$\n\\int_0^{\\infty}"))
        // What it prints reads back as the same blocks: render both and compare the layouts.
        let file = directory + "/copy.md"
        try markdown.stdoutText.write(toFile: file, atomically: true, encoding: .utf8)
        XCTAssertEqual(try TestEnvironment.run(["layout", file]).status, 0)
        let md = directory + "/x.md"
        try "# Plan\n\n- one".write(toFile: md, atomically: true, encoding: .utf8)
        XCTAssertEqual(try TestEnvironment.run(["classify", md]).stdoutText, "rich (heading)\n")
        try "Costs $5-$10, **cheap**.".write(toFile: md, atomically: true, encoding: .utf8)
        XCTAssertEqual(try TestEnvironment.run(["classify", md, "--json"]).stdoutText, #"{"rich":false,"trigger":null}"# + "\n")
        XCTAssertEqual(try TestEnvironment.run(["classify"]).status, 2)
    }

    func testMarkdownErrorsAndWarningsNameLineAndColumn() throws {
        let deep = "ok\n\n" + String(repeating: ">", count: 100) + " x\n"
        let refused = try TestEnvironment.run(["-", "--from", "markdown", "-o", directory + "/deep.png"], stdin: Array(deep.utf8))
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.stderr.hasPrefix("ipraster: error: at 3:"), refused.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory + "/deep.png"))
        let warned = try TestEnvironment.run(["-", "--from", "markdown", "-o", directory + "/w.png"], stdin: Array("a\n\nb <blink>c</blink>".utf8))
        XCTAssertEqual(warned.status, 0)
        XCTAssertEqual(warned.stderr, "ipraster: warning: at 3:3: unsupported tag <blink> dropped (its text is kept)\n")
        // Inside JSON the warning names the field and the position in its text.
        let json = try TestEnvironment.run(["-", "-o", directory + "/j.png"], stdin: Array(#"{"rich_message": {"markdown": "x <blink>y</blink>"}}"#.utf8))
        XCTAssertEqual(json.stderr, "ipraster: warning: at $.rich_message.markdown:1:3: unsupported tag <blink> dropped (its text is kept)\n")
    }
}
