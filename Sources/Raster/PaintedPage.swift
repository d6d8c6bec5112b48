import Drawing
import Images

/// A page painted onto its Cairo canvas, not yet encoded: `png` reads the canvas's rows in place (no image
/// copy) and uses the canvas up, `image` copies it out as straight RGBA. `Renderer.painted` makes one.
public final class PaintedPage {
    let canvas: CairoCanvas
    /// RGB output (the page's background is opaque) rather than RGBA.
    public let opaque: Bool
    /// The chunks `png` writes after IHDR (pHYs, the alt text).
    let metadata: PNGMetadata
    private var consumed = false

    init(canvas: CairoCanvas, opaque: Bool, metadata: PNGMetadata = .none) {
        self.canvas = canvas
        self.opaque = opaque
        self.metadata = metadata
    }

    /// The PNG at libdeflate `level`, compressed on up to `threads` threads (the bytes do not depend on it);
    /// the page cannot be read again afterwards.
    public func png(level: Int32 = PNGCodec.compressionLevel, threads: Int = PNGCodec.defaultThreads) throws -> [UInt8] {
        precondition(!consumed, "a painted page is encoded once")
        consumed = true
        return try canvas.consumeAsPNG(opaque: opaque, level: level, threads: threads, metadata: metadata)
    }

    /// The pixels as straight RGBA.
    public func image() -> RGBAImage {
        precondition(!consumed, "a painted page's pixels were already used by png()")
        return canvas.straightRGBA()
    }
}
