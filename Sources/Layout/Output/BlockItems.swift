import Document
import Drawing

/// Payloads of the block items paint draws (`v2-layout-facts.md` §2, `v2-render-facts.md` §7).

public enum ListMarker: Sendable, Equatable {
    /// A filled circle of diameter min(w, h) centred in the frame.
    case bullet(color: RGBA)
    /// A label ("3.", "c.", "iv.") drawn with its first baseline at `origin` (item-local) inside the frame.
    case label(TextBox, origin: Point)
    /// An 18 × 18 checkbox: a ring in `border` when unchecked; filled with `fill` and the tick cut out when checked.
    case checkbox(checked: Bool, fill: RGBA, border: RGBA)
}

/// The quote fill (`v2-render-facts.md` §7.4): a rounded rect of `accent` at `fillAlpha`, with a solid bar
/// clipped to the same rounded path on the leading edge (trailing when `barOnTrailing`, for RTL).
public struct QuoteFill: Sendable, Equatable {
    public var accent: RGBA
    public var barWidth: Double
    public var cornerRadius: Double
    public var fillAlpha: Double
    public var barOnTrailing: Bool
}

public struct Ornament: Sendable, Equatable {
    public enum Shape: String, Sendable { case quoteIcon, quoteOpen, quoteClose, chevron }
    public var shape: Shape
    public var color: RGBA
    /// Degrees (the details chevron turns 180° when open).
    public var rotation: Double

    public init(shape: Shape, color: RGBA, rotation: Double) {
        self.shape = shape
        self.color = color
        self.rotation = rotation
    }
}

/// A code block (OLD generation): the quote fill framing wrapped monospace text and an optional language label.
public struct CodeBlock: Sendable, Equatable {
    public var fill: QuoteFill
    public var text: TextBox
    /// Item-local origin of the text item.
    public var textOrigin: Point
    /// The text item's height as the line model measures it (its lines plus the last line's descent).
    public var textHeight: Double = 0
    public var language: String
    public var languageLabel: TextBox?
    public var languageOrigin: Point
}

/// A details block: title row, chevron, bottom separator and, when open, the nested body.
public struct Details: Sendable, Equatable {
    public var title: TextBox?
    public var titleOrigin: Point
    public var titleHeight: Double
    public var isExpanded: Bool
    public var chevron: Rect
    public var chevronColor: RGBA
    public var separator: Rect
    public var separatorColor: RGBA
    /// The body's items, item-local (under the title row), empty when closed.
    public var items: [LayoutItem]
    public var bodyHeight: Double
}

/// A thinking block: dimmed paragraph text under a moving shimmer band (`v2-render-facts.md` §7.7).
public struct Thinking: Sendable, Equatable {
    public var text: TextBox
    /// The shimmer band: its centre (item-local x), half width and the alpha at its centre.
    public var shimmerCenterX: Double
    public var shimmerHalfWidth: Double
    public var shimmerAlpha: Double
}

/// One button of a buttons row (item-local frame).
public struct ButtonFace: Sendable, Equatable {
    public var frame: Rect
    public var fill: RGBA?
    public var cornerRadius: Double
    public var label: TextBox
    public var labelOrigin: Point
}

/// A table (`v2-layout-facts.md` §2.17, OLD values; `v2-render-facts.md` §7.9; seed "InstantPage V2 table").
/// The item spans the bounding width and clips to it; the grid sits `contentInset` in, shifted left by the
/// scroll offset. All frames are item-local.
public struct Table: Sendable, Equatable {
    public var contentInset: Double
    /// The grid's frame (below the title, if any).
    public var gridFrame: Rect
    /// The rounded card around title and grid: the outer border's rectangle (radius `cornerRadius`).
    public var cardFrame: Rect
    public var cornerRadius: Double
    public var borderWidth: Double
    public var borderColor: RGBA
    public var fillColor: RGBA
    public var title: [LayoutItem]
    public var cells: [TableCellLayout]
    /// Inner grid lines (bordered tables only).
    public var lines: [Rect]
    /// Horizontal scroll offset applied (0 = the resting position).
    public var scrollOffset: Double
}

