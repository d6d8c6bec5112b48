import HTTPService
import Layout
import Primitives

/// What `serve` answers before a body is read (in the service process, on libmicrohttpd's thread): the route, its
/// method, the content type and the parameters, each from the route's row in `ServiceRoute.table`.
struct ServiceRoutes: ServiceRouter {
    func route(for path: String) -> String? { path == "/openapi.json" ? path : ServiceRoute.named(path)?.path }

    /// The OpenAPI document, made once.
    static let openAPI = Array(OpenAPIDocument.json().utf8)

    func error(_ status: Int, _ message: String, location: String?) -> HTTPResponse { .error(status, message, location: location) }

    func early(_ request: HTTPRequest) -> HTTPResponse? {
        if request.path == "/openapi.json" {
            guard request.method == "GET" || request.method == "HEAD" else {
                var response = HTTPResponse.error(405, "use GET or HEAD here")
                response.headers.append(("Allow", "GET, HEAD"))
                return response
            }
            return HTTPResponse(status: 200, contentType: "application/json", body: Self.openAPI)
        }
        guard let route = ServiceRoute.named(request.path) else {
            return .error(404, "no route \(Diagnostic.shortened(request.path)): " + ServiceRoute.table.map { "\($0.method) \($0.path)" }.joined(separator: ", ")
                          + "; GET /healthz, /readyz, /metrics or /openapi.json")
        }
        guard request.method == route.method else {
            var response = HTTPResponse.error(405, "\(request.path) takes \(route.method) with the input as the body")
            response.headers.append(("Allow", route.method))
            return response
        }
        if !route.accepts(request.mediaType) {
            // The route's own text type in the hint: a formula is text/plain, a message Markdown.
            let text = ["text/markdown", "text/plain"].first { route.mediaTypes[$0] != nil } ?? route.mediaTypes.keys.sorted().first ?? "text/plain"
            let hint = request.mediaType == "application/x-www-form-urlencoded"
                ? " (curl's --data sends this: add -H 'Content-Type: \(text)' or the body's type)" : ""
            return .error(415, "\(request.path) does not read \(request.mediaType ?? "")\(hint); send " + route.mediaTypes.keys.sorted().joined(separator: ", "),
                          location: "Content-Type")
        }
        do {
            _ = try ServiceParameters.parse(request.query, route: route)
        } catch {
            return RenderWorker.response(for: error)
        }
        return nil
    }
}

extension HTTPResponse {
    /// `{"error": MESSAGE, "location": LOCATION}` (location null when there is none), the service's error shape.
    static func error(_ status: Int, _ message: String, location: String? = nil) -> HTTPResponse {
        let body = JSONOut.object([("error", .string(message)), ("location", location.map(JSONOut.string) ?? .null)]).serialized(pretty: false) + "\n"
        return HTTPResponse(status: status, contentType: "application/json", body: Array(body.utf8))
    }
}
