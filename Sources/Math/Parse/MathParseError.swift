import Primitives

/// LaTeX the parser cannot read: the formula falls back to its raw source with a warning (exit 2 under `--strict`).
/// `offset` counts characters from the start of the source.
public struct MathParseError: ClassifiedError, Sendable, Equatable {
    public var kind: FailureKind { .unreadable }
    public let offset: Int
    public let message: String

    public init(offset: Int, message: String) {
        self.offset = offset
        self.message = message
    }

    public var description: String { "character \(offset + 1): \(message)" }
}
