import Document
import Drawing

/// The result of layout: everything paint needs, positioned in points (page = bubble-body coordinates).
public struct PageLayout: Sendable {
    public var canvas: Canvas
    public var page: PageInfo
    /// nil with `--no-bubble`.
    public var bubble: Bubble?
    public var status: Status
    public var items: [LayoutItem]
    /// What the canvas is filled with first; nil = transparent.
    public var background: RGBA?
    public var warnings: [String]
    /// Formulas drawn as their LaTeX source because they could not be typeset: errors under `--strict`.
    public var formulaFailures: [Refusal] = []
    /// Code points no installed font draws, in the order met (docs/rendering.md "Fonts and scripts"), and where the first one was.
    public var missingGlyphs: [UInt32] = []
    public var missingGlyphPlace: SourceLocation?
    /// The message as plain text in reading order (`AltText`), and the language it is said to be in (`--locale`):
    /// the layout JSON's `altText`, embedded in every PNG, SVG and PDF (issue 63).
    public var altText = ""
    public var language: String?

    /// The error `--strict` makes of characters no font draws.
    public var missingGlyphError: Refusal? {
        guard !missingGlyphs.isEmpty else { return nil }
        let names = missingGlyphs.prefix(12).map(MissingGlyph.name).joined(separator: ", ")
        return Refusal(.missingGlyph, path: missingGlyphPlace.map(String.init(describing:)) ?? "$",
                       message: "no font draws \(names)\(missingGlyphs.count > 12 ? " and \(missingGlyphs.count - 12) more" : "")")
    }
    /// Layout stopped at `LayoutOptions.heightLimit`: the page is too tall for a raster image and is incomplete.
    public var exceedsHeightLimit = false
    /// A text reached `FontSet.maxLinesPerText` lines and was cut: the page is refused in every output mode.
    public var exceedsLineLimit = false

    /// The background covers every pixel with full opacity: PNG output drops the alpha channel (RGB).
    public var isOpaque: Bool { (background?.a ?? 0) >= 1 }
}

public struct PageInfo: Sendable, Equatable {
    /// P: the fitted page width.
    public var width: Double
    /// C: the page content height.
    public var height: Double
    /// B: the layout's bounding width.
    public var boundingWidth: Double
    /// H.
    public var horizontalInset: Double
    public var rtl: Bool
}

public struct Bubble: Sendable, Equatable {
    public enum Tail: String, Sendable { case left, right }
    /// The smallest bubble body (points).
    public static let minimumSize = (width: 40.0, height: 35.0)
    /// (0, 0, W, Hb).
    public var frame: Rect
    public var cornerRadius: Double
    public var outgoing: Bool
    public var tail: Tail
    public var fillTop: RGBA
    public var fillBottom: RGBA
    public var outline: RGBA?
}

public struct Status: Sendable, Equatable {
    public enum Placement: String, Sendable { case trailing, wrapped, hidden }
    public var placement: Placement
    /// The status row (page coordinates); nil when hidden.
    public var frame: Rect?
    /// The date text, laid out with its origin at the row origin.
    public var text: TextBox?
    /// Read ticks (outgoing): two 11 pt ticks, positions relative to the row origin.
    public var ticks: [Rect]
    public var tickColor: RGBA
}

/// One positioned item of the page.
public struct LayoutItem: Sendable, Equatable {
    public var id: ItemID
    public var frame: Rect
    /// The source block type (`paragraph`, `heading`, ...).
    public var block: BlockRole
    public var content: ItemContent
    /// The structure elements of a tagged PDF the item is in, outermost first (`StructureNode`); empty: none.
    public var structure: [StructureNode] = []

    public init(id: ItemID = ItemID([]), frame: Rect, block: BlockRole, content: ItemContent) {
        self.id = id
        self.frame = frame
        self.block = block
        self.content = content
    }

    public var kind: String {
        switch content {
        case .text: return "text"
        case .decoration(let decoration): return decoration.kind
        case .codeBlock: return "codeBlock"
        case .details: return "details"
        case .thinking: return "thinking"
        case .showMore: return "showMore"
        case .table: return "table"
        case .media(let media): return media.kind.rawValue
        case .fileRow(let row): return row.icon == .play ? "audio" : "document"
        case .slideshow: return "slideshow"
        case .formula: return "formula"
        }
    }
}

public enum ItemContent: Sendable, Equatable {
    case text(TextBox)
    /// A part that only draws (divider, list marker, quote frame, pull-quote pill, ornament, anchor, the
    /// "Unsupported" pill, a row of buttons): it draws itself and names its JSON fields (`Decoration`).
    case decoration(AnyDecoration)
    case codeBlock(CodeBlock)
    case details(Details)
    case thinking(Thinking)
    /// The "Show more" link of a partial message.
    case showMore(TextBox)
    case table(Table)
    case media(MediaView)
    case fileRow(FileRow)
    case slideshow(Slideshow)
    case formula(FormulaView)
}
