import CommandCatalog
import Document
import Drawing
import Layout
import Markup
import Math
import Primitives
import Raster
import RichMessageRenderer

/// The typed operations the command line and the service both call (issue 58): render, the layout JSON, the
/// Markdown copy, classify and typeset. Each takes a `RenderInput` and settings already read (from options or from
/// query parameters) and returns values; neither argv nor HTTP appears here, so a route's answer and a command's
/// output are the same bytes by construction. One instance per thread: it holds the thread's pipeline (Pango's font
/// map, surfaces, the PNG compressor) and the formula typesetter, opened on first use.
package final class RenderOperations {
    package let pipeline: RenderPipeline
    private var formulas: FormulaTypesetter?

    package init(pipeline: RenderPipeline) {
        self.pipeline = pipeline
    }

    /// decode → layout → paint → bytes.
    package func render(_ input: RenderInput, settings: RenderSettings, as format: Renderer.Format) throws -> RenderPipeline.Result {
        try pipeline.render(bytes: input.bytes, path: input.path, settings: input.applied(to: settings), media: input.media, format: format)
    }

    /// decode → layout: the page of `input`.
    package func page(_ input: RenderInput, settings: RenderSettings) throws -> PageLayout {
        try pipeline.page(input.bytes, path: input.path, settings: input.applied(to: settings), media: input.media)
    }

    /// The layout JSON (`ipraster layout`, `POST /layout`), with the render's warnings as its last key (`warnings`:
    /// what standard error or the service's `X-Ipraster-Warnings` also says), and the page it describes.
    package func layoutJSON(_ input: RenderInput, settings: RenderSettings, compact: Bool) throws -> (json: String, layout: PageLayout) {
        let layout = try page(input, settings: settings)
        return (Self.layoutText(layout, settings: settings, compact: compact), layout)
    }

    /// The layout JSON of a page already laid out.
    package static func layoutText(_ layout: PageLayout, settings: RenderSettings, compact: Bool) -> String {
        var json = layout.json(includeCharacterRects: settings.layout.revealRects)
        if case .object(let fields) = json {
            json = .object(fields.filter { $0.0 != "warnings" } + [("warnings", .array(layout.warnings.map { .string($0) }))])
        }
        return json.serialized(pretty: !compact) + "\n"
    }

    /// The message as plain Bot API messages (`ipraster fallback`, `POST /fallback`): the JSON array of `sendMessage`
    /// payloads (one a line inside the array), each checked against the Bot API's rules first; what the writer
    /// decided (tables' forms) and the decoding warnings.
    package static func fallback(_ input: RenderInput, settings: RenderSettings) throws -> (json: [UInt8], messages: [BotMessage], notes: [String]) {
        let decoded = try input.applied(to: settings).decode(input.bytes, path: input.path)
        guard let document = decoded.lastDocument else { throw UsageError(message: "the input holds no message", command: "fallback") }
        let environment = settings.layout.text
        var writer = FallbackWriter { environment.formatted($0) }
        let messages = writer.messages(document)
        for (index, message) in messages.enumerated() {
            if let problem = BotEntityRules.problems(message).first {
                throw RenderError(.environment, "payload \(index + 1) breaks the Bot API's rules (a bug in ipraster: please report it): \(problem)")
            }
        }
        let json = "[" + messages.map { "\n  " + $0.json().serialized(pretty: false) }.joined(separator: ",") + (messages.isEmpty ? "" : "\n") + "]\n"
        return (Array(json.utf8), messages, decoded.warnings + writer.notes)
    }

    /// The message as the app copies it (`ipraster markdown`, `POST /markdown`), with its document and the decoding
    /// warnings.
    package static func markdownCopy(_ input: RenderInput, settings: RenderSettings, lossless: Bool) throws
        -> (markdown: [UInt8], document: Document, warnings: [String]) {
        let decoded = try input.applied(to: settings).decode(input.bytes, path: input.path)
        guard let document = decoded.lastDocument else { throw UsageError(message: "the input holds no message", command: "markdown") }
        return (Array(MarkdownWriter.markdown(document, lossless: lossless).utf8), document, decoded.warnings)
    }

    /// The message as a web page (`ipraster markdown --format html`, issue 63): Rich HTML in an HTML5 document in the
    /// render's language, its title the alt text's first line, every formula as MathML Core (`MathMLWriter`; one that
    /// does not parse keeps Telegram's tag).
    package static func htmlCopy(_ input: RenderInput, settings: RenderSettings) throws -> (html: [UInt8], document: Document, warnings: [String]) {
        let decoded = try input.applied(to: settings).decode(input.bytes, path: input.path)
        guard let document = decoded.lastDocument else { throw UsageError(message: "the input holds no message", command: "markdown") }
        let environment = settings.layout.text
        let words = AltTextMetadata(text: AltText.of(document, showSpoilers: environment.showSpoilers, expandDetails: settings.layout.expandDetails) {
            environment.formatted($0)
        }, language: environment.locale.identifier)
        let html = HTMLCopy.document(document, language: words.language, title: words.title) { source, display in
            try? MathMLWriter.math(FormulaSource(source).body, display: display, alttext: source)
        }
        return (Array(html.utf8), document, decoded.warnings)
    }

    /// Whether the app sends Markdown `bytes` as a rich message (`ipraster classify`, `POST /classify`): `rich
    /// (TRIGGER)` or `plain`, or its JSON.
    package static func classify(_ bytes: [UInt8], json: Bool) throws -> String {
        let decision: SendClassifier.Decision
        do {
            decision = try SendClassifier.classify(markdown: String(decoding: bytes, as: UTF8.self))
        } catch let error as MarkupError {
            throw error.decodeError()
        }
        if json {
            return JSONOut.object([("rich", .bool(decision.rich)), ("trigger", decision.trigger.map(JSONOut.string) ?? .null)]).serialized(pretty: false) + "\n"
        }
        return decision.rich ? "rich (\(decision.trigger ?? ""))\n" : "plain\n"
    }

    /// One formula alone with this thread's typesetter (opened on first use).
    package func typeset(_ latex: String, job: FormulaJob, format: Renderer.Format?, json: Bool) throws -> FormulaResult {
        try Self.typeset(latex, job: job, format: format, json: json, typesetter: try typesetter())
    }

    private func typesetter() throws -> FormulaTypesetter {
        if let formulas { return formulas }
        let made = try FormulaFonts.typesetter(FontDirectory())
        formulas = made
        return made
    }
}
