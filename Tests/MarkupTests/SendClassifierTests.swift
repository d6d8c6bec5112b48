@testable import Markup
import XCTest

/// The app's send-time decision (seed "Markdown send"): headings, lists, tables and formulas make a rich
/// message; inline styles, links, quotes, code and dividers stay a normal message; casual `$` stays plain.
final class SendClassifierTests: XCTestCase {
    func testTriggers() throws {
        let cases: [(String, String?)] = [
            ("# Title", "heading"), ("Title\n===", "heading"), ("- a\n- b", "list"), ("1. a", "list"), ("| a |\n|---|\n| b |", "table"),
            ("the answer is $x$.", "formula"), ("$$E = mc^2$$", "formula"), ("H<sub>2</sub>O", "sub/superscript"),
            ("**bold** _italic_ `code` [link](https://t.me)", nil), ("> quote", nil), ("```\ncode\n```", nil), ("a\n\n---\n\nb", nil),
            ("$5-$10 and $FOO=$BAR, cost$5$total", nil), ("[👍](tg://emoji?id=1)", nil),
        ]
        for (text, trigger) in cases {
            let decision = try SendClassifier.classify(markdown: text)
            XCTAssertEqual(decision.rich, trigger != nil, text)
            XCTAssertEqual(decision.trigger, trigger, text)
        }
    }
}
