import Document
import Raster

/// Every way a render can fail, as the command line and the service report it: one value that knows its exit code
/// (`cli-contract.md`: 2 usage or input, 3 environment) and its HTTP status, so each front end maps errors in one
/// place and the service never decodes a body twice to tell "cannot read" from "refused" (README "Errors").
public struct RenderError: Error, CustomStringConvertible, Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        /// A bad option or query parameter.
        case usage
        /// Input that cannot be read: malformed JSON, a wrong type at a path, nothing to draw.
        case unreadable
        /// Readable input that is refused: under `--strict` (unknown types, Bot API limits, formulas, missing
        /// glyphs), or a page Cairo cannot draw.
        case refused
        /// A page past a raster or layout limit (`PageTooLarge`).
        case tooLarge
        /// The machine, not the input: a missing file, folder, font or program, I/O, memory.
        case environment
    }

    public let kind: Kind
    /// The message without its place.
    public let message: String
    /// Where: a JSON path (`$.blocks[2]`), a source position (`3:7`), an option (`--width`); nil for the whole input.
    public let location: String?
    /// The line the command line prints (after `ipraster: error: `).
    public let description: String

    public init(_ kind: Kind, _ message: String, location: String? = nil, description: String? = nil) {
        self.kind = kind
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
        switch kind {
        case .usage: return 400
        case .unreadable, .refused, .tooLarge: return 422
        case .environment: return 500
        }
    }

    /// Any error as a `RenderError`: the libraries' own error types by what they mean, a type that says so itself
    /// (`RenderErrorConvertible`), anything else as the environment's.
    public init(_ error: any Error) {
        switch error {
        case let error as RenderError: self = error
        case let error as any RenderErrorConvertible: self = error.renderError
        case let error as DecodeError:
            self.init(error.refused ? .refused : .unreadable, error.message, location: error.path, description: error.description)
        case let error as PageTooLarge: self.init(.tooLarge, error.description)
        case let error as CairoError where !error.outOfMemory: self.init(.refused, "cannot draw this page: \(error)")
        case let error as MediaError: self.init(.environment, error.message)
        default: self.init(.environment, "\(error)")
        }
    }
}

/// An error type of a front end (the command line's usage errors, the formula command's failures) that says which
/// `RenderError` it is.
public protocol RenderErrorConvertible: Error {
    var renderError: RenderError { get }
}
