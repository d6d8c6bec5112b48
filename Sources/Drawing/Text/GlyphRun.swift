/// Shaped glyphs of one font and colour, positioned relative to a pen origin on the baseline.
public struct GlyphRun: Sendable, Equatable {
    public var font: FontKey
    public var color: RGBA
    public var glyphs: [PositionedGlyph]

    public init(font: FontKey, color: RGBA, glyphs: [PositionedGlyph]) {
        self.font = font
        self.color = color
        self.glyphs = glyphs
    }
}

public struct PositionedGlyph: Sendable, Equatable {
    /// The font's glyph id; `isMissing` glyphs (no font has the character) are drawn as a box by paint.
    public var id: UInt32
    public var x: Double
    public var y: Double
    public var advance: Double
    public var isMissing: Bool

    public init(id: UInt32, x: Double, y: Double, advance: Double, isMissing: Bool) {
        self.id = id
        self.x = x
        self.y = y
        self.advance = advance
        self.isMissing = isMissing
    }
}
