/// The raster and vector canvas a page is painted on: its size in points, the scale to pixels and where the
/// page's own coordinates start.
public struct Canvas: Sendable, Equatable {
    /// The largest side of one Cairo image surface, pixels: the widest a PNG page can be (it is painted in
    /// horizontal strips), and the largest reveal frame, `compare` image and golden.
    public static let maxRasterSide = 32_767

    /// The tallest PNG page, pixels (strips let a page be taller than a surface; this bounds the work).
    public static let maxPageHeight = 1 << 20

    public var width: Double
    public var height: Double
    public var scale: Double
    public var pixelWidth: Int
    public var pixelHeight: Int
    /// Where page/bubble-body coordinates start on the canvas (points).
    public var bubbleOrigin: (x: Double, y: Double)

    public init(width: Double, height: Double, scale: Double, pixelWidth: Int, pixelHeight: Int, bubbleOrigin: (x: Double, y: Double)) {
        self.width = width
        self.height = height
        self.scale = scale
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.bubbleOrigin = bubbleOrigin
    }

    public static func == (lhs: Canvas, rhs: Canvas) -> Bool {
        lhs.width == rhs.width && lhs.height == rhs.height && lhs.scale == rhs.scale && lhs.pixelWidth == rhs.pixelWidth
            && lhs.pixelHeight == rhs.pixelHeight && lhs.bubbleOrigin == rhs.bubbleOrigin
    }
}
