/// What paint is given, its whole contract: a display list, the canvas it is painted on, the decoded images it
/// draws, the words the output carries beside its picture, and the two facts paint needs about the page beyond its
/// items (whether it covers every pixel, whether layout stopped early). Layout makes it (`PageLayout.displayPage(overlays:)`), the front door's media source fills
/// `images` (`MediaResolver`); paint reads no file, runs no program and decodes nothing.
public struct DisplayPage: Sendable {
    public var list: Frame
    public var canvas: Canvas
    /// The background covers every pixel with full opacity: PNG output drops the alpha channel (RGB).
    public var opaque: Bool
    /// Layout stopped at its height limit: the page is incomplete and too tall for any raster output.
    public var truncated: Bool
    /// The local media and thumbnails the list draws, decoded (empty: every `MediaChoice` draws its `absent`).
    public var images: MediaImages
    /// The page's words, embedded in its PNG, SVG or PDF (nil: none, `--no-alt-text`).
    public var altText: AltTextMetadata?

    public init(list: Frame, canvas: Canvas, opaque: Bool, truncated: Bool = false, images: MediaImages = MediaImages(), altText: AltTextMetadata? = nil) {
        self.list = list
        self.canvas = canvas
        self.opaque = opaque
        self.truncated = truncated
        self.images = images
        self.altText = altText
    }
}
