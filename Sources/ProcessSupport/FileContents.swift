import Foundation

/// Reads input files whole: fixtures, media, documents. Regular files are read at once; pipes and FIFOs
/// (`<(...)`, `mkfifo`) to their end. Writing is the host's (`AtomicFile` in ProcessSupport).
public enum FileContents {
    /// Reads a whole file; pipes and FIFOs (`<(...)`, `mkfifo`) are read to their end.
    public static func read(_ path: String) throws -> [UInt8] {
        let type = (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType
        guard let type, type != .typeDirectory else { throw ReadError(path: path) }
        if type == .typeRegular {
            guard let data = FileManager.default.contents(atPath: path) else { throw ReadError(path: path) }
            return [UInt8](data)
        }
        guard let handle = FileHandle(forReadingAtPath: path) else { throw ReadError(path: path) }
        defer { try? handle.close() }
        return [UInt8](handle.readDataToEndOfFile())
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
