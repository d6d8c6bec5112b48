/// Shaped glyphs of one font and colour, positioned relative to a pen origin on the baseline.
public struct GlyphRun: Sendable, Equatable {
    public var font: FontKey
    public var color: RGBA
    public var glyphs: [PositionedGlyph]
    /// The source text of the glyphs' clusters, in glyph order, and how it maps to them: vector output
    /// stores it with the glyphs so the text stays selectable and searchable. Empty when unknown.
    public var text: String
    public var clusters: [TextCluster]
    /// The glyphs are pieces of one shape that overlap (an extensible arrow's or a tall delimiter's assembly): paint
    /// fills their outlines as one path, so an overlap is covered once. Drawn glyph by glyph, the anti-aliased edges
    /// of each overlap were covered twice and showed as darker notches along an arrow's shaft.
    public var isOneShape: Bool

    public init(font: FontKey, color: RGBA, glyphs: [PositionedGlyph], text: String = "", clusters: [TextCluster] = [], isOneShape: Bool = false) {
        self.font = font
        self.color = color
        self.glyphs = glyphs
        self.text = text
        self.clusters = clusters
        self.isOneShape = isOneShape
    }

    /// The clusters cover `text` and `glyphs` exactly (else the text is not usable with these glyphs).
    public var clustersAreComplete: Bool {
        !clusters.isEmpty && clusters.reduce(0) { $0 + $1.bytes } == text.utf8.count && clusters.reduce(0) { $0 + $1.glyphs } == glyphs.count
    }
}

/// `bytes` UTF-8 bytes of a run's text drawn by its next `glyphs` glyphs (either may be 0, not both).
public struct TextCluster: Sendable, Equatable {
    public var bytes: Int
    public var glyphs: Int

    public init(bytes: Int, glyphs: Int) {
        self.bytes = bytes
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
