import Foundation

/// Writes files atomically: a temporary file in the same directory, then a rename, so a failed run never
/// leaves a partial file and never truncates an existing one.
public enum AtomicFile {
    public struct WriteError: Error, CustomStringConvertible {
        public let path: String
        public let reason: String
        public var description: String { "cannot write \(path): \(reason)" }

        public init(path: String, reason: String) {
            self.path = path
            self.reason = reason
        }
    }

    public static func write(_ bytes: [UInt8], to path: String) throws {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw WriteError(path: path, reason: "directory \(directory) does not exist")
        }
        let temporary = directory + "/.\(url.lastPathComponent).\(getpid()).tmp"
        guard FileManager.default.createFile(atPath: temporary, contents: Data(bytes)) else {
            throw WriteError(path: path, reason: "cannot create a file in \(directory)")
        }
        if rename(temporary, path) != 0 {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw WriteError(path: path, reason: reason)
        }
    }

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
