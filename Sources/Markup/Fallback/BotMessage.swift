import Primitives

/// One Bot API `MessageEntity` of a plain message (issue 63): `offset` and `length` in UTF-16 code units, as the Bot
/// API counts them.
public struct BotEntity: Sendable, Equatable {
    public var type: String
    public var offset: Int
    public var length: Int
    /// `text_link`'s address.
    public var url: String?
    /// `pre`'s programming language.
    public var language: String?
    /// `custom_emoji`'s id.
    public var customEmojiId: String?

    public init(type: String, offset: Int, length: Int, url: String? = nil, language: String? = nil, customEmojiId: String? = nil) {
        self.type = type
        self.offset = offset
        self.length = length
        self.url = url
        self.language = language
        self.customEmojiId = customEmojiId
    }

    public var end: Int { offset + length }

    /// The entity as the Bot API's JSON (`custom_emoji_id`, only the fields its type has).
    public func json() -> JSONOut {
        var fields: [(String, JSONOut)] = [("type", .string(type)), ("offset", .int(offset)), ("length", .int(length))]
        if let url { fields.append(("url", .string(url))) }
        if let language { fields.append(("language", .string(language))) }
        if let customEmojiId { fields.append(("custom_emoji_id", .string(customEmojiId))) }
        return .object(fields)
    }
}

/// One `sendMessage` payload: `text` and its `entities`, at most `maxLength` UTF-16 code units.
public struct BotMessage: Sendable, Equatable {
    /// The Bot API's limit for one message's text, in UTF-16 code units after entity parsing.
    public static let maxLength = 4_096

    public var text: String
    public var entities: [BotEntity]

    public init(text: String, entities: [BotEntity]) {
        self.text = text
        self.entities = entities
    }

    public func json() -> JSONOut {
        var fields: [(String, JSONOut)] = [("text", .string(text))]
        if !entities.isEmpty { fields.append(("entities", .array(entities.map { $0.json() }))) }
        return .object(fields)
    }
}
