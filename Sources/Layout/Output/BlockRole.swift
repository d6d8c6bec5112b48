import Document

/// What a layout item draws of its source: a block, by the block's type name (`paragraph`, `pre`, `photo`, an
/// unknown type's own name), or a part of a block with a name of its own (`caption`, `credit`, `authorDate`,
/// `showMore`). Its one string form is the layout JSON's `block` field.
public struct BlockRole: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The role of a whole block.
    public init(_ block: Block) {
        rawValue = block.typeName
    }

    public var description: String { rawValue }

    public static let anchor = BlockRole(rawValue: "anchor")
    public static let audio = BlockRole(rawValue: "audio")
    public static let authorDate = BlockRole(rawValue: "authorDate")
    public static let blockquote = BlockRole(rawValue: "blockquote")
    public static let buttons = BlockRole(rawValue: "buttons")
    public static let caption = BlockRole(rawValue: "caption")
    public static let credit = BlockRole(rawValue: "credit")
    public static let details = BlockRole(rawValue: "details")
    public static let document = BlockRole(rawValue: "document")
    public static let list = BlockRole(rawValue: "list")
    public static let map = BlockRole(rawValue: "map")
    public static let formula = BlockRole(rawValue: "mathematical_expression")
    public static let photo = BlockRole(rawValue: "photo")
    public static let pre = BlockRole(rawValue: "pre")
    public static let pullquote = BlockRole(rawValue: "pullquote")
    /// The "Show more" link of a partial message.
    public static let showMore = BlockRole(rawValue: "showMore")
    public static let slideshow = BlockRole(rawValue: "slideshow")
    public static let table = BlockRole(rawValue: "table")
    public static let thinking = BlockRole(rawValue: "thinking")
    public static let video = BlockRole(rawValue: "video")
    public static let voiceNote = BlockRole(rawValue: "voice_note")
}
