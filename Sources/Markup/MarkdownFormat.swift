import Document

/// Rich Markdown files (`.md`, `.markdown`, `--from markdown`): one message, formulas paired by the app's strict
/// rule unless told otherwise (README Decisions).
public enum MarkdownFormat: InputFormat {
    public static let name = "markdown"
    public static let fileExtensions = ["md", "markdown"]

    /// Never claimed by sniffing: any text could be Markdown, so it takes an extension or `--from`.
    public static func sniff(_ bytes: [UInt8]) -> Bool { false }

    public static func decode(_ bytes: [UInt8], options: DecodeOptions) throws -> DecodedInput {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw DecodeError(path: "1:1", message: "the Markdown text is not UTF-8")
        }
        let result: MarkupResult
        do {
            result = try MarkdownReader.read(text, options: MarkupOptions(looseMathDelimiters: options.mathDelimiters == "loose"))
        } catch let error as MarkupError {
            throw error.decodeError()
        }
        return try input(result, format: .markdown, options: options)
    }

    /// One message of a Markdown or HTML file, with the message limits checked (errors under `--strict`).
    static func input(_ result: MarkupResult, format: DecodedInput.Format, options: DecodeOptions) throws -> DecodedInput {
        let document = Document(blocks: result.blocks, media: result.media, rtl: result.message.given ? result.message.rtl : options.rtl,
                                partial: result.message.partial,
                                blockLocations: result.locations.count == result.blocks.count ? result.locations : [])
        var warnings = result.warnings.map { "at " + $0 }
        for violation in MessageLimits.check(document) {
            let message = "block \(violation.blockIndex + 1): \(violation.message)"
            if options.strict { throw DecodeError(path: "1:1", message: message) }
            if !warnings.contains("at 1:1: " + message) { warnings.append("at 1:1: " + message) }
        }
        return DecodedInput(format: format, frames: [MessageFrame(kind: .message, time: nil, document: document)], warnings: warnings, isStream: false)
    }
}
