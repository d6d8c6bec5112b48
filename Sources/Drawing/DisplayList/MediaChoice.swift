/// Items that depend on a local media file: paint picks `present` when the file is there, else `absent`.
public struct MediaChoice: Sendable, Equatable {
    public enum Condition: Sendable, Equatable {
        /// A file under one of the ids decodes as an image.
        case image
        /// A file exists under one of the ids (any kind: audio, documents).
        case file
    }

    public var ids: [String]
    public var condition: Condition
    public var present: Frame
    public var absent: Frame

    public init(ids: [String], condition: Condition, present: Frame, absent: Frame) {
        self.ids = ids
        self.condition = condition
        self.present = present
        self.absent = absent
    }
}
