import Document
import Foundation
@testable import Markup
import XCTest

/// Issue 23: the app's copy (`ipraster markdown`) keeps what the app keeps, and costs linear time.
final class CopyTests: XCTestCase {
    private func copy(_ markdown: String) throws -> (text: String, again: [Block], original: [Block]) {
        let original = try MarkdownReader.read(markdown, options: MarkupOptions(detectEntities: false)).blocks
        let text = MarkdownWriter.markdown(Document(blocks: original))
        let again = try MarkdownReader.read(text, options: MarkupOptions(detectEntities: false)).blocks
        return (text, again.map(\.withoutLocations), original.map(\.withoutLocations))
    }

    func testItalicsInsideWordsAndNextToCJKSurvive() throws {
        for source in ["学习*实践*。", "un*frigging*believable", "日本語でも*強調*できます", "**bold *and* italic**"] {
            let result = try copy(source)
            XCTAssertEqual(result.again, result.original, "\(source) → \(result.text)")
            XCTAssertFalse(result.text.contains("_"), result.text)
        }
    }

    func testItemsNestedUnderATaskItemStayItems() throws {
        let result = try copy("- [x] done\n  - nested one\n  - nested two\n- [ ] todo\n")
        XCTAssertEqual(result.again, result.original, result.text)
        guard case .list(let list)? = result.again.first, case .list(let nested)? = list.items.first?.blocks.last else {
            return XCTFail("\(result.again)")
        }
        XCTAssertEqual(nested.items.count, 2)
    }

    func testTextThatLooksLikeSyntaxStaysText() throws {
        for source in ["1984\\. was a year", "7\\) too", "\\# not a heading", "\\> not a quote", "\\+ plus", "a &amp;amp; b", "x &#38; y",
                       "- item\n\n\\- not an item", "\\*\\*\\* not a rule", "#hashtag stays", "a\n\\===", "\\## level"] {
            let result = try copy(source)
            XCTAssertEqual(result.again, result.original, "\(source) → \(result.text)")
        }
        // "1984." on a line of its own is an ordered item start in Markdown: the copy escapes it.
        let paragraph = Document(blocks: [.paragraph(.plain("1984."))])
        let text = MarkdownWriter.markdown(paragraph)
        XCTAssertEqual(text, "1984\\.\n")
        XCTAssertEqual(try MarkdownReader.read(text).blocks.map(\.withoutLocations), [.paragraph(.plain("1984."))])
        XCTAssertEqual(try MarkdownReader.read(MarkdownWriter.markdown(Document(blocks: [.paragraph(.plain("&amp;amp;"))]))).blocks.map(\.withoutLocations),
                       [.paragraph(.plain("&amp;amp;"))])
    }

    /// Each block is written once however deep the nesting (it was written twice per level: 2^depth).
    func testCopyingNestedListsIsLinear() throws {
        func nested(_ depth: Int) -> Document {
            var block = Block.list(ListBlock(items: [ListItem(blocks: [.paragraph(.plain("leaf"))], label: "•")], ordered: false))
            for _ in 1..<depth { block = .list(ListBlock(items: [ListItem(blocks: [.paragraph(.plain("level")), block], label: "•")], ordered: false)) }
            return Document(blocks: [block])
        }
        func work(_ depth: Int) -> Int {
            let counter = WorkCounter()
            WorkCounter.$current.withValue(counter) { _ = MarkdownWriter.markdown(nested(depth)) }
            return counter[.blocksWritten]
        }
        XCTAssertEqual(work(40), 2 * 40, "two blocks (a paragraph and a list) per level, each written once")
        XCTAssertEqual(work(20), 2 * 20)
    }
}
