/// What the input says about one media file (no pixels: those come from `--media` or a placeholder).
public struct Media: Sendable, Equatable {
    public enum Kind: String, Sendable { case photo, video, animation, audio, voiceNote, document, sticker }

    public var kind: Kind
    /// Every id a local file may be named by (file_unique_id, file_id, TL id, custom emoji id), in lookup order.
    public var lookupIds: [String]
    public var width: Int?
    public var height: Int?
    public var durationSeconds: Double?
    public var title: String?
    public var performer: String?
    public var fileName: String?
    public var mimeType: String?
    public var fileSize: Int64?
    /// MTProto `PhotoStrippedSize` bytes (Telegram's header-less tiny JPEG), when present.
    public var strippedThumbnail: [UInt8]?
    /// A custom emoji the message itself marks adaptive (MTProto `documentAttributeCustomEmoji.text_color`): drawn
    /// in the text colour (custom-emoji-facts §3.9).
    public var adaptive = false

    public init(kind: Kind, lookupIds: [String], width: Int? = nil, height: Int? = nil) {
        self.kind = kind
        self.lookupIds = lookupIds
        self.width = width
        self.height = height
    }
}
