import FoundationEssentials
import Primitives

/// The service's optional bearer token (`ipraster serve --auth-token-file FILE`): the file's first line, read at
/// start and again on `reload()` (SIGHUP), compared in constant time with what a request's `Authorization: Bearer …`
/// carries. Thread-safe.
public final class BearerToken: @unchecked Sendable {
    public let file: String
    private let lock = Lock()
    private var token: [UInt8]

    /// A token file that cannot be read, or whose first line is empty.
    public struct Unreadable: ClassifiedError {
        public var kind: FailureKind { .usage }
        public let description: String
    }

    public init(file: String) throws {
        self.file = file
        token = try Self.read(file)
    }

    /// Reads the file again; on a failure the token in force stays and the error says why.
    public func reload() throws {
        let fresh = try Self.read(file)
        lock.lock()
        token = fresh
        lock.unlock()
    }

    /// Whether an `Authorization` field value carries the token (scheme `Bearer`, any case, then the token).
    public func accepts(_ authorization: String?) -> Bool {
        guard let authorization else { return false }
        let parts = authorization.trimmingWhitespace().split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return false }
        let given = Array(parts[1].trimmingWhitespace().utf8)
        lock.lock()
        let expected = token
        lock.unlock()
        return Self.constantTimeEqual(given, expected)
    }

    /// Equal bytes, in a time that depends only on the lengths (the given one's, not on where they first differ).
    static func constantTimeEqual(_ given: [UInt8], _ expected: [UInt8]) -> Bool {
        guard !expected.isEmpty else { return false }
        var difference = given.count == expected.count ? 0 : 1
        for index in 0..<given.count { difference |= Int(given[index] ^ expected[index % expected.count]) }
        return difference == 0
    }

    private static func read(_ file: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: file) else { throw Unreadable(description: "cannot read the token file \(file)") }
        let firstLine = data.prefix { $0 != 0x0A }
        let token = String(decoding: firstLine, as: UTF8.self).trimmingWhitespaceAndNewlines()
        guard !token.isEmpty else { throw Unreadable(description: "the token file \(file) has no token on its first line") }
        guard token.utf8.count <= 4096, token.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) else {
            throw Unreadable(description: "the token in \(file) must be at most 4096 printable ASCII characters without spaces")
        }
        return Array(token.utf8)
    }
}
