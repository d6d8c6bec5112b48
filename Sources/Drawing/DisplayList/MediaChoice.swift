/// Items that depend on a local media file: paint draws `present` when the page's images hold `ids` (a file under
/// one of them decoded before paint, `--media`), else `absent` (the placeholder, the alt text).
public struct MediaChoice: Sendable, Equatable {
    public var ids: [String]
    public var present: Frame
    public var absent: Frame

    public init(ids: [String], present: Frame, absent: Frame) {
        self.ids = ids
        self.present = present
        self.absent = absent
    }
}
