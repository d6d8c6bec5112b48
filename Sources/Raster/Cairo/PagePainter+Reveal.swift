import CPango
import Foundation
import Layout

/// The streaming reveal's flying glyphs (`v2-reveal-facts.md` §5.1): the text's glyph layers cropped to
/// the snippet rect, drawn on an image surface, blurred there, then composited faded, scaled about the
/// snippet's centre and lowered.
extension PagePainter {
    func drawSnippet(_ snippet: RevealSnippet, of box: TextBox, at origin: (x: Double, y: Double), cr: OpaquePointer,
                     layers: SnippetLayers) {
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
        if let layer = layers.layer(for: rect, box: box, origin: origin, scale: scale, painter: self) {
            // The crop of the text layer (seed: a snapshot of the text's render), painted once per line band.
            cairo_set_source_surface(local, layer.surface, layer.left, layer.top)
            cairo_paint(local)
        } else {
            drawGlyphLayers(box, at: origin, cr: local, visible: rect)
        }
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

/// The text layer of one text box per line band, drawn once per frame and shared by the snippets cropped
/// from it. Drawing the glyph layers again for every snippet made a frame cost snippets × glyphs, which is
/// quadratic for a line of thousands of combining marks (each a character with ink, each a snippet).
final class SnippetLayers {
    struct Layer {
        let surface: OpaquePointer
        let left: Double
        let top: Double
        let bottom: Double
        let minX: Double
        let maxX: Double
    }

    private var layers: [Layer] = []
    private let enabled: Bool
    /// A band wider or taller than this (pixels) is not cached; its snippets draw the glyphs themselves.
    static let maxSide = 8192
    /// Snippets × glyphs of a box above which the layers are used.
    static let workThreshold = 1_000_000

    init(enabled: Bool) {
        self.enabled = enabled
    }

    deinit {
        for layer in layers { cairo_surface_destroy(layer.surface) }
    }

    /// The cached band holding `rect` (canvas points), made on first use: the full line band around the
    /// rect's vertical middle, with two ems of margin, aligned to whole points like the snippet surfaces.
    func layer(for rect: Rect, box: TextBox, origin: (x: Double, y: Double), scale: Double, painter: PagePainter) -> Layer? {
        guard enabled else { return nil }
        if let known = layers.first(where: { $0.top <= rect.minY && $0.bottom >= rect.maxY && $0.minX <= rect.minX && $0.maxX >= rect.maxX }) {
            return known
        }
        let margin = box.font.size * 2 + 4
        let lineLeft = box.lines.map { origin.x + $0.frame.minX }.min() ?? rect.minX
        let lineRight = box.lines.map { origin.x + $0.frame.maxX }.max() ?? rect.maxX
        let left = floor(min(rect.minX, lineLeft) - margin), right = ceil(max(rect.maxX, lineRight) + margin)
        let top = floor(rect.minY - margin), bottom = ceil(rect.maxY + margin)
        let widthPx = ((right - left) * scale).rounded(.up), heightPx = ((bottom - top) * scale).rounded(.up)
        guard widthPx > 0, heightPx > 0, widthPx <= Double(Self.maxSide), heightPx <= Double(Self.maxSide),
              let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(widthPx), Int32(heightPx)) else { return nil }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            return nil
        }
        cairo_surface_set_device_scale(surface, scale, scale)
        if let cr = cairo_create(surface) {
            cairo_translate(cr, -left, -top)
            painter.drawGlyphLayers(box, at: origin, cr: cr, visible: Rect(x: left, y: top, width: right - left, height: bottom - top))
            cairo_destroy(cr)
        }
        cairo_surface_flush(surface)
        let layer = Layer(surface: surface, left: left, top: top, bottom: bottom, minX: left, maxX: right)
        layers.append(layer)
        return layer
    }
}
