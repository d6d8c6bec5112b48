import CPango
@_spi(Paint) import Layout

/// Draws stored glyph runs with the Cairo scaled font of each run's `FontKey` (no re-shaping).
final class GlyphPainter {
    private let fonts: FontSet
    private var scaledFonts: [FontKey: OpaquePointer] = [:]
    private let bitmaps = BitmapGlyphPainter()

    init(fonts: FontSet) {
        self.fonts = fonts
    }

    deinit {
        for font in scaledFonts.values { cairo_scaled_font_destroy(font) }
    }

    private func scaledFont(_ key: FontKey) -> OpaquePointer? {
        if let font = scaledFonts[key] { return font }
        guard let pangoFont = fonts.font(for: key),
              let scaled = pango_cairo_font_get_scaled_font(OpaquePointer(pangoFont)) else { return nil }
        cairo_scaled_font_reference(scaled)
        scaledFonts[key] = scaled
        return scaled
    }

    /// Draws `run` with its glyph positions relative to (originX, baselineY); with `visible`, only the glyphs
    /// whose origin lies within two ems of that rect (ink never reaches that far from a glyph's origin and
    /// advance; stacked combining marks far above the line are skipped).
    func draw(_ run: GlyphRun, originX: Double, baselineY: Double, cr: OpaquePointer, visible: Rect? = nil) {
        var run = run
        if let visible {
            let margin = run.font.size * 2
            run.glyphs = run.glyphs.filter {
                let x = originX + $0.x, y = baselineY + $0.y
                return x + max(0, $0.advance) + margin >= visible.minX && x - margin <= visible.maxX
                    && y + margin >= visible.minY && y - margin <= visible.maxY
            }
            if run.glyphs.isEmpty { return }
        }
        if bitmaps.draw(run, originX: originX, baselineY: baselineY, cr: cr) { return }
        let drawable = run.glyphs.filter { !$0.isMissing }
        if !drawable.isEmpty, let font = scaledFont(run.font) {
            var glyphs = drawable.map { cairo_glyph_t(index: UInt($0.id), x: originX + $0.x, y: baselineY + $0.y) }
            cairo_set_scaled_font(cr, font)
            set(run.color, cr)
            cairo_show_glyphs(cr, &glyphs, Int32(glyphs.count))
        }
        // A character no font has: an outlined box the width of its advance (Pango's hex box is not drawn).
        for glyph in run.glyphs where glyph.isMissing {
            let height = run.font.size * 0.7
            set(run.color, cr)
            cairo_set_line_width(cr, max(0.5, run.font.size / 17))
            cairo_rectangle(cr, originX + glyph.x + 1, baselineY - height, max(1, glyph.advance - 2), height)
            cairo_stroke(cr)
        }
    }
}

func set(_ color: RGBA, _ cr: OpaquePointer) {
    cairo_set_source_rgba(cr, color.r, color.g, color.b, color.a)
}

func roundedRect(_ rect: Rect, radius: Double, _ cr: OpaquePointer) {
    let r = min(radius, rect.width / 2, rect.height / 2)
    guard r > 0 else { cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height); return }
    cairo_new_sub_path(cr)
    cairo_arc(cr, rect.maxX - r, rect.minY + r, r, -Double.pi / 2, 0)
    cairo_arc(cr, rect.maxX - r, rect.maxY - r, r, 0, Double.pi / 2)
    cairo_arc(cr, rect.minX + r, rect.maxY - r, r, Double.pi / 2, Double.pi)
    cairo_arc(cr, rect.minX + r, rect.minY + r, r, Double.pi, 3 * Double.pi / 2)
    cairo_close_path(cr)
}
