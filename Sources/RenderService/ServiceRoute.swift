import CommandCatalog
import Document
import HTTPService
import MediaSources
import RichMessageRenderer

/// The render service's routes, one row each, each path written here once (issue 58): path, method, the content
/// types the body may have (and the input format each names; nil: sniffed as a file is), the command whose options
/// the query parameters are, what a success answers (its content types, the schema of a JSON answer, whether it
/// carries `X-Ipraster-Warnings`), and the operation that answers it. The router (`ServiceRoutes`, in the service
/// process) reads the rows before the body is read; the worker processes run `answer`, which receives its row; the
/// OpenAPI document is written from them.
struct ServiceRoute: Sendable {
    let path: String
    let method: String
    let mediaTypes: [String: (any InputFormat.Type)?]
    /// The command whose options are the route's query parameters (nil: the route takes none).
    let command: CommandSpec?
    /// The content types of a success.
    let answers: [String]
    /// The component schema of an `application/json` success (`AnswerSchemas`).
    let answerSchema: String?
    /// Whether a success carries the render's warnings (`X-Ipraster-Warnings`).
    let warnings: Bool
    /// Whether the body must be there (a formula has no default).
    let bodyRequired: Bool
    /// Answered by the service process itself, before any body (the OpenAPI document); nil: by a worker.
    let early: Early?

    /// The answer of a route the service process gives itself (made when asked: the OpenAPI document reads this
    /// table).
    struct Early: Sendable {
        let response: @Sendable () -> HTTPResponse
    }
    let answer: @Sendable (RenderWorker, ServiceRoute, ServiceRequest) throws -> HTTPResponse

    init(path: String, method: String = "POST", mediaTypes: [String: (any InputFormat.Type)?] = [:], command: CommandSpec?, answers: [String],
         answerSchema: String? = nil, warnings: Bool = false, bodyRequired: Bool = false, early: Early? = nil,
         answer: @escaping @Sendable (RenderWorker, ServiceRoute, ServiceRequest) throws -> HTTPResponse = { _, route, _ in .error(500, "\(route.path) has no worker operation") }) {
        self.path = path
        self.method = method
        self.mediaTypes = mediaTypes
        self.command = command
        self.answers = answers
        self.answerSchema = answerSchema
        self.warnings = warnings
        self.bodyRequired = bodyRequired
        self.early = early
        self.answer = answer
    }

    /// The input formats a document route reads: JSON, Markdown and HTML by name, or sniffed.
    private static let documents: [String: (any InputFormat.Type)?] = [
        "application/json": JSONMessageFormat.self, "text/markdown": RenderSettings.markdownFormat, "text/x-markdown": RenderSettings.markdownFormat,
        "text/html": RenderSettings.htmlFormat, "text/plain": nil, "application/octet-stream": nil,
        // The message with its media files (issue 42): unpacked by the worker, the `message` part then read by its type.
        "multipart/form-data": nil]

    private static let stills = ["image/png", "image/webp", "image/svg+xml", "application/pdf"]

    static let table: [ServiceRoute] = [
        ServiceRoute(path: "/render", mediaTypes: documents, command: .renderCommand,
                     answers: stills + AnimationFormat.allCases.map(RenderWorker.contentType), warnings: true) { worker, route, request in
            try worker.render(request, route: route)
        },
        ServiceRoute(path: "/layout", mediaTypes: documents, command: .layoutCommand, answers: ["application/json"], answerSchema: "Layout",
                     warnings: true) { worker, route, request in
            try worker.layout(request, route: route)
        },
        ServiceRoute(path: "/markdown", mediaTypes: documents, command: .markdownCommand, answers: ["text/markdown", "text/html"]) { worker, route, request in
            try worker.markdownCopy(request, route: route)
        },
        ServiceRoute(path: "/fallback", mediaTypes: documents, command: .fallbackCommand, answers: ["application/json"], answerSchema: "Fallback",
                     warnings: true) { worker, route, request in
            try worker.fallback(request, route: route)
        },
        ServiceRoute(path: "/classify",
                     mediaTypes: ["text/markdown": RenderSettings.markdownFormat, "text/x-markdown": RenderSettings.markdownFormat, "text/plain": nil,
                                  "application/octet-stream": nil],
                     command: .classifyCommand, answers: ["text/plain", "application/json"], answerSchema: "Classification") { _, _, request in
            let json = request.arguments.has("--json")
            let text = try RenderOperations.classify(request.http.body, json: json)
            return HTTPResponse(status: 200, contentType: json ? "application/json" : "text/plain; charset=utf-8", body: Array(text.utf8))
        },
        ServiceRoute(path: "/math",
                     mediaTypes: ["text/plain": nil, "text/x-latex": nil, "application/x-latex": nil, "application/x-tex": nil,
                                  "application/octet-stream": nil],
                     command: .mathCommand, answers: stills + ["application/json", "application/mathml+xml"], answerSchema: "FormulaMetrics", bodyRequired: true) { worker, _, request in
            try worker.math(request)
        },
        ServiceRoute(path: "/openapi.json", method: "GET", command: nil, answers: ["application/json"],
                     early: Early { HTTPResponse(status: 200, contentType: "application/json", body: ServiceRoutes.openAPI) }),
    ]

    /// Whether the route reads a body of `type` (no type: yes, sniffed).
    func accepts(_ type: String?) -> Bool { type.map { mediaTypes[$0] != nil } ?? true }

    /// The input format a body of `type` is read as; nil to sniff it.
    func inputFormat(_ type: String?) -> (any InputFormat.Type)? { type.flatMap { mediaTypes[$0] ?? nil } }
}

/// A request as a worker's operation receives it: the HTTP request (its body the message, a multipart request's
/// `message` part), the media it brought over the service's folder, and its parameters, read once.
struct ServiceRequest {
    let http: HTTPRequest
    let media: (any MediaSource)?
    let arguments: ServiceArguments
}
