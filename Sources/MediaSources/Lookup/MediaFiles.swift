/// Where a render's media files' bytes come from (issue 58): a folder (`FolderFiles`, `--media`), the files sent with
/// a service request (`MemoryFiles`), or one set over another (`LayeredFiles`). Only bytes and names: decoding,
/// the sticker cache, sidecars, the `stickers.json` table, failures and warnings are `MediaLookup`'s, written once
/// for every provider.
public protocol MediaFiles: AnyObject {
    /// The file of the first of `ids` that has one with one of `extensions` (in that order); nil when none has.
    /// `warn` hears what was passed over on the way (a link out of the folder).
    func file(for ids: [String], extensions: [String], warn: (String) -> Void) -> MediaFile?
}

/// One media file found: its id, how warnings name it, its extension when its name has one, and its bytes.
public struct MediaFile {
    public let id: String
    /// How a warning names the file: its path in a folder, `media ID` for one held in memory.
    public let name: String
    /// The extension it was found under (lower case); nil for a file named by its id alone (sniffed).
    public let fileExtension: String?
    /// A path on disk, for a program that reads files (ffmpeg's first frames); nil for bytes held in memory.
    public let path: String?
    private let reader: (Int) throws -> [UInt8]

    public init(id: String, name: String, fileExtension: String?, path: String?, read: @escaping (Int) throws -> [UInt8]) {
        self.id = id
        self.name = name
        self.fileExtension = fileExtension
        self.path = path
        reader = read
    }

    /// The bytes, refused past `limit`.
    public func bytes(limit: Int = Int.max) throws -> [UInt8] { try reader(limit) }
}

/// The extensions media files are looked up under.
public enum MediaExtensions {
    /// Animations and videos: drawn as their first frame, from the host's `VideoFrameSource`.
    public static let video = ["gif", "mp4", "webm"]
    /// Images, then animations and videos.
    public static let media = ["png", "jpg", "jpeg", "webp"] + video
    /// Custom emoji's sticker files, looked up before `media` (issue 41).
    public static let sticker = ["tgs", "webm", "webp", "png"]
    /// Sidecars: `<custom_emoji_id>.json` and `stickers.json`.
    public static let sidecar = ["json"]
}
