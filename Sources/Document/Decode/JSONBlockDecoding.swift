/// What the Bot API and Telethon decoders share: walking a block array under the depth limit, reading a rich
/// text member, and the placeholders for block and text types they do not know (a warning, or an error under
/// `--strict`). Each decoder supplies its own block and text grammar.
protocol JSONBlockDecoding {
    var context: DecodeContext { get }
    func decodeBlock(_ node: JSONNode, depth: Int) throws -> Block
    func decodeText(_ node: JSONNode, depth: Int) throws -> RichText
}

extension JSONBlockDecoding {
    func decodeBlocks(_ node: JSONNode, depth: Int) throws -> [Block] {
        try context.checkDepth(depth, at: node)
        return try node.array().map { try decodeBlock($0, depth: depth) }
    }

    /// The rich text under `key`, which must be there.
    func text(_ node: JSONNode, _ key: String, _ depth: Int) throws -> RichText {
        try decodeText(try node.required(key), depth: depth + 1)
    }

    /// The rich text under `key`, or empty text without it.
    func optionalText(_ node: JSONNode, _ key: String, _ depth: Int) throws -> RichText {
        guard let member = node[key] else { return .empty }
        return try decodeText(member, depth: depth + 1)
    }

    /// A block of a type this decoder does not know: the "Unsupported" placeholder.
    func unknownBlock(_ type: String, _ node: JSONNode) throws -> Block {
        try context.unknownType(type, kind: "block", at: node)
        return .unsupported(type: type, location: .jsonPath(node.path))
    }

    /// A text of a type this decoder does not know: its inner text, if it has one, kept.
    func unknownText(_ type: String, _ node: JSONNode, _ depth: Int) throws -> RichText {
        try context.unknownType(type, kind: "text", at: node)
        return .unknown(type: type, text: try node["text"].map { try decodeText($0, depth: depth + 1) } ?? .empty)
    }
}
