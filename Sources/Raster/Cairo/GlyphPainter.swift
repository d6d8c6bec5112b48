import CCairo
import Drawing

/// Draws stored glyph runs with the Cairo scaled font of each run's `FontKey` (no re-shaping); colour bitmap
/// fonts through `BitmapGlyphPainter`.
final class GlyphPainter {
    private let fonts = ScaledFontCache()
    private let bitmaps = BitmapGlyphPainter()

    init() {}

    /// Draws `run` with its glyph positions relative to (originX, baselineY).
    func draw(_ run: GlyphRun, originX: Double, baselineY: Double, cr: OpaquePointer) {
        if bitmaps.draw(run, originX: originX, baselineY: baselineY, cr: cr) { return }
        let drawable = run.glyphs.filter { !$0.isMissing }
        if !drawable.isEmpty, let font = fonts.font(run.font) {
            var glyphs = drawable.map { cairo_glyph_t(index: UInt($0.id), x: originX + $0.x, y: baselineY + $0.y) }
            cairo_set_scaled_font(cr, font)
            set(run.color, cr)
            if drawable.count == run.glyphs.count, run.clustersAreComplete {
                // With its source text, so PDF output keeps the text selectable (image surfaces ignore it).
                var clusters = run.clusters.map { cairo_text_cluster_t(num_bytes: Int32($0.bytes), num_glyphs: Int32($0.glyphs)) }
                cairo_show_text_glyphs(cr, run.text, Int32(run.text.utf8.count), &glyphs, Int32(glyphs.count), &clusters, Int32(clusters.count), cairo_text_cluster_flags_t(rawValue: 0))
            } else {
                cairo_show_glyphs(cr, &glyphs, Int32(glyphs.count))
            }
        }
        // A character no font has: an outlined box the width of its advance (Pango's hex box is not drawn).
        for glyph in run.glyphs where glyph.isMissing {
            let height = run.font.size * 0.7
            set(run.color, cr)
            cairo_set_line_width(cr, max(0.5, run.font.size / 17))
            cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER)
            cairo_rectangle(cr, originX + glyph.x + 1, baselineY - height, max(1, glyph.advance - 2), height)
            cairo_stroke(cr)
        }
    }
}

func set(_ color: RGBA, _ cr: OpaquePointer) {
    cairo_set_source_rgba(cr, color.r, color.g, color.b, color.a)
}
