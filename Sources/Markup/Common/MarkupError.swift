import Document
import Primitives

/// Markdown or HTML the front-end refuses (exit 2), at a 1-based `line:column` of the text.
public struct MarkupError: ClassifiedError, Sendable, Equatable {
    public var kind: FailureKind { .unreadable }
    public var location: String? { "\(line):\(column)" }
    public var failureMessage: String { message }
    public let line: Int
    public let column: Int
    public let message: String

    /// How deep blocks and inline styles may nest before the text is refused (the message limit is 16).
    public static let maxDepth = 64

    public init(line: Int, column: Int, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String { "at \(line):\(column): \(message)" }

    /// The error as the decoders report one, `prefix` naming where the text sits (a JSON path) if anywhere.
    public func decodeError(in prefix: String? = nil) -> DecodeError {
        DecodeError(path: (prefix.map { $0 + ":" } ?? "") + "\(line):\(column)", message: message)
    }
}
