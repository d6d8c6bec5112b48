import Drawing

/// Media files held in memory, by id (PNG, JPEG or WebP bytes, sniffed): the source for media sent with a request,
/// where no folder is shared with the sender. Animations and videos are not decoded from memory (ffmpeg reads a
/// file): they draw their placeholder with a warning. Decoded images are cached for the set's life.
public final class InMemoryMedia: MediaSource {
    public let files: [String: [UInt8]]
    private var decoded: [String: (uses: Set<ImageUse>, image: DecodedImage?)] = [:]
    private var stickers: [String: StickerFile?] = [:]
    private var stickerFailures: [String: String] = [:]
    /// Where a WebM sticker's frames come from (ffmpeg reads it from a private temporary file).
    public var videoFrames: (any VideoFrameSource)?
    public private(set) var warnings: [String] = []

    public init(files: [String: [UInt8]], videoFrames: (any VideoFrameSource)? = nil) {
        self.files = files
        self.videoFrames = videoFrames
    }

    public func stickerFailure(for id: String) -> String? { stickerFailures[id] }

    public func hasFile(for ids: [String]) -> Bool { ids.contains { files[$0] != nil } }

    /// The sticker held under `id` (TGS, WebM, WebP, PNG), with the flags of `<id>.json` or `stickers.json` among the
    /// files; decoded once per process (`StickerCache`).
    public func sticker(for id: String) -> StickerFile? {
        if let known = stickers[id] { return known }
        var file: StickerFile?
        if let bytes = files[id] {
            switch StickerCache.shared.sticker(for: bytes, decode: { [videoFrames] in try StickerDecoder.decode($0, videoFrames: videoFrames) }) {
            case .success(let sticker):
                var flags = StickerFlags()
                if let sidecar = files[id + ".json"] {
                    flags = (try? StickerFlags.sidecar(sidecar)) ?? flags
                } else if let table = files["stickers.json"] {
                    flags = (try? StickerFlags.table(table))?[id] ?? flags
                }
                file = StickerFile(sticker: sticker, flags: flags)
            case .failure(let error):
                let message = Self.stickerWarning(id, error.reason)
                if !warnings.contains(message) { warnings.append(message) }
                stickerFailures[id] = error.reason
            }
        }
        stickers[id] = file
        return file
    }

    public func image(for ids: [String], uses: Set<ImageUse>) -> DecodedImage? {
        guard let id = ids.first(where: { files[$0] != nil }), let bytes = files[id] else { return nil }
        if let known = decoded[id], known.uses == uses { return known.image }
        var image: DecodedImage?
        do {
            image = try MediaDecoding.decodedImage(try ImageDecoder.decode(bytes), uses: uses)
        } catch {
            let message = "media \(id): \(error)"
            if !warnings.contains(message) { warnings.append(message) }
        }
        decoded[id] = (uses, image)
        return image
    }
}
