import CWebP
import Primitives

/// WebP output (issue 63) through libwebp, opened on first use: lossless by default, keeping every pixel's exact
/// values (transparent ones too), so it decodes to the PNG's pixels; or lossy at a quality of 0-100.
public enum WebPCodec {
    /// WebP's largest side, in pixels.
    public static let maxSide = 16_383

    public struct Failure: ClassifiedError {
        public let message: String
        public var kind: FailureKind { .environment }
        public var description: String { message }
    }

    /// `quality`: nil for lossless, else 0-100 lossy. The image must be at most `maxSide` a side (the caller refuses
    /// larger pages with its own message). `xmp`: an XMP packet to carry (the page's alt text), in a VP8X container.
    public static func encode(_ image: RGBAImage, quality: Double? = nil, xmp: [UInt8]? = nil) throws -> [UInt8] {
        guard image.width >= 1, image.height >= 1, image.width <= maxSide, image.height <= maxSide else {
            throw Failure(message: "a WebP image is 1 to \(maxSide) pixels a side, not \(image.width)×\(image.height)")
        }
        if let reason = ipr_webp_load() { throw Failure(message: "WebP output needs libwebp: \(String(cString: reason))") }
        var data: UnsafeMutablePointer<UInt8>?
        var size = 0
        let status = image.pixels.withUnsafeBufferPointer { pixels in
            ipr_webp_encode_rgba(pixels.baseAddress, Int32(image.width), Int32(image.height), Int32(image.width * 4),
                                 Float(quality.map { min(100, max(0, $0)) } ?? -1), &data, &size)
        }
        defer { ipr_webp_free(data) }
        guard status == 0, let data else { throw Failure(message: "WebP encoding failed (libwebp error \(status))") }
        guard let xmp, !xmp.isEmpty else { return Array(UnsafeBufferPointer(start: data, count: size)) }
        var muxed: UnsafeMutablePointer<UInt8>?
        var muxedSize = 0
        let muxStatus = ipr_webp_add_xmp(data, size, xmp, xmp.count, &muxed, &muxedSize)
        defer { ipr_webp_free(muxed) }
        guard muxStatus == 0, let muxed else {
            throw Failure(message: muxStatus == -1 ? "WebP metadata needs libwebpmux (Debian's libwebpmux3); --no-alt-text writes the image without it"
                                                   : "WebP metadata could not be added (libwebpmux error \(muxStatus))")
        }
        return Array(UnsafeBufferPointer(start: muxed, count: muxedSize))
    }
}
