@testable import Layout
import XCTest

/// Layout logic measured with the fixed-advance fake shaper (10 pt per character), so the spec's formulas
/// can be checked with numbers worked by hand (issue 11, P2).
final class FakeShaperLayoutTests: XCTestCase {
    private let shaper = FixedAdvanceShaper(advance: 10)

    private func context() -> LayoutContext {
        LayoutContext(fonts: shaper, options: LayoutOptions(), colors: PageColors(message: Theme.day.incoming, isDark: false, outgoing: false, authorColor: nil),
                      rtl: false)
    }

    private func cell(_ text: String) -> TableCell {
        TableCell(text: .plain(text), header: false, align: .left, valign: .top, colspan: 1, rowspan: 1)
    }

    func testTheFakeBreaksLikePango() {
        var builder = RichTextBuilder(colors: context().colors, environment: LayoutOptions().text, fonts: shaper)
        builder.append(.plain("aa bb\ncc"), RichTextBuilder.baseStyle(.paragraph, colors: context().colors))
        let lines = shaper.measure(builder.output, width: 1, wholeWords: true).lines
        XCTAssertEqual(lines.map(\.startByte), [0, 3, 6])
        XCTAssertEqual(lines.map(\.endByte), [3, 5, 8], "a wrapped line keeps its trailing space; a paragraph's line ends before the newline")
        XCTAssertEqual(lines.map(\.width), [30, 20, 20], "a wrapped line's width counts its trailing space")
    }

    /// `v2-layout-facts.md` §2.17: a column's maximum is its unwrapped width + padding, its minimum its widest
    /// word with the space after it + padding (README Decisions, fourth review); when the maxima do not fit, each
    /// column gets its minimum plus the spare width in proportion to its maximum, rounded. "short" → 50 + 26 = 76
    /// both; "a longer cell text" → max 180 + 26 = 206, min "longer " 70 + 26 = 96. Content 300 − border 1 = 299:
    /// spare 299 − 172 = 127, so 76 + round(127 × 76 / 282) = 110 and 96 + round(127 × 206 / 282) = 189.
    func testTheColumnSolverSharesTheSpareWidthByTheMaxima() {
        let table = TableBlock(title: .empty, rows: [[cell("short"), cell("a longer cell text")]], bordered: true, striped: false, compact: false)
        let limits = TableColumnSolver.limits(table, contentWidth: 300, padding: 26, context: context())
        XCTAssertEqual(limits.max, [76, 206])
        XCTAssertEqual(limits.min, [76, 96])
        let solved = TableColumnSolver.solve(table, contentWidth: 300, borderWidth: 1, padding: 26, context: context())
        XCTAssertTrue(solved.fits)
        XCTAssertEqual(solved.widths, [110, 189])
    }

    /// The same table through the whole engine: the grid's cells take those widths, from x = H + border / 2.
    func testATableLaysOutWithTheSolvedWidthsThroughTheEngine() throws {
        let engine = LayoutEngine(shaper: shaper)
        var options = LayoutOptions()
        options.width = 320
        let document = Document(blocks: [.table(TableBlock(title: .empty, rows: [[cell("short"), cell("a longer cell text")]], bordered: true,
                                                            striped: false, compact: false))])
        let layout = engine.layout(document, options: options)
        guard case .table(let table)? = layout.items.first?.content else { return XCTFail("no table: \(layout.items.map(\.kind))") }
        XCTAssertEqual(table.cells.map(\.frame.width), [110, 189])
        XCTAssertEqual(table.cells.first?.frame.minX, 10.5)
    }
}
