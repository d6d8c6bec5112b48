import CHarfBuzz
import Drawing

/// A text font shaped with HarfBuzz: the fallback for characters Latin Modern Math lacks (Cyrillic, CJK …), in
/// `\text` and in math alike (README Decisions; `math-facts.md` §7 item 2). Owns the HarfBuzz blob, face and font.
public final class TextFont {
    public let file: String
    public let faceIndex: Int
    let unitsPerEm: Int
    let face: OpaquePointer
    let font: OpaquePointer

    public init(file: String, faceIndex: Int = 0) throws {
        guard let blob = hb_blob_create_from_file(file) else { throw MathFont.OpenError.unreadable(path: file) }
        defer { hb_blob_destroy(blob) }
        guard hb_face_count(blob) > UInt32(max(faceIndex, 0)), let face = hb_face_create(blob, UInt32(faceIndex)) else {
            throw MathFont.OpenError.unreadable(path: file)
        }
        guard let font = hb_font_create(face) else {
            hb_face_destroy(face)
            throw MathFont.OpenError.unreadable(path: file)
        }
        self.file = file
        self.faceIndex = faceIndex
        self.face = face
        self.font = font
        unitsPerEm = Int(hb_face_get_upem(face))
    }

    deinit {
        hb_font_destroy(font)
        hb_face_destroy(face)
    }

    /// Whether the font has a glyph for `scalar`.
    public func covers(_ scalar: Unicode.Scalar) -> Bool {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(font, hb_codepoint_t(scalar.value), &glyph) != 0
    }

    /// `text` shaped at `size` points: the glyph run (origin on the baseline at its left end), its advance and its
    /// ink extent above and below the baseline.
    public func shape(_ text: String, size: Double, color: RGBA) -> (run: GlyphRun, width: Double, ascent: Double, descent: Double) {
        guard let buffer = hb_buffer_create() else { return (GlyphRun(font: key(size: size), color: color, glyphs: []), 0, 0, 0) }
        defer { hb_buffer_destroy(buffer) }
        hb_buffer_add_utf8(buffer, text, Int32(text.utf8.count), 0, Int32(text.utf8.count))
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(font, buffer, nil, 0)
        var count: UInt32 = 0
        let infos = hb_buffer_get_glyph_infos(buffer, &count)
        let positions = hb_buffer_get_glyph_positions(buffer, &count)
        let scale = size / Double(unitsPerEm)
        var glyphs: [PositionedGlyph] = []
        var x = 0.0, ascent = 0.0, descent = 0.0
        for i in 0..<Int(count) {
            guard let info = infos?[i], let position = positions?[i] else { break }
            let advance = Double(position.x_advance) * scale
            let y = -Double(position.y_offset) * scale
            glyphs.append(PositionedGlyph(id: info.codepoint, x: x + Double(position.x_offset) * scale, y: y, advance: advance,
                                          isMissing: info.codepoint == 0))
            var extents = hb_glyph_extents_t()
            if hb_font_get_glyph_extents(font, info.codepoint, &extents) != 0 {
                ascent = max(ascent, Double(extents.y_bearing) * scale - y)
                descent = max(descent, -Double(extents.y_bearing + extents.height) * scale + y)
            }
            x += advance
        }
        return (GlyphRun(font: key(size: size), color: color, glyphs: glyphs, text: text), x, ascent, descent)
    }

    public func key(size: Double) -> FontKey { FontKey(file: file, faceIndex: faceIndex, size: size) }
}
