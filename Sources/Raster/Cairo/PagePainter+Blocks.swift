import CPango
import Foundation
import Layout

/// Drawing of the block items (`v2-render-facts.md` §7).
extension PagePainter {
    /// Bullet: a filled circle; label: its text; checkbox: an 18 pt rounded square of radius 6 — a ring of
    /// 1 pt + 1 px when unchecked, filled with the tick (5.33, 9.5) → (7.83, 12.5) → (12.5, 6.5) cut out when checked (§7.3).
    func drawListMarker(_ marker: ListMarker, in frame: Rect, cr: OpaquePointer) {
        switch marker {
        case .bullet(let color):
            let diameter = min(frame.width, frame.height)
            set(color, cr)
            cairo_new_path(cr)
            cairo_arc(cr, frame.minX + frame.width / 2, frame.minY + frame.height / 2, diameter / 2, 0, 2 * Double.pi)
            cairo_fill(cr)
        case .label(let box, let origin):
            drawText(box, at: (frame.minX + origin.x, frame.minY + origin.y), cr: cr)
        case .checkbox(let checked, let fill, let border):
            let radius = (frame.width * 0.318).rounded(.up)
            if checked {
                cairo_push_group(cr)
                set(fill, cr)
                roundedRect(frame, radius: radius, cr)
                cairo_fill(cr)
                // The tick is drawn in the page background colour, which is clear: it is cut out.
                cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
                let scale = frame.width / 18
                cairo_new_path(cr)
                cairo_move_to(cr, frame.minX + 5.33 * scale, frame.minY + 9.5 * scale)
                cairo_line_to(cr, frame.minX + 7.83 * scale, frame.minY + 12.5 * scale)
                cairo_line_to(cr, frame.minX + 12.5 * scale, frame.minY + 6.5 * scale)
                cairo_set_line_width(cr, 1.5 * scale)
                cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
                cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
                cairo_stroke(cr)
                cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
                cairo_pop_group_to_source(cr)
                cairo_paint(cr)
            } else {
                let borderWidth = 1 + 1 / layout.canvas.scale
                cairo_new_path(cr)
                roundedRect(frame, radius: radius, cr)
                roundedRect(Rect(x: frame.minX + borderWidth, y: frame.minY + borderWidth, width: frame.width - 2 * borderWidth,
                                 height: frame.height - 2 * borderWidth), radius: radius - 1, cr)
                cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
                set(border, cr)
                cairo_fill(cr)
                cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
            }
        }
    }

    /// The rounded fill at `fillAlpha` and the solid bar clipped to the same rounded path (§7.4).
    func drawQuoteFill(_ fill: QuoteFill, in frame: Rect, cr: OpaquePointer) {
        set(fill.accent.multipliedAlpha(fill.fillAlpha), cr)
        roundedRect(frame, radius: fill.cornerRadius, cr)
        cairo_fill(cr)
        cairo_save(cr)
        roundedRect(frame, radius: fill.cornerRadius, cr)
        cairo_clip(cr)
        set(fill.accent, cr)
        let x = fill.barOnTrailing ? frame.maxX - fill.barWidth : frame.minX
        cairo_rectangle(cr, x, frame.minY, fill.barWidth, frame.height)
        cairo_fill(cr)
        cairo_restore(cr)
    }

    func drawDetails(_ details: Details, in frame: Rect, cr: OpaquePointer) {
        if let title = details.title {
            drawText(title, at: (frame.minX + details.titleOrigin.x, frame.minY + details.titleOrigin.y), cr: cr)
        }
        OrnamentPainter.draw(Ornament(shape: .chevron, color: details.chevronColor, rotation: details.isExpanded ? 180 : 0),
                             in: details.chevron.offsetBy(dx: frame.minX, dy: frame.minY), cr: cr)
        cairo_save(cr)
        cairo_translate(cr, frame.minX, frame.minY)
        for item in details.items { draw(item, cr: cr) }
        cairo_restore(cr)
        set(details.separatorColor, cr)
        let separator = details.separator.offsetBy(dx: frame.minX, dy: frame.minY)
        cairo_rectangle(cr, separator.x, separator.y, separator.width, separator.height)
        cairo_fill(cr)
    }

