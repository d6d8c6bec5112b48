import CommandCatalog
import HTTPService
import Layout
import Primitives
import RenderOptions
import RichMessageRenderer

/// The service's OpenAPI 3.1 document (issue 42): every route of `ServiceRoute.table` with its query parameters — the
/// rows of its command's option table that a request may set (`ServiceParameters.names`), each with its help, values
/// and shown default — its request bodies and media types, its answers and the error shape; and the service's own
/// routes. Served at `/openapi.json`, printed by `serve --openapi`, committed as docs/openapi.json.
package enum OpenAPIDocument {
    package static func json() -> String {
        var paths: [(String, JSONOut)] = []
        for route in ServiceRoute.table where route.early == nil {
            paths.append((route.path, .object([(route.method.lowercased(), operation(route))])))
        }
        let own: [(String, String, [(String, String)])] = [
            ("/healthz", "200 while the process lives (no token needed)", [("text/plain", "ok")]),
            ("/readyz", "200 after every worker's warm-up render; 503 while warming up, draining or with no worker (no token needed)",
             [("text/plain", "ready")]),
            ("/metrics", "Prometheus text (needs the token on the request listener, not on --probe-listen)", [("text/plain", "metrics")]),
        ] + ServiceRoute.table.filter { $0.early != nil }.map { ($0.path, "this document", $0.answers.map { ($0, "the OpenAPI document") }) }
        for (path, summary, content) in own {
            var responses: [(String, JSONOut)] = [("200", .object([("description", .string(summary)), ("content", .object(content.map { type, _ in
                (type, .object([("schema", .object([("type", .string(type == "application/json" ? "object" : "string"))]))]))
            }))]))]
            if path == "/readyz" { responses.append(("503", reference("Error"))) }
            if path != "/healthz" && path != "/readyz" { responses.append(("401", reference("Error"))) }
            var get: [(String, JSONOut)] = [("summary", .string(summary)), ("responses", .object(responses))]
            if path == "/healthz" || path == "/readyz" { get.append(("security", .array([]))) }
            paths.append((path, .object([("get", .object(get))])))
        }
        let document: JSONOut = .object([
            ("openapi", .string("3.1.0")),
            ("info", .object([("title", .string("ipraster render service")), ("version", .string(CommandSpec.version)),
                              ("description", .string("Telegram rich messages rendered as the iOS app draws them: ipraster serve. "
                                  + "The answers have the command line's bytes; parameters are the commands' options without --."))])),
            ("paths", .object(paths)),
            ("components", .object([
                ("schemas", .object(AnswerSchemas.components + [("Error", .object([
                    ("type", .string("object")),
                    ("properties", .object([("error", .object([("type", .string("string"))])),
                                            ("location", .object([("type", .array([.string("string"), .string("null")]))]))])),
                    ("required", .array([.string("error"), .string("location")]))]))])),
                ("responses", .object([("Error", .object([("description", .string("an error: the message and where (a JSON path, line:column, a parameter or a header)")),
                                                         ("content", .object([("application/json", .object([("schema", reference("Error", kind: "schemas"))]))]))]))])),
                ("headers", .object(headers)),
                ("securitySchemes", .object([("bearer", .object([("type", .string("http")), ("scheme", .string("bearer")),
                                                                ("description", .string("only when the service runs with --auth-token-file"))]))]))])),
            ("security", .array([.object([("bearer", .array([]))]), .object([])])),
        ])
        return document.serialized(pretty: true) + "\n"
    }

    private static var headers: [(String, JSONOut)] { [
        ("X-Request-Id", .object([("description", .string("the request's id: the client's (letters, digits and -_.:, at most 128) or made by the service")),
                                  ("schema", .object([("type", .string("string")), ("maxLength", .int(128))]))])),
        ("X-Ipraster-Warnings", .object([("description", .string("the render's warnings: a JSON array of strings, ASCII, at most 8 KiB, ending with \"and N more\" when cut")),
                                         ("schema", .object([("type", .string("string"))]))])),
        (AltTextHeader.name, .object([("description", .string("with alt-text=1: the message's alt text, UTF-8 percent-encoded, at most 8 KiB")),
                                      ("schema", .object([("type", .string("string")), ("maxLength", .int(AltTextHeader.maxBytes))]))])),
    ] }

    private static func reference(_ name: String, kind: String = "responses") -> JSONOut {
        .object([("$ref", .string("#/components/\(kind)/\(name)"))])
    }

    private static func operation(_ route: ServiceRoute) -> JSONOut {
        let spec = route.command
        let parameters: [JSONOut] = (spec.map(ServiceParameters.names) ?? []).compactMap { name in
            guard let option = spec?.option("--" + name) else { return nil }
            var schema: [(String, JSONOut)]
            if let flag = ServiceParameters.serviceFlags[name] {
                return .object([("name", .string(name)), ("in", .string("query")), ("required", .bool(false)), ("description", .string(flag)),
                                ("schema", .object([("type", .string("boolean"))]))])
            }
            if !option.takesValue {
                schema = [("type", .string("boolean"))]
            } else if name == "theme" {
                // A request names no theme file.
                schema = [("type", .string("string")), ("enum", .array(Theme.builtInNames.map { .string($0) }))]
            } else if let domain = option.domain {
                schema = domain.jsonSchema
            } else {
                schema = [("type", .string("string"))]
            }
            if let shown = option.defaultValue { schema.append(("description", .string("default: " + shown))) }
            return .object([("name", .string(name)), ("in", .string("query")), ("required", .bool(false)), ("description", .string(option.help)),
                            ("schema", .object(schema))])
        }
        // The message's shape by its media type: JSON an object (one message) or an array (draft frames); a text type
        // any text, so no schema (JSON Schema's types describe JSON values, and any value written as text is a
        // Markdown, HTML or LaTeX text). What a message may hold is the formats' own (README "Inputs"); one the shape
        // allows that cannot be read or rendered is a 422, never a 400.
        var content: [(String, JSONOut)] = route.mediaTypes.keys.sorted().filter { $0 != "multipart/form-data" }.map { type in
            guard type == "application/json" else { return (type, .object([])) }
            return (type, .object([("schema", .object([
                ("type", .array([.string("object"), .string("array")])),
                ("description", .string("a Bot API rich message (blocks, html or markdown; sendRichMessage's parameters; a Message or an Update with "
                    + "rich_message) or a Telethon object (\"_\"); an array: draft frames"))]))]))
        }
        let part: JSONOut = .object([("not", .object([("type", .string("array"))])), ("contentMediaType", .string("application/octet-stream"))])
        if route.mediaTypes["multipart/form-data"] != nil {
            content.append(("multipart/form-data", .object([("schema", .object([
                ("type", .string("object")),
                ("description", .string("the message and its media: a part named message (its Content-Type names the format) and one part per "
                    + "media file named by its id (file_unique_id, file_id, custom_emoji_id; <id>.json sticker sidecars); at most 50 parts of 16 MiB")),
                // A part is bytes of its own type (any value written out is some file's bytes), so a part has no JSON
                // type; only one part a name (an array would be repeated parts).
                ("properties", .object([("message", part)])),
                ("propertyNames", .object([("pattern", .string(MultipartForm.namePattern))])),
                ("additionalProperties", part),
                ("required", .array([.string("message")]))]))])))
        }
        let summary = spec?.summary ?? route.path
        var success: [(String, JSONOut)] = [("description", .string(summary)),
                                            ("headers", .object([("X-Request-Id", .object([("$ref", .string("#/components/headers/X-Request-Id"))]))]
                                                + (route.warnings
                                                   ? [("X-Ipraster-Warnings", .object([("$ref", .string("#/components/headers/X-Ipraster-Warnings"))]))] : [])
                                                + (spec?.option("--alt-text") != nil
                                                   ? [(AltTextHeader.name, .object([("$ref", .string("#/components/headers/\(AltTextHeader.name)"))]))] : [])))]
        // JSON answers by their schemas (`AnswerSchemas`); images, PDF and text as strings.
        success.append(("content", .object(route.answers.map { type in
            (type, .object([("schema", type == "application/json" ? route.answerSchema.map { reference($0, kind: "schemas") } ?? .object([("type", .string("object"))])
                                                                   : .object([("type", .string("string"))]))]))
        })))
        var responses: [(String, JSONOut)] = [("200", .object(success))]
        for status in ["400", "401", "404", "405", "413", "414", "415", "422", "429", "431", "500", "501", "504"] { responses.append((status, reference("Error"))) }
        return .object([("summary", .string(summary)), ("operationId", .string(String(route.path.dropFirst()))), ("parameters", .array(parameters)),
                        ("requestBody", .object([("required", .bool(route.bodyRequired)), ("content", .object(content))])), ("responses", .object(responses))])
    }
}
