import CPango
import Foundation
import Layout

/// The streaming reveal's flying glyphs (`v2-reveal-facts.md` §5.1): the text's glyph layers cropped to
/// the snippet rect, drawn on an image surface, blurred there, then composited faded, scaled about the
/// snippet's centre and lowered.
extension PagePainter {
    func drawSnippet(_ snippet: RevealSnippet, of box: TextBox, at origin: (x: Double, y: Double), cr: OpaquePointer) {
        guard snippet.opacity > 0, snippet.scale > 0, snippet.rect.width > 0, snippet.rect.height > 0 else { return }
        // Room for the blur to spread (3 sigma) around the crop.
        let pad = ceil(3 * snippet.blurRadius) + 1
        let scale = layout.canvas.scale
        let rect = snippet.rect.offsetBy(dx: origin.x, dy: origin.y)
        let left = floor(rect.minX - pad), top = floor(rect.minY - pad)
        let widthPx = Int32(((ceil(rect.maxX + pad) - left) * scale).rounded(.up))
        let heightPx = Int32(((ceil(rect.maxY + pad) - top) * scale).rounded(.up))
        guard widthPx > 0, heightPx > 0, let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, widthPx, heightPx) else { return }
        defer { cairo_surface_destroy(surface) }
        cairo_surface_set_device_scale(surface, scale, scale)
        guard let local = cairo_create(surface) else { return }
        cairo_translate(local, -left, -top)
        cairo_rectangle(local, rect.x, rect.y, rect.width, rect.height)
        cairo_clip(local)
        drawGlyphLayers(box, at: origin, cr: local)
        cairo_destroy(local)
        cairo_surface_flush(surface)
        GaussianBlur.apply(to: surface, sigmaPixels: snippet.blurRadius * scale)
        cairo_surface_mark_dirty(surface)

        cairo_save(cr)
        cairo_translate(cr, rect.midX, rect.midY + snippet.offsetY)
        cairo_scale(cr, snippet.scale, snippet.scale)
        cairo_translate(cr, -rect.midX, -rect.midY)
        cairo_set_source_surface(cr, surface, left, top)
        cairo_paint_with_alpha(cr, snippet.opacity)
        cairo_restore(cr)
    }
}
