import Drawing
import Images
import Primitives

/// The one media source (issue 58): images, animations' first frames and custom emoji's sticker files looked up
/// over any provider of files (`FolderFiles` for `--media`, `MemoryFiles` for a request's parts, `LayeredFiles` for
/// both), decoded here, stickers through the process's `StickerCache`, with the flags of `<id>.json` or
/// `stickers.json`; every failure a warning, each once. A folder and a request holding the same files warn alike.
/// Decoded images are cached for the lookup's life (one per render thread: not thread-safe).
public final class MediaLookup: MediaSource {
    public let files: any MediaFiles
    /// Where animations' and videos' first frames and WebM stickers' frames come from (nil: they draw their
    /// placeholder with a warning).
    public let videoFrames: (any VideoFrameSource)?
    /// Where decoded sticker files are kept (the process's by default).
    public let stickerCache: StickerCache

    private var decoded: [String: (uses: Set<ImageUse>, image: DecodedImage?)] = [:]
    private var stickers: [String: StickerFile?] = [:]
    private var stickerFailures: [String: String] = [:]
    private var stickerTable: [String: StickerFlags]?
    public private(set) var warnings: [String] = []

    public init(files: any MediaFiles, videoFrames: (any VideoFrameSource)? = nil, stickerCache: StickerCache = .shared) {
        self.files = files
        self.videoFrames = videoFrames
        self.stickerCache = stickerCache
    }

    /// `--media DIR`.
    public convenience init(folder directory: String, videoFrames: (any VideoFrameSource)? = nil, stickerCache: StickerCache = .shared) {
        self.init(files: FolderFiles(directory: directory), videoFrames: videoFrames, stickerCache: stickerCache)
    }

    /// Files held in memory by name (`ID`, `ID.EXT`, `ID.json`, `stickers.json`).
    public convenience init(memory: [String: [UInt8]], videoFrames: (any VideoFrameSource)? = nil, stickerCache: StickerCache = .shared) {
        self.init(files: MemoryFiles(memory), videoFrames: videoFrames, stickerCache: stickerCache)
    }

    /// The decoded image of the first id with a file, shrunk for `uses`; nil (with a warning when a file was there)
    /// otherwise. The last decode of each file is kept (asked again for the same uses, it is not decoded again).
    public func image(for ids: [String], uses: Set<ImageUse>) -> DecodedImage? {
        guard let file = files.file(for: ids, extensions: MediaExtensions.media, warn: warn) else { return nil }
        if let known = decoded[file.name], known.uses == uses { return known.image }
        var image: DecodedImage?
        do {
            image = try MediaDecoding.decodedImage(try decode(file), uses: uses)
        } catch {
            warn("\(file.name): \(error)")
        }
        decoded[file.name] = (uses, image)
        return image
    }

    public func stickerFailure(for id: String) -> String? { stickerFailures[id] }

    public func hasFile(for ids: [String]) -> Bool {
        // A sticker already decoded from a file has one (no second look at the folder for each of thousands of emoji).
        if ids.count == 1, let known = stickers[ids[0]], known != nil { return true }
        return files.file(for: ids, extensions: MediaExtensions.media + MediaExtensions.sticker, warn: { _ in }) != nil
    }

    /// The custom emoji's sticker (a TGS, WebM, WebP or PNG file named by its id; else an image or animation of the
    /// media extensions, drawn still), decoded once per process (`StickerCache`), with the flags of `<id>.json` or
    /// `stickers.json`.
    public func sticker(for id: String) -> StickerFile? {
        if let known = stickers[id] { return known }
        var file: StickerFile?
        if let found = files.file(for: [id], extensions: MediaExtensions.sticker, warn: warn) {
            do {
                let bytes = try found.bytes(limit: StickerDecoder.maxFileBytes)
                switch stickerCache.sticker(for: bytes, decode: { [videoFrames] in try StickerDecoder.decode($0, videoFrames: videoFrames) }) {
                case .success(let sticker): file = StickerFile(sticker: sticker, flags: flags(for: id))
                case .failure(let error): failSticker(id, error.reason)
                }
            } catch {
                failSticker(id, "\(error)")
            }
        } else if let image = image(for: [id], uses: [.stickerStill]) {
            file = StickerFile(sticker: Sticker(still: image), flags: flags(for: id))
        }
        stickers[id] = file
        return file
    }

    private func failSticker(_ id: String, _ reason: String) {
        stickerFailures[id] = reason
        warn(Self.stickerWarning(id, reason))
    }

    /// The flags of `<id>.json` beside the sticker, else of its entry in `stickers.json`; none when neither says.
    private func flags(for id: String) -> StickerFlags {
        if let sidecar = files.file(for: [id], extensions: MediaExtensions.sidecar, warn: warn) {
            do {
                return try StickerFlags.sidecar(try sidecar.bytes(limit: 1 << 20))
            } catch {
                warn("custom emoji \(id): \(error); its sticker is drawn without the sidecar's flags")
            }
        }
        if stickerTable == nil {
            stickerTable = [:]
            if let table = files.file(for: ["stickers"], extensions: MediaExtensions.sidecar, warn: warn) {
                do { stickerTable = try StickerFlags.table(try table.bytes(limit: 16 << 20)) } catch { warn("\(error); custom emoji are drawn without its flags") }
            }
        }
        return stickerTable?[id] ?? StickerFlags()
    }

    /// An animation or video by its first frame (the host's source reads its file); any other file as an image.
    private func decode(_ file: MediaFile) throws -> RGBAImage {
        if let ext = file.fileExtension, MediaExtensions.video.contains(ext) {
            guard let videoFrames, let path = file.path else {
                throw MediaError(message: "\(file.id).\(ext) is an animation or a video and this renderer has no source of "
                    + "video frames (the ipraster tool uses ffmpeg); its placeholder is drawn")
            }
            return try PNGCodec.decode(try videoFrames.firstFrame(ofFile: path), strictCRC: false)
        }
        return try ImageDecoder.decode(try file.bytes())
    }

    private func warn(_ message: String) {
        if !warnings.contains(message) { warnings.append(message) }
    }
}
