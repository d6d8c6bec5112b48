/// Image comparison with pixelmatch 7.2 semantics: the YIQ colour-distance metric of Kotsarenko & Ramos,
/// anti-aliasing detection after Vyšniauskas (2009), and pixelmatch's diff image. Verified against
/// pixelmatch 7.2.0's own fixture suite (`Tests/Data/pixelmatch-7.2`).
public enum PixelMatch {
    /// 35215 is the largest possible value of the YIQ distance.
    static let maxYIQDelta = 35215.0

    public struct Result: Sendable {
        public var diffPixels: Int
        /// The diff image, when requested.
        public var diff: RGBAImage?
        /// Bounding box of the counted differences (x, y, width, height), nil when none.
        public var boundingBox: (x: Int, y: Int, width: Int, height: Int)?
    }

    /// Compares two images of equal size. `makeDiff` also paints the diff image.
    public static func compare(_ first: RGBAImage, _ second: RGBAImage, options: PixelMatchOptions = PixelMatchOptions(),
                               makeDiff: Bool = true) -> Result {
        precondition(first.width == second.width && first.height == second.height, "images must have the same size")
        let width = first.width, height = first.height
        let a = first.pixels, b = second.pixels
        var output: [UInt8]? = makeDiff ? [UInt8](repeating: 0, count: a.count) : nil

        if a == b {
            if output != nil, !options.diffMask {
                for i in 0..<(width * height) { drawGray(a, i * 4, options.alpha, &output!) }
            }
            return Result(diffPixels: 0, diff: output.map { RGBAImage(width: width, height: height, pixels: $0) }, boundingBox: nil)
        }

        let maxDelta = maxYIQDelta * options.threshold * options.threshold
        let alt = options.diffColorAlt ?? options.diffColor
        var diff = 0
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        a.withUnsafeBufferPointer { img1 in
            b.withUnsafeBufferPointer { img2 in
                for y in 0..<height {
                    for x in 0..<width {
                        let pos = (y * width + x) * 4
                        let same = img1[pos] == img2[pos] && img1[pos + 1] == img2[pos + 1] && img1[pos + 2] == img2[pos + 2]
                            && img1[pos + 3] == img2[pos + 3]
                        let delta = same ? 0 : colorDelta(img1, img2, pos, pos, yOnly: false, checkerboard: options.checkerboard)
                        if abs(delta) > maxDelta {
                            let isAA = !options.includeAA
                                && (antialiased(img1, x, y, width, height, img1, img2, options.checkerboard)
                                    || antialiased(img2, x, y, width, height, img2, img1, options.checkerboard))
                            if isAA {
                                if output != nil, !options.diffMask { draw(&output!, pos, options.aaColor) }
                            } else {
                                if output != nil { draw(&output!, pos, delta < 0 ? alt : options.diffColor) }
                                diff += 1
                                minX = min(minX, x); minY = min(minY, y); maxX = max(maxX, x); maxY = max(maxY, y)
                            }
                        } else if output != nil, !options.diffMask {
                            drawGray(a, pos, options.alpha, &output!)
                        }
                    }
                }
            }
        }
        let box = maxX >= 0 ? (x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1) : nil
        return Result(diffPixels: diff, diff: output.map { RGBAImage(width: width, height: height, pixels: $0) }, boundingBox: box)
    }

    /// Whether the pixel at (x1, y1) of `img` looks like anti-aliasing: among its 8 neighbours it has both
    /// a darker and a brighter one, no more than two equal ones, and the darkest or brightest neighbour
    /// sits in a flat area (3+ equal siblings) in both images.
    static func antialiased(_ img: UnsafeBufferPointer<UInt8>, _ x1: Int, _ y1: Int, _ width: Int, _ height: Int,
                            _ own: UnsafeBufferPointer<UInt8>, _ other: UnsafeBufferPointer<UInt8>, _ checkerboard: Bool) -> Bool {
        let x0 = max(x1 - 1, 0), y0 = max(y1 - 1, 0)
        let x2 = min(x1 + 1, width - 1), y2 = min(y1 + 1, height - 1)
        let pos = (y1 * width + x1) * 4
        var zeroes = (x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2) ? 1 : 0
        var minDelta = 0.0, maxDelta = 0.0
        var minX = 0, minY = 0, maxX = 0, maxY = 0
        for x in x0...x2 {
            for y in y0...y2 {
                if x == x1 && y == y1 { continue }
                let delta = colorDelta(img, img, pos, (y * width + x) * 4, yOnly: true, checkerboard: checkerboard)
                if delta == 0 {
                    zeroes += 1
                    if zeroes > 2 { return false }
                } else if delta < minDelta {
                    minDelta = delta; minX = x; minY = y
                } else if delta > maxDelta {
                    maxDelta = delta; maxX = x; maxY = y
                }
            }
        }
        if minDelta == 0 || maxDelta == 0 { return false }
        return (hasManySiblings(own, minX, minY, width, height) && hasManySiblings(other, minX, minY, width, height))
            || (hasManySiblings(own, maxX, maxY, width, height) && hasManySiblings(other, maxX, maxY, width, height))
    }

