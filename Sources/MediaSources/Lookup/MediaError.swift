import Primitives

/// A media file or folder that cannot be used for a reason of the machine's (no source of video frames, no such
/// folder).
public struct MediaError: ClassifiedError {
    public var kind: FailureKind { .environment }
    public let message: String
    /// The option that named the folder, for a caller that reports locations (the C library's `media`).
    public let location: String?
    public var description: String { message }

    public init(message: String, location: String? = nil) {
        self.message = message
        self.location = location
    }
}
