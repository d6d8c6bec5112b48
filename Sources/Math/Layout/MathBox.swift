import Drawing

/// A typeset piece of a formula (`math-facts.md` §3.1): width, ascent and descent in points, the italic
/// correction of its last glyph, and what it draws, with the origin at its left end on the baseline (y down).
public struct MathBox: Sendable, Equatable {
    public var width: Double
    public var ascent: Double
    public var descent: Double
    public var italicCorrection: Double
    /// TeX's "char node": one glyph that is not an extended shape. Scripts on it start from a zero shift.
    public var isSingleGlyph: Bool
    public var frame: Frame

    public init(width: Double = 0, ascent: Double = 0, descent: Double = 0, italicCorrection: Double = 0, isSingleGlyph: Bool = false,
                frame: Frame = Frame()) {
        self.width = width
        self.ascent = ascent
        self.descent = descent
        self.italicCorrection = italicCorrection
        self.isSingleGlyph = isSingleGlyph
        self.frame = frame
    }
}
