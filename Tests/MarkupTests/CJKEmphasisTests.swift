import XCTest
import Document
import GoldenSupport
@testable import Markup
import RenderOptions
import RichMessageRenderer

/// README Decisions, fourth review, "Emphasis next to CJK text in Rich Markdown": `*`, `**` and `~~` next to CJK
/// characters or full-width punctuation open and close as the CommonMark "CJK-friendly" amendment says; elsewhere
/// CommonMark's rules stand.
final class CJKEmphasisTests: XCTestCase {
    private func text(_ markdown: String) throws -> RichText? {
        let result = try MarkdownReader.read(markdown, options: MarkupOptions(detectEntities: false))
        XCTAssertEqual(result.warnings, [], markdown)
        guard case .paragraph(let text)? = result.blocks.first, result.blocks.count == 1 else { return nil }
        return text
    }

    private static func bold(_ text: String) -> RichText { .styled(.bold, .plain(text)) }
    private static func italic(_ text: String) -> RichText { .styled(.italic, .plain(text)) }
    private static func strike(_ text: String) -> RichText { .styled(.strikethrough, .plain(text)) }

    /// Chinese and Japanese as answers write them (full-width punctuation inside the delimiters, a letter outside),
    /// Korean with an ASCII colon, numbers with `%`, nesting, `***` and `~~`.
    static let cases: [(markdown: String, expected: RichText)] = [
        ("**注意：**这个方法很快。", .concat([bold("注意："), .plain("这个方法很快。")])),
        ("请看**“重要”**的部分。", .concat([.plain("请看"), bold("“重要”"), .plain("的部分。")])),
        ("增长了**50%**的用户。", .concat([.plain("增长了"), bold("50%"), .plain("的用户。")])),
        ("注意**：**冒号", .concat([.plain("注意"), bold("："), .plain("冒号")])),
        ("这是*斜体：*文字", .concat([.plain("这是"), italic("斜体："), .plain("文字")])),
        ("**（可选）**参数名称", .concat([bold("（可选）"), .plain("参数名称")])),
        ("~~旧价格：100元~~新价格", .concat([strike("旧价格：100元"), .plain("新价格")])),
        ("**重点是*这里*：**结束", .concat([.styled(.bold, .concat([.plain("重点是"), italic("这里"), .plain("：")])), .plain("结束")])),
        ("***非常重要：***请注意", .concat([.styled(.italic, bold("非常重要：")), .plain("请注意")])),
        ("**第一：**内容，**第二：**内容", .concat([bold("第一："), .plain("内容，"), bold("第二："), .plain("内容")])),
        ("数据来源：**国家统计局（2023）**。", .concat([.plain("数据来源："), bold("国家统计局（2023）"), .plain("。")])),
        ("运行**`make`**命令", .concat([.plain("运行"), .styled(.bold, .styled(.fixed, .plain("make"))), .plain("命令")])),
        ("上涨**+12.5%**，下跌*-3%*。", .concat([.plain("上涨"), bold("+12.5%"), .plain("，下跌"), italic("-3%"), .plain("。")])),
        ("日本語の**「重要」**です。", .concat([.plain("日本語の"), bold("「重要」"), .plain("です。")])),
        ("これは**重要：**です", .concat([.plain("これは"), bold("重要："), .plain("です")])),
        ("*注：*この機能は実験的です。", .concat([italic("注："), .plain("この機能は実験的です。")])),
        ("**「東京」**と**「大阪」**", .concat([bold("「東京」"), .plain("と"), bold("「大阪」")])),
        ("価格は**30%オフ！**です", .concat([.plain("価格は"), bold("30%オフ！"), .plain("です")])),
        ("~~「削除」~~された", .concat([strike("「削除」"), .plain("された")])),
        ("彼は*「はい」*と言った。", .concat([.plain("彼は"), italic("「はい」"), .plain("と言った。")])),
        ("**注意**：これは大切です。", .concat([bold("注意"), .plain("：これは大切です。")])),
        ("**참고:**이 방법은 빠릅니다", .concat([bold("참고:"), .plain("이 방법은 빠릅니다")])),
        ("> **提示：**引用里也可以\n> 第二行**重要：**结尾", .empty),
    ]

