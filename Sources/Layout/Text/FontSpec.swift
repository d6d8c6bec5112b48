import Document
import Drawing
import Fonts

/// What the style stack resolves to: a family and style at a size (`v2-render-facts.md` §2.2).
public struct FontSpec: Sendable, Hashable {
    public typealias Family = FontFamily

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
