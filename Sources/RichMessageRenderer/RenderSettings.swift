import Document
import Layout
import Markup
import Raster

/// What one render is configured with: the layout options, how the input is decoded (`--from`, `--strict`),
/// the output format override and the local media folder, every one a typed value parsed where it entered. The
/// command line's render options (`RenderOptions`' rows) and a golden case's `.args` fill it in; a library user
/// sets the fields directly.
public struct RenderSettings: Sendable {
    public var layout = LayoutOptions()
    public var strict = false
    /// The output format, overriding the output file's extension (`--format`).
    public var format: Renderer.Format?
    /// `--format apng|gif|mp4` (the render command only): the message as an animation of its stickers.
    public var animation: AnimationFormat?
    public var mediaDirectory: String?
    /// The input format (`--from`), instead of the file extension or sniffing.
    public var inputFormat: (any InputFormat.Type)?
    /// `--math-delimiters strict|loose`: how Markdown pairs `$` (nil: strict for Markdown files, loose for Bot API
    /// payloads, README Decisions).
    public var mathDelimiters: MathDelimiters?
    /// `--rtl`: right-to-left for inputs that do not say (Markdown and HTML files, JSON without `is_rtl`).
    public var rtl = false
    /// `--redact REGEX`: text laid out as a fixed box whatever it says (golden tests, documentation shots).
    public var redaction: Redaction?
    /// The alt text is embedded in PNG, SVG and PDF outputs (issue 63); `--no-alt-text` leaves it out.
    public var embedsAltText = true
    /// `--quality N`: a WebP output lossy at quality N (0-100); nil: lossless, the PNG's pixels exactly.
    public var webpQuality: Double?

    public init() {}

    /// The input formats this build reads: JSON (Bot API, Telethon), Rich Markdown and Rich HTML.
    public static let inputFormats: [any InputFormat.Type] = [JSONMessageFormat.self, MarkdownFormat.self, HTMLFormat.self]

    /// Rich Markdown and Rich HTML, for callers that do not link the Markup module themselves.
    public static let markdownFormat: any InputFormat.Type = MarkdownFormat.self
    public static let htmlFormat: any InputFormat.Type = HTMLFormat.self

    /// The input format named `name` (`--from json|markdown|html`, case ignored), or nil.
    public static func inputFormat(named name: String) -> (any InputFormat.Type)? { InputFormats.named(name, in: inputFormats) }

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
