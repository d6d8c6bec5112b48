import Document

/// Rich HTML files (`.html`, `.htm`, `--from html`): one message.
public enum HTMLFormat: InputFormat {
    public static let name = "html"
    public static let fileExtensions = ["html", "htm"]

    /// Claimed by an extension or `--from` only (a JSON or Markdown text may start with "<" too).
    public static func sniff(_ bytes: [UInt8]) -> Bool { false }

    public static func decode(_ bytes: [UInt8], options: DecodeOptions) throws -> DecodedInput {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw DecodeError(path: "1:1", message: "the HTML text is not UTF-8")
        }
        let result: MarkupResult
        do {
            result = try HTMLReader.read(text)
        } catch let error as MarkupError {
            throw error.decodeError()
        }
        return try MarkdownFormat.input(result, format: .html, options: options)
    }
}
