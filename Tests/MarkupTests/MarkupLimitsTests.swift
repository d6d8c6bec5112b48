import Document
@testable import Markup
import XCTest

/// Issue 56: the two inputs whose parsing costs their square in the libraries — a line of many `|` (libcmark-gfm's
/// table extension appends each cell to the end of a list) and a tag of many attributes (libxml2 compares each
/// attribute with every one before it) — are refused at their source position past a bound, so no text costs more
/// than its length times that bound.
final class MarkupLimitsTests: XCTestCase {
    private func refusal(_ read: () throws -> MarkupResult) -> MarkupError? {
        do {
            _ = try read()
            return nil
        } catch let error as MarkupError {
            return error
        } catch {
            XCTFail("\(error)")
            return nil
        }
    }

    func testALineOfPipesPastTheBoundIsRefusedWhereItGoesPast() throws {
        let bound = MarkupLimits.maxPipesPerLine
        let text = "A table:\n\n| a | b |\n|---|---|\n" + String(repeating: "|", count: bound + 1) + "\n"
        let error = try XCTUnwrap(refusal { try MarkdownReader.read(text) })
        XCTAssertEqual(error.line, 5)
        XCTAssertEqual(error.column, bound + 1, "the first pipe past the bound")
        XCTAssertTrue(error.message.hasPrefix("a line with more than 256 unescaped |"), error.message)
        // The bound itself reads; escaped pipes and pipes in fenced code do not count.
        XCTAssertNil(refusal { try MarkdownReader.read(String(repeating: "|", count: bound)) })
        XCTAssertNil(refusal { try MarkdownReader.read(String(repeating: "\\|", count: 3 * bound)) })
        XCTAssertNil(refusal { try MarkdownReader.read("> ```\n> " + String(repeating: "|", count: 3 * bound) + "\n> ```\n") })
        // An escaped backslash before a pipe leaves the pipe unescaped.
        XCTAssertNotNil(refusal { try MarkdownReader.read(String(repeating: "\\\\|", count: bound + 1)) })
        // After the fence closes, pipes count again.
        let after = try XCTUnwrap(refusal { try MarkdownReader.read("~~~~\n" + String(repeating: "|", count: 500) + "\n~~~~\n\né " + String(repeating: "|", count: bound + 1)) })
        XCTAssertEqual(after.line, 5)
        XCTAssertEqual(after.column, bound + 3, "columns in characters: é is one")
    }

    func testATagWithTooManyAttributesIsRefusedAtTheTag() throws {
        let bound = MarkupLimits.maxAttributesPerTag
        func tag(_ count: Int, value: (Int) -> String = { "\"v\($0)\"" }) -> String {
            "<b " + (0..<count).map { "a\($0)=\(value($0))" }.joined(separator: " ") + ">bold</b>"
        }
        let html = try XCTUnwrap(refusal { try HTMLReader.read("<p>first</p>\n<p>x " + tag(bound + 1) + "</p>") })
        XCTAssertEqual(html.line, 2)
        XCTAssertEqual(html.column, 6)
        XCTAssertEqual(html.message, "a tag with more than 256 attributes")
        // Inline HTML in Markdown goes the same way.
        XCTAssertEqual(refusal { try MarkdownReader.read("Some " + tag(bound + 1)) }?.column, 6)
        // At the bound it reads, with values quoted, unquoted, holding `>` or white space, and bare names.
        XCTAssertNil(refusal { try HTMLReader.read("<p>" + tag(bound) + "</p>") })
        XCTAssertNil(refusal { try HTMLReader.read("<p>" + tag(bound, value: { "v\($0)" }) + "</p>") })
        XCTAssertNil(refusal { try HTMLReader.read("<p>" + tag(bound, value: { "'a > b \($0)'" }) + "</p>") })
        XCTAssertNil(refusal { try HTMLReader.read("<p><b " + (0..<bound).map { "flag\($0)" }.joined(separator: " ") + ">x</b></p>") })
        XCTAssertNotNil(refusal { try HTMLReader.read("<p><b " + (0...bound).map { "flag\($0)" }.joined(separator: " ") + ">x</b></p>") })
        // Text that is not a tag is not counted.
        XCTAssertNil(refusal { try HTMLReader.read("<p>" + String(repeating: "a < b c d ", count: 1_000) + "</p>") })
    }
}
