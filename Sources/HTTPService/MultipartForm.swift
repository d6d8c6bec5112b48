import FoundationEssentials
import Primitives

/// A `multipart/form-data` body (RFC 7578) split into its parts: name, file name, content type and bytes. Written by
/// hand: libmicrohttpd's post processor works on a live connection in the service process, while the body is read
/// here, in a worker, from the frame the service forwards; the format is small (a boundary line, header lines, the
/// part's bytes) and every cost here is one linear pass over the body with at most `maxParts` parts.
public struct MultipartForm {
    public struct Part: Sendable {
        public var name: String
        public var fileName: String?
        public var contentType: String?
        public var body: [UInt8]
    }

    /// What the body breaks: a status (400 unreadable, 413 over a limit), a message and the part it is about.
    public struct Problem: ClassifiedError {
        public let status: Int
        public let message: String
        public let location: String?
        public var kind: FailureKind { .usage }
        public var description: String { message }
        public var failureLine: String { message }
        /// 400 is the usage kind's own; 413 (a part over its limit) and 415 (the message part's type) are not.
        public var httpStatusOverride: Int? { status == 400 ? nil : status }

        public init(status: Int, message: String, location: String?) {
            self.status = status
            self.message = message
            self.location = location
        }
    }

    public static let maxParts = 50
    /// The largest part; the whole body is bounded by the service's `--max-body` first.
    public static let maxPartBytes = 16 << 20

    public let parts: [Part]

    /// Splits `body` with the boundary of `contentType` (`multipart/form-data; boundary=…`).
    public init(body: [UInt8], contentType: MediaType?) throws {
        guard let boundary = contentType?.parameters["boundary"], !boundary.isEmpty, boundary.utf8.count <= 70 else {
            throw Problem(status: 400, message: "multipart/form-data needs a boundary parameter of 1 to 70 characters", location: "Content-Type")
        }
        let delimiter = Array(("--" + boundary).utf8)
        var parts: [Part] = []
        guard var start = Self.find(delimiter, in: body, from: 0) else {
            throw Problem(status: 400, message: "the body has no part (no line with the boundary)", location: "Content-Type")
        }
        while true {
            var cursor = start + delimiter.count
            // "--" after a delimiter ends the body.
            if body.count >= cursor + 2, body[cursor] == 0x2D, body[cursor + 1] == 0x2D { break }
            cursor = Self.skipLine(body, from: cursor)
            guard let headEnd = Self.find([0x0D, 0x0A, 0x0D, 0x0A], in: body, from: cursor) else {
                throw Problem(status: 400, message: "part \(parts.count + 1) has no blank line after its headers", location: nil)
            }
            let head = String(decoding: body[cursor..<headEnd], as: UTF8.self)
            let contentStart = headEnd + 4
            guard let next = Self.find([0x0D, 0x0A] + delimiter, in: body, from: contentStart) else {
                throw Problem(status: 400, message: "part \(parts.count + 1) does not end with the boundary", location: nil)
            }
            guard parts.count < Self.maxParts else {
                throw Problem(status: 413, message: "more than \(Self.maxParts) parts", location: nil)
            }
            var part = Part(name: "", fileName: nil, contentType: nil, body: [])
            for line in head.split(separator: "\r\n") {
                let pieces = line.split(separator: ":", maxSplits: 1)
                guard pieces.count == 2 else { continue }
                let value = pieces[1].trimmingWhitespace()
                switch pieces[0].trimmingWhitespace().lowercased() {
                case "content-disposition":
                    part.name = Self.parameter("name", in: value) ?? ""
                    part.fileName = Self.parameter("filename", in: value)
                case "content-type": part.contentType = value
                default: break
                }
            }
            guard !part.name.isEmpty else { throw Problem(status: 400, message: "part \(parts.count + 1) has no name (Content-Disposition: form-data; name=…)", location: nil) }
            guard Self.isPartName(part.name) else {
                throw Problem(status: 400, message: "part \(parts.count + 1)'s name \(Diagnostic.quoted(part.name)) is not message or a media id "
                              + "(1 to \(Self.maxNameLength) letters, digits, _, - or .)", location: nil)
            }
            guard next - contentStart <= Self.maxPartBytes else {
                throw Problem(status: 413, message: "part \(part.name) is larger than \(Self.maxPartBytes) bytes", location: part.name)
            }
            guard !parts.contains(where: { $0.name == part.name }) else { throw Problem(status: 400, message: "two parts are named \(part.name)", location: part.name) }
            part.body = Array(body[contentStart..<next])
            parts.append(part)
            start = next + 2
        }
        self.parts = parts
    }

    /// The longest part name: a media id (`file_unique_id`, `file_id`, `custom_emoji_id`, `<id>.json`) or `message`.
    public static let maxNameLength = 256
    /// The names a part may have, as the OpenAPI document's `propertyNames` pattern says them.
    public static let namePattern = "^[A-Za-z0-9_.-]{1,\(maxNameLength)}$"

    public static func isPartName(_ name: String) -> Bool {
        name.utf8.count <= maxNameLength && !name.isEmpty
            && name.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || $0 == 0x5F || $0 == 0x2E || $0 == 0x2D }
    }

    /// A parameter of a header value (`name="x"` or `name=x`), quotes removed.
    static func parameter(_ name: String, in value: String) -> String? {
        for piece in value.split(separator: ";").dropFirst() {
            let pair = piece.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingWhitespace().lowercased() == name else { continue }
            var text = pair[1].trimmingWhitespace()
            if text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") { text = String(text.dropFirst().dropLast()) }
            return text
        }
        return nil
    }

    /// The first index of `needle` in `haystack` at or after `from` (a first-byte scan, then a compare).
    static func find(_ needle: [UInt8], in haystack: [UInt8], from: Int) -> Int? {
        guard let first = needle.first, haystack.count >= needle.count else { return nil }
        var index = from
        let last = haystack.count - needle.count
        while index <= last {
            if haystack[index] == first, haystack[index..<index + needle.count].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    private static func skipLine(_ body: [UInt8], from index: Int) -> Int {
        find([0x0D, 0x0A], in: body, from: index).map { $0 + 2 } ?? body.count
    }
}
