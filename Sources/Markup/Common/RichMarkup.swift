import Document

/// The front-end the JSON decoders hand `rich_message.markdown` and `.html` to (`DecodeOptions.markup`): errors
/// are named by the field's JSON path and the `line:column` in its text.
public enum RichMarkup: MarkupReading {
    public static func read(markdown text: String, at path: String, options: MarkupOptions) throws -> MarkupResult {
        do {
            return try MarkdownReader.read(text, options: options)
        } catch let error as MarkupError {
            throw error.decodeError(in: path)
        }
    }

    public static func read(html text: String, at path: String, options: MarkupOptions) throws -> MarkupResult {
        do {
            return try HTMLReader.read(text, options: options)
        } catch let error as MarkupError {
            throw error.decodeError(in: path)
        }
    }
}
