/// A decoded rich message: blocks, the media they reference, page direction and the partial flag.
public struct Document: Sendable, Equatable {
    public var blocks: [Block]
    /// Media referenced by blocks, keyed by the block's `mediaId`.
    public var media: [String: Media]
    public var rtl: Bool
    /// The page is incomplete (MTProto `part`, a draft): "Show more" territory.
    public var partial: Bool
    /// Where each top-level block came from (its JSON path, or its line and column in Markdown or HTML), for
    /// messages that later stages give about it; empty when unknown.
    public var blockLocations: [SourceLocation]

    public init(blocks: [Block], media: [String: Media] = [:], rtl: Bool = false, partial: Bool = false, blockLocations: [SourceLocation] = []) {
        self.blocks = blocks
        self.media = media
        self.rtl = rtl
        self.partial = partial
        self.blockLocations = blockLocations
    }

    /// The location of top-level block `index`, when known.
    public func location(ofBlock index: Int) -> SourceLocation? {
        blockLocations.indices.contains(index) ? blockLocations[index] : nil
    }
}

/// One element of an input: a message, or a frame of a draft stream.
public struct MessageFrame: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// A complete message (sendRichMessage, Message, RichMessage, Page).
        case message
        /// A draft snapshot with its id (Bot API draft_id, TL random_id).
        case draft(id: String)
        /// The end of a draft stream (TL SendMessageStopDraftAction).
        case stop(id: String)
    }

    public var kind: Kind
    /// Seconds since the first element (the `"t"` key), when given.
    public var time: Double?
    /// nil for a stop frame.
    public var document: Document?

    public init(kind: Kind, time: Double?, document: Document?) {
        self.kind = kind
        self.time = time
        self.document = document
    }
}

/// The decoded input: one message or a stream of frames, plus warnings (unknown types that became placeholders).
public struct DecodedInput: Sendable {
    public enum Format: String, Sendable { case botAPI = "botapi", telethon = "telethon", markdown, html }

    public var format: Format
    public var frames: [MessageFrame]
    public var warnings: [String]
    public var isStream: Bool

    public init(format: Format, frames: [MessageFrame], warnings: [String], isStream: Bool) {
        self.format = format
        self.frames = frames
        self.warnings = warnings
        self.isStream = isStream
    }

    /// The message `render` draws: the last frame that carries a document.
    public var lastDocument: Document? { frames.last(where: { $0.document != nil })?.document }
}
