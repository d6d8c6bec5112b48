import GoldenSupport
import Layout
@testable import Reveal
import XCTest

/// The cost map (`v2-reveal-facts.md` §3): text costs its ink, everything else its width, thinking nothing,
/// table cells at least their width; the budget → character bridge.
final class RevealCostMapTests: XCTestCase {
    private func textBox(_ item: LayoutItem) throws -> TextBox {
        guard case .text(let box) = item.content else { throw PreconditionFailure(message: "not a text item") }
        return box
    }

    /// Entries are found by item id (issue 11, P5), also inside a details body.
    func testEntriesAreKeyedByItemIdentifiers() throws {
        let json = #"{"blocks": [{"type": "paragraph", "text": "first"}, {"type": "details", "summary": "More", "is_open": true, "blocks": [{"type": "paragraph", "text": "inside"}]}]}"#
        let layout = try RevealFixtures.layout(json)
        let map = RevealCostMap(items: layout.items)
        XCTAssertEqual(map.ids, ["0", "1"])
        XCTAssertEqual(map.entry(for: "1"), map.entries[1])
        XCTAssertNil(map.entry(for: "7"))
        guard case .details(_, _, _, let body?)? = map.entry(for: "1") else { return XCTFail("no details body map") }
        XCTAssertEqual(body.ids, ["1.0"])
        XCTAssertEqual(body.entry(for: "1.0")?.start, map.entry(for: "1")?.start.advanced(by: RevealCostMap.inkWidth(try XCTUnwrap({ () -> TextBox? in
            if case .details(let details) = layout.items[1].content { return details.title } else { return nil }
        }()))))
    }