    /// Whether the pixel has 3+ adjacent pixels of exactly the same RGBA value.
    static func hasManySiblings(_ img: UnsafeBufferPointer<UInt8>, _ x1: Int, _ y1: Int, _ width: Int, _ height: Int) -> Bool {
        let x0 = max(x1 - 1, 0), y0 = max(y1 - 1, 0)
        let x2 = min(x1 + 1, width - 1), y2 = min(y1 + 1, height - 1)
        let pos = (y1 * width + x1) * 4
        var zeroes = (x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2) ? 1 : 0
        for x in x0...x2 {
            for y in y0...y2 {
                if x == x1 && y == y1 { continue }
                let other = (y * width + x) * 4
                if img[pos] == img[other] && img[pos + 1] == img[other + 1] && img[pos + 2] == img[other + 2] && img[pos + 3] == img[other + 3] {
                    zeroes += 1
                }
                if zeroes > 2 { return true }
            }
        }
        return false
    }

    /// The YIQ distance between pixel k of img1 and pixel m of img2 (or only the brightness difference).
    /// Translucent pixels are blended over a position-dependent background (pixelmatch's checkerboard) or
    /// white. The sign says which is brighter: negative when img2 is darker.
    static func colorDelta(_ img1: UnsafeBufferPointer<UInt8>, _ img2: UnsafeBufferPointer<UInt8>, _ k: Int, _ m: Int,
                           yOnly: Bool, checkerboard: Bool) -> Double {
        let r1 = Double(img1[k]), g1 = Double(img1[k + 1]), b1 = Double(img1[k + 2]), a1 = Double(img1[k + 3])
        let r2 = Double(img2[m]), g2 = Double(img2[m + 1]), b2 = Double(img2[m + 2]), a2 = Double(img2[m + 3])
        var dr = r1 - r2, dg = g1 - g2, db = b1 - b2
        let da = a1 - a2
        if dr == 0 && dg == 0 && db == 0 && da == 0 { return 0 }
        if a1 < 255 || a2 < 255 {
            let rb, gb, bb: Double
            if checkerboard {
                rb = 48 + 159 * Double(k % 2)
                gb = 48 + 159 * Double(Int(Double(k) / 1.618033988749895) % 2)
                bb = 48 + 159 * Double(Int(Double(k) / 2.618033988749895) % 2)
            } else {
                rb = 255; gb = 255; bb = 255
            }
            dr = (r1 * a1 - r2 * a2 - rb * da) / 255
            dg = (g1 * a1 - g2 * a2 - gb * da) / 255
            db = (b1 * a1 - b2 * a2 - bb * da) / 255
        }
        let y = dr * 0.29889531 + dg * 0.58662247 + db * 0.11448223
        if yOnly { return y }
        let i = dr * 0.59597799 - dg * 0.27417610 - db * 0.32180189
        let q = dr * 0.21147017 - dg * 0.52261711 + db * 0.31114694
        let delta = 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
        return y > 0 ? -delta : delta
    }

    static func draw(_ output: inout [UInt8], _ pos: Int, _ color: (UInt8, UInt8, UInt8)) {
        output[pos] = color.0
        output[pos + 1] = color.1
        output[pos + 2] = color.2
        output[pos + 3] = 255
    }

    /// The unchanged pixel: its brightness faded towards white by `alpha`; stored like a Uint8Array
    /// store (truncation toward zero).
    static func drawGray(_ img: [UInt8], _ i: Int, _ alpha: Double, _ output: inout [UInt8]) {
        let luma = Double(img[i]) * 0.29889531 + Double(img[i + 1]) * 0.58662247 + Double(img[i + 2]) * 0.11448223
        let value = 255 + (luma - 255) * alpha * Double(img[i + 3]) / 255
        let byte = UInt8(max(0, min(255, value.rounded(.towardZero))))
        output[i] = byte; output[i + 1] = byte; output[i + 2] = byte; output[i + 3] = 255
    }
}
