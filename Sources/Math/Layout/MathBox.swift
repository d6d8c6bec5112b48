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
    /// Equation tags of the rows inside (`\tag` in `align` or `gather`), each with its baseline below this box's.
    public var tags: [MathTag] = []

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

/// An equation tag (`\tag{1}` → "(1)"), typeset, and where its baseline is: points below the baseline of the box
/// that holds it (negative: above).
public struct MathTag: Sendable, Equatable {
    public var box: MathBox
    public var baseline: Double

    public init(box: MathBox, baseline: Double) {
        self.box = box
        self.baseline = baseline
    }
}
