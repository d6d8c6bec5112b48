/// What paint is given: a display list, the canvas it is painted on, and the two facts paint needs about the page
/// beyond its items (whether it covers every pixel, whether layout stopped early). Layout makes it
/// (`PageLayout.displayPage(overlays:)`); paint never asks for more.
public struct DisplayPage: Sendable {
    public var list: Frame
    public var canvas: Canvas
    /// The background covers every pixel with full opacity: PNG output drops the alpha channel (RGB).
    public var opaque: Bool
    /// Layout stopped at its height limit: the page is incomplete and too tall for any raster output.
    public var truncated: Bool

    public init(list: Frame, canvas: Canvas, opaque: Bool, truncated: Bool = false) {
        self.list = list
        self.canvas = canvas
        self.opaque = opaque
        self.truncated = truncated
    }
}
