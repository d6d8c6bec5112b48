/// The Bot API's rules for entities (its `MessageEntity` and "Formatting options" documentation): ranges within the
/// text in UTF-16 code units, not cutting a surrogate pair; entities nest or are apart, never cross; bold, italic,
/// underline, strikethrough and spoiler may contain and be part of any entity but `pre` and `code`; `blockquote`
/// and `expandable_blockquote` are never nested; every other entity (`code`, `pre`, `text_link`, `custom_emoji` …)
/// contains no other. `normalized` makes a writer's entities follow them; `problems` checks a payload (the tests'
/// Bot API-shaped validator, and `ipraster fallback`'s own check before it prints).
public enum BotEntityRules {
    /// Formatting that may wrap or be wrapped by anything but `code` and `pre`.
    public static let formatting: Set<String> = ["bold", "italic", "underline", "strikethrough", "spoiler"]
    public static let quotes: Set<String> = ["blockquote", "expandable_blockquote"]
    public static let verbatim: Set<String> = ["code", "pre"]
    /// The types a payload of ours may hold, and the Bot API's other entity types a validator accepts.
    public static let known: Set<String> = formatting.union(quotes).union(verbatim).union([
        "text_link", "custom_emoji", "mention", "hashtag", "cashtag", "bot_command", "url", "email", "phone_number", "text_mention",
    ])
    /// The schemes a `text_link` keeps: the web and Telegram's own.
    public static let linkSchemes: Set<String> = ["http", "https", "tg"]

    /// Whether an entity of type `outer` may contain one of type `inner`.
    public static func mayContain(_ outer: String, _ inner: String) -> Bool {
        if quotes.contains(outer) { return !quotes.contains(inner) }
        if formatting.contains(outer) { return !verbatim.contains(inner) }
        if formatting.contains(inner) { return !verbatim.contains(outer) }
        return false
    }

    /// `entities` (properly nested, as a writer opens and closes them) made to follow the rules: formatting is cut
    /// out of `code` and `pre`, and a link out of what it may not contain; empty ones dropped; sorted by offset,
    /// outer first.
    public static func normalized(_ entities: [BotEntity]) -> [BotEntity] {
        let kept = entities.filter { $0.length > 0 }
        // Entities that win over what contains them: verbatim text, custom emoji. They hold no entity, so a writer's
        // are apart from one another: sorted by offset, the ones an entity overlaps are found by a binary search.
        let isSolid: (BotEntity) -> Bool = { verbatim.contains($0.type) || $0.type == "custom_emoji" }
        let solid = kept.filter(isSolid).sorted { $0.offset < $1.offset }
        let result = kept.flatMap { entity -> [BotEntity] in
            guard !isSolid(entity), !quotes.contains(entity.type) else { return [entity] }
            var low = 0, high = solid.count
            while low < high {
                let middle = (low + high) / 2
                if solid[middle].end <= entity.offset { low = middle + 1 } else { high = middle }
            }
            var holes: [BotEntity] = []
            var index = low
            while index < solid.count, solid[index].offset < entity.end {
                if !mayContain(entity.type, solid[index].type) { holes.append(solid[index]) }
                index += 1
            }
            return holes.isEmpty ? [entity] : subtract(holes, from: entity)
        }
        return sorted(result)
    }

    /// `entity` less the ranges of `holes`, as the pieces left.
    static func subtract(_ holes: [BotEntity], from entity: BotEntity) -> [BotEntity] {
        var pieces: [BotEntity] = []
        var start = entity.offset
        for hole in holes.sorted(by: { $0.offset < $1.offset }) {
            if hole.offset > start {
                var piece = entity
                piece.offset = start
                piece.length = min(hole.offset, entity.end) - start
                pieces.append(piece)
            }
            start = max(start, hole.end)
        }
        if start < entity.end {
            var piece = entity
            piece.offset = start
            piece.length = entity.end - start
            pieces.append(piece)
        }
        return pieces.filter { $0.length > 0 }
    }

    static func sorted(_ entities: [BotEntity]) -> [BotEntity] {
        entities.enumerated().sorted { a, b in
            a.element.offset != b.element.offset ? a.element.offset < b.element.offset
                : a.element.length != b.element.length ? a.element.length > b.element.length : a.offset < b.offset
        }.map(\.element)
    }

    /// What is wrong with `message` as a `sendMessage` payload, one line a problem (none: the Bot API takes it).
    public static func problems(_ message: BotMessage) -> [String] {
        var problems: [String] = []
        let units = Array(message.text.utf16)
        if units.isEmpty { problems.append("the text is empty") }
        if units.count > BotMessage.maxLength { problems.append("the text is \(units.count) UTF-16 code units, more than \(BotMessage.maxLength)") }
        if let first = message.text.unicodeScalars.first, first.properties.isWhitespace { problems.append("the text starts with white space (the Bot API strips it)") }
        if let last = message.text.unicodeScalars.last, last.properties.isWhitespace { problems.append("the text ends with white space (the Bot API strips it)") }
        func cutsPair(_ index: Int) -> Bool { index > 0 && index < units.count && UTF16.isTrailSurrogate(units[index]) && UTF16.isLeadSurrogate(units[index - 1]) }
        for (index, entity) in message.entities.enumerated() {
            let name = "entity \(index) (\(entity.type) at \(entity.offset))"
            if !known.contains(entity.type) { problems.append("\(name): unknown type") }
            if entity.offset < 0 || entity.length <= 0 || entity.end > units.count {
                problems.append("\(name): the range \(entity.offset)+\(entity.length) is not within the text's \(units.count) UTF-16 code units")
                continue
            }
            if cutsPair(entity.offset) || cutsPair(entity.end) { problems.append("\(name): cuts a surrogate pair") }
            switch entity.type {
            case "text_link":
                let scheme = entity.url.flatMap { $0.split(separator: ":", maxSplits: 1).first }.map { $0.lowercased() }
                if scheme.map(linkSchemes.contains) != true { problems.append("\(name): url \(entity.url ?? "none") is not http, https or tg") }
            case "custom_emoji":
                if entity.customEmojiId.map({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }) != true {
                    problems.append("\(name): custom_emoji_id must be a number")
                }
            case "pre":
                if let language = entity.language, language.isEmpty || language.contains(where: { $0.isWhitespace }) { problems.append("\(name): bad language") }
            default: break
            }
        }
        // Nesting, in one pass: sorted by offset (outer first), the entities open around each one are a stack; each
        // must contain it, and every one of them may (an entity of the same range may nest either way).
        var open: [BotEntity] = []
        for entity in sorted(message.entities.filter { $0.length > 0 && $0.offset >= 0 && $0.end <= units.count }) {
            while let last = open.last, last.end <= entity.offset { open.removeLast() }
            for outer in open {
                let name = "\(outer.type) \(outer.offset)+\(outer.length)", inner = "\(entity.type) \(entity.offset)+\(entity.length)"
                if entity.end > outer.end {
                    problems.append("\(name) and \(inner) cross")
                } else if !mayContain(outer.type, entity.type) && !(outer.offset == entity.offset && outer.end == entity.end && mayContain(entity.type, outer.type)) {
                    problems.append("\(name) may not contain \(inner)")
                }
            }
            if problems.count > 100 { break }
            open.append(entity)
        }
        return problems
    }
}
