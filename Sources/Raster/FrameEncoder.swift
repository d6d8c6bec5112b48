import CCairo
import CPNGWriter
import Drawing

/// Paints display-list frames of one canvas size and encodes each as PNG, reusing one Cairo surface (cleared
/// between frames), its own glyph painter, and the compressed bands of rows of its earlier
/// frames (a band whose bytes did not change is not compressed again; the bytes are the same as without).
/// One per thread, so animation frames can be painted and encoded on every core at once.
public final class FrameEncoder {
    public let canvas: Canvas
    public let opaque: Bool
    private let glyphs = GlyphPainter()
    private var surface: CairoCanvas?
    private let bands: OpaquePointer

    public init(canvas: Canvas, opaque: Bool) {
        self.canvas = canvas
        self.opaque = opaque
        bands = ipr_frame_cache_new()!  // a few bytes: only an exhausted heap fails here
    }

    deinit { ipr_frame_cache_free(bands) }

    /// `frame` painted at the canvas's scale with the decoded `images` it draws, encoded at libdeflate `level` on
    /// this thread.
    public func png(_ frame: Frame, images: MediaImages = MediaImages(), level: Int32) throws -> [UInt8] {
        guard canvas.fitsOneSurface else {
            throw PageTooLarge(message: "the \(canvas.pixelWidth)×\(canvas.pixelHeight) px canvas is larger than a raster image can be "
                + "(\(Canvas.maxRasterSide) px a side, \(Canvas.maxSurfacePixels) pixels in all)")
        }
        let target: CairoCanvas
        if let surface {
            surface.reset()
            target = surface
        } else {
            target = try CairoCanvas(pixelWidth: canvas.pixelWidth, pixelHeight: canvas.pixelHeight)
            surface = target
        }
        cairo_scale(target.cr, canvas.scale, canvas.scale)
        FramePainter(glyphs: glyphs, images: images, scale: canvas.scale).paintPage(frame, cr: target.cr)
        try target.check()
        return try target.consumeAsFramePNG(opaque: opaque, level: level, cache: bands)
    }
}
