import CPango
import Layout

/// Tables (`v2-render-facts.md` §7.9; seed "flush frame, inset borders, rounded corners"): the item clips
/// to its full-width frame; fills first (rounding the grid corners they touch), then the inner lines, the
/// rounded outer border drawn inside the card's edge, and the text.
extension PagePainter {
    func drawTable(_ table: Table, in frame: Rect, cr: OpaquePointer) {
        cairo_save(cr)
        cairo_rectangle(cr, frame.x, frame.y, frame.width, frame.height)
        cairo_clip(cr)
        cairo_translate(cr, frame.minX, frame.minY)
        if let band = table.revealBand {
            // Rows pop in through a growing mask over the whole content view (`v2-reveal-facts.md` §3.6).
            cairo_rectangle(cr, band.x, band.y, band.width, band.height)
            cairo_clip(cr)
        }
        set(table.fillColor, cr)
        for cell in table.cells where cell.filled {
            cornerPath(cell.frame, radius: cell.fillCornerRadius, corners: cell.roundedCorners, cr: cr)
            cairo_fill(cr)
        }
        set(table.borderColor, cr)
        for line in table.lines { cairo_rectangle(cr, line.x, line.y, line.width, line.height) }
        cairo_fill(cr)
        if table.borderWidth > 0 {
            // A layer border: inside the card's edge, its outer edge rounded at 10.
            let inset = table.borderWidth / 2
            let card = table.cardFrame
            roundedRect(Rect(x: card.x + inset, y: card.y + inset, width: card.width - 2 * inset, height: card.height - 2 * inset),
                        radius: table.cornerRadius - inset, cr)
            cairo_set_line_width(cr, table.borderWidth)
            set(table.borderColor, cr)
            cairo_stroke(cr)
        }
        for item in table.title { draw(item, cr: cr) }
        for cell in table.cells where !cell.items.isEmpty {
            cairo_save(cr)
            cairo_translate(cr, cell.frame.minX, cell.frame.minY)
            for item in cell.items { draw(item, cr: cr) }
            cairo_restore(cr)
        }
        cairo_restore(cr)
    }

    /// A rectangle with only `corners` rounded.
    private func cornerPath(_ rect: Rect, radius: Double, corners: TableCellLayout.Corners, cr: OpaquePointer) {
        let r = min(radius, rect.width / 2, rect.height / 2)
        func cornerRadius(_ corner: TableCellLayout.Corners) -> Double { corners.contains(corner) ? r : 0 }
        cairo_new_sub_path(cr)
        let tr = cornerRadius(.topRight), br = cornerRadius(.bottomRight), bl = cornerRadius(.bottomLeft), tl = cornerRadius(.topLeft)
        cairo_arc(cr, rect.maxX - tr, rect.minY + tr, tr, -Double.pi / 2, 0)
        cairo_arc(cr, rect.maxX - br, rect.maxY - br, br, 0, Double.pi / 2)
        cairo_arc(cr, rect.minX + bl, rect.maxY - bl, bl, Double.pi / 2, Double.pi)
        cairo_arc(cr, rect.minX + tl, rect.minY + tl, tl, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(cr)
    }
}
