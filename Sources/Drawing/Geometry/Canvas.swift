/// The raster and vector canvas a page is painted on: its size in points, the scale to pixels and where the
/// page's own coordinates start.
public struct Canvas: Sendable, Equatable {
    /// The largest side of one Cairo image surface, pixels: the widest a PNG page can be (it is painted in
    /// horizontal strips), and the largest reveal frame, `compare` image and golden.
    public static let maxRasterSide = 32_767

    /// The tallest PNG page, pixels (strips let a page be taller than a surface; this bounds the work).
    public static let maxPageHeight = 1 << 20

    /// The most pixels one surface painted whole may have: a formula image, a reveal or animation frame, a page that
    /// draws raster images (which is painted on one canvas). 40 megapixels, 160 MB of ARGB — the bound a decoded
    /// image has — so no request makes one allocation of more than that, whatever its size, scale and padding
    /// (issue 56: a formula at size 1000, scale 4 and padding 1000 was a 255-megapixel, 1 GB surface).
    public static let maxSurfacePixels = 40_000_000

    /// Whether `width` × `height` pixels fit one surface: each side at most `maxRasterSide`, the area at most
    /// `maxSurfacePixels`.
    public static func fitsOneSurface(pixelWidth width: Int, pixelHeight height: Int) -> Bool {
        width <= maxRasterSide && height <= maxRasterSide && width.multipliedReportingOverflow(by: height).partialValue <= maxSurfacePixels
            && !width.multipliedReportingOverflow(by: height).overflow
    }

    /// Whether this canvas fits one surface.
    public var fitsOneSurface: Bool { Canvas.fitsOneSurface(pixelWidth: pixelWidth, pixelHeight: pixelHeight) }

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
