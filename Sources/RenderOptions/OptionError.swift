import Document
import Primitives
import RichMessageRenderer

/// A bad render option (`--width abc`, an unknown `--theme`): a usage error (exit 2), its own type so the
/// CLI need not tell it apart from input errors by the shape of a path.
public struct OptionError: ClassifiedError, Sendable, Equatable {
    public var kind: FailureKind { .usage }
    public var location: String? { option }
    public var failureLine: String { description }
    public let option: String
    public let message: String

    public init(option: String, message: String) {
        self.option = option
        self.message = message
    }

    public var description: String { "\(option): \(message)" }
}
