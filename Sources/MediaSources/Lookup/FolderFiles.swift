import FoundationEssentials
import ProcessSupport

/// The files of `--media DIR`, named by an id (file_unique_id, file_id, TL id or custom_emoji_id) and an extension.
/// Lookups never leave DIR: ids with path separators or dot-dot are refused and symbolic links that point outside
/// DIR are passed over with a warning.
public final class FolderFiles: MediaFiles {
    public let directory: String
    private let root: String

    /// Checks that `directory`, named by the option `option` (`--media`, the C library's `media`), is a folder, before a
    /// render looks anything up in it: a mistyped folder is an error (exit 3), not a page of missing-media warnings.
    public static func checkFolder(_ directory: String, option: String, location: String? = nil) throws {
        var isDirectory = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) else {
            throw MediaError(message: "\(option) \(directory): no such folder", location: location)
        }
        guard isDirectory else {
            throw MediaError(message: "\(option) \(directory): not a folder (give the folder holding the media files)", location: location)
        }
    }

    public init(directory: String) {
        self.directory = directory
        root = URL(fileURLWithPath: directory).resolvingSymlinksInPath().standardizedFileURL.path
    }

    public func file(for ids: [String], extensions: [String], warn: (String) -> Void) -> MediaFile? {
        path(for: ids, extensions: extensions, warn: warn).map { found in
            MediaFile(id: found.id, name: found.path, fileExtension: found.ext, path: found.path) { limit in try FileContents.read(found.path, limit: limit == Int.max ? nil : limit) }
        }
    }

    /// The path of the first id's file, checked to lie inside the directory.
    public func path(for ids: [String], extensions: [String] = MediaExtensions.media, warn: (String) -> Void = { _ in }) -> (id: String, path: String, ext: String)? {
        for id in ids where Self.isSafe(id) {
            for ext in extensions {
                let candidate = root + "/" + id + "." + ext
                guard FileManager.default.fileExists(atPath: candidate) else { continue }
                let resolved = URL(fileURLWithPath: candidate).resolvingSymlinksInPath().standardizedFileURL.path
                guard resolved.hasPrefix(root + "/") else {
                    warn("\(candidate) points outside \(directory); ignored")
                    continue
                }
                return (id, resolved, ext)
            }
        }
        return nil
    }

    /// An id is a plain file name: no separators, no dot-dot, no control characters, not empty.
    static func isSafe(_ id: String) -> Bool {
        !id.isEmpty && id.count <= 255 && !id.contains("/") && !id.contains("\\") && id != "." && !id.contains("..")
            && !id.unicodeScalars.contains { $0.value < 0x20 }
    }
}
