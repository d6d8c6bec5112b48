import Layout
import Raster

/// decode → layout → paint → encode, for one process (Pango objects are not thread-safe: one pipeline per thread).
public final class RenderPipeline {
    public let fonts: FontSet
    public let engine: LayoutEngine
    public let renderer: Renderer
    private var stores: [String: MediaStore] = [:]

    public init(fonts: FontSet) {
        self.fonts = fonts
        engine = LayoutEngine(fonts: fonts)
        renderer = Renderer()
    }

    /// A pipeline with the hermetic fonts; `processDefault` as in `FontSet.init` (only for a program that owns its process).
    public convenience init(processDefault: Bool = false) throws {
        self.init(fonts: try FontSet(processDefault: processDefault))
    }

    /// The layout of the message `render` draws (the last message of a stream).
    public func layout(_ input: DecodedInput, settings: RenderSettings) throws -> PageLayout {
        guard let frame = input.frames.last(where: { $0.document != nil }) else {
            throw DecodeError(path: "$", message: "the stream holds no message to draw")
        }
        var layout = try self.layout(frame, settings: settings)
        layout.warnings = input.warnings + layout.warnings
        return layout
    }

    /// The layout of one message or draft of an input.
    public func layout(_ frame: MessageFrame, settings: RenderSettings) throws -> PageLayout {
        guard var document = frame.document else { throw DecodeError(path: "$", message: "the element holds no message to draw") }
        // "Show more" belongs to partial cloud messages; a draft's `part` flag only says it is still growing.
        if frame.kind != .message { document.partial = false }
        // Dimensions come from the JSON, else from the local file (send-shape photos carry none).
        if let store = media(settings) {
            for (id, item) in document.media where item.width == nil || item.height == nil {
                if let size = store.imageSize(for: item.lookupIds) {
                    document.media[id]?.width = size.width
                    document.media[id]?.height = size.height
                }
            }
        }
        let layout = engine.layout(document, options: settings.layout)
        // A formula shown as its LaTeX source is an input error under --strict (math-facts §7).
        if settings.strict, let failure = layout.formulaFailures.first { throw failure }
        // So is a character no installed font draws (README "Fonts").
        if settings.strict, let missing = layout.missingGlyphError { throw missing }
        if layout.exceedsLineLimit {
            throw PageTooLarge(message: "this message is too large to lay out: a text of it lays out to more than \(FontSet.maxLinesPerText) lines at --width "
                + "\(settings.layout.width.clean) or holds over \(FontSet.maxBytesPerText / 1_000_000) MB, or a table has over \(LayoutOptions.maxTableCells) cells; "
                + "ipraster refuses pages this long in every output (split the message, or a wider --width shortens it)")
        }
        return layout
    }

    /// The media store of `--media DIR` (one per directory, kept for the pipeline's life).
    public func media(_ settings: RenderSettings) -> MediaStore? {
        guard let directory = settings.mediaDirectory else { return nil }
        if let store = stores[directory] { return store }
        let store = MediaStore(directory: directory)
        stores[directory] = store
        return store
    }

    public func render(bytes: [UInt8], settings: RenderSettings, format: Renderer.Format) throws -> (layout: PageLayout, output: [UInt8]) {
        var settings = settings
        // A raster page stops laying out once it cannot fit an image (LayoutOptions.heightLimit).
        if format == .png { settings.layout.limitToRasterPage() }
        let input = try settings.decode(bytes, path: nil)
        let layout = try self.layout(input, settings: settings)
        return (layout, try renderer.encode(layout, as: format, media: media(settings)))
    }
}
