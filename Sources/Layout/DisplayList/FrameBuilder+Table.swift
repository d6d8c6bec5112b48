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
        for cell in table.cells where !cell.items.isEmpty {
            content.appendGroup(items(cell.items)) { $0.transform = .translate(cell.frame.minX, cell.frame.minY) }
        }
        content = named(grid, content)
        return Frame([.group(Group(content, transform: .translate(frame.minX, frame.minY), clip: .rect(Rect(x: 0, y: 0, width: frame.width, height: frame.height))))])
    }

    /// A rectangle with only `corners` rounded.
    private static func cornerPath(_ rect: Rect, radius: Double, corners: TableCellLayout.Corners) -> Path {
        let r = min(radius, rect.width / 2, rect.height / 2)
        func cornerRadius(_ corner: TableCellLayout.Corners) -> Double { corners.contains(corner) ? r : 0 }
        return .roundedRect(rect, radii: (cornerRadius(.topLeft), cornerRadius(.topRight), cornerRadius(.bottomRight), cornerRadius(.bottomLeft)))
    }
}
