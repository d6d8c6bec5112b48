import Document

/// Names a font face at a size by value, so glyph runs can cross from layout to paint without
/// Pango pointers (`architecture.md`: "Fonts cross the stage boundary as values").
public struct FontKey: Sendable, Hashable {
    /// The font file the face comes from.
    public var file: String
    public var faceIndex: Int
    /// The Pango font description string that loads exactly this face ("Inter Bold 17").
    public var description: String
    /// Size in points.
    public var size: Double

    public init(file: String, faceIndex: Int, description: String, size: Double) {
        self.file = file
        self.faceIndex = faceIndex
        self.description = description
        self.size = size
    }
}

/// What the style stack resolves to: a family and style at a size (`v2-render-facts.md` §2.2).
public struct FontSpec: Sendable, Hashable {
    public enum Family: String, Sendable { case sans = "Inter", serif = "Noto Serif", mono = "DejaVu Sans Mono", emoji = "Noto Color Emoji", math = "Latin Modern Math" }

    public var family: Family
    /// CSS-style weight: 400 regular, 500 medium, 600 semibold, 700 bold.
    public var weight: Int
    public var italic: Bool
    /// Size in points.
    public var size: Double

    public init(family: Family, weight: Int = 400, italic: Bool = false, size: Double) {
        self.family = family
        self.weight = weight
        self.italic = italic
        self.size = size
    }
}

/// Font-wide vertical metrics in points, UIKit-like but with a positive descent.
public struct FontMetrics: Sendable, Equatable {
    public var family: String
    public var size: Double
    /// A: distance from the baseline up to the ascender line.
    public var ascent: Double
    /// D: distance from the baseline down to the descender line (positive).
    public var descent: Double
    public var capHeight: Double
    public var file: String
}
