import GoldenSupport
import XCTest
@testable import Layout

/// Tables (`v2-layout-facts.md` §2.17 with the OLD values; seed "InstantPage V2 table").
final class TableTests: XCTestCase {
    let B = 320.0, H = 10.0

    /// The layout gave no table: a broken precondition fails the test.
    private struct NotATable: Error {
        var kind: String
    }

    private func cell(_ text: String?, header: Bool = false, colspan: Int = 1, rowspan: Int = 1) -> String {
        var fields = [#""align": "left""#, #""valign": "top""#]
        if let text { fields.append(#""text": "\#(text)""#) }
        if header { fields.append(#""is_header": true"#) }
        if colspan > 1 { fields.append(#""colspan": \#(colspan)"#) }
        if rowspan > 1 { fields.append(#""rowspan": \#(rowspan)"#) }
        return "{" + fields.joined(separator: ", ") + "}"
    }

    private func table(_ rows: [[String]], flags: String = #""is_bordered": true"#, _ arguments: [String] = []) throws -> (LayoutItem, Table) {
        let cells = rows.map { "[" + $0.joined(separator: ", ") + "]" }.joined(separator: ", ")
        let page = try TestEnvironment.layout(#"{"blocks": [{"type": "table", "cells": [\#(cells)], \#(flags)}]}"#, arguments)
        let item = try XCTUnwrap(page.items.first)
        guard case .table(let table) = item.content else { throw NotATable(kind: item.kind) }
        return (item, table)
    }

    /// Issue 38, item 5 (Decision "A table cell's paragraph"): a centred or right-aligned cell lays its paragraph out
    /// with that alignment, as well as moving it as a block: every line of a 3-line right-aligned cell ends at the
    /// cell's right inset (13), every line of a centred one is centred between the insets, on LTR and RTL pages.
    func testCellParagraphsTakeTheCellsAlignment() throws {
        let text = "Cells that wrap onto three lines show whether each line follows the cell alignment or only the block does"
        for rtl in [false, true] {
            for align in ["right", "center"] {
                let cell = #"{"align": "\#(align)", "valign": "top", "text": "\#(text)"}"#
                let (_, table) = try self.table([[cell]], rtl ? ["--rtl"] : [])
                let laidOut = try XCTUnwrap(table.cells.first)
                let item = try XCTUnwrap(laidOut.items.first)
                guard case .text(let box) = item.content else { return XCTFail("a text item") }
                XCTAssertEqual(box.lines.count, 3, "\(align), rtl \(rtl)")
                XCTAssertGreaterThan(Set(box.lines.map { ($0.frame.width * 100).rounded() }).count, 1, "lines of different widths")
                for line in box.lines {
                    let minX = item.frame.minX + line.frame.minX, maxX = item.frame.minX + line.frame.maxX
                    if align == "right" {
                        XCTAssertEqual(maxX, laidOut.frame.width - 13, accuracy: 0.01, "rtl \(rtl)")
                    } else {
                        // Centred in the inner width (cell − 2 × 13), the offset floored (§3.6).
                        let inner = laidOut.frame.width - 26
                        XCTAssertEqual(minX, 13 + ((inner - line.frame.width) / 2).rounded(.down), accuracy: 0.01, "rtl \(rtl)")
                    }
                }
            }
        }
    }

    func testFittingTableSpansTheInsetWidth() throws {
        let (item, table) = try table([[cell("a", header: true), cell("bb", header: true)], [cell("one"), cell("two")]])
        XCTAssertEqual(item.frame.minX, 0)
        XCTAssertEqual(item.frame.width, B, "the item is flush, full width")
        XCTAssertEqual(table.contentInset, H)
        XCTAssertEqual(table.gridFrame.minX, H, "the grid starts at the text inset")
        XCTAssertEqual(table.gridFrame.width, B - 2 * H)
        XCTAssertEqual(table.borderWidth, 1, "2 device pixels at scale 2")
        XCTAssertEqual(table.cornerRadius, 10)
        // Columns fill B − 2H − border from x = border / 2.
        let rightEdge = table.cells.map(\.frame.maxX).max()!
        XCTAssertEqual(rightEdge, H + B - 2 * H - 0.5, accuracy: 1.01)
        XCTAssertEqual(table.cells.first?.frame.minX, H + 0.5)
    }

    func testColumnSolverProportionsAndOverflow() throws {
        let context = LayoutContext(fonts: TestEnvironment.pipeline.fonts, options: LayoutOptions(),
                                    colors: PageColors(message: Theme.day.incoming, isDark: false, outgoing: false, authorColor: nil), rtl: false)
        let fitting = TableBlock(title: .empty, rows: [[TableCell(text: .plain("short"), header: false, align: .left, valign: .top, colspan: 1, rowspan: 1),
                                                        TableCell(text: .plain("a longer cell text"), header: false, align: .left, valign: .top, colspan: 1, rowspan: 1)]],
                                 bordered: true, striped: false, compact: false)
        let limits = TableColumnSolver.limits(fitting, contentWidth: 300, padding: 26, context: context)
        let solved = TableColumnSolver.solve(fitting, contentWidth: 300, borderWidth: 1, padding: 26, context: context)
        XCTAssertTrue(solved.fits)
        XCTAssertEqual(solved.totalWidth, 300)
        let spare = 299 - limits.min.reduce(0, +)
        let maxTotal = limits.max.reduce(0, +)
        XCTAssertEqual(solved.widths[0], limits.min[0] + (spare * limits.max[0] / maxTotal).rounded(), accuracy: 0.0001)
        XCTAssertLessThanOrEqual(abs(solved.widths.reduce(0, +) - 299), 1)
        // The maximum of a column is its unwrapped width + 26; the minimum its widest word + 26.
        XCTAssertGreaterThan(limits.max[1], limits.min[1])

        let words = (1...8).map { _ in TableCell(text: .plain("several words of text"), header: false, align: .left, valign: .top, colspan: 1, rowspan: 1) }
        let wide = TableBlock(title: .empty, rows: [words], bordered: true, striped: false, compact: false)
        let overflow = TableColumnSolver.solve(wide, contentWidth: 300, borderWidth: 1, padding: 26, context: context)
        let wideLimits = TableColumnSolver.limits(wide, contentWidth: 300, padding: 26, context: context)
        XCTAssertFalse(overflow.fits)
        XCTAssertEqual(overflow.widths, wideLimits.max, "natural widths, no shrink-to-fit")
        XCTAssertEqual(overflow.totalWidth, wideLimits.max.reduce(0, +) + 1)
    }

    func testColspanDeficitSpreadsEvenly() throws {
        let context = LayoutContext(fonts: TestEnvironment.pipeline.fonts, options: LayoutOptions(),
                                    colors: PageColors(message: Theme.day.incoming, isDark: false, outgoing: false, authorColor: nil), rtl: false)
        func plain(_ text: String, colspan: Int = 1) -> TableCell {
            TableCell(text: .plain(text), header: false, align: .left, valign: .top, colspan: colspan, rowspan: 1)
        }
        let block = TableBlock(title: .empty, rows: [[plain("Averyveryverylongheaderword", colspan: 2)], [plain("a"), plain("b")]],
                               bordered: false, striped: false, compact: false)
        let limits = TableColumnSolver.limits(block, contentWidth: 300, padding: 26, context: context)
        let span = try XCTUnwrap(limits.spans.first)
        XCTAssertEqual(span.range, 0..<2)
        XCTAssertGreaterThan(span.min, limits.min[0] + limits.min[1])
        let (_, table) = try self.table([[cell("Averyveryverylongheaderword", colspan: 2)], [cell("a"), cell("b")]], flags: #""is_bordered": false"#)
        let cells = table.cells.filter { $0.row == 1 }
        // The deficit went to both columns alike: their widths differ by at most the max-proportional growth.
        XCTAssertEqual(cells.count, 2)
        XCTAssertEqual(table.cells.first { $0.row == 0 }?.frame.width ?? 0, cells.map(\.frame.width).reduce(0, +), accuracy: 0.0001)
    }

    func testRowHeightsRowspansAndEmptyCells() throws {
        let (_, table) = try table([[cell("spans two rows", rowspan: 2), cell("r0")], [cell("r1")], [cell(nil), cell(nil)], [cell("last"), cell(nil)]])
        let font = TestEnvironment.pipeline.fonts.metrics(FontSpec(family: .sans, size: 15))
        let oneLine = (font.ascent + font.descent).rounded(.up) + 30
        let r0 = try XCTUnwrap(table.cells.first { $0.row == 0 && $0.column == 1 })
        let r1 = try XCTUnwrap(table.cells.first { $0.row == 1 })
        XCTAssertEqual(r0.frame.height, oneLine, accuracy: 0.0001, "ceil(text height) + 15 + 15")
        XCTAssertEqual(r1.column, 1, "the cell under a rowspan is omitted: the next cell takes column 1")
        let span = try XCTUnwrap(table.cells.first { $0.row == 0 && $0.column == 0 })
        XCTAssertEqual(span.frame.height, r0.frame.height + r1.frame.height, accuracy: 0.0001)
        let empty = table.cells.filter { $0.row == 2 }
        XCTAssertEqual(empty.first?.frame.height, 0, "a row of empty cells has height 0")
        let last = try XCTUnwrap(table.cells.first { $0.row == 3 && $0.column == 0 })
        XCTAssertEqual(last.frame.minY, r1.frame.maxY, accuracy: 0.0001)
        XCTAssertTrue(table.cells.first { $0.row == 3 && $0.column == 1 }!.items.isEmpty, "invisible cells draw no text")
        XCTAssertEqual(table.gridFrame.height, last.frame.maxY - table.gridFrame.minY + 0.5, accuracy: 0.0001, "+ border")
    }

    /// Decisions: compact tables take the NEW cell insets 3.5 / 6.5 / 3.5 / 6.5 (normal: 15 / 13 / 15 / 13).
    func testCompactTablesTakeTheNewInsets() throws {
        let (_, normal) = try table([[cell("x")]])
        let (_, compact) = try table([[cell("x")]], flags: #""is_bordered": true, "is_compact": true"#)
        XCTAssertEqual(normal.cells[0].frame.height - compact.cells[0].frame.height, (15 + 15) - (3.5 + 3.5), accuracy: 0.0001)
        let text = try XCTUnwrap(compact.cells[0].items.first).frame
        XCTAssertEqual(text.minX, 6.5)
        XCTAssertEqual(text.minY, 3.5)
        XCTAssertEqual(try XCTUnwrap(normal.cells[0].items.first).frame.minX, 13)
    }

    func testFilledCellsRoundTheGridCornersTheyTouch() throws {
        let (_, header) = try table([[cell("a", header: true), cell("b", header: true), cell("c", header: true)], [cell("1"), cell("2"), cell("3")]])
        let corners = header.cells.filter(\.filled).map(\.roundedCorners)
        XCTAssertEqual(corners, [[.topLeft], [], [.topRight]])
        XCTAssertEqual(header.cells.first?.fillCornerRadius, 10 - 1, "radius 10 − border")

        let (_, oneRow) = try table([[cell("only", header: true)]])
        XCTAssertEqual(oneRow.cells[0].roundedCorners, [.topLeft, .topRight, .bottomLeft, .bottomRight])

        let (_, striped) = try table([[cell("a"), cell("b")], [cell("c"), cell("d")], [cell("e"), cell("f")]],
                                     flags: #""is_bordered": false, "is_striped": true"#)
        XCTAssertEqual(striped.cells.filter(\.filled).map(\.row), [0, 0, 2, 2], "stripes on rows 0, 2, 4…")
        XCTAssertEqual(striped.cells.first { $0.row == 2 && $0.column == 1 }?.roundedCorners, [.bottomRight], "a filled last row rounds the bottom")
        XCTAssertEqual(striped.cells.first?.fillCornerRadius, 10, "borderless: the full radius")
        XCTAssertTrue(striped.lines.isEmpty)

        let (_, spanned) = try table([[cell("wide header", header: true, colspan: 2)], [cell("1"), cell("2")]])
        XCTAssertEqual(spanned.cells[0].roundedCorners, [.topLeft, .topRight], "a colspan header rounds both top corners")
    }

    func testInnerLinesAndTitleInsideTheCard() throws {
        let page = try TestEnvironment.layout(#"{"blocks": [{"type": "table", "caption": "Title", "is_bordered": true, "cells": [[\#(cell("a")), \#(cell("b"))], [\#(cell("c")), \#(cell("d"))]]}]}"#)
        guard case .table(let table) = page.items[0].content else { return XCTFail() }
        // One vertical line per cell not in the first column and one horizontal per cell not in the first row.
        XCTAssertEqual(table.lines.count, 4)
        XCTAssertTrue(table.lines.allSatisfy { $0.width == 1 || $0.height == 1 })
        XCTAssertGreaterThan(table.gridFrame.minY, 0, "the grid sits below the title")
        XCTAssertEqual(table.cardFrame.minY, 0, "the border wraps title and grid")
        XCTAssertEqual(table.cardFrame.height, table.gridFrame.maxY)
        XCTAssertEqual(table.title.first?.frame.minX ?? 0, H + 13, accuracy: 0.0001)
        XCTAssertEqual(table.title.first?.frame.minY ?? 0, 15, accuracy: 0.0001)
    }

    func testOverflowingTableClipsAndScrolls() throws {
        let row = (1...8).map { _ in cell("several words of text") }
        let (item, resting) = try table([row])
        XCTAssertGreaterThan(resting.gridFrame.width, B - 2 * H)
        XCTAssertEqual(resting.gridFrame.minX, H, "at rest the left border sits at the inset")
        XCTAssertEqual(item.frame.width, B, "the item clips to the bounding width")
        let (_, scrolled) = try table([row], flags: #""is_bordered": true"#, ["--table-offset", "100000"])
        XCTAssertEqual(scrolled.gridFrame.maxX, B - H, accuracy: 0.0001, "scrolled to the end, the right border rests at B − H")
    }

    func testRTLMirrorsCells() throws {
        let page = try TestEnvironment.layout(#"{"blocks": [{"type": "table", "is_bordered": true, "cells": [[\#(cell("first")), \#(cell("second"))]]}], "is_rtl": true}"#)
        guard case .table(let table) = page.items[0].content else { return XCTFail() }
        let first = table.cells.first { $0.column == 0 }!, second = table.cells.first { $0.column == 1 }!
        XCTAssertGreaterThan(first.frame.minX, second.frame.minX, "column 0 is on the right")
        XCTAssertEqual(first.frame.maxX, H + table.gridFrame.width - 0.5, accuracy: 1.01)
    }

    func testStatusWrapsBelowATableAtTheBottom() throws {
        let page = try TestEnvironment.layout(#"{"blocks": [{"type": "paragraph", "text": "x"}, {"type": "table", "cells": [[\#(cell("a"))]]}]}"#)
        XCTAssertEqual(page.status.placement, .wrapped)
        XCTAssertEqual(page.page.height, page.items.last!.frame.maxY + 5, accuracy: 0.0001)
    }
}
