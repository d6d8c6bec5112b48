/// Files held in memory by name (the parts of a service request): `ID.EXT` as a folder names them, or `ID` alone
/// (bytes sniffed: PNG, JPEG, WebP, TGS, WebM), `ID.json` and `stickers.json` as sidecars.
public final class MemoryFiles: MediaFiles {
    public let files: [String: [UInt8]]

    public init(_ files: [String: [UInt8]]) {
        self.files = files
    }

    public func file(for ids: [String], extensions: [String], warn: (String) -> Void) -> MediaFile? {
        for id in ids {
            for ext in extensions {
                if let bytes = files[id + "." + ext] { return Self.file(id: id, ext: ext, bytes: bytes) }
            }
            // A file named by its id alone is any media or sticker file (not a sidecar).
            if extensions != MediaExtensions.sidecar, let bytes = files[id] { return Self.file(id: id, ext: nil, bytes: bytes) }
        }
        return nil
    }

    private static func file(id: String, ext: String?, bytes: [UInt8]) -> MediaFile {
        MediaFile(id: id, name: "media \(id)", fileExtension: ext, path: nil) { limit in
            guard bytes.count <= limit else { throw MediaError(message: "media \(id) is larger than \(limit) bytes") }
            return bytes
        }
    }
}
