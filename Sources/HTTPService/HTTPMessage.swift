import FoundationEssentials
import Primitives

/// A request as the service's routes see it: method, path, query parameters in order (decoded), the headers the
/// routes read (names lowercased), the body's media type (parsed once, when the request is made) and, once read,
/// the body.
public struct HTTPRequest: Sendable, Equatable {
    public var method: String
    public var path: String
    public var query: [(name: String, value: String)]
    public var headers: [String: String]
    public var body: [UInt8]
    /// The `Content-Type` header, parsed; nil when the request names none. A multipart request's worker sets it to
    /// its `message` part's type.
    public var contentType: MediaType?

    public init(method: String, path: String, query: [(name: String, value: String)] = [], headers: [String: String] = [:], body: [UInt8] = []) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        contentType = headers["content-type"].flatMap(MediaType.init)
    }

    public static func == (a: HTTPRequest, b: HTTPRequest) -> Bool {
        a.method == b.method && a.path == b.path && a.query.elementsEqual(b.query, by: ==) && a.headers == b.headers && a.body == b.body
            && a.contentType == b.contentType
    }

    /// The media type of the body without parameters, lowercased (`text/markdown; charset=utf-8` → `text/markdown`);
    /// nil when the request names none.
    public var mediaType: String? { contentType?.type }
}

/// A media type (RFC 9110 §8.3.1): the type, lowercased, and its parameters (names lowercased, quotes removed).
public struct MediaType: Sendable, Equatable {
    public var type: String
    public var parameters: [String: String]

    public init(type: String, parameters: [String: String] = [:]) {
        self.type = type
        self.parameters = parameters
    }

    /// A header value; nil when it names no type.
    public init?(_ value: String) {
        let pieces = value.split(separator: ";", omittingEmptySubsequences: false)
        let type = pieces.first.map { $0.trimmingWhitespace().lowercased() } ?? ""
        guard !type.isEmpty else { return nil }
        self.type = type
        parameters = [:]
        for piece in pieces.dropFirst() {
            let pair = piece.split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { continue }
            let name = pair[0].trimmingWhitespace().lowercased()
            var text = pair[1].trimmingWhitespace()
            if text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") { text = String(text.dropFirst().dropLast()) }
            if parameters[name] == nil { parameters[name] = text }
        }
    }
}

/// An answer: status, content type and body.
public struct HTTPResponse: Sendable, Equatable {
    public var status: Int
    public var contentType: String
    public var body: [UInt8]
    public var headers: [(name: String, value: String)]

    public init(status: Int, contentType: String, body: [UInt8], headers: [(name: String, value: String)] = []) {
        self.status = status
        self.contentType = contentType
        self.body = body
        self.headers = headers
    }

    public static func == (a: HTTPResponse, b: HTTPResponse) -> Bool {
        a.status == b.status && a.contentType == b.contentType && a.headers.elementsEqual(b.headers, by: ==) && a.body == b.body
    }

    public static func text(_ status: Int, _ text: String) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "text/plain; charset=utf-8", body: Array(text.utf8))
    }

}
