import CCairo
import Drawing
import FreeTypeFaces

/// Draws stored glyph runs with the Cairo scaled font of each run's `FontKey` (no re-shaping); colour bitmap
/// fonts through `BitmapGlyphPainter`.
final class GlyphPainter {
    private let fonts = ScaledFontCache()
    private let bitmaps = BitmapGlyphPainter()
    private var fontBoxes: [FontKey: Rect?] = [:]

    init() {}

    /// Draws `run` with its glyph positions relative to (originX, baselineY).
    func draw(_ run: GlyphRun, originX: Double, baselineY: Double, cr: OpaquePointer) {
        if !bitmaps.draw(run, originX: originX, baselineY: baselineY, cr: cr) { drawOutlines(run, originX: originX, baselineY: baselineY, cr: cr) }
        // A character no font has: an outlined box the width of its advance (Pango's hex box is not drawn), in a
        // colour-bitmap run too (an emoji newer than the emoji font: docs/rendering.md "Fonts and scripts").
        for glyph in run.glyphs where glyph.isMissing {
            let box = Self.missingGlyphBox(glyph, run.font, originX: originX, baselineY: baselineY)
            set(run.color, cr)
            cairo_set_line_width(cr, box.line)
            cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER)
            cairo_rectangle(cr, box.rect.x, box.rect.y, box.rect.width, box.rect.height)
            cairo_stroke(cr)
        }
    }

    /// The outline glyphs of `run` (all but the missing ones).
    private func drawOutlines(_ run: GlyphRun, originX: Double, baselineY: Double, cr: OpaquePointer) {
        let drawable = run.glyphs.filter { !$0.isMissing }
        if !drawable.isEmpty, let font = fonts.font(run.font) {
            var glyphs = drawable.map { cairo_glyph_t(index: UInt($0.id), x: originX + $0.x, y: baselineY + $0.y) }
            cairo_set_scaled_font(cr, font)
            // The font the gstate draws with (made for the device matrix) is kept alive for good: see RetainedFonts.
            RetainedFonts.keep(cairo_get_scaled_font(cr))
            set(run.color, cr)
            if run.isOneShape {
                // One path of all the pieces' outlines, filled once (nonzero winding): overlaps are not covered twice.
                cairo_new_path(cr)
                cairo_glyph_path(cr, &glyphs, Int32(glyphs.count))
                cairo_fill(cr)
            } else if drawable.count == run.glyphs.count, run.clustersAreComplete {
                // With its source text, so PDF output keeps the text selectable (image surfaces ignore it).
                var clusters = run.clusters.map { cairo_text_cluster_t(num_bytes: Int32($0.bytes), num_glyphs: Int32($0.glyphs)) }
                cairo_show_text_glyphs(cr, run.text, Int32(run.text.utf8.count), &glyphs, Int32(glyphs.count), &clusters, Int32(clusters.count), cairo_text_cluster_flags_t(rawValue: 0))
            } else {
                cairo_show_glyphs(cr, &glyphs, Int32(glyphs.count))
            }
        }
    }

    /// The outlined box drawn for a missing glyph, and the width of its line.
    private static func missingGlyphBox(_ glyph: PositionedGlyph, _ font: FontKey, originX: Double, baselineY: Double) -> (rect: Rect, line: Double) {
        let height = font.size * 0.7
        return (Rect(x: originX + glyph.x + 1, y: baselineY - height, width: max(1, glyph.advance - 2), height: height), max(0.5, font.size / 17))
    }

    /// A box around everything `draw` paints for `run` at (originX, baselineY): the glyphs' positions grown by their
    /// font's bounding box (every glyph of a static face lies inside it), or the ink Cairo reports for a face without
    /// a usable one (variable fonts: the box is the default instance's); and the boxes of missing glyphs. Nil when
    /// it paints nothing.
    func inkBox(_ run: GlyphRun, originX: Double, baselineY: Double) -> Rect? {
        var union: Rect?
        func add(_ rect: Rect) { union = union.map { $0.union(rect) } ?? rect }
        let drawable = run.glyphs.filter { !$0.isMissing }
        if let box = bitmaps.inkBox(run, originX: originX, baselineY: baselineY) {
            if box.width > 0 { add(box) }
        } else if !drawable.isEmpty, let font = fonts.font(run.font) {
            if let box = fontBox(run.font) {
                var left = Double.infinity, right = -Double.infinity, top = Double.infinity, bottom = -Double.infinity
                for glyph in drawable {
                    left = min(left, glyph.x); right = max(right, glyph.x)
                    top = min(top, glyph.y); bottom = max(bottom, glyph.y)
                }
                add(Rect(x: originX + left + box.minX, y: baselineY + top + box.minY,
                         width: right - left + box.width, height: bottom - top + box.height))
            } else {
                var glyphs = drawable.map { cairo_glyph_t(index: UInt($0.id), x: originX + $0.x, y: baselineY + $0.y) }
                var extents = cairo_text_extents_t()
                cairo_scaled_font_glyph_extents(font, &glyphs, Int32(glyphs.count), &extents)
                if extents.width > 0, extents.height > 0 {
                    add(Rect(x: glyphs[0].x + extents.x_bearing, y: glyphs[0].y + extents.y_bearing, width: extents.width, height: extents.height))
                }
            }
        }
        for glyph in run.glyphs where glyph.isMissing {
            let box = Self.missingGlyphBox(glyph, run.font, originX: originX, baselineY: baselineY)
            add(box.rect.insetBy(-box.line))
        }
        return union
    }

    /// The font's bounding box in points around a glyph's origin (y down, the synthesised slant applied); nil for a
    /// variable or bitmap face, or one whose box is empty.
    private func fontBox(_ key: FontKey) -> Rect? {
        if let known = fontBoxes[key] { return known }
        var result: Rect?
        if let face = SharedFreeTypeFaces.face(file: key.file, index: key.faceIndex) {
            let flags = face.pointee.face_flags
            let bbox = face.pointee.bbox, units = Double(face.pointee.units_per_EM)
            if flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0, flags & FT_Long(FT_FACE_FLAG_MULTIPLE_MASTERS) == 0, units > 0,
               bbox.xMax > bbox.xMin, bbox.yMax > bbox.yMin {
                let scale = key.size / units
                let top = -Double(bbox.yMax) * scale, bottom = -Double(bbox.yMin) * scale
                // x += slant × height above the baseline (ScaledFontCache's matrix).
                let shears = [key.slant * -top, key.slant * -bottom]
                let left = Double(bbox.xMin) * scale + shears.min()!, right = Double(bbox.xMax) * scale + shears.max()!
                result = Rect(x: left, y: top, width: right - left, height: bottom - top)
            }
        }
        fontBoxes[key] = result
        return result
    }
}

func set(_ color: RGBA, _ cr: OpaquePointer) {
    cairo_set_source_rgba(cr, color.r, color.g, color.b, color.a)
}
