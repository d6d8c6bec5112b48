import Drawing
import Primitives

/// A page the input makes too large for the requested output: an input error (exit 2), not a failure of
/// the machine. The message says what does work.
public struct PageTooLarge: ClassifiedError {
    public var kind: FailureKind { .tooLarge }
    public let description: String

    /// A raster output painted on one surface (a reveal or animation frame, a page that draws images) taller,
    /// wider or larger in area than one surface can be.
    public init(raster canvas: Canvas, truncated: Bool) {
        let side = Double(Canvas.maxRasterSide)
        let size = truncated ? "more than \(Canvas.maxRasterSide) pt tall"
            : "\(canvas.pixelWidth)×\(canvas.pixelHeight) px"
        var remedies: [String] = []
        let areaScale = (Double(Canvas.maxSurfacePixels) / max(canvas.width * canvas.height, 1)).squareRoot()
        let fittingScale = min(side / max(canvas.width, 1), side / max(canvas.height, 1), areaScale)
        if !truncated && fittingScale >= 1 {
            remedies.append("--scale \(String(cFormat: "%.2f", (fittingScale * 100).rounded(.down) / 100)) or less fits")
        } else if canvas.height > side || truncated {
            remedies.append("no --scale makes it fit; split the message, or a wider --width shortens it")
        }
        remedies.append("`ipraster layout` still gives its geometry")
        description = "the page is \(size), more than one raster image can be (\(Canvas.maxRasterSide) px a side, "
            + "\(Canvas.maxSurfacePixels) pixels in all); " + remedies.joined(separator: "; ")
    }

    /// A PNG page (painted in strips) wider than a surface or taller than `maxRasterPageHeight`.
    public init(page canvas: Canvas, truncated: Bool) {
        let width = Double(Canvas.maxRasterSide), height = Double(Canvas.maxPageHeight)
        let size = truncated ? "more than \(Canvas.maxPageHeight) pt tall" : "\(canvas.pixelWidth)×\(canvas.pixelHeight) px"
        let fittingScale = min(width / max(canvas.width, 1), height / max(canvas.height, 1))
        var remedies: [String] = []
        if !truncated && fittingScale >= 1 {
            remedies.append("--scale \(String(cFormat: "%.2f", (fittingScale * 100).rounded(.down) / 100)) or less fits")
        } else if canvas.width * 1 > width {
            remedies.append("no --scale makes it fit; a smaller --width narrows it")
        } else {
            remedies.append("no --scale makes it fit; split the message, or a wider --width shortens it")
        }
        remedies.append("SVG and PDF have no such limit, and `ipraster layout` still gives its geometry")
        description = "the page is \(size), more than a PNG page can be (\(Canvas.maxRasterSide) px wide, "
            + "\(Canvas.maxPageHeight) px tall); " + remedies.joined(separator: "; ")
    }

    public init(message: String) {
        description = message
    }
}
