import Drawing

/// Where a render's media come from, resolved before paint by the front door (`MediaResolver`): a local folder
/// (`MediaLookup` over `FolderFiles`, `--media`), with animations' first frames from ffmpeg (`FFmpegVideoFrames`), or a set of files
/// held in memory (`MemoryFiles`, media sent with a service request). Paint is handed decoded images only.
public protocol MediaSource: AnyObject {
    /// The decoded image of the first of `ids` that has a file, or nil; shrunk for `uses` (where it is drawn, in
    /// device pixels: `MediaDecoding.shrinkFactor`), none given: as the file holds it.
    func image(for ids: [String], uses: Set<ImageUse>) -> DecodedImage?
    /// A custom emoji's sticker file (`<custom_emoji_id>.tgs`, `.webm`, `.webp`, `.png`) decoded, with its sidecar's
    /// flags; nil (with a warning when a file was there) otherwise.
    func sticker(for id: String) -> StickerFile?
    /// Why the custom emoji `id`'s sticker file was not drawn (the reason its warning names), once `sticker(for:)` has
    /// looked; nil when it drew or there is no file.
    func stickerFailure(for id: String) -> String?
    /// What went wrong on the way (a file that does not decode, a link out of the folder), each once.
    var warnings: [String] { get }
    /// Whether the source holds a file for one of `ids` (an image, an animation or a sticker), decodable or not.
    func hasFile(for ids: [String]) -> Bool
}

/// A custom emoji's decoded sticker and what its sidecar says about it.
public struct StickerFile: Sendable {
    public var sticker: Sticker
    public var flags: StickerFlags

    public init(sticker: Sticker, flags: StickerFlags) {
        self.sticker = sticker
        self.flags = flags
    }
}

extension MediaSource {
    /// The image as its file holds it (no shrinking).
    public func image(for ids: [String]) -> DecodedImage? { image(for: ids, uses: []) }

    /// What a render drew without its file: each photo, animation or video and each custom emoji of `page` the
    /// source has no file for (a download that failed), once (issue 57: a folder that misses one was silent).
    public func missingWarnings(_ page: DisplayPage) -> [String] {
        var warnings: [String] = []
        for ids in MediaResolver.mediaIds(in: page.list) where page.images.media[ids] == nil && !hasFile(for: ids) {
            guard let first = ids.first else { continue }
            warnings.append("media \(first): no file for it among the media given; its placeholder is drawn")
        }
        for id in MediaResolver.stickerIds(in: page.list) where !hasFile(for: [id]) {
            warnings.append("custom emoji \(id): no sticker file for it among the media given; its alternative text is drawn")
        }
        return warnings
    }

    /// The warning of a sticker file that is not drawn.
    static func stickerWarning(_ id: String, _ reason: String) -> String {
        "custom emoji \(id): \(reason); its alternative text is drawn"
    }
}