    /// Formulas cost their width (issue 13): a block formula as a non-text item, also when it is wider than the
    /// page and clipped; an inline one through its attachment's character rect.
    func testFormulasCostTheirWidth() throws {
        let wide = String(repeating: "a+", count: 40) + "b"
        let layout = try RevealFixtures.layout(#"{"blocks": [{"type": "mathematical_expression", "expression": "\\frac{1}{2}"}, "#
            + #"{"type": "mathematical_expression", "expression": "\#(wide)"}, {"type": "paragraph", "text": [{"type": "mathematical_expression", "expression": "x^2"}]}]}"#)
        XCTAssertEqual(layout.warnings, [])
        guard case .formula(let narrow) = layout.items[0].content, case .formula(let clipped) = layout.items[1].content else {
            throw PreconditionFailure(message: "not formula items")
        }
        XCTAssertTrue(clipped.clipped)
        let map = RevealCostMap(items: layout.items)
        XCTAssertEqual(map.entries[0], .nonText(start: 0, end: Int(narrow.width.rounded())))
        XCTAssertEqual(map.entries[1].end - map.entries[1].start, Int(clipped.width.rounded()), "the whole formula, not the clipped item")
        let box = try textBox(layout.items[2])
        let attachment = try XCTUnwrap(box.lines.first?.attachments.first)
        XCTAssertEqual(attachment.kind, .formula)
        XCTAssertEqual(map.entries[2].end - map.entries[2].start, Int(attachment.frame.width.rounded()))
    }

    func testTextCostsTheSumOfItsGlyphInkWidths() throws {
        let layout = try RevealFixtures.layout(#"{"blocks": [{"type": "paragraph", "text": "Ink, not advances: spaces are free."}]}"#)
        let box = try textBox(layout.items[0])
        let rects = box.lines.flatMap { $0.characterRects ?? [] }
        XCTAssertEqual(rects.count, "Ink, not advances: spaces are free.".utf16.count)
        let ink = rects.filter { $0.width > 0 && $0.height > 0 }.reduce(0) { $0 + $1.width }
        let map = RevealCostMap(items: layout.items)
        XCTAssertEqual(map.entries[0], .text(start: 0, end: Int(ink.rounded())))
        XCTAssertEqual(map.total, Int(ink.rounded()))
        // The advance width is larger than the ink: spaces and side bearings cost nothing.
        let advances = box.lines.reduce(0) { $0 + $1.frame.width }
        XCTAssertLessThan(ink, advances - 10)
        // Spaces carry no rect.
        let spaceIndex = Array("Ink, not advances: spaces are free.".utf16).firstIndex(of: 32)!
        XCTAssertEqual(rects[spaceIndex].width, 0)
    }

    func testSurrogatePairInkIsCountedOnce() throws {
        let layout = try RevealFixtures.layout(#"{"blocks": [{"type": "paragraph", "text": "a😀b"}]}"#)
        let rects = try textBox(layout.items[0]).lines[0].characterRects!
        XCTAssertEqual(rects.count, 4)
        XCTAssertGreaterThan(rects[1].width, 0, "the emoji's ink sits on its first unit")
        XCTAssertEqual(rects[2], .zero, "the low surrogate gets nothing")
    }

    func testThinkingCostsNothingAndOtherItemsTheirWidth() throws {
        let layout = try RevealFixtures.layout(#"""
        {"blocks": [{"type": "thinking", "text": "Thinking about it"}, {"type": "paragraph", "text": "Answer"},
                    {"type": "divider"}, {"type": "paragraph", "text": "More"}]}
        """#)
        let map = RevealCostMap(items: layout.items)
        XCTAssertEqual(layout.items.map(\.kind), ["thinking", "text", "divider", "text"])
        XCTAssertEqual(map.entries[0], .thinking(start: 0))
        XCTAssertEqual(map.entries[1].start, 0, "the answer starts at 0 with the thinking block in front")
        let divider = layout.items[2]
        XCTAssertEqual(map.entries[2], .nonText(start: map.entries[1].end, end: map.entries[1].end + Int(divider.frame.width.rounded())))
        XCTAssertEqual(map.entries[3].start, map.entries[2].end)
        XCTAssertEqual(map.total, map.entries[3].end)
    }

    func testTableCellsAreFlooredAtTheirWidthAndRowsRecordTheirStart() throws {
        let layout = try RevealFixtures.layout(#"""
        {"blocks": [{"type": "table", "is_bordered": true,
          "cells": [[{"text": "a", "align": "left", "valign": "top"}, {"text": "b", "align": "left", "valign": "top"}], [{"text": "c", "align": "left", "valign": "top"}, {"align": "left", "valign": "top"}], [{"text": "a much longer cell text that wraps over several lines of its column, so that its ink costs more than the width of the cell", "align": "left", "valign": "top"}, {"text": "d", "align": "left", "valign": "top"}]]}]}
        """#)
        guard case .table(let table) = layout.items[0].content else { return XCTFail("no table") }
        let map = RevealCostMap(items: layout.items)
        guard case .table(let start, let end, let title, let rows) = map.entries[0] else { return XCTFail("no table entry") }
        XCTAssertEqual(start, 0)
        XCTAssertNil(title)
        XCTAssertEqual(rows.count, 3)
        XCTAssertEqual(rows.map(\.minY), rows.map(\.minY).sorted())
        var cursor = 0
        for row in rows {
            XCTAssertEqual(row.startCount, cursor)
            for cell in row.cells {
                let frame = table.cells[cell.index].frame
                XCTAssertEqual(cell.start, cursor)
                XCTAssertGreaterThanOrEqual(cell.end - cell.start, Int(frame.width.rounded()), "a cell costs at least its width")
                cursor = cell.end
            }
        }
        XCTAssertEqual(end, cursor)
        // The long cell costs its ink, which is more than its width.
        let long = rows[2].cells[0]
        XCTAssertGreaterThan(long.end - long.start, Int(table.cells[long.index].frame.width.rounded()))
        // The empty cell has no map.
        XCTAssertNil(rows[1].cells[1].map)
    }

    func testWidthBudgetToCharacterCount() throws {
        let text = "ab cd"
        let layout = try RevealFixtures.layout(#"{"blocks": [{"type": "paragraph", "text": "\#(text)"}]}"#)
        let box = try textBox(layout.items[0])
        let rects = box.lines[0].characterRects!
        XCTAssertEqual(RevealCostMap.characterCount(box, widthBudget: 0), 0)
        // A glyph counts only when the budget covers its whole ink.
        let a = rects[0].width
        XCTAssertEqual(RevealCostMap.characterCount(box, widthBudget: Int(a.rounded(.down))), a == a.rounded(.down) ? 1 : 0)
        XCTAssertEqual(RevealCostMap.characterCount(box, widthBudget: Int(a.rounded(.up))), 1)
        // After "b" the space comes free.
        let ab = Int((rects[0].width + rects[1].width).rounded(.up))
        XCTAssertEqual(RevealCostMap.characterCount(box, widthBudget: ab), 3)
        XCTAssertEqual(RevealCostMap.characterCount(box, widthBudget: 10_000), text.utf16.count)
        XCTAssertEqual(RevealCostMap.characterTotal(box), text.utf16.count)
    }

    func testCustomEmojiCostsItsCell() throws {
        let layout = try RevealFixtures.layout(#"""
        {"blocks": [{"type": "paragraph", "text": ["x", {"type": "custom_emoji", "custom_emoji_id": "1", "alternative_text": "🙂"}]}]}
        """#)
        let line = try textBox(layout.items[0]).lines[0]
        let cell = try XCTUnwrap(line.attachments.first)
        XCTAssertEqual(line.characterRects?[1], cell.frame)
        let x = line.characterRects![0].width
        XCTAssertEqual(RevealCostMap(items: layout.items).total, Int((x + cell.frame.width).rounded()))
    }

    func testRevealedHeightGrowsLineByLineUpToTheClosingPad() throws {
        let layout = try RevealFixtures.layout(#"""
        {"blocks": [{"type": "paragraph", "text": "One line of text that is long enough to wrap onto a second line and a third line too."}]}
        """#)
        let map = RevealCostMap(items: layout.items)
        let box = try textBox(layout.items[0])
        XCTAssertGreaterThanOrEqual(box.lines.count, 3)
        XCTAssertEqual(RevealExtent.revealedHeight(layout, map, cursor: 0), 0)
        let closing = layout.page.height - layout.items[0].frame.maxY
        let first = RevealExtent.revealedHeight(layout, map, cursor: 1)
        XCTAssertEqual(first, layout.items[0].frame.minY + box.lines[0].frame.maxY + closing, accuracy: 1e-9)
        XCTAssertEqual(RevealExtent.revealedHeight(layout, map, cursor: map.total), layout.page.height, accuracy: 1e-9)
        var previous = 0.0
        for cursor in stride(from: 0, through: map.total, by: 7) {
            let height = RevealExtent.revealedHeight(layout, map, cursor: cursor)
            XCTAssertGreaterThanOrEqual(height, previous)
            previous = height
        }
    }
}

/// A broken precondition of a test (the fixture did not give the expected kind of item): the test fails.
private struct PreconditionFailure: Error {
    var message: String
}
