import FoundationEssentials
import Primitives

/// A request as the service's routes see it: method, path, query parameters in order (decoded), the headers the
/// routes read (names lowercased) and, once read, the body.
public struct HTTPRequest: Sendable, Equatable {
    public var method: String
    public var path: String
    public var query: [(name: String, value: String)]
    public var headers: [String: String]
    public var body: [UInt8]

    public init(method: String, path: String, query: [(name: String, value: String)] = [], headers: [String: String] = [:], body: [UInt8] = []) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
    }

    public static func == (a: HTTPRequest, b: HTTPRequest) -> Bool {
        a.method == b.method && a.path == b.path && a.query.elementsEqual(b.query, by: ==) && a.headers == b.headers && a.body == b.body
    }

    /// The media type of the body without parameters, lowercased (`text/markdown; charset=utf-8` → `text/markdown`);
    /// nil when the request names none.
    public var mediaType: String? {
        guard let value = headers["content-type"] else { return nil }
        let type = value.split(separator: ";", maxSplits: 1).first.map { $0.trimmingWhitespace().lowercased() } ?? ""
        return type.isEmpty ? nil : type
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
