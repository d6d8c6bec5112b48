import Primitives

/// A media file that cannot be drawn for a reason of the machine's (no source of video frames).
public struct MediaError: ClassifiedError {
    public var kind: FailureKind { .environment }
    public let message: String
    public var description: String { message }

    public init(message: String) { self.message = message }
}
