import Document
import Layout
import Markup

/// What one render is configured with: the layout options, how the input is decoded (`--from`, `--strict`),
/// the output format override and the local media folder. The command line's render options
/// (`RenderOptions.parse`) and a golden case's `.args` fill it in; a library user sets the fields directly.
public struct RenderSettings: Sendable {
    public var layout = LayoutOptions()
    public var strict = false
    /// The output format, overriding the output file's extension (`--format`).
    public var format: String?
    public var mediaDirectory: String?
    /// The input format by name (`--from`), instead of the file extension or sniffing.
    public var inputFormat: String?
    /// `--math-delimiters strict|loose`: how Markdown pairs `$` (nil: strict for Markdown files, loose for Bot API
    /// payloads, README Decisions).
    public var mathDelimiters: String?
    /// `--rtl`: right-to-left for inputs that do not say (Markdown and HTML files, JSON without `is_rtl`).
    public var rtl = false

    public init() {}

    /// The input formats this build reads: JSON (Bot API, Telethon), Rich Markdown and Rich HTML.
    public static let inputFormats: [any InputFormat.Type] = [JSONMessageFormat.self, MarkdownFormat.self, HTMLFormat.self]

    /// Decodes an input the way these settings say: `inputFormat`, else the path's extension, else sniffing.
    public func decode(_ bytes: [UInt8], path: String?) throws -> DecodedInput {
        try InputFormats.decode(bytes, path: path == "-" ? nil : path, format: inputFormat,
                                options: DecodeOptions(strict: strict, mathDelimiters: mathDelimiters, markup: RichMarkup.self, rtl: rtl),
                                formats: Self.inputFormats)
    }
}

extension Double {
    /// "320" for whole numbers, else the number.
    public var clean: String { self == rounded() ? String(Int(self)) : String(self) }
}
