import CHarfBuzz

/// Glyph-level data of a math font, in design units (`math-facts.md` §2.2, §2.4, §2.5).
extension MathFont {
    /// A glyph's ink box relative to its origin on the baseline, y up (top = `maxY`).
    public struct Ink: Sendable, Equatable {
        public var minX: Int
        public var maxX: Int
        public var minY: Int
        public var maxY: Int

        public init(minX: Int, maxX: Int, minY: Int, maxY: Int) {
            self.minX = minX
            self.maxX = maxX
            self.minY = minY
            self.maxY = maxY
        }
    }

    /// One size variant: the glyph and its advance measurement along the stretch direction.
    public struct Variant: Sendable, Equatable {
        public var glyph: UInt32
        public var advance: Int
    }

    /// One part of a glyph assembly, bottom→top or left→right.
    public struct AssemblyPart: Sendable, Equatable {
        public var glyph: UInt32
        public var startConnector: Int
        public var endConnector: Int
        public var fullAdvance: Int
        public var isExtender: Bool
    }

    /// The glyph the font maps `scalar` to, nil when it has none.
    public func glyph(for scalar: Unicode.Scalar) -> UInt32? {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(font, hb_codepoint_t(scalar.value), &glyph) != 0 ? glyph : nil
    }

    public func advance(_ glyph: UInt32) -> Int { Int(hb_font_get_glyph_h_advance(font, glyph)) }

    public func ink(_ glyph: UInt32) -> Ink {
        var extents = hb_glyph_extents_t()
        guard hb_font_get_glyph_extents(font, glyph, &extents) != 0 else { return Ink(minX: 0, maxX: 0, minY: 0, maxY: 0) }
        // HarfBuzz: y_bearing is the top, height is negative.
        return Ink(minX: Int(extents.x_bearing), maxX: Int(extents.x_bearing + extents.width),
                   minY: Int(extents.y_bearing + extents.height), maxY: Int(extents.y_bearing))
    }

    /// The glyph's italic correction, 0 when the font gives none.
    public func italicCorrection(_ glyph: UInt32) -> Int { Int(hb_ot_math_get_glyph_italics_correction(font, glyph)) }

    /// Where a top accent attaches, from the glyph origin (HarfBuzz falls back to half the advance).
    public func topAccentAttachment(_ glyph: UInt32) -> Int { Int(hb_ot_math_get_glyph_top_accent_attachment(font, glyph)) }

    /// Whether scripts attach to the glyph as to a box (ExtendedShapeCoverage).
    public func isExtendedShape(_ glyph: UInt32) -> Bool { hb_ot_math_is_glyph_extended_shape(face, glyph) != 0 }

    /// The size variants in order of size, the base glyph first.
    public func variants(_ glyph: UInt32, vertical: Bool) -> [Variant] {
        let direction = vertical ? HB_DIRECTION_BTT : HB_DIRECTION_LTR
        var count: UInt32 = 0
        let total = hb_ot_math_get_glyph_variants(font, glyph, direction, 0, &count, nil)
        guard total > 0 else { return [] }
        var buffer = [hb_ot_math_glyph_variant_t](repeating: hb_ot_math_glyph_variant_t(), count: Int(total))
        count = total
        _ = hb_ot_math_get_glyph_variants(font, glyph, direction, 0, &count, &buffer)
        return buffer.prefix(Int(count)).map { Variant(glyph: $0.glyph, advance: Int($0.advance)) }
    }

    /// The glyph assembly in that direction (empty when there is none) and its italic correction.
    public func assembly(_ glyph: UInt32, vertical: Bool) -> (parts: [AssemblyPart], italicCorrection: Int) {
        let direction = vertical ? HB_DIRECTION_BTT : HB_DIRECTION_LTR
        var count: UInt32 = 0
        var italic: hb_position_t = 0
        let total = hb_ot_math_get_glyph_assembly(font, glyph, direction, 0, &count, nil, &italic)
        guard total > 0 else { return ([], 0) }
        var buffer = [hb_ot_math_glyph_part_t](repeating: hb_ot_math_glyph_part_t(), count: Int(total))
        count = total
        _ = hb_ot_math_get_glyph_assembly(font, glyph, direction, 0, &count, &buffer, &italic)
        let parts = buffer.prefix(Int(count)).map {
            AssemblyPart(glyph: $0.glyph, startConnector: Int($0.start_connector_length), endConnector: Int($0.end_connector_length),
                         fullAdvance: Int($0.full_advance), isExtender: $0.flags.rawValue & HB_OT_MATH_GLYPH_PART_FLAG_EXTENDER.rawValue != 0)
        }
        return (parts, Int(italic))
    }
}
