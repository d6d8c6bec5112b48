import Layout

/// One glyph popping in during the streaming reveal (`v2-reveal-facts.md` §5.1): the text inside `rect`
/// (item-local: the glyph's ink x-extent by the line box), blurred, faded, scaled about its centre and
/// lowered by `offsetY`.
public struct RevealSnippet: Sendable, Equatable {
    public var rect: Rect
    public var opacity: Double
    public var scale: Double
    public var offsetY: Double
    /// Gaussian sigma in points.
    public var blurRadius: Double

    public init(rect: Rect, opacity: Double, scale: Double, offsetY: Double, blurRadius: Double) {
        self.rect = rect
        self.opacity = opacity
        self.scale = scale
        self.offsetY = offsetY
        self.blurRadius = blurRadius
    }
}

