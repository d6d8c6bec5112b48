import GoldenSupport
import XCTest
@testable import Layout
import RichMessageRenderer

/// Spacing pairs and geometry of the block catalogue (`v2-layout-facts.md` §2 and Appendix A,
/// `v2-render-facts.md` §7), measured on laid-out documents.
final class BlockGeometryTests: XCTestCase {
    let B = 320.0, H = 10.0

    private func layout(_ blocks: [String], _ arguments: [String] = [], rtl: Bool = false) throws -> PageLayout {
        try TestEnvironment.layout(#"{"blocks": [\#(blocks.joined(separator: ", "))]\#(rtl ? #", "is_rtl": true"# : "")}"#, arguments)
    }

    /// The vertical gap between block `a` and block `b` laid out one after the other.
    private func gap(_ a: String, _ b: String) throws -> Double {
        let first = try layout([a]).items.count
        let both = try layout([a, b]).items
        let upper = both[..<first].map(\.frame.maxY).max()!
        let lower = both[first...].map(\.frame.minY).min()!
        return lower - upper
    }

    private let paragraph = #"{"type": "paragraph", "text": "Text"}"#
    private let heading = #"{"type": "heading", "size": 3, "text": "Heading"}"#
    private let list = #"{"type": "list", "items": [{"blocks": [{"type": "paragraph", "text": "item"}]}]}"#
    private let quote = #"{"type": "blockquote", "blocks": [{"type": "paragraph", "text": "quote"}]}"#
    private let pull = #"{"type": "pullquote", "text": "pull"}"#
    private let code = #"{"type": "pre", "text": "code"}"#
    private let details = #"{"type": "details", "summary": "Details", "blocks": [{"type": "paragraph", "text": "body"}]}"#
    private let buttons = #"{"type": "buttons", "buttons": [{"text": "A", "callback_data": "a"}]}"#
    private let thinking = #"{"type": "thinking", "text": "thinking"}"#
    private let formula = #"{"type": "mathematical_expression", "expression": "x"}"#

    func testSpacingPairsOfTheNewBlocks() throws {
        let cases: [(String, String, Double, String)] = [
            (paragraph, list, 14, "paragraph → list"), (list, paragraph, 14, "list → paragraph"), (heading, list, 31, "heading → list"),
            (list, list, 10, "list → list"), (paragraph, quote, 11, "any → blockQuote"), (quote, paragraph, 11, "blockQuote → any"),
            (paragraph, pull, 14, "any → pullQuote"), (pull, paragraph, 14, "pullQuote → any"), (paragraph, code, 12, "any → preformatted"),
            (code, paragraph, 12, "preformatted → any"), (details, details, 0, "details → details"), (paragraph, details, 20, "default"),
            (buttons, buttons, 8, "buttons → buttons (NEW)"), (list, code, 12, "list → preformatted"), (quote, code, 11, "blockQuote before preformatted"),
            (thinking, heading, 32, "any → heading"), (code, list, 12, "preformatted → list"), (paragraph, thinking, 20, "default"),
        ]
        for (upper, lower, expected, name) in cases {
            XCTAssertEqual(try gap(upper, lower), expected, accuracy: 0.0001, name)
        }
    }

    func testEdgeSpacingOfTheNewBlocks() throws {
        XCTAssertEqual(try layout([quote]).items.map(\.frame.minY).min(), 10, "before a quote")
        XCTAssertEqual(try layout([code]).items.map(\.frame.minY).min(), 10, "before code")
        XCTAssertEqual(try layout([pull]).items.map(\.frame.minY).min(), 10, "before a pull quote")
        XCTAssertEqual(try layout([details]).items.map(\.frame.minY).min(), 0, "before details")
        XCTAssertEqual(try layout([list]).items.map(\.frame.minY).min()!, 5, accuracy: 0.6, "before a list (marker may sit below)")
        let thought = try layout([thinking])
        XCTAssertEqual(thought.page.height, thought.items[0].frame.maxY + 2, accuracy: 0.0001, "after thinking")
        let quoted = try layout([quote])
        XCTAssertEqual(quoted.page.height, quoted.items.map(\.frame.maxY).max()! + 5, accuracy: 0.0001, "after a quote")
    }

    func testBulletAndChecklistColumns() throws {
        let page = try layout([#"{"type": "list", "items": [{"blocks": [{"type": "paragraph", "text": "one"}]}, {"blocks": [{"type": "paragraph", "text": "two"}]}]}"#])
        let markers = page.items.filter { $0.kind == "listMarker" }, texts = page.items.filter { $0.kind == "text" }
        XCTAssertEqual(markers.count, 2)
        for (marker, text) in zip(markers, texts) {
            XCTAssertEqual(marker.frame.width, 6)
            XCTAssertEqual(marker.frame.minX, H + 6 - 6)          // right-aligned to the column: H + maxIndexWidth − 6
            XCTAssertEqual(text.frame.minX, H + 8 + 6)            // gutter = 8 + maxIndexWidth
            guard case .text(let box) = text.content else { return XCTFail("not text") }
            let midY = text.frame.minY + box.lines[0].frame.midY
            XCTAssertEqual(marker.frame.minY, ((midY - 3) * 2).rounded(.down) / 2, accuracy: 0.0001)
        }
        XCTAssertEqual(texts[1].frame.minY - texts[0].frame.maxY, 12, accuracy: 0.0001, "items 12 apart")

        let checklist = try layout([#"{"type": "list", "items": [{"blocks": [{"type": "paragraph", "text": "x"}], "has_checkbox": true, "is_checked": true}]}"#])
        let box = try XCTUnwrap(checklist.items.first { $0.kind == "listMarker" })
        XCTAssertEqual(box.frame.width, 18)
        XCTAssertEqual(box.frame.height, 18)
        XCTAssertEqual(checklist.items.first { $0.kind == "text" }?.frame.minX, H + 8 + 18)
        guard case .checkbox(true, _, _)? = box.content.decoration(as: ListMarker.self) else { return XCTFail("not a checked checkbox") }

        let rtl = try layout([list], rtl: true)
        let rtlMarker = try XCTUnwrap(rtl.items.first { $0.kind == "listMarker" })
        XCTAssertEqual(rtlMarker.frame.minX, B - H - 6, "mirrored column")
        let rtlText = try XCTUnwrap(rtl.items.first { $0.kind == "text" })
        XCTAssertEqual(rtlText.frame.maxX, B - H - 14, accuracy: 0.0001)
    }

    func testOrderedLabelsShareARightEdge() throws {
        let page = try layout([#"{"type": "list", "items": [{"blocks": [{"type": "paragraph", "text": "a"}], "value": 9, "type": "1"}, {"blocks": [{"type": "paragraph", "text": "b"}], "value": 10, "type": "1"}]}"#])
        let markers = page.items.filter { $0.kind == "listMarker" }
        XCTAssertEqual(markers[0].frame.maxX, markers[1].frame.maxX, accuracy: 0.0001)
        XCTAssertGreaterThan(markers[1].frame.width, markers[0].frame.width)
        XCTAssertEqual(markers[1].frame.height, 20)
        let texts = page.items.filter { $0.kind == "text" }
        XCTAssertEqual(texts[0].frame.minX, H + markers[1].frame.width + 8, accuracy: 0.0001)
    }

    func testSingleParagraphQuoteGeometry() throws {
        let font = TestEnvironment.pipeline.fonts.metrics(FontSpec(family: .sans, size: 15))
        let page = try layout([#"{"type": "blockquote", "blocks": [{"type": "paragraph", "text": "A quoted line"}]}"#])
        let frame = try XCTUnwrap(page.items.first { $0.kind == "quoteFrame" })
        let text = try XCTUnwrap(page.items.first { $0.kind == "text" })
        let icon = try XCTUnwrap(page.items.first { $0.kind == "ornament" })
        XCTAssertEqual(frame.frame.minX, H)
        XCTAssertEqual(frame.frame.width, B - 2 * H)
        XCTAssertEqual(text.frame.minX, H + 9)
        let topPad = max(0, 6 - (font.ascent - font.capHeight))
        XCTAssertEqual(text.frame.minY - frame.frame.minY, topPad, accuracy: 0.0001)
        XCTAssertEqual(frame.frame.maxY - text.frame.maxY, max(0, 6 - font.descent), accuracy: 0.0001)
        XCTAssertEqual(icon.frame, Rect(x: B - H - 4 - 9, y: frame.frame.minY + 4, width: 9, height: 7))
        guard case .text(let box) = text.content, let fill = frame.content.decoration(as: QuoteFill.self) else { return XCTFail() }
        XCTAssertEqual(box.font.size, 15)
        XCTAssertEqual(fill.barWidth, 3)
        XCTAssertEqual(fill.cornerRadius, 6)
        XCTAssertEqual(fill.fillAlpha, 0.1)
    }

    func testNestedQuoteChildrenAndCredit() throws {
        let page = try layout([#"{"type": "blockquote", "blocks": [{"type": "paragraph", "text": "one"}, {"type": "paragraph", "text": "two"}], "credit": "author"}"#])
        let frame = try XCTUnwrap(page.items.first { $0.kind == "quoteFrame" }).frame
        let texts = page.items.filter { $0.kind == "text" }
        XCTAssertEqual(texts.count, 3)
        XCTAssertEqual(texts[0].frame.minY - frame.minY, 6, accuracy: 0.0001, "first child 6 pt below the top")
        XCTAssertEqual(texts[0].frame.minX, H + 9)
        XCTAssertEqual(texts[1].frame.minY - texts[0].frame.maxY, 10, accuracy: 0.0001, "children 10 apart")
        XCTAssertEqual(texts[2].frame.minY - texts[1].frame.maxY, 3, accuracy: 0.0001, "credit 3 below")
        XCTAssertEqual(frame.maxY - texts[2].frame.maxY, 6, accuracy: 0.0001, "6 pt closing")
        guard case .text(let credit) = texts[2].content else { return XCTFail() }
        XCTAssertTrue(credit.lines[0].runs[0].font.file.contains("Inter-Bold"), "the credit is bold: \(credit.lines[0].runs[0].font.file)")
    }

    func testPullQuotePillAndMarks() throws {
        let page = try layout([pull])
        let pill = try XCTUnwrap(page.items.first { $0.kind == "pullQuote" }).frame
        let text = try XCTUnwrap(page.items.first { $0.kind == "text" })
        guard case .text(let box) = text.content else { return XCTFail() }
        let widest = box.lines.map(\.frame.width).max()!
        XCTAssertEqual(pill.width, min(widest + 60, B), accuracy: 0.0001)
        XCTAssertEqual(pill.minX, (B - pill.width) / 2, accuracy: 0.0001)
        let marks = page.items.filter { $0.kind == "ornament" }.map(\.frame)
        XCTAssertEqual(marks[0], Rect(x: pill.minX + 6, y: pill.minY + 6, width: 12, height: 10))
        XCTAssertEqual(marks[1].maxX, pill.maxX - 6, accuracy: 0.0001)
        XCTAssertEqual(box.alignment, .center)
    }

    func testCodeBlockGeometry() throws {
        let mono = TestEnvironment.pipeline.fonts.metrics(FontSpec(family: .mono, size: 15))
        let page = try layout([#"{"type": "pre", "text": "let answer = 42", "language": "swift"}"#])
        let item = try XCTUnwrap(page.items.first)
        guard case .codeBlock(let code) = item.content else { return XCTFail("not code") }
        XCTAssertEqual(item.frame.minX, H)
        XCTAssertEqual(item.frame.width, B - 2 * H)
        let topPad = max(0, 6 - (mono.ascent - mono.capHeight))
        XCTAssertEqual(code.textOrigin, Point(x: 9, y: topPad))
        XCTAssertEqual(code.text.font.family, "DejaVu Sans Mono")
        XCTAssertEqual(code.text.font.size, 15)
        let label = try XCTUnwrap(code.languageLabel)
        XCTAssertEqual(label.font.size, 11)
        XCTAssertEqual(code.languageOrigin.y, 2)
        XCTAssertEqual(code.languageOrigin.x + label.lines[0].frame.width, item.frame.width - 8, accuracy: 0.01)
    }

    func testDetailsGeometryClosedAndOpen() throws {
        let closed = try layout([details])
        let item = try XCTUnwrap(closed.items.first)
        guard case .details(let box) = item.content, let title = box.title else { return XCTFail("not details") }
        let titleHeight = max(44, (title.lines.last!.frame.maxY + title.font.descent) + 26)
        XCTAssertEqual(box.titleHeight, titleHeight, accuracy: 0.01)
        XCTAssertEqual(item.frame.height, box.titleHeight)
        XCTAssertEqual(box.titleOrigin.x, H + 23)
        XCTAssertEqual(box.chevron.midX, H + 9)
        XCTAssertEqual(box.chevron.midY, box.titleHeight / 2 + 1)
        XCTAssertEqual(box.separator, Rect(x: 8, y: item.frame.height - 0.5, width: B - 16, height: 0.5))
        XCTAssertFalse(box.isExpanded)
        XCTAssertTrue(box.items.isEmpty)

        let open = try layout([details], ["--expand-details"])
        guard case .details(let body) = open.items[0].content else { return XCTFail() }
        XCTAssertTrue(body.isExpanded)
        XCTAssertEqual(body.items.first?.frame.minY, body.titleHeight + 4, "detail sequences open with 4")
        XCTAssertEqual(open.items[0].frame.height, body.titleHeight + body.bodyHeight)
        XCTAssertEqual(body.bodyHeight, body.items.map(\.frame.maxY).max()! - body.titleHeight + 16, accuracy: 0.0001, "and close with 16")
    }

    func testThinkingIsDimmedParagraphText() throws {
        let page = try layout([thinking])
        guard case .thinking(let block) = page.items[0].content else { return XCTFail("not thinking") }
        XCTAssertEqual(block.text.lines[0].runs[0].color.a, 0.55, accuracy: 0.0001)
        XCTAssertEqual(page.items[0].frame.height, block.text.lines.last!.frame.maxY + block.text.font.descent, accuracy: 0.001)
        XCTAssertEqual(block.shimmerHalfWidth, 100)
        XCTAssertEqual(block.shimmerAlpha, 0.3)
    }

    func testButtonRowsGeometry() throws {
        let justified = try layout([#"{"type": "buttons", "buttons": [{"text": "A", "callback_data": "a"}, {"text": "B", "callback_data": "b"}]}"#])
        guard let faces = justified.items[0].content.decoration(as: ButtonRowFaces.self)?.faces else { return XCTFail() }
        XCTAssertEqual(faces.map(\.frame.width), [147, 147])
        XCTAssertEqual(faces[0].frame.minX, H)
        XCTAssertEqual(faces[1].frame.maxX, B - H, accuracy: 0.0001)
        XCTAssertEqual(faces[0].frame.height, 40)
        let nine = (0..<9).map { #"{"text": "\#($0)", "callback_data": "x"}"# }.joined(separator: ", ")
        let wrapped = try layout([#"{"type": "buttons", "buttons": [\#(nine)]}"#])
        XCTAssertEqual(wrapped.items[0].frame.height, 40 + 6 + 40, "at most 8 a row")
        let right = try layout([#"{"type": "buttons", "align": "right", "buttons": [{"text": "Go", "callback_data": "g"}]}"#])
        guard let rightFaces = right.items[0].content.decoration(as: ButtonRowFaces.self)?.faces else { return XCTFail() }
        XCTAssertEqual(rightFaces[0].frame.maxX, B - H, accuracy: 0.0001)
        XCTAssertLessThan(rightFaces[0].frame.width, 100)
    }

    func testShowMoreEndsAPartialMessage() throws {
        let page = try TestEnvironment.layout(#"{"_": "RichMessage", "part": true, "rtl": false, "photos": [], "documents": [], "blocks": [{"_": "PageBlockParagraph", "text": {"_": "TextPlain", "text": "Partial"}}]}"#)
        let link = try XCTUnwrap(page.items.first { $0.kind == "showMore" })
        XCTAssertEqual(link.frame.minX, H)
        XCTAssertEqual(link.frame.minY, page.page.height + 2, accuracy: 0.0001)
        XCTAssertGreaterThanOrEqual(page.bubble!.frame.height, link.frame.maxY + 6)
        if page.status.placement == .trailing {
            XCTAssertEqual(page.status.frame!.maxY, link.frame.maxY, accuracy: 0.0001)
        }
        // Drafts are never "partial" cloud messages.
        let draft = try TestEnvironment.layout(#"[{"_": "UpdateUserTyping", "user_id": 1, "action": {"_": "SendMessageRichMessageDraftAction", "random_id": 5, "rich_message": {"_": "RichMessage", "part": true, "rtl": false, "photos": [], "documents": [], "blocks": [{"_": "PageBlockParagraph", "text": {"_": "TextPlain", "text": "Partial"}}]}}}]"#)
        XCTAssertNil(draft.items.first { $0.kind == "showMore" })
    }

    func testNoBlockOfTheSharedSamplesFallsBackToThePlaceholderButMediaTablesAndFormulas() throws {
        let directory = try TestEnvironment.data("samples/botapi")
        let data = try XCTUnwrap(FileManager.default.contents(atPath: directory + "/a_chat_answer.received_update.json"))
        let page = try TestEnvironment.pipeline.layout(try InputDecoder.decode(bytes: [UInt8](data)), settings: RenderSettings())
        let placeholders = Set(page.items.compactMap { item -> String? in
            if let pill = item.content.decoration(as: UnsupportedPill.self) { return pill.typeName }
            return nil
        })
        XCTAssertTrue(placeholders.isSubset(of: ["table", "mathematical_expression"]), "\(placeholders)")
    }
}