public struct TableCellLayout: Sendable, Equatable {
    public struct Corners: OptionSet, Sendable, Equatable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let topLeft = Corners(rawValue: 1)
        public static let topRight = Corners(rawValue: 2)
        public static let bottomLeft = Corners(rawValue: 4)
        public static let bottomRight = Corners(rawValue: 8)
    }

    public var row: Int
    public var column: Int
    /// The rows and columns the cell covers (1 unless it spans; clamped to the table's).
    public var rowSpan = 1
    public var columnSpan = 1
    public var frame: Rect
    public var header: Bool
    public var filled: Bool
    /// Grid corners this filled cell touches: they are rounded with `fillCornerRadius`.
    public var roundedCorners: Corners
    public var fillCornerRadius: Double
    /// The cell's text, cell-local.
    public var items: [LayoutItem]
}

/// A photo, video, map or placeholder cell (`v2-render-facts.md` §7.10): drawn from a local file when one
/// is found under `--media`, else as its placeholder.
public struct MediaView: Sendable, Equatable {
    public enum Kind: String, Sendable { case image, video, map, placeholder }
    public var kind: Kind
    /// Ids a local file may be named by, in lookup order (empty for pure placeholders).
    public var lookupIds: [String]
    /// The 4 pt trailing bleed of full-width media (0 when narrower).
    public var bleed: Double
    public var placeholderColor: RGBA
    public var spoiler: Bool
    /// 1 × 1 pt dust over a spoiler (item-local).
    public var spoilerDots: [Point]
    /// The black @0.6 circle with the play glyph (videos).
    public var playBadge: Rect?
    /// A duration pill in the top-left corner (videos).
    public var duration: TextBox?
    public var durationPill: Rect?
    /// The location pin (maps).
    public var pin: Rect?
    /// Aspect-fit on black (slideshow pages) instead of aspect-fill.
    public var letterbox: Bool
    /// The link badge of a photo that carries a link URL (item-local, 24 × 24).
    public var linkBadge: Rect? = nil
    /// A TL stripped thumbnail, drawn blurred over the placeholder when no file is found.
    public var strippedThumbnail: [UInt8]? = nil
}

/// The 44 pt audio / voice / file row (seed "InstantPage V2 audio/music").
public struct FileRow: Sendable, Equatable {
    public enum Icon: String, Sendable { case play, document }
    public var icon: Icon
    public var control: Rect
    public var controlColor: RGBA
    /// nil: the glyph is cut out of the control.
    public var glyphColor: RGBA?
    public var title: TextBox?
    public var titleOrigin: Point
    public var subtitle: TextBox?
    public var subtitleOrigin: Point
    public var lookupIds: [String]
}

/// A slideshow: its first page, drawn as single media, and the page dots.
public struct Slideshow: Sendable, Equatable {
    public var page: MediaView
    public var dots: [Rect]
    public var activeDot: Int
}

/// A block formula (`v2-layout-facts.md` §2.15): the typeset drawing, or the LaTeX source as paragraph text when
/// it could not be typeset. Item-local geometry.
public struct FormulaView: Sendable, Equatable {
    public var latex: String
    /// The formula's baseline (item-local y); for a fallback, the first line's.
    public var baseline: Double
    /// The glyphs and rules, item-local and already scrolled; empty for a fallback.
    public var drawing: Frame
    /// The formula's own width (more than the item's when it overflows and is clipped).
    public var width: Double
    /// Horizontal scroll offset applied (`--table-offset`; 0 = the resting position).
    public var scrollOffset: Double
    /// Wider than the page: the item spans the bounding width and clips the drawing to it.
    public var clipped: Bool
    /// The raw LaTeX laid out as a paragraph (text at the item's origin) when the formula could not be typeset.
    public var fallback: TextBox?
    /// Characters no face drew, with the UTF-16 range of their first occurrence in `latex`.
    public var missingGlyphs: [MissingGlyph] = []
}
