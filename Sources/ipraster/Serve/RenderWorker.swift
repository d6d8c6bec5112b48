import Foundation
import HTTPService
import Layout
import Math
import ProcessSupport
import RenderOptions
import RichMessageRenderer

/// One `serve` worker: a render pipeline (its Pango font map, surfaces and PNG compressor) and a formula
/// typesetter of its own, used on its thread only. Each route runs the same code as its command, so an answer has
/// the command line's bytes.
final class RenderWorker: ServiceWorker {
    private let pipeline: RenderPipeline
    private let media: String?
    private var typesetter: FormulaTypesetter?

    init(media: String?) throws {
        pipeline = try RenderPipeline(videoFrames: FFmpegVideoFrames())
        self.media = media
    }

    /// A page with text, a list, a table, code and a formula, in every format, and one formula alone: fonts,
    /// shaping caches and the math font are loaded before `/readyz` says ready.
    func warmUp() throws {
        let sample = "## Warm-up\nSome *text*, `code` and $e^{i\\pi}+1=0$.\n\n- one\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |\n"
        var settings = RenderSettings()
        settings.inputFormat = "markdown"
        for format in [Renderer.Format.png, .svg, .pdf] {
            _ = try RenderCommand.image(Array(sample.utf8), path: nil, format: format, settings: settings, pipeline: pipeline)
        }
        _ = try MathCommand.make("\\frac{a}{b}", job: MathCommand.Job(), format: .png, json: true, typesetter: try formulas())
    }

    private func formulas() throws -> FormulaTypesetter {
        if let typesetter { return typesetter }
        let made = try FormulaFonts.typesetter(FontDirectory())
        typesetter = made
        return made
    }

    func handle(_ request: HTTPRequest, cancellation: CancellationFlag) -> HTTPResponse {
        var strict = false
        do {
            let parsed = try ServiceParameters.parse(request.query, route: request.path)
            if request.path == "/math" { return try math(request.body, parsed) }
            var settings = try Self.settings(parsed, request)
            strict = settings.strict
            settings.mediaDirectory = media
            switch request.path {
            case "/render":
                let format = try RenderCommand.outputFormat("-", explicit: settings.format)
                if format == .png { settings.layout.limitToRasterPage() }
                let (bytes, _, _) = try RenderCommand.image(request.body, path: nil, format: format, settings: settings, pipeline: pipeline,
                                                            cancellation: cancellation.check)
                return HTTPResponse(status: 200, contentType: Self.contentType(format), body: bytes)
            case "/layout":
                try cancellation.check()
                let layout = try pipeline.page(request.body, path: nil, settings: settings)
                let json = LayoutCommand.text(layout, settings: settings, compact: parsed.has("--compact"))
                return HTTPResponse(status: 200, contentType: "application/json", body: Array(json.utf8))
            case "/markdown":
                let (markdown, _, _) = try MarkdownCommand.copy(request.body, path: nil, settings: settings, lossless: parsed.has("--lossless"))
                return HTTPResponse(status: 200, contentType: "text/markdown; charset=utf-8", body: markdown)
            case "/classify":
                let json = parsed.has("--json")
                let text = try MarkdownCommand.classification(request.body, json: json)
                return HTTPResponse(status: 200, contentType: json ? "application/json" : "text/plain; charset=utf-8", body: Array(text.utf8))
            default:
                return .error(404, "no route \(request.path)")
            }
        } catch is CancellationFlag.Cancelled {
            return .error(504, "the request was cancelled at its deadline")
        } catch let error as DecodeError where strict && readableWithoutStrict(request) {
            return .error(422, error.message, location: error.path)
        } catch {
            return Self.response(for: error)
        }
    }

    private func math(_ body: [UInt8], _ parsed: ParsedArguments) throws -> HTTPResponse {
        var latex = String(decoding: body, as: UTF8.self)
        while latex.last?.isNewline == true { latex.removeLast() }
        guard !FormulaSource(latex).body.allSatisfy(\.isWhitespace) else { return .error(400, "the formula is empty") }
        let json = parsed.has("--json")
        let format = json ? nil : try RenderCommand.outputFormat("-", explicit: parsed.value("--format"))
        let result = try MathCommand.make(latex, job: try MathCommand.Job(parsed), format: format, json: json, typesetter: try formulas())
        if json, let line = result.json { return HTTPResponse(status: 200, contentType: "application/json", body: Array((line + "\n").utf8)) }
        guard let format, let image = result.image else { return .error(500, "the formula made no image") }
        return HTTPResponse(status: 200, contentType: Self.contentType(format), body: image)
    }

    /// Whether a body refused under `strict=1` reads without it (422 then; 400 when it cannot be read at all).
    private func readableWithoutStrict(_ request: HTTPRequest) -> Bool {
        var query = request.query
        query.removeAll { $0.name == "strict" }
        guard let parsed = try? ServiceParameters.parse(query, route: request.path), let settings = try? Self.settings(parsed, request) else { return false }
        return (try? settings.decode(request.body, path: nil)) != nil
    }

    /// The render settings of a request: its parameters, and the input format its content type names unless
    /// `from=` does.
    private static func settings(_ parsed: ParsedArguments, _ request: HTTPRequest) throws -> RenderSettings {
        var settings = try parsed.renderSettings()
        if settings.inputFormat == nil, let type = request.mediaType { settings.inputFormat = ServiceRoutes.formats[type] }
        return settings
    }

    static func contentType(_ format: Renderer.Format) -> String {
        switch format {
        case .png: return "image/png"
        case .svg: return "image/svg+xml"
        case .pdf: return "application/pdf"
        }
    }

    /// The command line's error as an answer: 400 for what cannot be read, 422 for what is refused.
    static func response(for error: Error) -> HTTPResponse {
        switch error {
        case let problem as ServiceParameters.Problem: return .error(400, problem.message, location: problem.location)
        case let error as DecodeError: return .error(400, error.message, location: error.path)
        case let error as UsageError: return .error(400, error.message)
        case let error as OptionError: return .error(400, error.description, location: error.option)
        case let error as MathCommand.Failure: return .error(error.refused ? 422 : 400, error.message)
        case let error as PageTooLarge: return .error(422, error.description)
        case let error as CairoError where !error.outOfMemory: return .error(422, "cannot draw this page: \(error)")
        case let error as MediaError: return .error(422, error.message)
        default: return .error(500, "\(error)")
        }
    }
}
