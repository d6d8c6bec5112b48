import Drawing
import FoundationEssentials
import Primitives
import ProcessSupport
import Raster

/// Local media for `--media DIR`: files named by an id (file_unique_id, file_id, TL id or custom_emoji_id) with one
/// of the extensions below. Lookups never leave DIR: ids with path separators or dot-dot are refused and symbolic
/// links that point outside DIR are ignored. Decoded images are cached for the folder's life (one per render
/// thread: not thread-safe).
public final class MediaFolder: MediaSource {
    /// Animations and videos: drawn as their first frame, from the host's `VideoFrameSource`.
    public static let videoExtensions = ["gif", "mp4", "webm"]
    /// Images, then animations and videos.
    public static let extensions = ["png", "jpg", "jpeg", "webp"] + videoExtensions

    /// Custom emoji's sticker files, looked up before `extensions` (issue 41).
    public static let stickerExtensions = ["tgs", "webm", "webp", "png"]

    public let directory: String
    private let root: String
    private var decoded: [String: (uses: Set<ImageUse>, image: DecodedImage?)] = [:]
    private var stickers: [String: StickerFile?] = [:]
    private var stickerFailures: [String: String] = [:]
    private var stickerTable: [String: StickerFlags]?
    public private(set) var warnings: [String] = []

    /// Where animations' and videos' first frames come from (nil: they draw their placeholder with a warning).
    public let videoFrames: (any VideoFrameSource)?

    /// Where decoded sticker files are kept (the process's by default).
    public let stickerCache: StickerCache

    public init(directory: String, videoFrames: (any VideoFrameSource)? = nil, stickerCache: StickerCache = .shared) {
        self.directory = directory
        self.videoFrames = videoFrames
        self.stickerCache = stickerCache
        root = URL(fileURLWithPath: directory).resolvingSymlinksInPath().standardizedFileURL.path
    }

    /// The file for the first id that has one, checked to lie inside the directory.
    public func path(for ids: [String], extensions: [String] = MediaFolder.extensions) -> String? {
        for id in ids where Self.isSafe(id) {
            for ext in extensions {
                let candidate = root + "/" + id + "." + ext
                guard FileManager.default.fileExists(atPath: candidate) else { continue }
                let resolved = URL(fileURLWithPath: candidate).resolvingSymlinksInPath().standardizedFileURL.path
                guard resolved.hasPrefix(root + "/") else {
                    warn("\(candidate) points outside \(directory); ignored")
                    continue
                }
                return resolved
            }
        }
        return nil
    }

    /// An id is a plain file name: no separators, no dot-dot, no control characters, not empty.
    static func isSafe(_ id: String) -> Bool {
        !id.isEmpty && id.count <= 255 && !id.contains("/") && !id.contains("\\") && id != "." && !id.contains("..")
            && !id.unicodeScalars.contains { $0.value < 0x20 }
    }

    /// The decoded image of the first id with a file, shrunk for `uses`; nil (with a warning when a file was there)
    /// otherwise. The last decode of each file is kept (asked again for the same uses, it is not decoded again).
    public func image(for ids: [String], uses: Set<ImageUse>) -> DecodedImage? {
        guard let path = path(for: ids) else { return nil }
        if let known = decoded[path], known.uses == uses { return known.image }
        var image: DecodedImage?
        do {
            image = try MediaDecoding.decodedImage(try decode(path), uses: uses)
        } catch {
            warn("\(path): \(error)")
        }
        decoded[path] = (uses, image)
        return image
    }

    public func stickerFailure(for id: String) -> String? { stickerFailures[id] }

    public func hasFile(for ids: [String]) -> Bool {
        // A sticker already decoded from a file has one (no second look at the folder for each of thousands of emoji).
        if ids.count == 1, let known = stickers[ids[0]], known != nil { return true }
        return path(for: ids, extensions: Self.extensions + Self.stickerExtensions) != nil
    }

    /// The custom emoji's sticker (a TGS, WebM, WebP or PNG file named by its id; else an image or animation of the
    /// media extensions, drawn still), decoded once per process (`StickerCache`), with the flags of `<id>.json` or
    /// `stickers.json`.
    public func sticker(for id: String) -> StickerFile? {
        if let known = stickers[id] { return known }
        var file: StickerFile?
        if let path = path(for: [id], extensions: Self.stickerExtensions) {
            do {
                let bytes = try FileContents.read(path, limit: StickerDecoder.maxFileBytes)
                switch stickerCache.sticker(for: bytes, decode: { [videoFrames] in try StickerDecoder.decode($0, videoFrames: videoFrames) }) {
                case .success(let sticker): file = StickerFile(sticker: sticker, flags: flags(for: id))
                case .failure(let error):
                    stickerFailures[id] = error.reason
                    warn(Self.stickerWarning(id, error.reason))
                }
            } catch {
                stickerFailures[id] = "\(error)"
                warn(Self.stickerWarning(id, "\(error)"))
            }
        } else if let image = image(for: [id], uses: [.stickerStill]) {
            file = StickerFile(sticker: Sticker(still: image), flags: flags(for: id))
        }
        stickers[id] = file
        return file
    }

    /// The flags of `<id>.json` beside the sticker, else of its entry in `stickers.json`; none when neither says.
    private func flags(for id: String) -> StickerFlags {
        if let path = path(for: [id], extensions: ["json"]) {
            do {
                return try StickerFlags.sidecar(try FileContents.read(path, limit: 1 << 20))
            } catch {
                warn("custom emoji \(id): \(error); its sticker is drawn without the sidecar's flags")
            }
        }
        if stickerTable == nil {
            stickerTable = [:]
            if let path = path(for: ["stickers"], extensions: ["json"]) {
                do { stickerTable = try StickerFlags.table(try FileContents.read(path, limit: 16 << 20)) } catch { warn("\(path): \(error)") }
            }
        }
        return stickerTable?[id] ?? StickerFlags()
    }

    private func decode(_ path: String) throws -> RGBAImage {
        if Self.videoExtensions.contains(PathName.pathExtension(path).lowercased()) {
            guard let videoFrames else {
                throw MediaError(message: "\(PathName.lastComponent(path)) is an animation or a video and this renderer has no source of "
                    + "video frames (the ipraster tool uses ffmpeg); its placeholder is drawn")
            }
            return try PNGCodec.decode(try videoFrames.firstFrame(ofFile: path), strictCRC: false)
        }
        return try ImageDecoder.decode(try FileContents.read(path))
    }

    private func warn(_ message: String) {
        if !warnings.contains(message) { warnings.append(message) }
    }
}

public struct MediaError: Error, CustomStringConvertible {
    public let message: String
    public var description: String { message }

    public init(message: String) { self.message = message }
}
