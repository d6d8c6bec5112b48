import CPango
import Foundation
import Layout

/// Block media (`v2-render-facts.md` §7.10–7.11): local files aspect-filled (slideshow pages letterboxed),
/// placeholders otherwise; play badges, duration pills, map pins, spoiler blur and dust; the file rows.
extension PagePainter {
    func drawMedia(_ media: MediaView, in frame: Rect, cr: OpaquePointer) {
        let surface = media.lookupIds.isEmpty ? nil : self.media?.surface(for: media.lookupIds)
        cairo_save(cr)
        cairo_rectangle(cr, frame.x, frame.y, frame.width, frame.height)
        cairo_clip(cr)
        if let surface {
            if media.letterbox {
                set(.black, cr)
                cairo_paint(cr)
            }
            if media.spoiler {
                drawBlurred(surface, in: frame, cr: cr)
            } else {
                drawImage(surface, in: frame, fill: !media.letterbox, cr: cr)
            }
        } else {
            set(media.placeholderColor, cr)
            cairo_paint(cr)
            if media.kind == .map { drawMapPlaceholder(in: frame, cr: cr) }
            // A TL stripped thumbnail: the tiny preview, blurred, over the placeholder.
            if let stripped = media.strippedThumbnail, let image = StrippedThumbnail.decode(stripped),
               let preview = MediaStore.makeSurface(image) {
                drawBlurred(preview, in: frame, cr: cr)
                cairo_surface_destroy(preview)
            }
        }
        if media.spoiler {
            cairo_set_source_rgba(cr, 1, 1, 1, 0.85)
            for dot in media.spoilerDots { cairo_rectangle(cr, frame.minX + dot.x, frame.minY + dot.y, 1, 1) }
            cairo_fill(cr)
        }
        if let pin = media.pin { drawPin(pin.offsetBy(dx: frame.minX, dy: frame.minY), cr: cr) }
        if let pill = media.durationPill, let duration = media.duration {
            let rect = pill.offsetBy(dx: frame.minX, dy: frame.minY)
            cairo_set_source_rgba(cr, 0, 0, 0, 0.5)
            roundedRect(rect, radius: rect.height / 2, cr)
            cairo_fill(cr)
            drawText(duration, at: (rect.minX + 6, rect.minY + 2), cr: cr)
        }
        if let badge = media.playBadge { drawPlayBadge(badge.offsetBy(dx: frame.minX, dy: frame.minY), cr: cr) }
        cairo_restore(cr)
    }

