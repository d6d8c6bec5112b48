/// A clickable area: where a link's text was laid out, and what it opens. Painted only into documents that
/// hold links (PDF); pixels are not changed by it.
public struct LinkArea: Sendable, Equatable {
    /// `https://…`, `mailto:…`, `tel:…`, `tg://…`.
    public var uri: String
    /// One rectangle per line the link's text occupies.
    public var rects: [Rect]

    public init(uri: String, rects: [Rect]) {
        self.uri = uri
        self.rects = rects
    }
}
