import Images
import Layout
import Math
import MediaSources
import Raster

/// decode → layout → paint → encode, for one process (Pango objects are not thread-safe: one pipeline per thread).
public final class RenderPipeline {
    public let fonts: FontSet
    /// The formula typesetter on the collection's math face, opened on first use (nil: formulas show their LaTeX
    /// source).
    public var formulas: FormulaTypesetter? { engine.formulas?.typesetter }
    public let engine: LayoutEngine
    public let renderer: Renderer
    /// `--media DIR`'s lookups, one per directory, kept for the pipeline's life (decoded images are cached): the
    /// command line's batch renders many inputs over one folder. A service request brings its own media source.
    private var folders: [String: MediaLookup] = [:]

    /// Where animations' and videos' first frames come from (the host's: the library runs no program).
    public let videoFrames: (any VideoFrameSource)?

    /// `measureTimer`: time text measuring into it (`ipraster bench`). `videoFrames`: the first frames of local
    /// animations and videos (nil: they draw their placeholder with a warning).
    public init(fonts: FontSet, measureTimer: MeasureTimer? = nil, videoFrames: (any VideoFrameSource)? = nil) {
        self.fonts = fonts
        self.videoFrames = videoFrames
        let collection = fonts.collection
        engine = LayoutEngine(fonts: fonts, formulas: LazyFormulaTypesetter { FormulaFonts.typesetter(collection) }, timer: measureTimer)
        renderer = Renderer()
    }

    /// A pipeline with the hermetic fonts; `processDefault` as in `FontSet.init` (only for a program that owns its process).
    public convenience init(processDefault: Bool = false, measureTimer: MeasureTimer? = nil, videoFrames: (any VideoFrameSource)? = nil) throws {
        self.init(fonts: try FontSet(processDefault: processDefault), measureTimer: measureTimer, videoFrames: videoFrames)
    }

    /// The layout of the message `render` draws (the last message of a stream).
    public func layout(_ input: DecodedInput, settings: RenderSettings, media: (any MediaSource)? = nil) throws -> PageLayout {
        guard let frame = input.frames.last(where: { $0.document != nil }) else {
            throw DecodeError(path: "$", message: "the stream holds no message to draw")
        }
        var layout = try self.layout(frame, settings: settings, media: media)
        layout.warnings = input.warnings + layout.warnings
        return layout
    }

    /// The layout of one message or draft of an input.
    public func layout(_ frame: MessageFrame, settings: RenderSettings, media: (any MediaSource)? = nil) throws -> PageLayout {
        guard var document = frame.document else { throw DecodeError(path: "$", message: "the element holds no message to draw") }
        if let redaction = settings.redaction { document = redaction.apply(to: document) }
        // "Show more" belongs to partial cloud messages; a draft's `part` flag only says it is still growing.
        let layout = engine.layout(document, options: settings.layout, resolved: resolved(document, settings, media: media), offersShowMore: frame.kind == .message)
        // A formula shown as its LaTeX source is an input error under --strict (math-facts §7).
        if settings.strict, let failure = layout.formulaFailures.first { throw failure }
        // So is a character no installed font draws (docs/rendering.md "Fonts and scripts").
        if settings.strict, let missing = layout.missingGlyphError { throw missing }
        if layout.exceedsLineLimit {
            throw PageTooLarge(message: "this message is too large to lay out: a text of it lays out to more than \(FontSet.maxLinesPerText) lines at --width "
                + "\(settings.layout.width.clean) or holds over \(FontSet.maxBytesPerText / 1_000_000) MB, or a table has over \(LayoutOptions.maxTableCells) cells; "
                + "ipraster refuses pages this long in every output (split the message, or a wider --width shortens it)")
        }
        return layout
    }

    /// Media resolution: dimensions the document lacks, from the media's files (a value beside the document, which
    /// stays as decoded).
    public func resolved(_ document: Document, _ settings: RenderSettings, media: (any MediaSource)? = nil) -> ResolvedMedia {
        guard let source = self.media(settings, media) else { return ResolvedMedia() }
        var resolved = ResolvedMedia()
        for (id, item) in document.media where item.width == nil || item.height == nil {
            if let image = source.image(for: item.lookupIds) { resolved.sizes[id] = .init(width: image.width, height: image.height) }
        }
        return resolved
    }

    /// The media source of a render: the one given (a service request's files over its folder), else `--media
    /// DIR`'s (one lookup per directory, kept for the pipeline's life).
    public func media(_ settings: RenderSettings, _ given: (any MediaSource)? = nil) -> (any MediaSource)? {
        if let given { return given }
        guard let directory = settings.mediaDirectory else { return nil }
        if let folder = folders[directory] { return folder }
        let folder = MediaLookup(folder: directory, videoFrames: videoFrames)
        folders[directory] = folder
        return folder
    }

