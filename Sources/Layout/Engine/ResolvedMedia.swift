/// What the host found out about a document's media before layout: the pixel sizes of images the document names
/// without dimensions (send-shape photos carry none; the local file has them). A value beside the document,
/// so the document stays as decoded.
public struct ResolvedMedia: Sendable, Equatable {
    /// Pixel sizes by the document's media id.
    public var sizes: [String: Size]

    public struct Size: Sendable, Equatable {
        public var width: Int
        public var height: Int

        public init(width: Int, height: Int) {
            self.width = width
            self.height = height
        }
    }

    public init(sizes: [String: Size] = [:]) {
        self.sizes = sizes
    }

    /// The document's media with the resolved sizes filled in where the document gave none.
    func applied(to media: [String: Media]) -> [String: Media] {
        guard !sizes.isEmpty else { return media }
        var media = media
        for (id, size) in sizes where media[id]?.width == nil || media[id]?.height == nil {
            media[id]?.width = size.width
            media[id]?.height = size.height
        }
        return media
    }
}
