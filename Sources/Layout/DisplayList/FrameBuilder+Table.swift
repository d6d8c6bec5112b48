import Drawing

/// Tables (`v2-render-facts.md` §7.9; seed "flush frame, inset borders, rounded corners"): the item clips
/// to its full-width frame; fills first (rounding the grid corners they touch), then the inner lines, the
/// rounded outer border drawn inside the card's edge, and the text.
extension FrameBuilder {
    func table(_ table: Table, in frame: Rect, grid: GroupName) -> Frame {
        var content = Frame()
        for cell in table.cells where cell.filled {
            content.append(.fill(Self.cornerPath(cell.frame, radius: cell.fillCornerRadius, corners: cell.roundedCorners), .solid(table.fillColor)))
        }
        if !table.lines.isEmpty { content.append(.fill(.rects(table.lines), .solid(table.borderColor))) }
        if table.borderWidth > 0 {
            // A layer border: inside the card's edge, its outer edge rounded at 10.
            let inset = table.borderWidth / 2
            let card = table.cardFrame
            let border = Path.roundedRect(Rect(x: card.x + inset, y: card.y + inset, width: card.width - 2 * inset, height: card.height - 2 * inset),
                                          radius: table.cornerRadius - inset)
            content.append(.stroke(border, .solid(table.borderColor), Stroke(width: table.borderWidth)))
        }
        content.append(contentsOf: items(table.title))
        if tagged {
            content.append(contentsOf: taggedCells(table.cells))
        } else {
            for cell in table.cells where !cell.items.isEmpty {
                content.appendGroup(items(cell.items)) { $0.transform = .translate(cell.frame.minX, cell.frame.minY) }
            }
        }
        content = named(grid, content)
        return Frame([.group(Group(content, transform: .translate(frame.minX, frame.minY), clip: .rect(Rect(x: 0, y: 0, width: frame.width, height: frame.height))))])
    }

    /// A tagged PDF's cells: a row element per grid row, in it a header (`TH`, heading its column in the first row, else
    /// its row) or data cell (`TD`) per cell that starts in the row, empty cells included, in column order.
    private func taggedCells(_ cells: [TableCellLayout]) -> Frame {
        var rows: [Int: [TableCellLayout]] = [:]
        for cell in cells { rows[cell.row, default: []].append(cell) }
        var frame = Frame()
        for row in rows.keys.sorted() {
            var rowFrame = Frame()
            for cell in rows[row, default: []].sorted(by: { $0.column < $1.column }) {
                var cellFrame = Frame()
                cellFrame.appendGroup(items(cell.items)) { $0.transform = .translate(cell.frame.minX, cell.frame.minY) }
                let tag = cell.header ? StructureTag(.tableHeader, scope: cell.row == 0 ? .column : .row) : StructureTag(.tableCell)
                rowFrame.append(.group(Group(cellFrame, tag: tag)))
            }
            frame.append(.group(Group(rowFrame, tag: StructureTag(.tableRow))))
        }
        return frame
    }

    /// A rectangle with only `corners` rounded.
    private static func cornerPath(_ rect: Rect, radius: Double, corners: TableCellLayout.Corners) -> Path {
        let r = min(radius, rect.width / 2, rect.height / 2)
        func cornerRadius(_ corner: TableCellLayout.Corners) -> Double { corners.contains(corner) ? r : 0 }
        return .roundedRect(rect, radii: (cornerRadius(.topLeft), cornerRadius(.topRight), cornerRadius(.bottomRight), cornerRadius(.bottomLeft)))
    }
}
