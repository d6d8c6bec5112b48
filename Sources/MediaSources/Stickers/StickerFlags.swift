import Document

/// What a custom emoji's sidecar says about its sticker (issue 41): `<custom_emoji_id>.json` beside the file, or a
/// `stickers.json` holding several. Two forms are read, as clients produce them:
/// - a Bot API `Sticker` (`getCustomEmojiStickers`' `result` items): `custom_emoji_id`, `is_animated`, `is_video`,
///   `needs_repainting`;
/// - a Telethon `Document` (`"_": "Document"`, `id`, `mime_type`, `attributes` with a `DocumentAttributeCustomEmoji`
///   whose `text_color` is the same flag).
/// `stickers.json` may be an array of either, or the method's whole answer (`{"ok": true, "result": [...]}`).
/// The app's other template rule (the sticker set with id 1269403972611866647, facts §3.9) needs the set's id,
/// which the Bot API does not give: it is not applied.
public struct StickerFlags: Sendable, Equatable {
    /// Adaptive: filled with the text colour in messages (Bot API `needs_repainting`, MTProto `text_color`).
    public var isTemplate = false
    /// The file is a TGS (Bot API `is_animated`, MIME `application/x-tgsticker`).
    public var isAnimated = false
    /// The file is a WebM (Bot API `is_video`, MIME `video/webm`).
    public var isVideo = false

    public init(isTemplate: Bool = false, isAnimated: Bool = false, isVideo: Bool = false) {
        self.isTemplate = isTemplate
        self.isAnimated = isAnimated
        self.isVideo = isVideo
    }

    /// The flags of one sidecar object, with the id it names (nil when it names none); nil when it is neither form.
    static func parse(_ value: JSONValue) -> (id: String?, flags: StickerFlags)? {
        guard case .object(let object) = value else { return nil }
        func flag(_ key: String) -> Bool { if case .bool(true)? = object[key] { return true } else { return false } }
        func text(_ value: JSONValue?) -> String? {
            switch value {
            case .string(let string)?: return string
            case .number(let number)?: return number
            default: return nil
            }
        }
        if case .string("Document")? = object["_"] {
            var flags = StickerFlags()
            if case .string(let mime)? = object["mime_type"] {
                flags.isAnimated = mime == "application/x-tgsticker"
                flags.isVideo = mime == "video/webm"
            }
            if case .array(let attributes)? = object["attributes"] {
                for case .object(let attribute) in attributes {
                    if case .string("DocumentAttributeCustomEmoji")? = attribute["_"], case .bool(true)? = attribute["text_color"] { flags.isTemplate = true }
                }
            }
            return (text(object["id"]), flags)
        }
        guard object["custom_emoji_id"] != nil || object["needs_repainting"] != nil || object["is_animated"] != nil || object["is_video"] != nil else { return nil }
        return (text(object["custom_emoji_id"]), StickerFlags(isTemplate: flag("needs_repainting"), isAnimated: flag("is_animated"), isVideo: flag("is_video")))
    }

    /// Every sticker of a `stickers.json` by its id (an array, or an object with a `result` array); empty when the
    /// bytes hold neither. Entries without an id are skipped.
    public static func table(_ bytes: [UInt8]) throws -> [String: StickerFlags] {
        let value: JSONValue
        do { value = try JSONParser.parse(bytes) } catch { throw StickerError("stickers.json does not parse (\(error))") }
        var list: [JSONValue] = []
        switch value {
        case .array(let items): list = items
        case .object(let object):
            if case .array(let items)? = object["result"] { list = items } else { list = [value] }
        default: break
        }
        var table: [String: StickerFlags] = [:]
        for item in list {
            if let (id, flags) = parse(item), let id { table[id] = flags }
        }
        return table
    }

    /// The flags of a `<custom_emoji_id>.json` sidecar (one object of either form).
    public static func sidecar(_ bytes: [UInt8]) throws -> StickerFlags {
        let value: JSONValue
        do { value = try JSONParser.parse(bytes) } catch { throw StickerError("its sidecar JSON does not parse (\(error))") }
        guard let (_, flags) = parse(value) else {
            throw StickerError("its sidecar JSON is neither a Bot API Sticker nor a Telethon Document")
        }
        return flags
    }
}
