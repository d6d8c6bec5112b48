import Document

/// Rich Markdown files (`.md`, `.markdown`, `--from markdown`): one message, formulas paired by the app's strict
/// rule unless told otherwise (README Decisions).
public enum MarkdownFormat: InputFormat {
    public static let name = "markdown"
    public static let fileExtensions = ["md", "markdown"]

    /// Text that neither JSON nor HTML claims (standard input, files without an extension): any text can be
    /// Markdown, so it is the last resort. Binary data (a NUL byte, an image's magic) is not text.
    public static func sniff(_ bytes: [UInt8]) -> Bool {
        !JSONMessageFormat.sniff(bytes) && !HTMLFormat.sniff(bytes) && !bytes.prefix(8192).contains(0)
    }

    public static func decode(_ bytes: [UInt8], options: DecodeOptions) throws -> DecodedInput {
        let text = try Self.text(bytes, kind: "Markdown")
        let result: MarkupResult
        do {
            result = try MarkdownReader.read(text, options: MarkupOptions(looseMathDelimiters: options.mathDelimiters == .loose))
        } catch let error as MarkupError {
            throw error.decodeError()
        }
        return try input(result, format: .markdown, options: options)
    }

    /// The bytes as text; invalid UTF-8 is an error at its line and column.
    static func text(_ bytes: [UInt8], kind: String) throws -> String {
        if let bad = TextPosition.firstInvalidUTF8(in: bytes) {
            let (line, column) = TextPosition.lineAndColumn(of: bad, in: bytes)
            throw DecodeError(path: "\(line):\(column)", message: "the \(kind) text is not UTF-8 here (byte \(bad): 0x\(String(bytes[bad], radix: 16, uppercase: true)))")
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// One message of a Markdown or HTML file, with the message limits checked (errors under `--strict`).
    static func input(_ result: MarkupResult, format: DecodedInput.Format, options: DecodeOptions) throws -> DecodedInput {
        let document = Document(blocks: result.blocks, media: result.media, rtl: result.message.given ? result.message.rtl : options.rtl,
                                partial: result.message.partial,
                                blockLocations: result.locations.count == result.blocks.count ? result.locations : [])
        var warnings = result.warnings.map { "at " + $0 }
        for violation in MessageLimits.check(document) {
            // The block's source position when the reader kept it.
            let place = document.blockLocations.indices.contains(violation.blockIndex) ? document.blockLocations[violation.blockIndex].description : "1:1"
            if options.strict { throw Refusal(.limit, path: place, message: violation.message) }
            let warning = "at \(place): \(violation.message)"
            if !warnings.contains(warning) { warnings.append(warning) }
        }
        return DecodedInput(format: format, frames: [MessageFrame(kind: .message, time: nil, document: document)], warnings: warnings, isStream: false)
    }
}
