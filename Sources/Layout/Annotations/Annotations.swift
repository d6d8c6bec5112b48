import Drawing

/// Ground truth beside a rendered image (issue 60, docs/annotations.md): the message's blocks in reading order, its
/// lines, words (ICU word segments with ink) and optionally grapheme clusters, its inline attachments and table cells,
/// every box in pixels of the output image (origin at its top-left pixel, margins and the tail included), and the
/// settings the image was drawn with. Flat arrays that point at each other by index, so a data pipeline can explode
/// any of them into rows. Built from a `PageLayout` laid out with `LayoutOptions.revealRects` (the glyphs' ink).
public struct Annotations: Sendable, Equatable {
    /// The schema's version (`docs/annotations.schema.json`): a change that breaks a reader raises it.
    public static let version = 1

    /// A box in whole pixels: the pixels the drawn ink (or the laid-out frame, for blocks and cells) touches.
    public struct Box: Sendable, Equatable {
        public var x: Int
        public var y: Int
        public var width: Int
        public var height: Int
    }

    public struct Block: Sendable, Equatable {
        /// The layout's item kind (`text`, `codeBlock`, `table`, `image`, `listMarker`, `formula`, `status` …).
        public var kind: String
        /// The source block type (`paragraph`, `heading`, `list`, `table` …).
        public var block: String
        public var box: Box
        /// The enclosing block (a details block, a table), by index.
        public var parent: Int?
        /// The table cell holding it, by index into `cells`.
        public var cell: Int?
        /// A formula block's TeX source.
        public var latex: String?
        /// A media block's id (what `--media` looks up).
        public var mediaId: String?
    }

    public struct Line: Sendable, Equatable {
        public var block: Int
        /// The ink of its words and attachments (its laid-out frame when it draws nothing).
        public var box: Box
        /// The baseline's y, pixels (not rounded).
        public var baseline: Double
        /// Its characters in logical order (an inline attachment is U+FFFC).
        public var text: String
        public var rtl: Bool
    }

    public struct Word: Sendable, Equatable {
        public var line: Int
        public var text: String
        public var box: Box
        /// Under a spoiler cover: the dust hides its glyphs.
        public var hidden: Bool
    }

    public struct Cluster: Sendable, Equatable {
        public var line: Int
        /// The word it belongs to, by index (nil for ink outside words, which ICU's segments never leave).
        public var word: Int?
        public var text: String
        public var box: Box
    }

    public struct Attachment: Sendable, Equatable {
        /// `customEmoji`, `image`, `formula`, `button`.
        public var kind: String
        public var line: Int
        public var box: Box
        public var customEmojiId: String?
        public var mediaId: String?
        public var latex: String?
    }

    public struct Cell: Sendable, Equatable {
        public var block: Int
        public var row: Int
        public var column: Int
        public var rowSpan: Int
        public var columnSpan: Int
        public var header: Bool
        /// The cell's frame (outside the image for a cell scrolled out of an overflowing table).
        public var box: Box
        /// The part of it the image shows; nil when none does.
        public var visibleBox: Box?
    }

    public struct Settings: Sendable, Equatable {
        public var theme: String
        public var width: Double
        public var scale: Double
        public var outgoing: Bool
        public var bubble: Bool
        public var locale: String
    }

    public var pixelWidth: Int
    public var pixelHeight: Int
    public var settings: Settings
    public var blocks: [Block] = []
    public var lines: [Line] = []
    public var words: [Word] = []
    /// nil unless grapheme clusters were asked for.
    public var clusters: [Cluster]?
    public var attachments: [Attachment] = []
    public var cells: [Cell] = []
}
