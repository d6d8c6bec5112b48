import Document
import Drawing

/// Cell frames of a table (`v2-layout-facts.md` §2.17 pass 2): rows as tall as their tallest laid-out cell,
/// empty cells and all-empty rows not counted, row spans summing the rows they cover.
struct TableGridBuilder {
    struct Cell {
        var row: Int
        var column: Int
        var rowSpan: Int
        var columnSpan: Int
        var frame: Rect
        var header: Bool
        var filled: Bool
        var items: [LayoutItem]
    }

    let table: TableBlock
    let widths: [Double]
    let insets: TableLayout.Insets
    let borderWidth: Double
    private(set) var totalHeight = 0.0

    init(table: TableBlock, widths: [Double], insets: TableLayout.Insets, borderWidth: Double) {
        self.table = table
        self.widths = widths
        self.insets = insets
        self.borderWidth = borderWidth
    }

    private struct Pending {
        var cell: TableCell
        var row: Int
        var column: Int
        var x: Double
        var width: Double
        var tentativeHeight: Double
        var sub: BlockSequenceLayouter.Result?
        var lastRow: Int
        var rowHeights: [Double] = []
        var startY: Double
    }

    mutating func build(context: inout LayoutContext) -> [Cell] {
        let I = insets
        let padding = I.left + I.right
        var cells: [Cell] = []
        var spanning: [Pending] = []
        var y = borderWidth / 2
        for (r, row) in table.rows.enumerated() {
            var x = borderWidth / 2
            var c = 0
            var rowHeight = 0.0
            var rowHasText = false
            var finished: [Pending] = []
            let heldByEarlierRows = spanning.filter { $0.row < r && $0.lastRow >= r }
            for cell in row {
                // Skip the columns held by row-spanning cells of earlier rows, advancing x by their widths.
                while let held = heldByEarlierRows.first(where: { $0.column == c }) {
                    x += held.width
                    c += held.cell.colspan
                }
                let columnRange = c..<min(c + cell.colspan, widths.count)
                let width = columnRange.map { widths[$0] }.reduce(0, +)
                var sub: BlockSequenceLayouter.Result?
                var height = TableLayout.emptyCellHeight
                if let text = cell.text, !text.isEmpty, width - padding > 0 {
                    let outer = context.cellAlignment
                    context.cellAlignment = cell.align == .center ? .center : cell.align == .right ? .right : nil
                    let laidOut = BlockSequenceLayouter.layout([.paragraph(text)], boundingWidth: width - padding, inset: 0, kind: .cell,
                                                               context: &context)
                    context.cellAlignment = outer
                    sub = laidOut
                    height = laidOut.contentHeight.rounded(.up) + I.top + I.bottom
                    rowHasText = true
                }
                let pending = Pending(cell: cell, row: r, column: c, x: x, width: width, tentativeHeight: height, sub: sub,
                                      lastRow: r + cell.rowspan - 1, startY: y)
                if cell.rowspan > 1 {
                    spanning.append(pending)
                } else {
                    if sub != nil { rowHeight = max(rowHeight, height) }
                    finished.append(pending)
                }
                x += width
                c += cell.colspan
            }
            // A row advances only when a cell in it has text or a row-spanning cell covers it.
            let covered = spanning.contains { $0.row <= r && $0.lastRow >= r }
            if !rowHasText { rowHeight = 0 }
            for index in spanning.indices where spanning[index].row <= r && spanning[index].lastRow >= r {
                spanning[index].rowHeights.append(rowHeight)
            }
            // Row spans ending here: their height is the sum of their rows, and a taller cell grows this row.
            for index in spanning.indices.reversed() where spanning[index].lastRow == r {
                let spanHeight = spanning[index].rowHeights.reduce(0, +)
                if spanning[index].tentativeHeight > spanHeight {
                    rowHeight += spanning[index].tentativeHeight - spanHeight
                    spanning[index].rowHeights[spanning[index].rowHeights.count - 1] += spanning[index].tentativeHeight - spanHeight
                }
                cells.append(finalize(spanning[index], height: spanning[index].rowHeights.reduce(0, +)))
                spanning.remove(at: index)
            }
            for pending in finished { cells.append(finalize(pending, height: rowHeight)) }
            if rowHasText || covered {
                y += rowHeight
                totalHeight += rowHeight
            }
        }
        // Spans that run past the last row end with it.
        for pending in spanning { cells.append(finalize(pending, height: pending.rowHeights.reduce(0, +))) }
        totalHeight += borderWidth
        return cells.sorted { ($0.row, $0.column) < ($1.row, $1.column) }
    }

    /// The cell's frame and its text placed by its alignment (§2.17 "Finalize").
    private func finalize(_ pending: Pending, height: Double) -> Cell {
        let I = insets
        let frame = Rect(x: pending.x, y: pending.startY, width: pending.width, height: height)
        var items: [LayoutItem] = []
        if let sub = pending.sub {
            let subHeight = sub.contentHeight
            let dy: Double
            switch pending.cell.valign {
            case .top: dy = I.top
            case .middle: dy = max(I.top, (height - subHeight) / 2)
            case .bottom: dy = max(I.top, height - subHeight - I.bottom)
            }
            let dx: Double
            switch pending.cell.align {
            case .left: dx = I.left
            case .center: dx = (pending.width - sub.contentWidth) / 2
            case .right: dx = pending.width - sub.contentWidth - I.right
            }
            items = sub.items.map { item in
                var moved = item
                moved.frame = moved.frame.offsetBy(dx: dx, dy: dy)
                return moved
            }
        }
        let filled = pending.cell.header || (table.striped && pending.row % 2 == 0)
        let rowSpan = max(1, min(pending.cell.rowspan, table.rows.count - pending.row))
        let columnSpan = max(1, min(pending.cell.colspan, widths.count - pending.column))
        return Cell(row: pending.row, column: pending.column, rowSpan: rowSpan, columnSpan: columnSpan, frame: frame, header: pending.cell.header,
                    filled: filled, items: items)
    }
}
