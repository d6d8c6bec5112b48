import Drawing

/// Two media sources, the first winning: the files sent with a service request (`InMemoryMedia`) over the service's
/// `--media` folder. An id the first holds a file for is answered by it alone, a file that fails included.
public final class LayeredMedia: MediaSource {
    public let first: any MediaSource
    public let second: any MediaSource

    public init(_ first: any MediaSource, over second: any MediaSource) {
        self.first = first
        self.second = second
    }

    public func image(for ids: [String], uses: Set<ImageUse>) -> DecodedImage? {
        first.image(for: ids, uses: uses) ?? second.image(for: ids, uses: uses)
    }

    public func sticker(for id: String) -> StickerFile? {
        if let file = first.sticker(for: id) { return file }
        return first.stickerFailure(for: id) == nil ? second.sticker(for: id) : nil
    }

    public func stickerFailure(for id: String) -> String? {
        first.stickerFailure(for: id) ?? (first.sticker(for: id) == nil ? second.stickerFailure(for: id) : nil)
    }

    public func hasFile(for ids: [String]) -> Bool { first.hasFile(for: ids) || second.hasFile(for: ids) }

    public var warnings: [String] { first.warnings + second.warnings.filter { !first.warnings.contains($0) } }
}
