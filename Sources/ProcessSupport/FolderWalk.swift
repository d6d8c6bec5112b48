import Glibc
import Primitives

/// The files under a folder, depth first, as paths relative to it, with their kind as `lstat` tells it: symbolic
/// links are listed and never followed (a folder's link does not lead the walk elsewhere), entries are sorted by
/// name within each folder, and the walk ends after `limit` entries. On the C library's `opendir`/`readdir`, in
/// place of Foundation's `FileManager.enumerator` (the tool imports FoundationEssentials only).
public struct FolderWalk {
    public enum Kind: Sendable { case file, folder, link, other }

    public struct Entry: Sendable {
        /// The path relative to the walked folder (`a/b.json`).
        public let relative: String
        public let kind: Kind
    }

    /// The folder could not be read, or held more entries than the limit.
    public struct Failure: ClassifiedError {
        public var kind: FailureKind { .environment }
        public let path: String
        public let tooMany: Bool
        public var description: String { tooMany ? "\(path) holds too many files" : "cannot read the folder \(path)" }
    }

    /// Every entry under `root` (not `root` itself); a subfolder that cannot be read is passed over.
    public static func entries(under root: String, limit: Int = 1_000_000) throws(Failure) -> [Entry] {
        guard let top = names(in: root) else { throw Failure(path: root, tooMany: false) }
        var found: [Entry] = []
        // Depth first: a folder's entries come right after it, each folder's in name order.
        var pending: [(folder: String, names: [String], next: Int)] = [("", top, 0)]
        while !pending.isEmpty {
            let last = pending.count - 1
            guard pending[last].next < pending[last].names.count else {
                pending.removeLast()
                continue
            }
            let name = pending[last].names[pending[last].next]
            pending[last].next += 1
            let relative = pending[last].folder.isEmpty ? name : pending[last].folder + "/" + name
            let kind = Self.kind(root + "/" + relative)
            found.append(Entry(relative: relative, kind: kind))
            guard found.count <= limit else { throw Failure(path: root, tooMany: true) }
            if kind == .folder, let inner = names(in: root + "/" + relative) { pending.append((relative, inner, 0)) }
        }
        return found
    }

    /// The names in a folder (without `.` and `..`), sorted; nil when it cannot be read.
    private static func names(in folder: String) -> [String]? {
        guard let stream = opendir(folder) else { return nil }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != ".", name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    private static func kind(_ path: String) -> Kind {
        var status = stat()
        guard lstat(path, &status) == 0 else { return .other }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .folder
        case S_IFLNK: return .link
        default: return .other
        }
    }
}