    /// The dimmed text under the shimmer mask: alpha 1 outside the band, falling linearly to the band's
    /// alpha at its centre (§7.7).
    func drawThinking(_ thinking: Thinking, in frame: Rect, cr: OpaquePointer) {
        cairo_push_group(cr)
        drawText(thinking.text, at: (frame.minX, frame.minY), cr: cr)
        cairo_pop_group_to_source(cr)
        let center = frame.minX + thinking.shimmerCenterX
        let mask = cairo_pattern_create_linear(center - thinking.shimmerHalfWidth, 0, center + thinking.shimmerHalfWidth, 0)!
        cairo_pattern_add_color_stop_rgba(mask, 0, 0, 0, 0, 1)
        cairo_pattern_add_color_stop_rgba(mask, 0.5, 0, 0, 0, thinking.shimmerAlpha)
        cairo_pattern_add_color_stop_rgba(mask, 1, 0, 0, 0, 1)
        cairo_pattern_set_extend(mask, CAIRO_EXTEND_PAD)
        cairo_mask(cr, mask)
        cairo_pattern_destroy(mask)
    }
}

/// The bundled vector assets V2 tints (`v2-render-facts.md` §11: their outlines are not public), drawn as
/// equivalent glyphs at the stated sizes: the reply-quote icon (9 × 7), the pull-quote marks (12 × 10)
/// and the details chevron (18 × 18).
enum OrnamentPainter {
    static func draw(_ ornament: Ornament, in frame: Rect, cr: OpaquePointer) {
        cairo_save(cr)
        cairo_translate(cr, frame.minX + frame.width / 2, frame.minY + frame.height / 2)
        cairo_rotate(cr, ornament.rotation * Double.pi / 180)
        cairo_translate(cr, -frame.width / 2, -frame.height / 2)
        set(ornament.color, cr)
        switch ornament.shape {
        case .quoteIcon:
            marks(width: frame.width, height: frame.height, closing: true, cr: cr)
        case .quoteOpen:
            marks(width: frame.width, height: frame.height, closing: false, cr: cr)
        case .quoteClose:
            marks(width: frame.width, height: frame.height, closing: true, cr: cr)
        case .chevron:
            let s = frame.width / 18
            cairo_new_path(cr)
            cairo_move_to(cr, 5 * s, 7.5 * s)
            cairo_line_to(cr, 9 * s, 11.5 * s)
            cairo_line_to(cr, 13 * s, 7.5 * s)
            cairo_set_line_width(cr, 1.5 * s)
            cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
            cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
            cairo_stroke(cr)
        }
        cairo_restore(cr)
    }

    /// Two quotation marks side by side: a round head with a tail, tails down-left for closing marks
    /// (”) and the mirror for opening marks (“).
    private static func marks(width: Double, height: Double, closing: Bool, cr: OpaquePointer) {
        let markWidth = width * 0.42
        let radius = markWidth * 0.5
        for index in 0..<2 {
            let x0 = Double(index) * (width - markWidth)
            cairo_save(cr)
            if !closing {
                // The opening mark is the closing one turned half a turn.
                cairo_translate(cr, x0 + markWidth / 2, height / 2)
                cairo_rotate(cr, Double.pi)
                cairo_translate(cr, -markWidth / 2, -height / 2)
            } else {
                cairo_translate(cr, x0, 0)
            }
            cairo_new_path(cr)
            cairo_arc(cr, radius, radius, radius, 0, 2 * Double.pi)
            cairo_fill(cr)
            cairo_move_to(cr, markWidth, radius)
            cairo_curve_to(cr, markWidth, height * 0.75, markWidth * 0.45, height, 0, height)
            cairo_line_to(cr, markWidth * 0.2, height * 0.8)
            cairo_curve_to(cr, markWidth * 0.55, height * 0.6, markWidth * 0.35, radius * 1.6, 0, radius)
            cairo_close_path(cr)
            cairo_fill(cr)
            cairo_restore(cr)
        }
    }
}
