import HTTPService
import Layout

/// What `serve` answers before a body is read: the route, its method, the content type and the parameters.
struct ServiceRoutes: ServiceRouter {
    /// Content types read as the named input format; the others a route takes are sniffed as files are.
    static let formats = ["application/json": "json", "text/markdown": "markdown", "text/x-markdown": "markdown", "text/html": "html"]
    static let sniffed: Set<String> = ["text/plain", "application/octet-stream"]

    func route(for path: String) -> String? { ServiceParameters.routes[path] == nil ? nil : path }

    /// The content types `route` takes (nil: no header).
    static func accepts(_ type: String?, route: String) -> Bool {
        guard let type else { return true }
        switch route {
        case "/classify": return type == "text/markdown" || type == "text/x-markdown" || sniffed.contains(type)
        case "/math": return ["text/plain", "text/x-latex", "application/x-latex", "application/x-tex", "application/octet-stream"].contains(type)
        default: return formats[type] != nil || sniffed.contains(type)
        }
    }

    func error(_ status: Int, _ message: String, location: String?) -> HTTPResponse { .error(status, message, location: location) }

    func early(_ request: HTTPRequest) -> HTTPResponse? {
        guard ServiceParameters.routes[request.path] != nil else {
            return .error(404, "no route \(request.path): POST /render, /layout, /markdown, /classify or /math; GET /healthz, /readyz or /metrics")
        }
        guard request.method == "POST" else {
            var response = HTTPResponse.error(405, "\(request.path) takes POST with the input as the body")
            response.headers.append(("Allow", "POST"))
            return response
        }
        if !Self.accepts(request.mediaType, route: request.path) {
            let hint = request.mediaType == "application/x-www-form-urlencoded"
                ? " (curl's --data sends this: add -H 'Content-Type: text/markdown' or the body's type)" : ""
            return .error(415, "\(request.path) does not read \(request.mediaType ?? "")\(hint); send application/json, text/markdown, "
                          + "text/html, text/plain or application/octet-stream", location: "Content-Type")
        }
        do {
            _ = try ServiceParameters.parse(request.query, route: request.path)
        } catch let problem as ServiceParameters.Problem {
            return .error(400, problem.message, location: problem.location)
        } catch {
            return .error(400, "\(error)")
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
