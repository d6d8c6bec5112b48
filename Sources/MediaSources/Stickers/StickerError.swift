import Primitives

/// Why a sticker file is not drawn (its alternative text is, with one warning naming the id and this reason).
public struct StickerError: ClassifiedError, Sendable, Equatable {
    public var kind: FailureKind { .unreadable }
    public let reason: String
    public var description: String { reason }

    public init(_ reason: String) {
        self.reason = reason
    }
}