    /// A spoiler's blur: the image drawn small and scaled back up (deterministic, no randomness).
    private func drawBlurred(_ surface: OpaquePointer, in frame: Rect, cr: OpaquePointer) {
        // A frame thinner than a hundredth of a point shows nothing (and would make a singular matrix).
        guard frame.width >= 0.01, frame.height >= 0.01 else { return }
        // Heavy: the short side shrinks to about 10 pixels before scaling back up.
        let small = max(1.0, min(frame.width, frame.height) / 10)
        let width = max(1, (frame.width / small).rounded(.up)).saturatingInt32, height = max(1, (frame.height / small).rounded(.up)).saturatingInt32
        guard let tiny = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height) else { return }
        defer { cairo_surface_destroy(tiny) }
        let context = cairo_create(tiny)!
        let sourceWidth = Double(cairo_image_surface_get_width(surface)), sourceHeight = Double(cairo_image_surface_get_height(surface))
        let scale = max(Double(width) / sourceWidth, Double(height) / sourceHeight)
        cairo_translate(context, (Double(width) - sourceWidth * scale) / 2, (Double(height) - sourceHeight * scale) / 2)
        cairo_scale(context, scale, scale)
        cairo_set_source_surface(context, surface, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(context), CAIRO_FILTER_GOOD)
        cairo_paint(context)
        cairo_destroy(context)
        cairo_save(cr)
        cairo_translate(cr, frame.minX, frame.minY)
        cairo_scale(cr, frame.width / Double(width), frame.height / Double(height))
        cairo_set_source_surface(cr, tiny, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_BILINEAR)
        cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD)
        cairo_paint(cr)
        cairo_restore(cr)
    }

    /// The black @0.6 circle with a white play triangle.
    private func drawPlayBadge(_ rect: Rect, cr: OpaquePointer) {
        cairo_set_source_rgba(cr, 0, 0, 0, 0.6)
        cairo_new_path(cr)
        cairo_arc(cr, rect.midX, rect.midY, rect.width / 2, 0, 2 * Double.pi)
        cairo_fill(cr)
        let side = rect.width * 0.36
        cairo_set_source_rgba(cr, 1, 1, 1, 1)
        cairo_move_to(cr, rect.midX - side * 0.38, rect.midY - side / 2)
        cairo_line_to(cr, rect.midX + side * 0.62, rect.midY)
        cairo_line_to(cr, rect.midX - side * 0.38, rect.midY + side / 2)
        cairo_close_path(cr)
        cairo_fill(cr)
    }

    /// A drawn stand-in for the static map tile (no network): a few faint streets.
    private func drawMapPlaceholder(in frame: Rect, cr: OpaquePointer) {
        cairo_set_source_rgba(cr, 1, 1, 1, 0.55)
        cairo_set_line_width(cr, 6)
        let streets: [(Double, Double, Double, Double)] = [(0, 0.35, 1, 0.55), (0.3, 0, 0.45, 1), (0, 0.8, 0.7, 0.7), (0.75, 0, 0.9, 1)]
        for street in streets {
            cairo_move_to(cr, frame.minX + street.0 * frame.width, frame.minY + street.1 * frame.height)
            cairo_line_to(cr, frame.minX + street.2 * frame.width, frame.minY + street.3 * frame.height)
        }
        cairo_stroke(cr)
    }

    /// The location pin: a red drop with a white centre, its tip at the bottom of its frame.
    private func drawPin(_ rect: Rect, cr: OpaquePointer) {
        let radius = rect.width / 2
        let centerY = rect.minY + radius
        cairo_new_path(cr)
        cairo_arc(cr, rect.midX, centerY, radius, Double.pi * 0.8, Double.pi * 2.2)
        cairo_line_to(cr, rect.midX, rect.maxY)
        cairo_close_path(cr)
        cairo_set_source_rgba(cr, 0.898, 0.224, 0.208, 1)
        cairo_fill(cr)
        cairo_new_path(cr)
        cairo_arc(cr, rect.midX, centerY, radius * 0.38, 0, 2 * Double.pi)
        cairo_set_source_rgba(cr, 1, 1, 1, 1)
        cairo_fill(cr)
    }

    func drawFileRow(_ row: FileRow, in frame: Rect, cr: OpaquePointer) {
        let control = row.control.offsetBy(dx: frame.minX, dy: frame.minY)
        cairo_push_group(cr)
        set(row.controlColor, cr)
        cairo_new_path(cr)
        cairo_arc(cr, control.midX, control.midY, control.width / 2, 0, 2 * Double.pi)
        cairo_fill(cr)
        // The glyph: white, or cut out of the control.
        if let glyph = row.glyphColor { set(glyph, cr) } else { cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR) }
        switch row.icon {
        case .play:
            let side = 16.0
            cairo_move_to(cr, control.midX - side * 0.35, control.midY - side / 2)
            cairo_line_to(cr, control.midX + side * 0.6, control.midY)
            cairo_line_to(cr, control.midX - side * 0.35, control.midY + side / 2)
            cairo_close_path(cr)
            cairo_fill(cr)
        case .document:
            let page = Rect(x: control.midX - 7, y: control.midY - 9, width: 14, height: 18)
            cairo_move_to(cr, page.minX, page.minY)
            cairo_line_to(cr, page.maxX - 5, page.minY)
            cairo_line_to(cr, page.maxX, page.minY + 5)
            cairo_line_to(cr, page.maxX, page.maxY)
            cairo_line_to(cr, page.minX, page.maxY)
            cairo_close_path(cr)
            cairo_fill(cr)
        }
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        cairo_pop_group_to_source(cr)
        cairo_paint(cr)
        if let badge = row.badge, media?.path(for: row.lookupIds) == nil {
            // Not downloaded: a download arrow on the control's bottom-right.
            let rect = badge.offsetBy(dx: frame.minX, dy: frame.minY)
            cairo_new_path(cr)
            cairo_arc(cr, rect.midX, rect.midY, 9, 0, 2 * Double.pi)
            set(layout.background ?? .white, cr)
            cairo_fill_preserve(cr)
            set(row.controlColor, cr)
            cairo_fill(cr)
            cairo_set_source_rgba(cr, 1, 1, 1, 1)
            cairo_set_line_width(cr, 1.5)
            cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
            cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
            cairo_move_to(cr, rect.midX, rect.midY - 4.5)
            cairo_line_to(cr, rect.midX, rect.midY + 4)
            cairo_move_to(cr, rect.midX - 3.5, rect.midY + 0.5)
            cairo_line_to(cr, rect.midX, rect.midY + 4)
            cairo_line_to(cr, rect.midX + 3.5, rect.midY + 0.5)
            cairo_stroke(cr)
        }
        if let title = row.title { drawText(title, at: (frame.minX + row.titleOrigin.x, frame.minY + row.titleOrigin.y), cr: cr) }
        if let subtitle = row.subtitle { drawText(subtitle, at: (frame.minX + row.subtitleOrigin.x, frame.minY + row.subtitleOrigin.y), cr: cr) }
    }

    func drawSlideshow(_ slideshow: Slideshow, in frame: Rect, cr: OpaquePointer) {
        cairo_save(cr)
        cairo_rectangle(cr, frame.x, frame.y, frame.width, frame.height)
        cairo_clip(cr)
        set(.black, cr)
        cairo_paint(cr)
        if let surface = media?.surface(for: slideshow.page.lookupIds) {
            drawImage(surface, in: frame, fill: false, cr: cr)
        }
        for (index, dot) in slideshow.dots.enumerated() {
            let rect = dot.offsetBy(dx: frame.minX, dy: frame.minY)
            cairo_set_source_rgba(cr, 1, 1, 1, index == slideshow.activeDot ? 1 : 0.5)
            cairo_new_path(cr)
            cairo_arc(cr, rect.midX, rect.midY, rect.width / 2, 0, 2 * Double.pi)
            cairo_fill(cr)
        }
        cairo_restore(cr)
    }
}
