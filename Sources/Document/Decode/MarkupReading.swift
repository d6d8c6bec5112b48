/// Rich Markdown and Rich HTML read into blocks by a front-end target that links the parsers (`Markup`): the
/// JSON decoders hand `rich_message.markdown` / `.html` to it through `DecodeOptions.markup`, so this target
/// links no parser (`architecture.md`: one front-end per input syntax).
public protocol MarkupReading: Sendable {
    /// `text` as blocks. Errors are `DecodeError`s whose path is `path` (where the text sits, e.g.
    /// `$.rich_message.markdown`) followed by `:line:column`.
    static func read(markdown text: String, at path: String, options: MarkupOptions) throws -> MarkupResult
    /// The same for Rich HTML.
    static func read(html text: String, at path: String, options: MarkupOptions) throws -> MarkupResult
}

/// What a Markdown or HTML text turns into: blocks, the media they reference (by the blocks' media ids), and
/// warnings that name `line:column`.
public struct MarkupResult: Sendable, Equatable {
    public var blocks: [Block]
    public var media: [String: Media]
    public var warnings: [String]
    /// Where each top-level block starts (`line:column`), parallel to `blocks`.
    public var locations: [SourceLocation]
    /// What the text said of the whole message (ipraster's lossless copy: `<ipr-message>`).
    public var message = MessageFlags()

    public init(blocks: [Block], media: [String: Media] = [:], warnings: [String] = [], locations: [SourceLocation] = []) {
        self.blocks = blocks
        self.media = media
        self.warnings = warnings
        self.locations = locations
    }
}

/// How a front-end reads: the `$` pairing rule and the media bound to `tg://photo?id=X`-style links.
public struct MarkupOptions: Sendable, Equatable {
    /// `loose` (the server's rule) instead of `strict` (the app's compose rule), README Decisions "`$` pairing".
    public var looseMathDelimiters: Bool
    /// X of `tg://photo|video|audio|document?id=X` → the key of the media registered for it.
    public var mediaBindings: [String: String]
    /// Mark mentions, hashtags, URLs … in the text (off with the Bot API's `skip_entity_detection`).
    public var detectEntities: Bool

    public init(looseMathDelimiters: Bool = false, mediaBindings: [String: String] = [:], detectEntities: Bool = true) {
        self.looseMathDelimiters = looseMathDelimiters
        self.mediaBindings = mediaBindings
        self.detectEntities = detectEntities
    }
}

/// The message-wide facts ipraster's lossless copy writes in an `<ipr-message>` element (README "Copy").
public struct MessageFlags: Sendable, Equatable {
    public var rtl = false
    public var partial = false
    /// The copy names every entity itself: reading it must not detect any.
    public var skipEntityDetection = false
    /// Whether the element was there at all.
    public var given = false

    public init(rtl: Bool = false, partial: Bool = false, skipEntityDetection: Bool = false, given: Bool = false) {
        self.rtl = rtl
        self.partial = partial
        self.skipEntityDetection = skipEntityDetection
        self.given = given
    }
}
