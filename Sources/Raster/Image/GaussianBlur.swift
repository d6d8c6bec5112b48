import CCairo
import Foundation

/// A separable Gaussian blur of a Cairo ARGB32 image surface in place (premultiplied channels blur
/// independently, which is correct for premultiplied data). Used for the reveal snippets' 2 → 0 blur.
enum GaussianBlur {
    static func apply(to surface: OpaquePointer, sigmaPixels sigma: Double) {
        guard sigma >= 0.05, let data = cairo_image_surface_get_data(surface) else { return }
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard width > 0, height > 0 else { return }
        let kernel = weights(sigma: sigma).map(Float.init)
        let radius = kernel.count / 2
        var source = [Float](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width * 4 { source[y * width * 4 + x] = Float(data[y * stride + x]) }
        }
        var horizontal = [Float](repeating: 0, count: source.count)
        source.withUnsafeBufferPointer { input in
            horizontal.withUnsafeMutableBufferPointer { output in
                for y in 0..<height {
                    let row = y * width * 4
                    for x in 0..<width {
                        let low = max(-radius, -x), high = min(radius, width - 1 - x)
                        var s0: Float = 0, s1: Float = 0, s2: Float = 0, s3: Float = 0
                        for k in low...high {
                            let w = kernel[k + radius], p = row + (x + k) * 4
                            s0 += w * input[p]; s1 += w * input[p + 1]; s2 += w * input[p + 2]; s3 += w * input[p + 3]
                        }
                        let p = row + x * 4
                        output[p] = s0; output[p + 1] = s1; output[p + 2] = s2; output[p + 3] = s3
                    }
                }
            }
        }
        horizontal.withUnsafeBufferPointer { input in
            for y in 0..<height {
                let low = max(-radius, -y), high = min(radius, height - 1 - y)
                for x in 0..<width {
                    var s0: Float = 0, s1: Float = 0, s2: Float = 0, s3: Float = 0
                    for k in low...high {
                        let w = kernel[k + radius], p = ((y + k) * width + x) * 4
                        s0 += w * input[p]; s1 += w * input[p + 1]; s2 += w * input[p + 2]; s3 += w * input[p + 3]
                    }
                    let pixel = data + y * stride + x * 4
                    // Premultiplied: no colour channel may exceed alpha (byte 3 on little-endian ARGB32).
                    let alpha = clamp(s3)
                    pixel[0] = min(clamp(s0), alpha); pixel[1] = min(clamp(s1), alpha); pixel[2] = min(clamp(s2), alpha); pixel[3] = alpha
                }
            }
        }
    }

    /// Normalised weights over ±3 sigma.
    static func weights(sigma: Double) -> [Double] {
        let radius = max(1, Int((3 * sigma).rounded(.up)))
        let kernel = (-radius...radius).map { k in exp(-Double(k * k) / (2 * sigma * sigma)) }
        let total = kernel.reduce(0, +)
        return kernel.map { $0 / total }
    }

    private static func clamp(_ value: Float) -> UInt8 { UInt8(max(0, min(255, value + 0.5))) }
}
