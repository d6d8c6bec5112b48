import Primitives

/// Readable input refused by a rule it was asked to keep (`--strict`, issue 58): an unknown type, a Bot API limit, an
/// empty message, a formula that cannot be typeset, characters no font draws, a custom emoji's sticker file. Not a
/// `DecodeError`: the input reads; the rule says no. Exit 2, HTTP 422.
public struct Refusal: ClassifiedError, Sendable, Equatable {
    public enum Reason: String, Sendable {
        case unknownType, limit, empty, formula, missingGlyph, sticker
    }

    public let reason: Reason
    /// Where in the input (a JSON path, a source position).
    public let path: String
    public let message: String

    public init(_ reason: Reason, path: String, message: String) {
        self.reason = reason
        self.path = path
        self.message = message
    }

    public var description: String { "at \(path): \(message)" }
    public var kind: FailureKind { .refused }
    public var location: String? { path }
    public var failureMessage: String { message }
}