    func testEmphasisNextToCJKTextReadsAsWritten() throws {
        for (markdown, expected) in Self.cases where expected != .empty {
            XCTAssertEqual(try text(markdown), expected, markdown)
        }
        // In a quote, over a soft break (the positions of continuation lines are checked against the source).
        let quote = try MarkdownReader.read(Self.cases.last!.markdown, options: MarkupOptions(detectEntities: false))
        XCTAssertEqual(quote.blocks, [.blockQuote(blocks: [.paragraph(.concat([
            Self.bold("提示："), .plain("引用里也可以 第二行"), Self.bold("重要："), .plain("结尾"),
        ]))], credit: .empty, collapsed: false)])
    }

    /// Where no CJK text touches a delimiter, CommonMark's rules stand: what cmark-gfm leaves literal stays literal.
    func testElsewhereCommonMarkStands() throws {
        XCTAssertEqual(try text("**foo:**bar"), .plain("**foo:**bar"))
        XCTAssertEqual(try text("a**\"b\"**c"), .plain("a**\"b\"**c"))
        XCTAssertEqual(try text("**a** *b* ~~c~~"), .concat([Self.bold("a"), .plain(" "), Self.italic("b"), .plain(" "), Self.strike("c")]))
        // An escaped star is text, in CJK text too.
        XCTAssertEqual(try text("\\***注意：**这个"), .concat([.plain("*"), Self.bold("注意："), .plain("这个")]))
        XCTAssertEqual(try text("注意\\*\\*：\\*\\*冒号"), .plain("注意**：**冒号"))
        // A lone "*" and "~" stay text; "_" keeps CommonMark's rule (the Decision names `*` and `~~`).
        XCTAssertEqual(try text("中文*文字"), .plain("中文*文字"))
        XCTAssertEqual(try text("约~3元~"), .plain("约~3元~"))
        XCTAssertEqual(try text("__注意：__这个"), .plain("__注意：__这个"))
    }

    /// Each case's `ipraster markdown --lossless` copy renders to the same PNG bytes as its source; the plain copy
    /// writes emphasis as authored.
    func testLosslessCopiesReadBackUnderTheSameRule() throws {
        for (markdown, _) in Self.cases {
            XCTAssertNil(try LosslessCopyProperty.failure(markdown + "\n"), markdown)
            let settings = try RenderOptions.parse(["--from", "markdown"]).settings
            guard let document = try settings.decode(Array(markdown.utf8), path: nil).lastDocument else { return XCTFail(markdown) }
            let copy = MarkdownWriter.markdown(document)
            XCTAssertEqual(try MarkdownReader.read(copy, options: MarkupOptions(detectEntities: false)).blocks.map(\.withoutLocations),
                           try MarkdownReader.read(markdown, options: MarkupOptions(detectEntities: false)).blocks.map(\.withoutLocations), markdown)
        }
        XCTAssertEqual(MarkdownWriter.markdown(Document(blocks: [.paragraph(.concat([Self.bold("注意："), .plain("这个")]))])), "**注意：**这个\n")
    }

    /// A paragraph of 12,000 delimiter runs next to CJK text: every pair found.
    func testManyDelimitersInOneParagraph() throws {
        let markdown = String(repeating: "**注意：**这个", count: 4_000) + String(repeating: "*：", count: 4_000)
        let result = try MarkdownReader.read(markdown, options: MarkupOptions(detectEntities: false))
        guard case .paragraph(.concat(let parts))? = result.blocks.first else { return XCTFail("not a paragraph") }
        XCTAssertEqual(parts.filter { if case .styled(.bold, _) = $0 { return true } else { return false } }.count, 4_000)
    }
}