    /// What paint is given for `layout`: its display page (with `overlays` for one animation frame) and the decoded
    /// images it draws, resolved here through the settings' media source; and what the source warned about.
    /// `tagged`: a tagged PDF's (`PageLayout.displayList(tagged:)`).
    public func displayPage(_ layout: PageLayout, settings: RenderSettings, media: (any MediaSource)? = nil,
                            overlays: [GroupName: Overlay] = [:], tagged: Bool = false) -> (page: DisplayPage, mediaWarnings: [String]) {
        let source = self.media(settings, media)
        var page = MediaResolver.resolved(layout.displayPage(overlays: overlays, tagged: tagged), source: source)
        if !settings.embedsAltText { page.altText = nil }
        return (page, (source?.warnings ?? []) + (source?.missingWarnings(page) ?? []))
    }

    /// decode → layout: the page an input's bytes make (`path` names it in errors and picks its format by
    /// extension unless `settings.inputFormat` does).
    public func page(_ bytes: [UInt8], path: String?, settings: RenderSettings, media: (any MediaSource)? = nil) throws -> PageLayout {
        try layout(try settings.decode(bytes, path: path), settings: settings, media: media)
    }

    /// paint → bytes: a laid-out page encoded, with what the media store warned about on the way.
    public func encode(_ layout: PageLayout, as format: Renderer.Format, settings: RenderSettings,
                       media: (any MediaSource)? = nil) throws -> (bytes: [UInt8], mediaWarnings: [String]) {
        let (page, warnings) = displayPage(layout, settings: settings, media: media, tagged: format == .pdf)
        try refuseFailedStickers(page.list, settings: settings, media: media)
        return (try renderer.encode(page, as: format, webpQuality: settings.webpQuality), warnings)
    }

    /// paint → a PNG written to `sink` strip by strip (a file: the page is never held whole); what the media store
    /// warned about.
    public func writePNG(_ layout: PageLayout, settings: RenderSettings, media: (any MediaSource)? = nil, to sink: PNGSink) throws -> [String] {
        let (page, warnings) = displayPage(layout, settings: settings, media: media)
        try refuseFailedStickers(page.list, settings: settings, media: media)
        try renderer.png(page, to: sink)
        return warnings
    }

    /// Under `--strict`, a custom emoji whose sticker file is there but cannot be drawn (issue 41), or is missing from
    /// the media given (issue 57), is refused (exit 2) instead of drawn as its alternative text.
    public func refuseFailedStickers(_ layout: PageLayout, settings: RenderSettings, media: (any MediaSource)? = nil) throws {
        try refuseFailedStickers(layout.displayList(), settings: settings, media: media)
    }

    private func refuseFailedStickers(_ list: Frame, settings: RenderSettings, media: (any MediaSource)?) throws {
        guard settings.strict, let source = self.media(settings, media) else { return }
        for id in MediaResolver.stickerIds(in: list) {
            _ = source.sticker(for: id)
            if let reason = source.stickerFailure(for: id) {
                throw Refusal(.sticker, path: "$", message: "custom emoji \(id): \(reason) (refused under --strict)")
            }
            if !source.hasFile(for: [id]) {
                throw Refusal(.sticker, path: "$", message: "custom emoji \(id): no sticker file for it among the media given (refused under --strict)")
            }
        }
    }

    /// What one render made: the output's bytes, the page's layout, and every warning of decoding, layout and media.
    public struct Result: Sendable {
        public let output: [UInt8]
        public let layout: PageLayout
        public let warnings: [String]
    }

    /// decode → layout → paint → bytes in one call, the front door's policy applied here once for every caller (the
    /// command line, batch, the service): a PNG stops laying out once the page cannot fit a PNG page
    /// (`LayoutOptions.limitToRasterPage`); strictness and media follow `settings`. `path` names the input in errors
    /// and picks its format by extension unless `settings.inputFormat` does.
    public func render(bytes: [UInt8], path: String? = nil, settings: RenderSettings, media: (any MediaSource)? = nil, format: Renderer.Format) throws -> Result {
        let settings = Self.limited(settings, for: format)
        let layout = try page(bytes, path: path, settings: settings, media: media)
        let (output, mediaWarnings) = try encode(layout, as: format, settings: settings, media: media)
        return Result(output: output, layout: layout, warnings: layout.warnings + mediaWarnings)
    }

    /// The same as a PNG written to `sink` strip by strip (a file: the page is never held whole); `output` is empty.
    public func render(bytes: [UInt8], path: String? = nil, settings: RenderSettings, media: (any MediaSource)? = nil, pngTo sink: PNGSink) throws -> Result {
        let settings = Self.limited(settings, for: .png)
        let layout = try page(bytes, path: path, settings: settings, media: media)
        let mediaWarnings = try writePNG(layout, settings: settings, media: media, to: sink)
        return Result(output: [], layout: layout, warnings: layout.warnings + mediaWarnings)
    }

    /// The raster height rule, written once: a PNG page lays out no further than a PNG page can be tall.
    static func limited(_ settings: RenderSettings, for format: Renderer.Format) -> RenderSettings {
        var settings = settings
        if format.isRaster, settings.layout.heightLimit == nil { settings.layout.limitToRasterPage() }
        return settings
    }
}
