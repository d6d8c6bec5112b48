import HTTPService
import Layout
import MediaSources
import RichMessageRenderer

/// The render service's routes, one row each: path, method, the content types the body may have (and the input
/// format each names; nil: sniffed as a file is), the command whose options the query parameters are, and the
/// operation that answers it — the command's own function, so an answer has the command line's bytes. The router
/// (`ServiceRoutes`, in the service process) reads the rows' first four columns before the body is read; the worker
/// processes run the fifth.
struct ServiceRoute: Sendable {
    let path: String
    let method: String
    let mediaTypes: [String: (any InputFormat.Type)?]
    let command: CommandSpec
    let answer: @Sendable (RenderWorker, HTTPRequest, (any MediaSource)?, ServiceArguments) throws -> HTTPResponse

    /// The input formats a document route reads: JSON, Markdown and HTML by name, or sniffed.
    private static let documents: [String: (any InputFormat.Type)?] = [
        "application/json": JSONMessageFormat.self, "text/markdown": RenderSettings.markdownFormat, "text/x-markdown": RenderSettings.markdownFormat,
        "text/html": RenderSettings.htmlFormat, "text/plain": nil, "application/octet-stream": nil,
        // The message with its media files (issue 42): unpacked by the worker, the `message` part then read by its type.
        "multipart/form-data": nil]

    static let table: [ServiceRoute] = [
        ServiceRoute(path: "/render", method: "POST", mediaTypes: documents, command: .renderCommand) { worker, request, media, arguments in
            try worker.render(request, media: media, arguments)
        },
        ServiceRoute(path: "/layout", method: "POST", mediaTypes: documents, command: .layoutCommand) { worker, request, media, arguments in
            try worker.layout(request, media: media, arguments)
        },
        ServiceRoute(path: "/markdown", method: "POST", mediaTypes: documents, command: .markdownCommand) { worker, request, _, arguments in
            try worker.markdownCopy(request, arguments)
        },
        ServiceRoute(path: "/classify", method: "POST",
                     mediaTypes: ["text/markdown": RenderSettings.markdownFormat, "text/x-markdown": RenderSettings.markdownFormat, "text/plain": nil,
                                  "application/octet-stream": nil],
                     command: .classifyCommand) { _, request, _, arguments in
            let json = arguments.has("--json")
            let text = try MarkdownCommand.classification(request.body, json: json)
            return HTTPResponse(status: 200, contentType: json ? "application/json" : "text/plain; charset=utf-8", body: Array(text.utf8))
        },
        ServiceRoute(path: "/math", method: "POST",
                     mediaTypes: ["text/plain": nil, "text/x-latex": nil, "application/x-latex": nil, "application/x-tex": nil,
                                  "application/octet-stream": nil],
                     command: .mathCommand) { worker, request, _, arguments in
            try worker.math(request.body, arguments)
        },
    ]

    static func named(_ path: String) -> ServiceRoute? { table.first { $0.path == path } }

    /// Whether the route reads a body of `type` (no type: yes, sniffed).
    func accepts(_ type: String?) -> Bool { type.map { mediaTypes[$0] != nil } ?? true }

    /// The input format a body of `type` is read as; nil to sniff it.
    func inputFormat(_ type: String?) -> (any InputFormat.Type)? { type.flatMap { mediaTypes[$0] ?? nil } }
}
