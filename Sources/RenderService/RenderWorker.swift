import CommandCatalog
import Dispatch
import Drawing
import FoundationEssentials
import HTTPService
import Layout
import Math
import MediaSources
import Primitives
import ProcessSupport
import RenderOptions
import RichMessageRenderer

/// One `serve` worker process's render state: a pipeline (its Pango font map, surfaces and PNG compressor) and a
/// formula typesetter (`RenderOperations`), used on the process's one working thread. Each route runs the typed
/// operation its command runs (`ServiceRoute.table`), so an answer has the command line's bytes.
package final class RenderWorker: RequestHandler {
    private let operations: RenderOperations
    private let media: String?
    private let hooks: TestHooks

    /// Test-only behaviour, active only when its environment variable is set (docs/service.md): a body that
    /// contains the marker of `IPRASTER_TEST_TRAP_MARKER` makes the worker trap (as a force-unwrap of nil would), one
    /// with the marker of `IPRASTER_TEST_STALL_MARKER` makes it compute for ever; the service's tests prove with them
    /// that a trap or a runaway render ends only its worker process.
    package struct TestHooks {
        var trap: [UInt8]?
        var stall: [UInt8]?

        package init(trap: [UInt8]? = nil, stall: [UInt8]? = nil) {
            self.trap = trap
            self.stall = stall
        }

        package static func fromEnvironment() -> TestHooks {
            let environment = ProcessInfo.processInfo.environment
            func marker(_ name: String) -> [UInt8]? { environment[name].flatMap { $0.isEmpty ? nil : Array($0.utf8) } }
            return TestHooks(trap: marker("IPRASTER_TEST_TRAP_MARKER"), stall: marker("IPRASTER_TEST_STALL_MARKER"))
        }

        func apply(to body: [UInt8]) {
            if let trap, Self.contains(body, trap) { fatalError("IPRASTER_TEST_TRAP_MARKER: the test hook trapped on purpose") }
            if let stall, Self.contains(body, stall) {
                var spin: UInt64 = 0
                while true { spin = spin &+ 1 }
            }
        }

        private static func contains(_ body: [UInt8], _ marker: [UInt8]) -> Bool {
            guard !marker.isEmpty, body.count >= marker.count else { return false }
            return (0...(body.count - marker.count)).contains { start in body[start..<(start + marker.count)].elementsEqual(marker) }
        }
    }

    package init(media: String?, timeout: Double = 10, hooks: TestHooks = TestHooks()) throws {
        operations = RenderOperations(pipeline: try RenderPipeline(videoFrames: FFmpegVideoFrames()))
        self.media = media
        self.timeout = timeout
        self.hooks = hooks
    }

    /// The service's request deadline, seconds (the programs a request runs end by then).
    private let timeout: Double

    /// A page with text, a list, a table, code and a formula, in every format, and one formula alone: fonts,
    /// shaping caches and the math font are loaded before the worker says it is ready.
    package func warmUp() throws {
        let sample = "## Warm-up\nSome *text*, `code` and $e^{i\\pi}+1=0$.\n\n- one\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |\n"
        let input = RenderInput(bytes: Array(sample.utf8), format: RenderSettings.markdownFormat)
        for format in [Renderer.Format.png, .svg, .pdf] {
            _ = try operations.render(input, settings: RenderSettings(), as: format)
        }
        _ = try operations.typeset("\\frac{a}{b}", job: FormulaJob(), format: .png, json: true)
    }

    package func handle(_ request: HTTPRequest) -> HTTPResponse {
        ProgramRun.deadline = DispatchTime.now().uptimeNanoseconds + UInt64(timeout * 1e9)
        defer { ProgramRun.deadline = nil }
        hooks.apply(to: request.body)
        guard let route = ServiceRoutes.row(request.path) else { return .error(404, "no route \(Diagnostic.shortened(request.path))") }
        do {
            var request = request
            // The request's media: its own files over the service's folder, looked up afresh for each request (no
            // warning of one request reaches the next).
            var files: (any MediaFiles)? = media.map { FolderFiles(directory: $0) }
            if request.mediaType == "multipart/form-data" {
                let unpacked = try unpack(request, route: route)
                request = unpacked.message
                files = files.map { LayeredFiles(unpacked.files, over: $0) } ?? unpacked.files
            }
            let source = files.map { MediaLookup(files: $0, videoFrames: operations.pipeline.videoFrames) }
            return try route.answer(self, route, ServiceRequest(http: request, media: source, arguments: try ServiceParameters.parse(request.query, route: route)))
        } catch {
            return Self.response(for: error)
        }
    }

    /// A multipart request (issue 42): the part named `message` becomes the body, with its own content type (or its
    /// file name's extension); every other part is a media file under its name (an id, or `ID.EXT` as `--media` file
    /// names are, or `<id>.json` / `stickers.json` sticker sidecars), held in memory for this request only and
    /// winning over the service's `--media` files of the same id.
    private func unpack(_ request: HTTPRequest, route: ServiceRoute) throws -> (message: HTTPRequest, files: MemoryFiles) {
        let form = try MultipartForm(body: request.body, contentType: request.contentType)
        guard let message = form.parts.first(where: { $0.name == "message" }) else {
            throw MultipartForm.Problem(status: 400, message: "a multipart request needs a part named message (the message to render)", location: "message")
        }
        var unpacked = request
        unpacked.body = message.body
        var type = message.contentType.flatMap(MediaType.init)
        // No type: the input format whose file extensions name the part's file (as the command line picks it), by the
        // route's media type for that format.
        if type == nil, let name = message.fileName {
            let ext = PathName.pathExtension(name).lowercased()
            if let format = RenderSettings.inputFormats.first(where: { $0.fileExtensions.contains(ext) }) {
                type = route.mediaTypes.filter { $0.value.map { ObjectIdentifier($0) == ObjectIdentifier(format) } ?? false }.keys.sorted().first.map { MediaType(type: $0) }
            }
        }
        unpacked.contentType = type ?? MediaType(type: "application/octet-stream")
        if !route.accepts(unpacked.mediaType) || unpacked.mediaType == "multipart/form-data" {
            throw MultipartForm.Problem(status: 415, message: "the message part's type \(unpacked.mediaType ?? "") is not read here", location: "message")
        }
        var files: [String: [UInt8]] = [:]
        for part in form.parts where part.name != "message" { files[part.name] = part.body }
        return (unpacked, MemoryFiles(files))
    }

    // MARK: the routes' operations

    /// The message of a request: its body, the input format its content type names (which wins over `from=`: the
    /// type describes these bytes, as the document says) and its media.
    private func input(_ request: ServiceRequest, route: ServiceRoute) -> RenderInput {
        RenderInput(bytes: request.http.body, format: route.inputFormat(request.http.mediaType), media: request.media)
    }

    func render(_ request: ServiceRequest, route: ServiceRoute) throws -> HTTPResponse {
        let settings = request.arguments.settings, arguments = request.arguments
        if let animation = settings.animation { return try animate(request, route: route, settings: settings, format: animation) }
        let format = try OutputFormat.forPath("-", explicit: settings.format)
        let result = try operations.render(input(request, route: route), settings: settings, as: format)
        // fps and duration are an animation's: said, not refused, for a still answer (the command line refuses them).
        let ignored = ["fps", "duration"].filter { arguments.has("--" + $0) }
        var notes = ignored.isEmpty ? [] : ["\(ignored.joined(separator: " and ")) apply to format=apng, gif or mp4: ignored for \(format.rawValue)"]
        if settings.webpQuality != nil, format != .webp { notes.append("quality applies to format=webp: ignored for \(format.rawValue)") }
        var headers: [(String, String)] = []
        if arguments.flags.contains("alt-text") {
            if let value = AltTextHeader.value(result.layout.altText) { headers.append((AltTextHeader.name, value)) } else { notes.append(AltTextHeader.tooLong(result.layout.altText)) }
        }
        return HTTPResponse(status: 200, contentType: Self.contentType(format), body: result.output,
                            headers: [(WarningsHeader.name, WarningsHeader.value(result.warnings + notes))] + headers)
    }

    /// `format=apng|gif|mp4`: the finished message with its custom emoji playing, as `render -o FILE.gif` writes it
    /// (issue 57). ffmpeg runs in this worker's process group and temporary folder, so the request's deadline and
    /// the worker's memory bound hold for it as for any render; frames stream to it (issue 56).
    private func animate(_ request: ServiceRequest, route: ServiceRoute, settings: RenderSettings, format: AnimationFormat) throws -> HTTPResponse {
        guard FFmpeg.path != nil else {
            throw RenderError(.environment, "the \(format.rawValue) output needs ffmpeg, which this service's machine does not have")
        }
        var settings = settings
        settings.layout.limitToRaster()
        let input = input(request, route: route)
        let layout = try operations.page(input, settings: settings)
        if layout.exceedsHeightLimit || !layout.canvas.fitsOneSurface { throw PageTooLarge(raster: layout) }
        let pipeline = operations.pipeline
        let media = pipeline.media(settings, input.media)
        let (animation, _, notes) = RenderOperations.plan(layout, format: format, timing: request.arguments.timing, media: media)
        // What one request may ask ffmpeg to take within its deadline: frames × canvas pixels (a 342 × 150 pt
        // message at scale 2 gets 10 s at 30 fps; the command line has no such bound).
        let pixels = Double(animation.frameCount) * Double(layout.canvas.pixelWidth) * Double(layout.canvas.pixelHeight)
        guard pixels <= Self.maxAnimationPixels else {
            throw RenderError(.tooLarge, "an animation of \(animation.frameCount) frames of \(layout.canvas.pixelWidth)×\(layout.canvas.pixelHeight) px is more "
                + "than a request renders (\(Int(Self.maxAnimationPixels / 1_000_000)) million pixels in all: lower fps, duration or scale, or use the command line)")
        }
        try pipeline.refuseFailedStickers(layout, settings: settings, media: input.media)
        let altText = settings.embedsAltText ? AltTextMetadata(text: layout.altText, language: layout.language) : nil
        let bytes = try FFmpeg.bytes(animation, format: format.rawValue, altText: altText, label: "the \(format.rawValue) answer")
        let warnings = layout.warnings + notes + RenderOperations.animationMediaWarnings(layout, media: media)
        return HTTPResponse(status: 200, contentType: Self.contentType(format), body: bytes, headers: [(WarningsHeader.name, WarningsHeader.value(warnings))])
    }

    /// The pixels of all frames of one animated answer.
    static let maxAnimationPixels = 60_000_000.0

    static func contentType(_ format: AnimationFormat) -> String {
        switch format {
        case .apng: return "image/apng"
        case .gif: return "image/gif"
        case .mp4: return "video/mp4"
        }
    }

    /// The layout JSON (with the render's warnings as its last key, `warnings`), and the warnings in the header.
    func layout(_ request: ServiceRequest, route: ServiceRoute) throws -> HTTPResponse {
        let (json, layout) = try operations.layoutJSON(input(request, route: route), settings: request.arguments.settings, compact: request.arguments.has("--compact"))
        return HTTPResponse(status: 200, contentType: "application/json", body: Array(json.utf8),
                            headers: [(WarningsHeader.name, WarningsHeader.value(layout.warnings))])
    }

    /// The plain-message payloads; the tables' forms and decoding warnings in the header.
    func fallback(_ request: ServiceRequest, route: ServiceRoute) throws -> HTTPResponse {
        let (json, _, notes) = try RenderOperations.fallback(input(request, route: route), settings: request.arguments.settings)
        return HTTPResponse(status: 200, contentType: "application/json", body: json, headers: [(WarningsHeader.name, WarningsHeader.value(notes))])
    }

    func markdownCopy(_ request: ServiceRequest, route: ServiceRoute) throws -> HTTPResponse {
        if request.arguments.parsed.value("--format") == "html" {
            // A combination the schema cannot say (both are valid alone): unprocessable, not malformed.
            guard !request.arguments.has("--lossless") else { return .error(422, "lossless is for Markdown; format=html writes a web page") }
            let (html, _, _) = try RenderOperations.htmlCopy(input(request, route: route), settings: request.arguments.settings)
            return HTTPResponse(status: 200, contentType: "text/html; charset=utf-8", body: html)
        }
        let (markdown, _, _) = try RenderOperations.markdownCopy(input(request, route: route), settings: request.arguments.settings, lossless: request.arguments.has("--lossless"))
        return HTTPResponse(status: 200, contentType: "text/markdown; charset=utf-8", body: markdown)
    }

    func math(_ request: ServiceRequest) throws -> HTTPResponse {
        var latex = String(decoding: request.http.body, as: UTF8.self)
        while latex.last?.isNewline == true { latex.removeLast() }
        guard !FormulaSource(latex).body.allSatisfy(\.isWhitespace) else { return .error(422, "the formula is empty") }
        let arguments = request.arguments, json = arguments.has("--json")
        if arguments.parsed.value("--format") == "mathml", !json {
            return HTTPResponse(status: 200, contentType: "application/mathml+xml; charset=utf-8",
                                body: Array((try RenderOperations.mathML(latex, job: arguments.job) + "\n").utf8))
        }
        let format = json ? nil : try OutputFormat.forPath("-", explicit: arguments.format)
        let result = try operations.typeset(latex, job: arguments.job, format: format, json: json)
        if json, let line = result.json { return HTTPResponse(status: 200, contentType: "application/json", body: Array((line + "\n").utf8)) }
        guard let format, let image = result.image else { return .error(500, "the formula made no image") }
        return HTTPResponse(status: 200, contentType: Self.contentType(format), body: image)
    }

    static func contentType(_ format: Renderer.Format) -> String {
        switch format {
        case .png: return "image/png"
        case .svg: return "image/svg+xml"
        case .pdf: return "application/pdf"
        case .webp: return "image/webp"
        }
    }

    /// An error as an answer: the one place the service maps errors (`RenderError.httpStatus`: 400 the request, 422
    /// what the message cannot be or is refused, 500 the environment), for the router's early answers and the
    /// workers' alike.
    static func response(for error: Error) -> HTTPResponse {
        let error = RenderError(error)
        return .error(error.httpStatus, error.message, location: error.location)
    }
}
