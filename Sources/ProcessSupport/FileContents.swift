import Foundation

/// Reads input files whole: fixtures, media, documents. Regular files are read at once; pipes and FIFOs
/// (`<(...)`, `mkfifo`) to their end. Writing is the host's (`AtomicFile` in ProcessSupport).
public enum FileContents {
    /// Reads a whole file; pipes and FIFOs (`<(...)`, `mkfifo`) are read to their end. With `limit`, a file longer
    /// than `limit` bytes is an error (`TooLarge`), found before it is read whole.
    public static func read(_ path: String, limit: Int? = nil) throws -> [UInt8] {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        let type = attributes?[.type] as? FileAttributeType
        guard let type, type != .typeDirectory else { throw ReadError(path: path) }
        if type == .typeRegular {
            if let limit, let size = attributes?[.size] as? Int, size > limit { throw TooLarge(path: path, limit: limit) }
            guard let data = FileManager.default.contents(atPath: path) else { throw ReadError(path: path) }
            if let limit, data.count > limit { throw TooLarge(path: path, limit: limit) }
            return [UInt8](data)
        }
        guard let handle = FileHandle(forReadingAtPath: path) else { throw ReadError(path: path) }
        defer { try? handle.close() }
        guard let limit else { return [UInt8](handle.readDataToEndOfFile()) }
        let data = (try? handle.read(upToCount: limit + 1)) ?? Data()
        if data.count > limit { throw TooLarge(path: path, limit: limit) }
        return [UInt8](data)
    }

    /// A file longer than a reader's limit.
    public struct TooLarge: Error, CustomStringConvertible {
        public let path: String
        public let limit: Int

        public var description: String { "\(path) is larger than \(limit) bytes" }
    }

    public struct ReadError: Error, CustomStringConvertible {
        public let path: String

        public init(path: String) {
            self.path = path
        }

        public var description: String {
            FileManager.default.fileExists(atPath: path) ? "cannot read \(path)" : "no such file: \(path)"
        }
    }
}
