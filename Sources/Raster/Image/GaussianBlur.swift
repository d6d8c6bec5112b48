import CPango
import Foundation

/// A separable Gaussian blur of a Cairo ARGB32 image surface in place (premultiplied channels blur
/// independently, which is correct for premultiplied data). Used for the reveal snippets' 2 → 0 blur.
enum GaussianBlur {
    static func apply(to surface: OpaquePointer, sigmaPixels sigma: Double) {
        guard sigma >= 0.05, let data = cairo_image_surface_get_data(surface) else { return }
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        let kernel = weights(sigma: sigma)
        let radius = kernel.count / 2
        var line = [Double](repeating: 0, count: max(width, height) * 4)
        // Horizontal pass.
        for y in 0..<height {
            let row = data + y * stride
            for x in 0..<width {
                for c in 0..<4 { line[x * 4 + c] = Double(row[x * 4 + c]) }
            }
            for x in 0..<width {
                var sums = (0.0, 0.0, 0.0, 0.0)
                for k in -radius...radius {
                    let sx = x + k
                    guard sx >= 0, sx < width else { continue }
                    let w = kernel[k + radius]
                    sums.0 += w * line[sx * 4]; sums.1 += w * line[sx * 4 + 1]; sums.2 += w * line[sx * 4 + 2]; sums.3 += w * line[sx * 4 + 3]
                }
                store(sums, at: row + x * 4)
            }
        }
        // Vertical pass.
        for x in 0..<width {
            for y in 0..<height {
                for c in 0..<4 { line[y * 4 + c] = Double(data[y * stride + x * 4 + c]) }
            }
            for y in 0..<height {
                var sums = (0.0, 0.0, 0.0, 0.0)
                for k in -radius...radius {
                    let sy = y + k
                    guard sy >= 0, sy < height else { continue }
                    let w = kernel[k + radius]
                    sums.0 += w * line[sy * 4]; sums.1 += w * line[sy * 4 + 1]; sums.2 += w * line[sy * 4 + 2]; sums.3 += w * line[sy * 4 + 3]
                }
                store(sums, at: data + y * stride + x * 4)
            }
        }
    }

    /// Normalised weights over ±3 sigma.
    static func weights(sigma: Double) -> [Double] {
        let radius = max(1, Int((3 * sigma).rounded(.up)))
        var kernel = (-radius...radius).map { k in exp(-Double(k * k) / (2 * sigma * sigma)) }
        let total = kernel.reduce(0, +)
        kernel = kernel.map { $0 / total }
        return kernel
    }

    private static func store(_ sums: (Double, Double, Double, Double), at pixel: UnsafeMutablePointer<UInt8>) {
        func clamp(_ v: Double) -> UInt8 { UInt8(max(0, min(255, v.rounded()))) }
        // Premultiplied: no colour channel may exceed alpha (byte 3 on little-endian ARGB32).
        let alpha = clamp(sums.3)
        pixel[0] = min(clamp(sums.0), alpha); pixel[1] = min(clamp(sums.1), alpha); pixel[2] = min(clamp(sums.2), alpha); pixel[3] = alpha
    }
}
