import Drawing
import Raster

/// Decoding shared by the sources: straight RGBA → the premultiplied pixels paint copies onto a surface.
public enum MediaDecoding {
    /// Larger images are refused with a warning (a decompression-bomb guard).
    public static let maxPixels = 40_000_000

    /// `image` premultiplied into paint's pixel format; larger than `maxPixels` is an error.
    public static func decodedImage(_ image: RGBAImage) throws -> DecodedImage {
        guard image.width > 0, image.height > 0, image.width <= maxPixels / max(1, image.height) else { throw ImageDecoder.tooLarge() }
        var out = [UInt32](repeating: 0, count: image.width * image.height)
        image.pixels.withUnsafeBufferPointer { pixels in
            for index in 0..<out.count {
                let i = index * 4
                let a = UInt32(pixels[i + 3])
                let r = (UInt32(pixels[i]) * a + 127) / 255, g = (UInt32(pixels[i + 1]) * a + 127) / 255
                let b = (UInt32(pixels[i + 2]) * a + 127) / 255
                out[index] = a << 24 | r << 16 | g << 8 | b
            }
        }
        guard let decoded = DecodedImage(width: image.width, height: image.height, pixels: out) else { throw ImageDecoder.tooLarge() }
        return decoded
    }
}
