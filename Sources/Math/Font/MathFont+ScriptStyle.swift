import CHarfBuzz

/// Script-style glyph forms (`math-facts.md` §8: "Script glyphs: `ssty` optical forms", as XeTeX and LuaTeX use
/// them): in script style the font's `ssty` feature at value 1 and in script-script style at value 2 picks
/// glyphs drawn for small sizes (wider, heavier strokes; the prime's `minute.st`). HarfBuzz applies the
/// feature when shaping the character in the `math` script.
extension MathFont {
    /// The glyph for `scalar` at script level 0 (display and text), 1 (script) or 2 (script-script).
    public func glyph(for scalar: Unicode.Scalar, scriptLevel: Int) -> UInt32? {
        guard let nominal = glyph(for: scalar) else { return nil }
        guard scriptLevel > 0 else { return nominal }
        let key = UInt64(scalar.value) << 2 | UInt64(min(scriptLevel, 2))
        if let known = scriptForms[key] { return known }
        let form = shapedGlyph(scalar, ssty: UInt32(min(scriptLevel, 2))) ?? nominal
        scriptForms[key] = form
        return form
    }

    private func shapedGlyph(_ scalar: Unicode.Scalar, ssty: UInt32) -> UInt32? {
        guard let buffer = hb_buffer_create() else { return nil }
        defer { hb_buffer_destroy(buffer) }
        var codepoint = scalar.value
        hb_buffer_add_utf32(buffer, &codepoint, 1, 0, 1)
        hb_buffer_set_direction(buffer, HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, HB_SCRIPT_MATH)
        var feature = hb_feature_t(tag: Self.tag("ssty"), value: ssty, start: 0, end: UInt32.max)
        hb_shape(font, buffer, &feature, 1)
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count), count == 1 else { return nil }
        return infos[0].codepoint
    }

    private static func tag(_ text: String) -> hb_tag_t {
        text.utf8.reduce(0) { $0 << 8 | hb_tag_t($1) }
    }
}
