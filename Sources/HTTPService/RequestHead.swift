/// The framing checks on a request's head, made before its body is read (RFC 9112 §6, §3): a target or head too
/// long, a transfer coding the service does not read, Content-Length headers that disagree or that come with
/// Transfer-Encoding (either would let two parsers read two different bodies). libmicrohttpd reads the first
/// Content-Length and treats any Transfer-Encoding but `chunked` as "until the connection closes", so these are
/// refused here, at once, before it waits for a body.
public enum RequestHead {
    /// The longest request target (path and query) read: longer is 414.
    public static let maximumTarget = 8192
    /// The largest head (request line and header fields) read: larger is 431. libmicrohttpd's connection memory is
    /// set well above it (`HTTPDaemon`), so such a head reaches this check instead of libmicrohttpd's own answer.
    public static let maximumHead = 65536

    public struct Problem: Equatable, Sendable {
        public let status: Int
        public let message: String
        public let location: String?
    }

    /// The problem with a head, or nil. `fields` are every header field as received (names in any case, repeated
    /// ones repeated); `targetLength` the request target's length in bytes; `headSize` the whole head's; `version`
    /// the request line's (`HTTP/1.1`: a Host field is required, RFC 9112 §3.2).
    public static func check(targetLength: Int, headSize: Int, fields: [(name: String, value: String)], version: String = "") -> Problem? {
        if targetLength > maximumTarget {
            return Problem(status: 414, message: "the request target is \(targetLength) bytes long; the service reads at most \(maximumTarget)",
                           location: nil)
        }
        if headSize > maximumHead {
            return Problem(status: 431, message: "the request head is \(headSize) bytes; the service reads at most \(maximumHead)", location: nil)
        }
        // Every field of a name, in any case.
        func named(_ name: String) -> [(name: String, value: String)] { fields.filter { $0.name.lowercased() == name } }
        let hosts = named("host")
        if version == "HTTP/1.1", hosts.isEmpty {
            return Problem(status: 400, message: "an HTTP/1.1 request needs a Host header field", location: "Host")
        }
        if hosts.count > 1 {
            return Problem(status: 400, message: "the request has \(hosts.count) Host header fields; one is allowed", location: "Host")
        }
        if named("x-request-id").count > 1 {
            return Problem(status: 400, message: "the request has more than one X-Request-Id header field", location: "X-Request-Id")
        }
        let lengths = named("content-length").map { $0.value.trimmingSpaces }
        let encodings = named("transfer-encoding")
        // libmicrohttpd 0.9.75 reads a body as chunked only when the field is exactly `chunked` (any case): with white
        // space around it, it waits for the connection to close instead, so such a field is refused here at once.
        if let padded = encodings.first(where: { $0.value != $0.value.trimmingSpaces }), padded.value.trimmingSpaces.lowercased() == "chunked" {
            return Problem(status: 400, message: "Transfer-Encoding has white space around chunked (\(padded.value.utf8.count) bytes); send exactly chunked",
                           location: "Transfer-Encoding")
        }
        let codings = encodings.flatMap { $0.value.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingSpaces.lowercased() } }
        if !codings.isEmpty {
            if codings != ["chunked"] {
                let named = codings.map { $0.isEmpty ? "(empty)" : $0 }.joined(separator: ", ")
                return Problem(status: 501, message: "Transfer-Encoding \(named) is not supported: send the body with Content-Length or chunked",
                               location: "Transfer-Encoding")
            }
            if !lengths.isEmpty {
                return Problem(status: 400, message: "a request has Content-Length or Transfer-Encoding, not both", location: "Content-Length")
            }
        }
        if Set(lengths).count > 1 {
            return Problem(status: 400, message: "the request has differing Content-Length headers (\(lengths.joined(separator: ", ")))",
                           location: "Content-Length")
        }
        return nil
    }
}

extension String {
    /// Without the spaces and tabs around it (HTTP's optional white space).
    var trimmingSpaces: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { $0 != " " && $0 != "\t" }),
              let last = scalars.lastIndex(where: { $0 != " " && $0 != "\t" }) else { return "" }
        return String(scalars[first...last])
    }
}
