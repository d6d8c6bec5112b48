/// Options of the pixelmatch 7.2 comparison (same names and defaults as pixelmatch 7.2.0).
public struct PixelMatchOptions: Sendable, Equatable {
    /// Per-pixel colour distance threshold 0...1 on the YIQ metric (`yiq-7.2`).
    public var threshold: Double = 0.1
    /// Count anti-aliased pixels as differences (turns AA detection off).
    public var includeAA = false
    /// Opacity of the grey-scaled original under the diff.
    public var alpha: Double = 0.1
    public var aaColor: (UInt8, UInt8, UInt8) = (255, 255, 0)
    public var diffColor: (UInt8, UInt8, UInt8) = (255, 0, 0)
    /// Colour for pixels where the second image is darker; nil = `diffColor`.
    public var diffColorAlt: (UInt8, UInt8, UInt8)?
    /// Draw only the differences, over a transparent background.
    public var diffMask = false
    /// Blend translucent pixels over a checkerboard-like pattern (true) or white (false) before comparing.
    public var checkerboard = true

    public init() {}

    public static func == (lhs: PixelMatchOptions, rhs: PixelMatchOptions) -> Bool {
        lhs.threshold == rhs.threshold && lhs.includeAA == rhs.includeAA && lhs.alpha == rhs.alpha && lhs.aaColor == rhs.aaColor
            && lhs.diffColor == rhs.diffColor && lhs.diffColorAlt.map { [$0.0, $0.1, $0.2] } == rhs.diffColorAlt.map { [$0.0, $0.1, $0.2] }
            && lhs.diffMask == rhs.diffMask && lhs.checkerboard == rhs.checkerboard
    }
}
