import Primitives
/// State shared by the decoders: strictness, collected warnings, the media pool being built,
/// and the nesting guard (more than 64 levels of blocks or rich text is an input error).
final class DecodeContext {
    static let maxNesting = 64

    let strict: Bool
    var warnings: [String] = []
    var media: [String: Media] = [:]
    /// The Markdown / HTML front-end and the `$` rule for `rich_message.markdown` (DecodeOptions).
    var markup: (any MarkupReading.Type)?
    var mathDelimiters: MathDelimiters?
    /// The direction of a message whose JSON does not give one (`--rtl`).
    var defaultRTL = false

    init(strict: Bool) { self.strict = strict }

    /// A message's direction: its `field` when present and not null, else `defaultRTL`.
    func rtl(_ node: JSONNode, field: String) throws -> Bool {
        guard let value = node[field], value.value != .null else { return defaultRTL }
        return try node.optionalBool(field)
    }

    func checkDepth(_ depth: Int, at node: JSONNode) throws {
        if depth > Self.maxNesting {
            throw DecodeError(path: node.path, message: "nesting deeper than \(Self.maxNesting) levels")
        }
    }

    private var reportedLimits: Set<String> = []

    /// The Bot API's limits (`MessageLimits`): errors under `--strict`, else one warning per limit and input.
    func checkLimits(_ document: Document, blocksPath: String) throws {
        for violation in MessageLimits.check(document) {
            let index = violation.blockIndex
            let path = document.blockLocations.indices.contains(index) ? document.blockLocations[index].description : "\(blocksPath)[\(index)]"
            if strict { throw Refusal(.limit, path: path, message: violation.message) }
            if reportedLimits.insert(violation.message).inserted { warnings.append("at \(path): \(violation.message)") }
        }
    }

    /// An unknown discriminator: an error in strict mode, else a warning and a placeholder.
    func unknownType(_ type: String, kind: String, at node: JSONNode) throws {
        if strict { throw Refusal(.unknownType, path: node.path, message: "unknown \(kind) type \(Diagnostic.quoted(type))") }
        warnings.append("at \(node.path): unknown \(kind) type \(Diagnostic.quoted(type)), drawn as a placeholder")
    }
}

/// Printed list markers the way TDLib derives them (`botapi-rich-schema.md` §1.5).
public enum ListLabel {
    public static let bullet = "•"

    /// "3." for decimal, "c."/"C." for letters (a = 1, z = 26, aa = 27), "iv."/"IV." for roman (1-3999).
    public static func ordered(value: Int, type: String) -> String {
        switch type {
        case "a": return letters(value, uppercase: false) + "."
        case "A": return letters(value, uppercase: true) + "."
        case "i": return roman(value).lowercased() + "."
        case "I": return roman(value) + "."
        default: return "\(value)."
        }
    }

    static func letters(_ value: Int, uppercase: Bool) -> String {
        guard value > 0 else { return "\(value)" }
        var scalars: [Character] = []
        var n = value
        while n > 0 {
            n -= 1
            let base = uppercase ? 65 : 97
            scalars.insert(Character(Unicode.Scalar(UInt8(base + n % 26))), at: 0)
            n /= 26
        }
        return String(scalars)
    }

    static func roman(_ value: Int) -> String {
        guard (1...3999).contains(value) else { return "\(value)" }
        let table: [(Int, String)] = [(1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
                                      (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]
        var n = value
        var out = ""
        for (amount, symbol) in table { while n >= amount { out += symbol; n -= amount } }
        return out
    }
}
