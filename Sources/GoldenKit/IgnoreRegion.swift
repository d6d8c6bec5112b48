import Drawing
import Images
import Primitives
import RenderOptions
import RichMessageRenderer

/// A rectangle of the canvas that a golden comparison ignores (`--mask X,Y,W,H`, canvas points as the layout JSON
/// gives them): a clock, a random avatar, anything that legitimately changes. The expected image's pixels are
/// copied into the actual one there before pixels are counted, and the panels show the region tinted; in the
/// layout comparison a text line whose box meets the region is compared without its width.
public struct IgnoreRegion: Sendable, Equatable {
    public var x: Double, y: Double, width: Double, height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The region as a rectangle of canvas points.
    public var rect: Rect { Rect(x: x, y: y, width: width, height: height) }

    /// Reads `X,Y,W,H` (numbers, width and height > 0); nil when it is not one.
    public init?(_ text: String) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { Double($0.trimmingWhitespace()) }
        guard parts.count == 4, let x = parts[0], let y = parts[1], let width = parts[2], let height = parts[3],
              [x, y, width, height].allSatisfy(\.isFinite), width > 0, height > 0 else { return nil }
        self.init(x: x, y: y, width: width, height: height)
    }

    public static let option = OptionSpec("--mask", value: "X,Y,W,H", help: """
        ignore a rectangle of the canvas (points, as the layout JSON's canvas coordinates) when comparing pixels, \
        and the width of each text line it meets when comparing the layout; repeatable, also in a case's .args; \
        the panels show it tinted
        """)

    /// The masks in `arguments` and the other arguments, in order.
    public static func split(_ arguments: [String]) throws -> (masks: [IgnoreRegion], rest: [String]) {
        let scanned = try OptionScanner.scan(arguments, table: [option])
        let masks = try scanned.options.map { option -> IgnoreRegion in
            guard let value = option.value, let region = IgnoreRegion(value) else {
                throw OptionError(option: "--mask", message: "expected X,Y,W,H in points (width and height above 0), found \(option.value ?? "")")
            }
            return region
        }
        return (masks, scanned.rest)
    }

    /// The device pixels the region covers at `scale`, clipped to the image: x0..<x1, y0..<y1.
    func pixels(scale: Double, width: Int, height: Int) -> (x: Range<Int>, y: Range<Int>) {
        func clamp(_ value: Double, _ limit: Int) -> Int { Int(min(max(value, 0), Double(limit))) }
        let x0 = clamp((x * scale).rounded(.down), width), x1 = clamp(((x + self.width) * scale).rounded(.up), width)
        let y0 = clamp((y * scale).rounded(.down), height), y1 = clamp(((y + self.height) * scale).rounded(.up), height)
        return (x0..<max(x0, x1), y0..<max(y0, y1))
    }
}

extension RGBAImage {
    /// This image with `source`'s pixels inside the regions (same sizes).
    func copying(_ regions: [IgnoreRegion], from source: RGBAImage, scale: Double) -> RGBAImage {
        var image = self
        for region in regions {
            let (xs, ys) = region.pixels(scale: scale, width: width, height: height)
            for y in ys {
                let start = (y * width + xs.lowerBound) * 4, end = (y * width + xs.upperBound) * 4
                image.pixels.replaceSubrange(start..<end, with: source.pixels[start..<end])
            }
        }
        return image
    }

    /// This image with the regions tinted half blue, for the panels.
    func tinting(_ regions: [IgnoreRegion], scale: Double) -> RGBAImage {
        var image = self
        for region in regions {
            let (xs, ys) = region.pixels(scale: scale, width: width, height: height)
            for y in ys {
                for x in xs {
                    let index = (y * width + x) * 4
                    for (channel, tint) in [61, 123, 255].enumerated() {
                        image.pixels[index + channel] = UInt8((Int(image.pixels[index + channel]) + tint) / 2)
                    }
                    image.pixels[index + 3] = max(image.pixels[index + 3], 192)
                }
            }
        }
        return image
    }
}
