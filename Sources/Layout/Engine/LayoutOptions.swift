import Document
import Drawing

/// Everything that shapes a render besides the document (`cli-contract.md`, "Render options").
public struct LayoutOptions: Sendable {
    /// B: the widest the bubble body may be, points.
    public var width: Double = 320
    /// Device scale: pixel snapping and hairlines depend on it, text metrics do not.
    public var scale: Double = 2
    public var theme: Theme = .day
    public var outgoing = false
    /// The status text; nil hides the status.
    public var time: String? = "12:34"
    public var bubble = true
    public var margin: Double = 8
    /// Incoming bubbles: default name colour 0-6 as `mainColor`.
    public var authorColor: Int?
    public var text = TextEnvironment()
    public var revealRects = false
    /// nil = the theme's wallpaper with a bubble, transparent without one.
    public var background: Background = .automatic
    public var expandDetails = false
    /// Horizontal scroll offset of overflowing tables (0 = at rest, showing the left part).
    public var tableOffset: Double = 0
    /// Page content taller than this (points) is not laid out further: raster outputs cannot hold it, so
    /// the work stops as soon as the page is known to be too tall (`PageLayout.exceedsHeightLimit`).
    /// nil for `layout`, SVG and PDF, which lay out everything.
    public var heightLimit: Double?

    public enum Background: Sendable, Equatable {
        case automatic, transparent, color(RGBA)
    }

    public init() {}

    /// Tables with more cells are refused like over-long texts: every cell is measured before the first row is
    /// placed, so a 1000 × 1000 table took 90 s only to be too tall (the Bot API allows 500 rows of 20).
    public static let maxTableCells = 250_000

    /// The largest side of one Cairo image surface, pixels: the widest a PNG page can be (it is painted in
    /// horizontal strips), and the largest reveal frame, `compare` image and golden.
    public static let maxRasterPixels = Canvas.maxRasterSide

    /// The tallest PNG page, pixels. Strips let a page be taller than a surface; this bounds the work on absurd
    /// inputs (painting 2²⁰ rows at 720 px takes some seconds) well above what a message within the Bot API
    /// limits reaches (32,768 characters of one-word lines at scale 2 make some 700,000 rows).
    public static let maxRasterPageHeight = Canvas.maxPageHeight

    /// Sets `heightLimit` for a PNG page: content taller than a page can be at scale 1 (the smallest) is not
    /// laid out. Up to that height the whole page is known, so a refusal can name a scale that fits.
    public mutating func limitToRasterPage() {
        heightLimit = Double(Self.maxRasterPageHeight)
    }

    /// Sets `heightLimit` for outputs that are one surface (reveal frames, goldens, snapshots): content taller
    /// than a surface can be at scale 1 is not laid out.
    public mutating func limitToRaster() {
        heightLimit = Double(Self.maxRasterPixels)
    }

    /// H: the page's horizontal inset (README "Insets": 10 everywhere the facts say 11 or 10).
    public static let horizontalInset: Double = 10
}
