import GoldenSupport
@testable import Document
@testable import Layout
import Primitives
import XCTest

/// Inputs that once trapped, hung or collapsed (issue 10): extreme numbers, huge spans, text without break
/// opportunities, paragraphs longer than Pango's 32-bit widths hold. Each builds its input here.
final class HardeningLayoutTests: XCTestCase {
    private func paragraph(_ text: String) -> String {
        #"{"blocks": [{"type": "paragraph", "text": "\#(text)"}]}"#
    }

    func testQuotesNestedPastTheWidthStayInsideThePage() throws {
        // 16 levels (the Bot API's nesting limit): each level takes 2H + 3L of width, so the inner frames run out.
        var block = #"{"type": "paragraph", "text": "the sixteenth level"}"#
        for _ in 0..<15 { block = #"{"type": "blockquote", "blocks": [\#(block)]}"# }
        let layout = try TestEnvironment.layout(#"{"blocks": [\#(block)]}"#)
        let frames = layout.items.filter { $0.kind == "quoteFrame" }
        XCTAssertFalse(frames.isEmpty)
        for item in layout.items where item.kind == "quoteFrame" || item.kind == "ornament" {
            XCTAssertGreaterThanOrEqual(item.frame.width, 0, "\(item.kind) at \(item.frame)")
            XCTAssertGreaterThanOrEqual(item.frame.x, 0, "\(item.kind) at \(item.frame)")
            XCTAssertLessThanOrEqual(item.frame.x + item.frame.width, layout.page.width + 1e-9, "\(item.kind) at \(item.frame)")
        }
    }

    func testHugeAndTinyDurationsAreFormattedWithoutTrapping() {
        XCTAssertEqual(MediaLayout.formatDuration(1e19), "99999:59:59")
        XCTAssertEqual(MediaLayout.formatDuration(-5), "0:00")
        XCTAssertEqual(MediaLayout.formatDuration(.nan), "0:00")
        XCTAssertEqual(MediaLayout.formatDuration(3725), "1:02:05")
    }

    func testHugeDurationInAVideoLaysOut() throws {
        let layout = try TestEnvironment.layout(#"{"blocks": [{"type": "video", "video": {"file_id": "v", "file_unique_id": "u", "width": 10, "height": 10, "duration": 1e19}}]}"#)
        XCTAssertEqual(layout.items.count, 1)
    }

    func testNonFiniteNumbersAreInputErrors() {
        XCTAssertThrowsError(try TestEnvironment.layout(#"{"blocks": [{"type": "video", "video": {"file_id": "v", "file_unique_id": "u", "width": 1, "height": 1, "duration": 1e400}}]}"#)) { error in
            XCTAssertEqual((error as? DecodeError)?.path, "$.blocks[0].video.duration")
        }
    }

    func testRelativeDatesAtInt64LimitsDoNotOverflow() {
        var environment = TextEnvironment()
        environment.now = Int64.max
        let formatter = DateTextFormatter(environment: environment)
        var format = DateFormat()
        format.relative = true
        XCTAssertTrue(formatter.format(DateText(fallback: .empty, unixTime: Int64.min, format: format)).hasSuffix("years ago"))
        format = DateFormat()
        format.longDate = true
        format.longTime = true
        XCTAssertFalse(formatter.format(DateText(fallback: .empty, unixTime: Int64.max, format: format)).isEmpty)
        XCTAssertFalse(formatter.format(DateText(fallback: .empty, unixTime: Int64.min, format: format)).isEmpty)
        XCTAssertEqual(formatter.relative(seconds: Int64.min), "292471208677 years ago")
        XCTAssertEqual(formatter.relative(seconds: Int64.max), "in 292471208677 years")
    }

    func testSpansAreClampedToTheTablesRealSize() throws {
        let table = TableBlock(title: .empty, rows: [
            [TableCell(text: .plain("a"), header: false, align: .left, valign: .top, colspan: 10_000_000, rowspan: 2_147_483_647)],
            [TableCell(text: .plain("b"), header: false, align: .left, valign: .top, colspan: 1, rowspan: 1),
             TableCell(text: .plain("c"), header: false, align: .left, valign: .top, colspan: 100_000_000, rowspan: 1)],
        ], bordered: true, striped: false, compact: false)
        let clamped = TableLayout.clampingSpans(table)
        // 20 columns (the Bot API's limit) at most per row; a rowspan ends at the last row.
        XCTAssertEqual(clamped.rows[0][0].colspan, 20)
        XCTAssertEqual(clamped.rows[0][0].rowspan, 2)
        XCTAssertEqual(clamped.rows[1][1].colspan, 19)
        let json = #"{"blocks": [{"type": "table", "cells": [[{"text": "a", "align": "left", "valign": "top", "colspan": 10000000, "rowspan": 2147483647}]]}]}"#
        let layout = try TestEnvironment.layout(json)
        guard case .table(let payload) = layout.items.first?.content else { return XCTFail("no table") }
        XCTAssertEqual(payload.cells.count, 1)
    }

    func testARunWithoutBreakOpportunitiesBreaksBetweenCharactersIntoFullLines() throws {
        // 20,000 × "A" took 3.3 s (quadratic in Pango's char-wrap fallback); now it is cut into items.
        let layout = try TestEnvironment.layout(paragraph(String(repeating: "A", count: 20_000)))
        guard case .text(let box) = layout.items.first?.content else { return XCTFail("no text") }
        let width = layout.page.boundingWidth - 2 * layout.page.horizontalInset
        XCTAssertGreaterThan(box.lines.count, 20_000 / 40)
        XCTAssertTrue(box.lines.allSatisfy { $0.frame.width <= width + 0.01 })
        // Every line but the last is full: no line ends early at an item cut.
        let full = box.lines.dropLast().map(\.frame.width).min() ?? 0
        XCTAssertGreaterThan(full, width - 15)
        XCTAssertEqual(box.lines.last?.range.upperBound, 20_000)
    }

    func testAParagraphLongerThanPangosWidthsHoldStillWraps() throws {
        // ≥ 267,989 characters once laid out as one line of width 0.
        let words = String(repeating: "word ", count: 60_000)
        let layout = try TestEnvironment.layout(paragraph(words))
        guard case .text(let box) = layout.items.first?.content else { return XCTFail("no text") }
        XCTAssertGreaterThan(box.lines.count, 5_000)
        XCTAssertTrue(box.lines.allSatisfy { $0.frame.width > 100 || $0 == box.lines.last })
    }

    func testItemCutsDoNotChangeLineBreaksOfOrdinaryText() throws {
        // A 3,000-character paragraph (cut once at a break opportunity) breaks where its halves break.
        let sentence = "The quick brown fox jumps over the lazy dog, again and again. "
        let text = String(repeating: sentence, count: 50)
        let layout = try TestEnvironment.layout(paragraph(text))
        guard case .text(let box) = layout.items.first?.content else { return XCTFail("no text") }
        let lineStarts = box.lines.map(\.range.lowerBound)
        // The sentence is 62 characters; lines start at word starts only.
        let scalars = Array(text.utf16)
        XCTAssertTrue(lineStarts.dropFirst().allSatisfy { scalars[$0 - 1] == 0x20 })
    }

    func testATableOverTheCellLimitIsRefusedBeforeAnyCellIsMeasured() {
        let cell = TableCell(text: .plain("c"), header: false, align: .left, valign: .top, colspan: 1, rowspan: 1)
        let rows = Array(repeating: Array(repeating: cell, count: 20), count: LayoutOptions.maxTableCells / 20 + 1)
        let document = Document(blocks: [.table(TableBlock(title: .empty, rows: rows, bordered: false, striped: false, compact: false))])
        let layout = TestEnvironment.pipeline.engine.layout(document, options: LayoutOptions())
        XCTAssertTrue(layout.exceedsLineLimit)
        XCTAssertTrue(layout.items.isEmpty)
        let small = Document(blocks: [.table(TableBlock(title: .empty, rows: [[cell]], bordered: false, striped: false, compact: false))])
        XCTAssertFalse(TestEnvironment.pipeline.engine.layout(small, options: LayoutOptions()).exceedsLineLimit)
    }

    func testEchoedInputIsEscapedAndCut() {
        XCTAssertEqual(Diagnostic.quoted("a\u{1B}[31mb\n"), "\"a\\u{1B}[31mb\\n\"")
        let long = Diagnostic.quoted(String(repeating: "x", count: 100_000))
        XCTAssertEqual(long.count, Diagnostic.echoLimit + 3)
        XCTAssertEqual(JSONNode.component(String(repeating: "k", count: 1000)).count, Diagnostic.echoLimit + 5)
    }
}

/// The Bot API's own limits (issue 10): warnings by default, exit-2 errors naming the path under --strict.
final class MessageLimitTests: XCTestCase {
    private func paragraphs(_ count: Int, text: String = "x") -> String {
        #"{"blocks": [\#((0..<count).map { _ in #"{"type": "paragraph", "text": "\#(text)"}"# }.joined(separator: ","))]}"#
    }

    /// The limit `--strict` refuses the input at (a `Refusal` of reason `.limit`).
    private func strictError(_ json: String) -> Refusal? {
        do {
            _ = try InputDecoder.decode(bytes: Array(json.utf8), strict: true)
            return nil
        } catch {
            let refusal = error as? Refusal
            XCTAssertEqual(refusal?.reason, .limit, "\(error)")
            return refusal
        }
    }

    func testFiveHundredBlocksPassAndTheFiveHundredAndFirstIsNamed() throws {
        XCTAssertNil(strictError(paragraphs(500)))
        let error = try XCTUnwrap(strictError(paragraphs(501)))
        XCTAssertEqual(error.path, "$.blocks[500]")
        XCTAssertTrue(error.message.contains("limit of 500 blocks"), error.message)
        // Without --strict: rendered, with one warning naming the same place.
        let decoded = try InputDecoder.decode(bytes: Array(paragraphs(501).utf8))
        XCTAssertEqual(decoded.warnings.filter { $0.contains("500 blocks") }, ["at $.blocks[500]: " + error.message])
    }

    func testListItemsAndTableRowsCountAsBlocks() throws {
        // One list (1) with 499 items (499) = 500; one more paragraph makes 501.
        let items = (0..<499).map { _ in #"{"blocks": []}"# }.joined(separator: ",")
        let list = #"{"type": "list", "items": [\#(items)]}"#
        XCTAssertNil(strictError(#"{"blocks": [\#(list)]}"#))
        XCTAssertEqual(strictError(#"{"blocks": [\#(list), {"type": "divider"}]}"#)?.path, "$.blocks[1]")
        let rows = (0..<500).map { _ in #"[{"text": "a", "align": "left", "valign": "top"}]"# }.joined(separator: ",")
        XCTAssertEqual(strictError(#"{"blocks": [{"type": "table", "cells": [\#(rows)]}]}"#)?.path, "$.blocks[0]")
    }

    func testCharactersCountScalarsOfTextEmojiAltAndFormulaSource() throws {
        let text = String(repeating: "é", count: 32_766)  // 2 bytes each in UTF-8, 1 scalar
        let atLimit = #"{"blocks": [{"type": "paragraph", "text": ["\#(text)", {"type": "custom_emoji", "custom_emoji_id": "1", "alternative_text": "🙂"}]}, {"type": "mathematical_expression", "expression": "x"}]}"#
        XCTAssertNil(strictError(atLimit))
        let over = #"{"blocks": [{"type": "paragraph", "text": "\#(text)"}, {"type": "mathematical_expression", "expression": "xyz"}]}"#
        let error = try XCTUnwrap(strictError(over))
        XCTAssertEqual(error.path, "$.blocks[1]")
        XCTAssertTrue(error.message.contains("32768 characters (it has 32769)"), error.message)
    }

    func testSixteenLevelsOfNestingPassAndSeventeenDoNot() throws {
        func nested(_ levels: Int) -> String {
            var text = #""x""#
            for _ in 1..<levels { text = #"{"type": "bold", "text": \#(text)}"# }
            return #"{"blocks": [{"type": "paragraph", "text": \#(text)}]}"#
        }
        XCTAssertNil(strictError(nested(16)))
        XCTAssertTrue(strictError(nested(17))?.message.contains("16 levels of nesting") ?? false)
        // Blocks nest too: a quote in a quote … 17 deep.
        var block = #"{"type": "paragraph", "text": "x"}"#
        for _ in 1..<17 { block = #"{"type": "blockquote", "blocks": [\#(block)]}"# }
        XCTAssertEqual(strictError(#"{"blocks": [\#(block)]}"#)?.path, "$.blocks[0]")
    }

    func testFiftyMediaAndTwentyColumns() throws {
        let photo = #"{"type": "photo", "photo": [{"file_id": "f", "file_unique_id": "u", "width": 10, "height": 10}]}"#
        XCTAssertNil(strictError(#"{"blocks": [\#(Array(repeating: photo, count: 50).joined(separator: ","))]}"#))
        XCTAssertEqual(strictError(#"{"blocks": [\#(Array(repeating: photo, count: 51).joined(separator: ","))]}"#)?.path, "$.blocks[50]")
        func table(_ columns: Int) -> String {
            let row = (0..<columns).map { _ in #"{"text": "a", "align": "left", "valign": "top"}"# }.joined(separator: ",")
            return #"{"blocks": [{"type": "divider"}, {"type": "table", "cells": [[\#(row)]]}]}"#
        }
        XCTAssertNil(strictError(table(20)))
        let error = try XCTUnwrap(strictError(table(21)))
        XCTAssertEqual(error.path, "$.blocks[1]")
        XCTAssertTrue(error.message.contains("20 table columns (a row has 21)"), error.message)
    }

    func testTelethonPagesFollowTheSameLimits() throws {
        let blocks = (0..<501).map { _ in #"{"_": "PageBlockDivider"}"# }.joined(separator: ",")
        let error = try XCTUnwrap(strictError(#"{"_": "RichMessage", "blocks": [\#(blocks)], "photos": [], "documents": []}"#))
        XCTAssertEqual(error.path, "$.blocks[500]")
    }
}
