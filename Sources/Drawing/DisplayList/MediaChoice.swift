/// Items that depend on a local media file: paint draws `present` when the page's images hold `source` (a file
/// under one of its ids decoded before paint, `--media`; a custom emoji's sticker), else `absent` (the
/// placeholder, the alt text).
public struct MediaChoice: Sendable, Equatable {
    public var source: ImageItem.Source
    public var present: Frame
    public var absent: Frame

    public init(source: ImageItem.Source, present: Frame, absent: Frame) {
        self.source = source
        self.present = present
        self.absent = absent
    }

    /// A choice on the first of `ids` that has a local file.
    public init(ids: [String], present: Frame, absent: Frame) {
        self.init(source: .media(ids), present: present, absent: absent)
    }
}
