import Primitives

/// Every way a render can fail, as the command line and the service report it: one value that knows its exit code
/// (`cli-contract.md`: 2 usage or input, 3 environment) and its HTTP status, so each front end maps errors in one
/// place and the service never decodes a body twice to tell "cannot read" from "refused" (README "Errors").
public struct RenderError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The kinds of failure (`Primitives.FailureKind`: every library's error types declare theirs).
    public typealias Kind = FailureKind

    public let kind: Kind
    /// The message without its place.
    public let message: String
    /// Where: a JSON path (`$.blocks[2]`), a source position (`3:7`), an option (`--width`); nil for the whole input.
    public let location: String?
    /// The line the command line prints (after `ipraster: error: `).
    public let description: String

    /// The status the service answers instead of the kind's (a multipart body over a limit: 413).
    public let httpStatusOverride: Int?

    public init(_ kind: Kind, _ message: String, location: String? = nil, description: String? = nil, httpStatusOverride: Int? = nil) {
        self.kind = kind
        self.httpStatusOverride = httpStatusOverride
        self.message = message
        self.location = location
        self.description = description ?? (location.map { "at \($0): \(message)" } ?? message)
    }

    /// `ipraster`'s exit code.
    public var exitCode: Int32 { kind == .environment ? 3 : 2 }

    /// The service's answer status: 400 for the request (a parameter; its head and framing are the service's own),
    /// 422 for the message it carries — one that cannot be read (its content's syntax, a wrong type at a JSON path,
    /// nothing to draw, a formula that does not parse) or is refused (RFC 9110 §15.5.21: the content type is
    /// understood, its content cannot be processed). The OpenAPI document states the parameters exactly and the
    /// message formats only by their shape, so a request it allows is never a 400.
    public var httpStatus: Int {
        if let httpStatusOverride { return httpStatusOverride }
        switch kind {
        case .usage: return 400
        case .unreadable, .refused, .tooLarge: return 422
        case .environment: return 500
        }
    }

    /// Any error as a `RenderError`, by the kind it declares (`ClassifiedError`); an error from outside `Sources/`
    /// (a system call's, the Swift runtime's) is the environment's.
    public init(_ error: any Error) {
        guard let error = error as? any ClassifiedError else {
            self.init(.environment, "\(error)")
            return
        }
        self.init(error.kind, error.failureMessage, location: error.location, description: error.failureLine, httpStatusOverride: error.httpStatusOverride)
    }
}

extension RenderError: ClassifiedError {
    public var failureMessage: String { message }
    public var failureLine: String { description }
}
