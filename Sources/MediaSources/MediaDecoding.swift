import Drawing
import Images

/// Where and how large a decoded image is drawn, in device pixels: what `MediaDecoding` may shrink it to.
public struct ImageUse: Hashable, Sendable {
    public var width: Double
    public var height: Double
    public var fit: ImageItem.Fit

    public init(width: Double, height: Double, fit: ImageItem.Fit) {
        self.width = width
        self.height = height
        self.fit = fit
    }

    /// A sticker's still: its bitmap is at most this square (custom-emoji-facts §3.3 gives 80 px for the largest
    /// cell at 2×; 512 leaves room and keeps any still within 1 MB once shrunk).
    public static let stickerStill = ImageUse(width: 512, height: 512, fit: .fill)
}

/// Decoding shared by the sources: straight RGBA → the premultiplied pixels paint copies onto a surface, shrunk by
/// a whole factor when the image is at least twice as large as everywhere it is drawn (issue 56: a message of six
/// 40-megapixel photos holds six photos the size of the bubble, not 960 MB; Cairo then resamples the rest as
/// before, so an image under twice its drawn size keeps its pixels exactly).
public enum MediaDecoding {
    /// Larger images are refused with a warning (a decompression-bomb guard), from their headers.
    public static let maxPixels = 40_000_000

    /// `image` premultiplied into paint's pixel format, box-shrunk by `shrinkFactor(…, uses:)`; larger than
    /// `maxPixels` is an error.
    public static func decodedImage(_ image: RGBAImage, uses: Set<ImageUse> = []) throws -> DecodedImage {
        guard image.width > 0, image.height > 0, image.width <= maxPixels / max(1, image.height) else { throw ImageDecoder.tooLarge() }
        let factor = shrinkFactor(width: image.width, height: image.height, uses: uses)
        let width = (image.width + factor - 1) / factor, height = (image.height + factor - 1) / factor
        var out = [UInt32](repeating: 0, count: width * height)
        image.pixels.withUnsafeBufferPointer { pixels in
            out.withUnsafeMutableBufferPointer { target in
                if factor == 1 {
                    for index in 0..<target.count {
                        let i = index * 4
                        let a = UInt32(pixels[i + 3])
                        let r = (UInt32(pixels[i]) * a + 127) / 255, g = (UInt32(pixels[i + 1]) * a + 127) / 255
                        let b = (UInt32(pixels[i + 2]) * a + 127) / 255
                        target[index] = a << 24 | r << 16 | g << 8 | b
                    }
                } else {
                    shrink(pixels, width: image.width, height: image.height, by: factor, into: target, width: width)
                }
            }
        }
        guard let decoded = DecodedImage(width: width, height: height, pixels: out) else { throw ImageDecoder.tooLarge() }
        return decoded
    }

    /// The whole factor an image of `width` × `height` may be shrunk by so that it still has at least one pixel per
    /// device pixel wherever it is drawn (aspect-fill covers its rect, aspect-fit fits it, a stretch fills both
    /// sides); 1 when there is no use to go by, when a use is a heavy blur only (it shrinks anyway, any factor is
    /// fine) or when the image is less than twice its largest use.
    public static func shrinkFactor(width: Int, height: Int, uses: Set<ImageUse>) -> Int {
        var factor = Double.infinity
        for use in uses {
            guard use.width.isFinite, use.height.isFinite, use.width >= 1, use.height >= 1 else { continue }
            let x = Double(width) / use.width, y = Double(height) / use.height
            switch use.fit {
            case .fill, .stretch: factor = min(factor, x, y)
            case .fit: factor = min(factor, max(x, y))
            case .heavyBlur: continue
            }
        }
        guard factor.isFinite, factor >= 2 else { return 1 }
        return Int(min(factor, Double(min(width, height))).rounded(.down))
    }

    /// Box-averages `factor` × `factor` blocks of straight RGBA (the last row and column of blocks partial) into
    /// premultiplied ARGB32: each channel the mean of its premultiplied values, alpha the mean of the alphas.
    private static func shrink(_ pixels: UnsafeBufferPointer<UInt8>, width: Int, height: Int, by factor: Int,
                               into target: UnsafeMutableBufferPointer<UInt32>, width outWidth: Int) {
        var sums = [UInt64](repeating: 0, count: outWidth * 4)
        var outY = 0, rowsIn = 0
        for y in 0..<height {
            var row = y * width * 4
            for x in 0..<width {
                let a = UInt64(pixels[row + 3])
                let cell = (x / factor) * 4
                sums[cell] += UInt64(pixels[row]) * a
                sums[cell + 1] += UInt64(pixels[row + 1]) * a
                sums[cell + 2] += UInt64(pixels[row + 2]) * a
                sums[cell + 3] += a
                row += 4
            }
            rowsIn += 1
            guard rowsIn == factor || y == height - 1 else { continue }
            for x in 0..<outWidth {
                let columns = UInt64(min(factor, width - x * factor))
                let count = columns * UInt64(rowsIn)
                let cell = x * 4
                let a = (sums[cell + 3] + count / 2) / count
                let scale = count * 255
                let r = (sums[cell] + scale / 2) / scale, g = (sums[cell + 1] + scale / 2) / scale, b = (sums[cell + 2] + scale / 2) / scale
                target[outY * outWidth + x] = UInt32(a) << 24 | UInt32(min(r, a)) << 16 | UInt32(min(g, a)) << 8 | UInt32(min(b, a))
                sums[cell] = 0
                sums[cell + 1] = 0
                sums[cell + 2] = 0
                sums[cell + 3] = 0
            }
            outY += 1
            rowsIn = 0
        }
    }
}
