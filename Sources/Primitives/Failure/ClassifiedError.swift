/// An error that knows what kind of failure it is (issue 58): every error type in `Sources/` conforms where it is
/// declared (a test reads the sources and fails on one that does not), so the two places that report errors (the
/// command line's exit and the service's answer, both through `RenderError`) never guess.
public protocol ClassifiedError: Error, CustomStringConvertible {
    var kind: FailureKind { get }
    /// Where: a JSON path (`$.blocks[2]`), a source position (`3:7`), an option (`--width`); nil for the whole input.
    var location: String? { get }
    /// The message without its place.
    var failureMessage: String { get }
    /// The line a front end prints (after `ipraster: error: `).
    var failureLine: String { get }
    /// A status the service answers instead of its kind's (a multipart body over a limit: 413).
    var httpStatusOverride: Int? { get }
}

extension ClassifiedError {
    public var location: String? { nil }
    public var failureMessage: String { description }
    public var failureLine: String { location.map { "at \($0): \(failureMessage)" } ?? failureMessage }
    public var httpStatusOverride: Int? { nil }
}
