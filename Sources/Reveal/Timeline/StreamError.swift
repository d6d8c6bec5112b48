import Document
import Primitives
import RichMessageRenderer

/// A stream that cannot be animated (exit 2): element times that go backwards, are negative or span more
/// than an hour, a stream with no message, a reveal that never finishes. `path` is the JSON path of the
/// offending element ("$[2].t"), or "$" for the whole stream.
public struct StreamError: ClassifiedError, Sendable, Equatable {
    public var kind: FailureKind { .unreadable }
    public var location: String? { path }
    public var failureMessage: String { message }
    public let path: String
    public let message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { "at \(path): \(message)" }
}
