import CCairo
import FoundationEssentials
import Glibc

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
        let rowLength = width * 4
        var source = [Float](repeating: 0, count: rowLength * height)
        source.withUnsafeMutableBufferPointer { output in
            for y in 0..<height {
                let row = data + y * stride
                for x in 0..<rowLength { output[y * rowLength + x] = Float(row[x]) }
            }
        }
        var horizontal = [Float](repeating: 0, count: source.count)
        kernel.withUnsafeBufferPointer { kernel in
            source.withUnsafeBufferPointer { input in
                horizontal.withUnsafeMutableBufferPointer { output in
                    // Pixels at least `radius` from both ends take every weight: they are summed a weight at a time
                    // across the row (each sum still adds its terms from k = -radius up, as the edge pixels'
                    // per-pixel loop below does), which vectorises.
                    let inner = radius..<max(radius, width - radius)
                    for y in 0..<height {
                        let row = y * rowLength
                        if !inner.isEmpty {
                            let first = row + inner.lowerBound * 4, count = (inner.upperBound - inner.lowerBound) * 4
                            let sums = output.baseAddress! + first
                            sums.initialize(repeating: 0, count: count)
                            for k in -radius...radius {
                                let w = kernel[k + radius], terms = input.baseAddress! + (first + k * 4)
                                for i in 0..<count { sums[i] += w * terms[i] }
                            }
                        }
                        for x in 0..<width where !inner.contains(x) {
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
            // The vertical pass sums whole rows at a time (each sum still adds its terms from k = low up, so
            // the result is the same as summing per pixel), which keeps the reads sequential.
            var sums = [Float](repeating: 0, count: rowLength)
            horizontal.withUnsafeBufferPointer { input in
                sums.withUnsafeMutableBufferPointer { sums in
                    for y in 0..<height {
                        let low = max(-radius, -y), high = min(radius, height - 1 - y)
                        let sums = sums.baseAddress!
                        sums.initialize(repeating: 0, count: rowLength)
                        for k in low...high {
                            let w = kernel[k + radius], terms = input.baseAddress! + (y + k) * rowLength
                            for i in 0..<rowLength { sums[i] += w * terms[i] }
                        }
                        let out = data + y * stride
                        for x in 0..<width {
                            let p = x * 4
                            // Premultiplied: no colour channel may exceed alpha (byte 3 on little-endian ARGB32).
                            let alpha = clamp(sums[p + 3])
                            out[p] = min(clamp(sums[p]), alpha); out[p + 1] = min(clamp(sums[p + 1]), alpha)
                            out[p + 2] = min(clamp(sums[p + 2]), alpha); out[p + 3] = alpha
                        }
                    }
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
