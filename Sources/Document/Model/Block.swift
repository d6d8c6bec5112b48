/// A page block: the union of the 24 Bot API block types and the 41 MTProto `PageBlock` classes.
public indirect enum Block: Sendable, Equatable {
    case title(RichText)
    case subtitle(RichText)
    case kicker(RichText)
    case header(RichText)
    case subheader(RichText)
    case heading(level: Int, RichText)
    case paragraph(RichText)
    case footer(RichText)
    case authorDate(author: RichText, unixTime: Int64)
    case divider
    case anchor(name: String)
    case list(ListBlock)
    case preformatted(RichText, language: String)
    case blockQuote(blocks: [Block], credit: RichText, collapsed: Bool)
    case pullQuote(RichText, credit: RichText)
    case photo(mediaId: String, caption: Caption, spoiler: Bool, url: String?)
    case video(mediaId: String, caption: Caption, spoiler: Bool)
    case audio(mediaId: String, caption: Caption)
    case document(mediaId: String, caption: Caption)
    case map(MapBlock)
    case collage([Block], caption: Caption)
    case slideshow([Block], caption: Caption)
    case embed(EmbedBlock)
    case embedPost(author: String, unixTime: Int64, blocks: [Block], caption: Caption)
    case channel(title: String)
    case relatedArticles(title: RichText, count: Int)
    case cover(Block)
    /// A formula (`mathematical_expression`, `PageBlockMath`) in LaTeX; `location` names it in messages.
    case formula(source: String, location: SourceLocation?)
    case details(title: RichText, blocks: [Block], open: Bool)
    case table(TableBlock)
    case thinking(RichText)
    case buttonRow(ButtonRow)
    /// A block type this version does not know (or MTProto `PageBlockUnsupported`).
    case unsupported(type: String, location: SourceLocation?)

    /// The block's type name as the Bot API spells it (MTProto-only kinds keep their own name);
    /// used in the layout JSON and in the "Unsupported: …" placeholder.
    public var typeName: String {
        switch self {
        case .title: return "title"
        case .subtitle: return "subtitle"
        case .kicker: return "kicker"
        case .header: return "header"
        case .subheader: return "subheader"
        case .heading: return "heading"
        case .paragraph: return "paragraph"
        case .footer: return "footer"
        case .authorDate: return "authorDate"
        case .divider: return "divider"
        case .anchor: return "anchor"
        case .list: return "list"
        case .preformatted: return "pre"
        case .blockQuote(_, _, let collapsed): return collapsed ? "expandable_blockquote" : "blockquote"
        case .pullQuote: return "pullquote"
        case .photo: return "photo"
        case .video: return "video"
        case .audio: return "audio"
        case .document: return "document"
        case .map: return "map"
        case .collage: return "collage"
        case .slideshow: return "slideshow"
        case .embed: return "embed"
        case .embedPost: return "embedPost"
        case .channel: return "channel"
        case .relatedArticles: return "relatedArticles"
        case .cover: return "cover"
        case .formula: return "mathematical_expression"
        case .details: return "details"
        case .table: return "table"
        case .thinking: return "thinking"
        case .buttonRow: return "buttons"
        case .unsupported(let type, _): return type
        }
    }
}

public struct Caption: Sendable, Equatable {
    public var text: RichText
    public var credit: RichText

    public init(text: RichText = .empty, credit: RichText = .empty) {
        self.text = text
        self.credit = credit
    }

    public static let none = Caption()
}

public struct ListBlock: Sendable, Equatable {
    public var items: [ListItem]
    public var ordered: Bool

    public init(items: [ListItem], ordered: Bool) {
        self.items = items
        self.ordered = ordered
    }
}

public struct ListItem: Sendable, Equatable {
    /// The item's blocks (a text item becomes one paragraph).
    public var blocks: [Block]
    /// The printed marker ("•", "3.", "c.", "iv."); computed for send-shape items.
    public var label: String
    public var hasCheckbox: Bool
    public var isChecked: Bool

    public init(blocks: [Block], label: String, hasCheckbox: Bool = false, isChecked: Bool = false) {
        self.blocks = blocks
        self.label = label
        self.hasCheckbox = hasCheckbox
        self.isChecked = isChecked
    }
}

public struct MapBlock: Sendable, Equatable {
    public var latitude: Double
    public var longitude: Double
    public var zoom: Int
    public var width: Int
    public var height: Int
    public var caption: Caption

    public init(latitude: Double, longitude: Double, zoom: Int, width: Int, height: Int, caption: Caption) {
        self.latitude = latitude
        self.longitude = longitude
        self.zoom = zoom
        self.width = width
        self.height = height
        self.caption = caption
    }
}

public struct EmbedBlock: Sendable, Equatable {
    public var url: String?
    public var posterMediaId: String?
    public var width: Int?
    public var height: Int?
    public var caption: Caption

    public init(url: String?, posterMediaId: String?, width: Int?, height: Int?, caption: Caption) {
        self.url = url
        self.posterMediaId = posterMediaId
        self.width = width
        self.height = height
        self.caption = caption
    }
}

public struct TableBlock: Sendable, Equatable {
    public var title: RichText
    public var rows: [[TableCell]]
    public var bordered: Bool
    public var striped: Bool
    public var compact: Bool

    public init(title: RichText, rows: [[TableCell]], bordered: Bool, striped: Bool, compact: Bool) {
        self.title = title
        self.rows = rows
        self.bordered = bordered
        self.striped = striped
        self.compact = compact
    }
}

public struct TableCell: Sendable, Equatable {
    public enum Align: String, Sendable { case left, center, right }
    public enum VAlign: String, Sendable { case top, middle, bottom }

    /// nil = an invisible cell (it keeps its slot).
    public var text: RichText?
    public var header: Bool
    public var align: Align
    public var valign: VAlign
    public var colspan: Int
    public var rowspan: Int

    public init(text: RichText?, header: Bool, align: Align, valign: VAlign, colspan: Int, rowspan: Int) {
        self.text = text
        self.header = header
        self.align = align
        self.valign = valign
        self.colspan = colspan
        self.rowspan = rowspan
    }
}

public struct ButtonRow: Sendable, Equatable {
    public enum Alignment: String, Sendable { case justify, left, center, right }
    public var buttons: [Button]
    public var alignment: Alignment

    public init(buttons: [Button], alignment: Alignment) {
        self.buttons = buttons
        self.alignment = alignment
    }
}
