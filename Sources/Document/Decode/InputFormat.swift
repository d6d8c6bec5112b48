/// One way a rich message can arrive as bytes. `InputFormats.decode` picks a format by sniffing (or by
/// name), so a new front-end (Rich Markdown, Rich HTML) is one conforming type in its own target, added to
/// the list by whoever links it; nothing downstream of `Document` changes.
public protocol InputFormat: Sendable {
    /// The name `--from` takes (`json`, later `markdown`, `html`).
    static var name: String { get }
    /// File extensions (lowercase, without the dot) that select this format.
    static var fileExtensions: [String] { get }
    /// A cheap look at the bytes: true when they are plausibly this format.
    static func sniff(_ bytes: [UInt8]) -> Bool
    /// The message or stream the bytes hold; input errors are `DecodeError`s naming where they are.
    static func decode(_ bytes: [UInt8], options: DecodeOptions) throws -> DecodedInput
}

/// How strictly to decode.
public struct DecodeOptions: Sendable {
    /// Unknown types and exceeded limits are errors instead of warnings.
    public var strict: Bool
    /// `--math-delimiters strict|loose`: how Markdown pairs `$`; nil = each input's default (strict for Markdown
    /// files, loose for Bot API payloads).
    public var mathDelimiters: MathDelimiters?
    /// Reads `rich_message.markdown` / `.html` inside JSON; nil: such messages are refused.
    public var markup: (any MarkupReading.Type)?
    /// `--rtl`: lay the message out right-to-left when the input does not say (Markdown and HTML files, JSON
    /// without `is_rtl` / `rtl`).
    public var rtl: Bool

    public init(strict: Bool = false, mathDelimiters: MathDelimiters? = nil, markup: (any MarkupReading.Type)? = nil, rtl: Bool = false) {
        self.strict = strict
        self.mathDelimiters = mathDelimiters
        self.markup = markup
        self.rtl = rtl
    }
}

/// Bot API 10.3 and Telethon JSON (`cli-contract.md`, "Inputs"): one format, told apart per element.
public enum JSONMessageFormat: InputFormat {
    public static let name = "json"
    public static let fileExtensions = ["json"]

    public static func sniff(_ bytes: [UInt8]) -> Bool {
        var index = 0
        // A UTF-8 byte order mark, then white space, then an object or an array.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        return index < bytes.count && (bytes[index] == UInt8(ascii: "{") || bytes[index] == UInt8(ascii: "["))
    }

    public static func decode(_ bytes: [UInt8], options: DecodeOptions) throws -> DecodedInput {
        try InputDecoder.decode(bytes: bytes, options: options)
    }
}

/// The formats this build knows, in sniffing order.
public enum InputFormats {
    public static var known: [any InputFormat.Type] { [JSONMessageFormat.self] }

    /// The format named `name` (`--from`), or nil.
    public static func named(_ name: String, in formats: [any InputFormat.Type] = known) -> (any InputFormat.Type)? {
        formats.first { $0.name == name.lowercased() }
    }

    /// Decodes with `format`, else the format whose extension `path` has, else the first that sniffs the bytes as
    /// its own; bytes no format recognises get a message that says what is accepted.
    public static func decode(_ bytes: [UInt8], path: String? = nil, format: (any InputFormat.Type)? = nil, options: DecodeOptions = DecodeOptions(),
                              formats: [any InputFormat.Type] = known) throws -> DecodedInput {
        let decoded = try (format ?? choose(bytes, path: path, formats: formats)).decode(bytes, options: options)
        return try checkedForEmptiness(decoded, strict: options.strict)
    }

    private static func choose(_ bytes: [UInt8], path: String?, formats: [any InputFormat.Type]) throws -> any InputFormat.Type {
        if let path, let dot = path.lastIndex(of: "."), !path[dot...].contains("/") {
            let ext = path[path.index(after: dot)...].lowercased()
            if let format = formats.first(where: { $0.fileExtensions.contains(ext) }) { return format }
        }
        if let format = formats.first(where: { $0.sniff(bytes) }) { return format }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            throw DecodeError(path: "$", message: "this is a PNG image, not a rich message (give the message's JSON)")
        }
        if formats.count > 1, bytes.prefix(8192).contains(0) {
            throw DecodeError(path: "$", message: "this is binary data, not a rich message (give its JSON, Rich Markdown or Rich HTML text)")
        }
        // Nothing claims it: let the first format report why (JSON: the syntax error and its place).
        guard let first = formats.first else { throw DecodeError(path: "$", message: "no input format is available") }
        return first
    }

    /// A message with nothing to draw renders as an empty bubble; under `--strict` it is an error.
    private static func checkedForEmptiness(_ input: DecodedInput, strict: Bool) throws -> DecodedInput {
        guard !input.isStream, let document = input.frames.first?.document, document.blocks.allSatisfy(\.isBlank) else { return input }
        let place = input.format == .markdown || input.format == .html ? "1:1" : "$"
        if strict { throw Refusal(.empty, path: place, message: "the message is empty: it has no block with content") }
        var input = input
        input.warnings.append("at \(place): the message is empty: it has no block with content")
        return input
    }
}
