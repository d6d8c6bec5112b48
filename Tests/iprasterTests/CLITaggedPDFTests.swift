import Foundation
import GoldenSupport
import XCTest

/// A PDF is tagged (issue 63, item 2): a structure tree with an element per block, nested as the message nests them,
/// read back by poppler (`pdfinfo -struct-text`, `pdftotext`), and the attributes Cairo 1.16 leaves out (language,
/// alternative text, header scope) present in the file.
final class CLITaggedPDFTests: XCTestCase {
    /// Every block kind the tree names, in Rich HTML.
    private static let message = """
        <h1>Trip notes</h1>
        <p>Read the <a href="https://example.com/guide">guide</a> first.</p>
        <ol><li>Pack light<ul><li>one bag</li></ul></li><li>Book early</li></ol>
        <blockquote>Travel makes you richer.</blockquote>
        <pre><code class="language-python">print("bon voyage")</code></pre>
        <table><tr><th>City</th><th>Days</th></tr><tr><th>Rome</th><td>3</td></tr></table>
        <tg-math-block>a^2 + b^2 = c^2</tg-math-block>
        <figure><img src="tg://photo?id=colosseum"/><figcaption>The Colosseum</figcaption></figure>
        <hr/>
        <details open><summary>More</summary><p>Hidden detail</p></details>
        """

    private var directory = ""

    override func setUpWithError() throws {
        directory = try TestEnvironment.temporaryDirectory()
        try Data(Self.message.utf8).write(to: URL(fileURLWithPath: directory + "/m.html"))
    }

    private func render(_ input: String = "m.html", _ output: String = "m.pdf", _ extra: [String] = []) throws -> [UInt8] {
        let result = try TestEnvironment.run([input, "-o", output] + extra, currentDirectory: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        return try [UInt8](Data(contentsOf: URL(fileURLWithPath: directory + "/" + output)))
    }

    /// `pdfinfo -struct-text`'s lines: elements by indentation, with their text lines (quoted) and attributes.
    private func structure(_ file: String) throws -> [String] {
        let pdfinfo = try TestEnvironment.requireProgram("pdfinfo", package: "poppler-utils")
        let result = try TestEnvironment.runTool(pdfinfo, ["-struct-text", directory + "/" + file])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertFalse(result.stderr.contains("Warning"), result.stderr)
        return result.stdoutText.split(separator: "\n").map(String.init)
    }

    func testEveryBlockIsAnElementNestedAsTheMessageNestsIt() throws {
        _ = try render()
        let pdfinfo = try TestEnvironment.requireProgram("pdfinfo", package: "poppler-utils")
        XCTAssertTrue(try TestEnvironment.runTool(pdfinfo, [directory + "/m.pdf"]).stdoutText.contains("Tagged:          yes"))
        let lines = try structure("m.pdf")
        // The elements alone (poppler adds "(block)"/"(inline)" by the standard's placement; attributes are dropped).
        let elements = lines.filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("\"") && !$0.contains("/") }
            .map { $0.replacingOccurrences(of: " (block)", with: "").replacingOccurrences(of: " (inline)", with: "").replacingOccurrences(of: ":", with: "") }
        let expected = """
            Document
              H1
              P
              L
                LI
                  Lbl
                  LBody
                    P
                    L
                      LI
                        Lbl
                        LBody
                          P
                LI
                  Lbl
                  LBody
                    P
              BlockQuote
              Code
              Table
                TR
                  TH
                    P
                  TH
                    P
                TR
                  TH
                    P
                  TD
                    P
              Formula
              Figure
                Caption
              Div
                P
              Link
            """.split(separator: "\n").map(String.init)
        XCTAssertEqual(elements.filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("Object") }, expected)
        // The text of each element is the block's.
        func text(after element: String) -> String? {
            guard let index = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces).hasPrefix(element) }) else { return nil }
            return lines[(index + 1)...].first { $0.trimmingCharacters(in: .whitespaces).hasPrefix("\"") }?.trimmingCharacters(in: .whitespaces)
        }
        XCTAssertEqual(text(after: "H1"), "\"Trip notes\"")
        XCTAssertEqual(text(after: "BlockQuote"), "\"Travel makes you richer.\"")
        XCTAssertEqual(text(after: "Caption"), "\"The Colosseum\"")
        XCTAssertTrue(lines.contains { $0.contains("\"Hidden detail\"") })
        // The header cells' scopes: the first row heads columns, a header cell further down heads its row.
        XCTAssertEqual(lines.filter { $0.contains("/Scope") }.map { $0.trimmingCharacters(in: .whitespaces) }, ["/Scope /Column", "/Scope /Column", "/Scope /Row"])
    }

    func testTheTextIsSelectableInReadingOrder() throws {
        _ = try render()
        let pdftotext = try TestEnvironment.requireProgram("pdftotext", package: "poppler-utils")
        let result = try TestEnvironment.runTool(pdftotext, [directory + "/m.pdf", "-"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let text = result.stdoutText
        let words = ["Trip notes", "guide", "Pack light", "one bag", "Book early", "Travel", "bon voyage", "City", "Days", "Rome",
                     "The Colosseum", "More", "Hidden detail"]
        let positions = words.map { text.range(of: $0)?.lowerBound }
        XCTAssertFalse(positions.contains(nil), "\(text)")
        XCTAssertEqual(positions.compactMap { $0 }, positions.compactMap { $0 }.sorted(), text)
        // A formula's characters, script-style digits included, are text (not an unmapped glyph).
        XCTAssertTrue(text.contains("𝑎2"), text)
        XCTAssertFalse(text.contains("\u{FFFD}"), text)
    }

    func testTheAttributesCairoLeavesOutAreInTheFile() throws {
        let bytes = try render("m.html", "m.pdf", ["--locale", "de_DE"])
        let file = String(decoding: bytes, as: UTF8.self)
        XCTAssertTrue(file.contains("/Lang (de-DE)"), "the catalog's language")
        XCTAssertTrue(file.contains("/DisplayDocTitle true"))
        XCTAssertTrue(file.contains("/Alt (a^2 + b^2 = c^2)"), "the formula's TeX")
        XCTAssertTrue(file.contains("/Alt (photo: The Colosseum)"), "the figure's words")
        XCTAssertTrue(file.contains("/O /Table /Scope /Column"))
        // The same page gives the same bytes (the file's /ID is made from its content).
        XCTAssertEqual(try render("m.html", "again.pdf", ["--locale", "de_DE"]), bytes)
    }

    func testAKnockoutKeepsThePageContentInTheStructure() throws {
        // A checkbox's tick is cut out of its fill (the clear operator): drawn as an image of its own, it leaves the
        // page's marked content on the page, where readers find it.
        let list = #"{"blocks": [{"type": "list", "items": [{"blocks": [{"type": "paragraph", "text": "done"}], "has_checkbox": true, "is_checked": true}, {"blocks": [{"type": "paragraph", "text": "todo"}], "has_checkbox": true}]}]}"#
        try Data(list.utf8).write(to: URL(fileURLWithPath: directory + "/list.json"))
        _ = try render("list.json", "list.pdf")
        let lines = try structure("list.pdf").map { $0.trimmingCharacters(in: .whitespaces) }
        XCTAssertTrue(lines.contains("\"done\"") && lines.contains("\"todo\""), "\(lines)")
    }
}
