import FoundationEssentials
import Glibc
import Primitives

/// Reads input files whole: fixtures, media, documents. Regular files are read at once; pipes and FIFOs
/// (`<(...)`, `mkfifo`) to their end. Writing is the host's (`AtomicFile` in ProcessSupport).
public enum FileContents {
    /// Reads a whole file; pipes and FIFOs (`<(...)`, `mkfifo`) are read to their end. With `limit`, a file longer
    /// than `limit` bytes is an error (`TooLarge`), found before it is read whole.
    public static func read(_ path: String, limit: Int? = nil) throws -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw ReadError(path: path) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT != S_IFDIR else { throw ReadError(path: path) }
        let regular = status.st_mode & S_IFMT == S_IFREG
        if regular, let limit, status.st_size > limit { throw TooLarge(path: path, limit: limit) }
        return try drain(descriptor, size: regular ? Int(status.st_size) : nil, limit: limit, path: path)
    }

    /// Standard input to its end.
    public static func readStandardInput() throws -> [UInt8] {
        try drain(STDIN_FILENO, size: nil, limit: nil, path: "standard input")
    }

    /// Reads `descriptor` to its end (at most `limit` + 1 bytes, to tell a longer one).
    private static func drain(_ descriptor: Int32, size: Int?, limit: Int?, path: String) throws -> [UInt8] {
        // A regular file's size is a first guess (it may change while read); anything else is read to its end.
        var bytes = [UInt8](repeating: 0, count: size.map { max($0, 1) } ?? 65_536)
        var count = 0
        while true {
            if count == bytes.count { bytes += [UInt8](repeating: 0, count: min(bytes.count, 1 << 24)) }
            let wanted = limit.map { min(bytes.count - count, $0 + 1 - count) } ?? bytes.count - count
            guard wanted > 0 else { break }
            let got = bytes.withUnsafeMutableBytes { buffer in buffer.baseAddress.map { Glibc.read(descriptor, $0 + count, wanted) } ?? -1 }
            if got < 0, errno == EINTR { continue }
            guard got >= 0 else { throw ReadError(path: path) }
            if got == 0 { break }
            count += got
        }
        if let limit, count > limit { throw TooLarge(path: path, limit: limit) }
        bytes.removeSubrange(count...)
        return bytes
    }

    /// A file longer than a reader's limit.
    public struct TooLarge: ClassifiedError {
        public var kind: FailureKind { .environment }
        public let path: String
        public let limit: Int

        public var description: String { "\(path) is larger than \(limit) bytes" }
    }

    public struct ReadError: ClassifiedError {
        public var kind: FailureKind { .environment }
        public let path: String

        public init(path: String) {
            self.path = path
        }

        public var description: String {
            var status = stat()
            guard stat(path, &status) == 0 else { return "no such file: \(path)" }
            if status.st_mode & S_IFMT == S_IFDIR { return "\(path) is a folder, not a file (several inputs: name each, e.g. DIR/*.json -o OUT/)" }
            return access(path, R_OK) == 0 ? "cannot read \(path)" : "cannot read \(path): permission denied"
        }
    }
}
