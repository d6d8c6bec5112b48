import Document
@testable import Markup
import XCTest

/// Issue 23 item 6: white space after `<br>` as a browser lays it out, pipe lines under a heading stay text,
/// and every ordered item is labelled "N.".
final class MarkupDetailsTests: XCTestCase {
    private func paragraph(html: String) throws -> RichText? {
        guard case .paragraph(let text)? = try HTMLReader.read(html, options: MarkupOptions(detectEntities: false)).blocks.first else { return nil }
        return text
    }

    private func blocks(_ markdown: String) throws -> [Block] {
        try MarkdownReader.read(markdown, options: MarkupOptions(detectEntities: false)).blocks.map(\.withoutLocations)
    }

    func testALineAfterABreakStartsWithoutWhiteSpace() throws {
        XCTAssertEqual(try paragraph(html: "<p>line one<br>\n   line two <br> three <b> bold</b><br><i> x</i></p>"),
                       .concat([.plain("line one\nline two\nthree "), .styled(.bold, .plain("bold")), .plain("\n"), .styled(.italic, .plain("x"))]))
        // Spaces before a break are not drawn either; code keeps its own.
        XCTAssertEqual(try paragraph(html: "<p>end  <br><code>  kept</code></p>"), .concat([.plain("end\n"), .styled(.fixed, .plain("  kept"))]))
        // Spaces collapse across elements (one space between "a" and "b").
        XCTAssertEqual(try paragraph(html: "<p>a <u> b</u></p>"), .concat([.plain("a "), .styled(.underline, .plain("b"))]))
        XCTAssertEqual(try blocks("line one<br>\nline two<br>   three\n"), [.paragraph(.plain("line one\nline two\nthree"))])
    }

    func testLiteralWhiteSpaceAfterABreakSurvivesTheLosslessCopy() throws {
        let document = Document(blocks: [.paragraph(.plain("first\n   indented"))])
        let copy = MarkdownWriter.markdown(document, lossless: true)
        XCTAssertEqual(try MarkdownReader.read(copy).blocks.map(\.withoutLocations), document.blocks, copy)
    }

    func testPipeLinesRightUnderAHeadingAreText() throws {
        XCTAssertEqual(try blocks("## H\n| a | b |\n|:--|--:|\n| 1 | 2 |\n"),
                       [.heading(level: 2, .plain("H")), .paragraph(.plain("| a | b | |:--|--:| | 1 | 2 |"))])
        // With a blank line between, it is a table.
        guard case .table? = try blocks("## H\n\n| a | b |\n|:--|--:|\n| 1 | 2 |\n").last else { return XCTFail("a table") }
    }

    func testParenthesisedItemsAreLabelledWithAPoint() throws {
        guard case .list(let list)? = try blocks("7) seven\n8) eight\n").first else { return XCTFail("a list") }
        XCTAssertEqual(list.items.map(\.label), ["7.", "8."])
    }
}
