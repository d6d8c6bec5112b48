import Document
import Drawing

/// Tables with the OLD generation's values (`v2-layout-facts.md` §2.17 and Appendix A): cell insets
/// 15 / 13 / 15 / 13, natural column widths that overflow instead of shrinking, and the seed's card:
/// a full-width item, the grid inset by H, a 10 pt rounded border.
enum TableLayout {
    struct Insets {
        var top: Double, left: Double, bottom: Double, right: Double
    }

    static let cornerRadius: Double = 10
    /// An empty cell's tentative height (not counted in its row).
    static let emptyCellHeight: Double = 20

    static func insets(compact: Bool) -> Insets {
        // Compact tables take the NEW generation's cell insets (README, Decisions); the OLD one has none.
        compact ? Insets(top: 3.5, left: 6.5, bottom: 3.5, right: 6.5) : Insets(top: 15, left: 13, bottom: 15, right: 13)
    }

    /// Spans clamped to the table's real size, as HTML does: a rowspan ends at the last row, and a row's
    /// colspans add up to at most max(20, the most cells in a row) columns (20 = the Bot API's column limit),
    /// so a colspan of 10,000,000 costs what a full row costs.
    static func clampingSpans(_ table: TableBlock) -> TableBlock {
        let columnLimit = max(20, table.rows.map(\.count).max() ?? 0)
        var table = table
        for r in table.rows.indices {
            var used = 0
            for c in table.rows[r].indices {
                table.rows[r][c].colspan = min(table.rows[r][c].colspan, max(1, columnLimit - used))
                table.rows[r][c].rowspan = min(table.rows[r][c].rowspan, table.rows.count - r)
                used += table.rows[r][c].colspan
            }
        }
        return table
    }

    static func layout(_ table: TableBlock, boundingWidth B: Double, inset H: Double, context: inout LayoutContext) -> [LayoutItem] {
        guard table.rows.reduce(0, { $0 + $1.count }) <= LayoutOptions.maxTableCells else {
            context.warnings.exceededLineLimit = true
            return []
        }
        let table = clampingSpans(table)
        guard !table.rows.isEmpty, table.rows.contains(where: { !$0.isEmpty }) else { return [] }
        let I = insets(compact: table.compact)
        let borderWidth = table.bordered ? 2 / context.scale : 0
        let padding = I.left + I.right
        let contentWidth = B - 2 * H
        let columns = TableColumnSolver.solve(table, contentWidth: contentWidth, borderWidth: borderWidth, padding: padding, context: context)
        let widths = columns.widths
        var grid = TableGridBuilder(table: table, widths: widths, insets: I, borderWidth: borderWidth)
        let cells = grid.build(context: &context)
        var totalWidth = columns.totalWidth
        let totalHeight = grid.totalHeight
        var titleItems: [LayoutItem] = []
        var titleHeight = 0.0
        if !table.title.isEmpty {
            let title = BlockSequenceLayouter.layout([.paragraph(table.title)], boundingWidth: totalWidth - 2 * I.left, inset: 0, kind: .cell,
                                                     context: &context)
            titleHeight = title.contentHeight + I.top + I.bottom
            titleItems = title.items.map { item in
                var moved = item
                moved.frame = moved.frame.offsetBy(dx: I.left, dy: I.top)
                return moved
            }.wrapped(in: StructureTag(.caption), numbers: context.structure)
        }
        totalWidth = max(totalWidth, 0)
        // The grid sits at contentInset = H, moved left by the scroll offset (clamped to the scrollable range).
        let scrollable = max(0, totalWidth + 2 * H - B)
        let offset = min(max(context.options.tableOffset, 0), scrollable)
        let gridX = H - offset
        var cellLayouts: [TableCellLayout] = []
        var lines: [Rect] = []
        let edge = borderWidth / 2 + 0.5
        for cell in cells {
            var frame = cell.frame
            if context.rtl { frame.x = totalWidth - frame.x - frame.width }
            var corners: TableCellLayout.Corners = []
            if cell.filled {
                // A filled cell rounds the grid corners it touches (tableStripeCornerMask).
                let left = frame.minX <= edge, right = frame.maxX >= totalWidth - edge
                let top = frame.minY <= edge, bottom = frame.maxY >= totalHeight - edge
                if top && left { corners.insert(.topLeft) }
                if top && right { corners.insert(.topRight) }
                if bottom && left { corners.insert(.bottomLeft) }
                if bottom && right { corners.insert(.bottomRight) }
            }
            if table.bordered {
                if frame.minY > edge { lines.append(Rect(x: gridX + frame.minX, y: titleHeight + frame.minY, width: frame.width, height: borderWidth)) }
                if frame.minX > edge { lines.append(Rect(x: gridX + frame.minX, y: titleHeight + frame.minY, width: borderWidth, height: frame.height)) }
            }
            // RTL mirrors the cells only; their content keeps its offsets inside the cell (§2.17).
            let items = cell.items
            cellLayouts.append(TableCellLayout(row: cell.row, column: cell.column, rowSpan: cell.rowSpan, columnSpan: cell.columnSpan,
                                               frame: frame.offsetBy(dx: gridX, dy: titleHeight), header: cell.header, filled: cell.filled,
                                               roundedCorners: corners, fillCornerRadius: max(0, cornerRadius - borderWidth), items: items))
        }
        let payload = Table(contentInset: H, gridFrame: Rect(x: gridX, y: titleHeight, width: totalWidth, height: totalHeight),
                            cardFrame: Rect(x: gridX, y: 0, width: totalWidth, height: totalHeight + titleHeight), cornerRadius: cornerRadius,
                            borderWidth: borderWidth, borderColor: context.colors.tableBorder, fillColor: context.colors.tableHeader,
                            title: titleItems.map { item in
                                var moved = item
                                moved.frame = moved.frame.offsetBy(dx: gridX, dy: 0)
                                return moved
                            },
                            cells: cellLayouts, lines: lines, scrollOffset: offset)
        return [LayoutItem(frame: Rect(x: 0, y: 0, width: B, height: totalHeight + titleHeight), block: .table, content: .table(payload))]
    }
}
