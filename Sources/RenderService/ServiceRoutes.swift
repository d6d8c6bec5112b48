import HTTPService
import Primitives

/// What `serve` answers before a body is read (in the service process, on libmicrohttpd's thread): the route, its
/// method, the content type and the parameters, each from the route's row in `ServiceRoute.table`.
package struct ServiceRoutes: ServiceRouter {
    package init() {}

    /// The row of `path`: the one lookup of a route by its path, for the service process and the workers alike.
    static func row(_ path: String) -> ServiceRoute? { ServiceRoute.table.first { $0.path == path } }

    package func route(for path: String) -> String? { Self.row(path)?.path }

    /// The OpenAPI document, made once.
    static let openAPI = Array(OpenAPIDocument.json().utf8)

    package func error(_ status: Int, _ message: String, location: String?) -> HTTPResponse { .error(status, message, location: location) }

    package func early(_ request: HTTPRequest) -> HTTPResponse? {
        guard let route = Self.row(request.path) else {
            let worked = ServiceRoute.table.filter { $0.early == nil }.map { "\($0.method) \($0.path)" }.joined(separator: ", ")
            let own = ["/healthz", "/readyz", "/metrics"] + ServiceRoute.table.filter { $0.early != nil }.map(\.path)
            return .error(404, "no route \(Diagnostic.shortened(request.path)): " + worked + "; GET " + own.dropLast().joined(separator: ", ")
                          + " or " + (own.last ?? ""))
        }
        if let early = route.early {
            guard request.method == "GET" || request.method == "HEAD" else {
                var response = HTTPResponse.error(405, "use GET or HEAD here")
                response.headers.append(("Allow", "GET, HEAD"))
                return response
            }
            return early.response()
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
