import FoundationEssentials
import Glibc
import Primitives

/// Writes output files without leaving anything half-written (`cli-contract.md`, "Commands"):
/// - a regular file (or a new path) is written to a temporary file in the same directory, then renamed
///   over the target, so a failed or interrupted run never leaves a partial file and never truncates an
///   existing one; each write has a temporary of its own, so threads writing one target at once each
///   rename a whole file;
/// - a symbolic link is followed: its target is written the same way and the link stays a link;
/// - a FIFO, character device or socket (`/dev/stdout`, `mkfifo`) cannot be replaced by a rename: it is
///   written through as a stream.
public enum AtomicFile {
    public struct WriteError: ClassifiedError {
        public var kind: FailureKind { .environment }
        public let path: String
        public let reason: String
        /// The `errno` of a failed system call, when there was one.
        public let code: Int32?
        public var description: String { "cannot write \(path): \(reason)" }

        public init(path: String, reason: String, code: Int32? = nil) {
            self.path = path
            self.reason = reason
            self.code = code
        }

        /// The error of the system call that just failed.
        static func fromErrno(_ path: String) -> WriteError {
            let code = errno
            return WriteError(path: path, reason: String(cString: strerror(code)), code: code)
        }
    }

    public static func write(_ bytes: [UInt8], to path: String) throws {
        let file = try AtomicFileWriter(path: path)
        try bytes.withUnsafeBytes { try file.write($0) }
        try file.commit()
    }

    /// Writes all of `bytes` to an open descriptor; EINTR is retried, anything else is an error.
    public static func writeAll(_ bytes: [UInt8], to descriptor: Int32, reportedAs path: String) throws {
        try bytes.withUnsafeBytes { try writeAll($0, to: descriptor, reportedAs: path) }
    }

    static func writeAll(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32, reportedAs path: String) throws {
        guard let base = buffer.baseAddress else { return }
        var offset = 0
        while offset < buffer.count {
            let written = Glibc.write(descriptor, base + offset, buffer.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw WriteError.fromErrno(path)
            }
            offset += written
        }
    }

    /// The path a write should replace: symbolic links are followed (also dangling ones, whose target is
    /// created), so `-o link.png` updates the file the link points to instead of replacing the link.
    static func resolvedTarget(_ path: String) -> String {
        var current = path
        for _ in 0..<40 {
            var status = stat()
            guard lstat(current, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { return current }
            if let real = realpath(current, nil) {
                defer { free(real) }
                return String(cString: real)
            }
            // A dangling link: follow one step by hand.
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink(current, &buffer, Int(PATH_MAX))
            guard length > 0 else { return current }
            let destination = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = destination.hasPrefix("/") ? destination
                : PathName.appending(URL(fileURLWithPath: current).deletingLastPathComponent().path, destination)
        }
        return current
    }

}

/// An output file written in pieces with `AtomicFile`'s guarantees: a regular file (or a new path) goes to a temporary
/// file beside the target, renamed over it by `commit()` and removed if the writer is dropped uncommitted (or the
/// process is interrupted); a FIFO, character device or socket is written through. Bytes already written may be
/// overwritten when the output is a temporary file (`canOverwrite`): a PNG streamed strip by strip patches one length.
public final class AtomicFileWriter {
    public typealias WriteError = AtomicFile.WriteError

    /// The path as the user named it (for messages).
    public let path: String
    private var descriptor: Int32
    private let target: String
    private let temporary: String?
    private var token: TemporaryPaths.Token?

    public init(path: String) throws {
        self.path = path
        target = AtomicFile.resolvedTarget(path)
        var status = stat()
        if stat(target, &status) == 0 {
            let type = status.st_mode & S_IFMT
            if type == S_IFIFO || type == S_IFCHR || type == S_IFSOCK {
                descriptor = open(target, O_WRONLY | O_CLOEXEC)
                guard descriptor >= 0 else { throw WriteError(path: path, reason: String(cString: strerror(errno))) }
                temporary = nil
                return
            }
            if type == S_IFDIR { throw WriteError(path: path, reason: "it is a directory") }
        }
        let url = URL(fileURLWithPath: target)
        let directory = url.deletingLastPathComponent().path
        var isDirectory = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory else {
            throw WriteError(path: path, reason: "directory \(directory) does not exist")
        }
        let (temporary, token) = TemporaryPaths.registerUnique(prefix: directory + "/." + url.lastPathComponent, suffix: "tmp")
        descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else {
            TemporaryPaths.unregister(token)
            throw WriteError(path: path, reason: String(cString: strerror(errno)))
        }
        self.temporary = temporary
        self.token = token
    }

    /// Whether written bytes can be overwritten (a temporary file; not a stream).
    public var canOverwrite: Bool { temporary != nil }

    /// Bytes written so far.
    public private(set) var written = 0

    public func write(_ bytes: UnsafeRawBufferPointer) throws {
        guard descriptor >= 0 else { throw WriteError(path: path, reason: "the file is already closed") }
        try AtomicFile.writeAll(bytes, to: descriptor, reportedAs: path)
        written += bytes.count
    }

    /// Writes `bytes` again at `offset` (before the end) of a temporary file.
    public func overwrite(at offset: Int, with bytes: UnsafeRawBufferPointer) throws {
        guard descriptor >= 0, canOverwrite, let base = bytes.baseAddress else {
            throw WriteError(path: path, reason: "cannot write back into a stream")
        }
        var done = 0
        while done < bytes.count {
            let written = pwrite(descriptor, base + done, bytes.count - done, off_t(offset + done))
            if written < 0 {
                if errno == EINTR { continue }
                throw WriteError.fromErrno(path)
            }
            done += written
        }
    }

    /// Closes the file and puts it in place (renames the temporary over the target).
    public func commit() throws {
        guard descriptor >= 0 else { throw WriteError(path: path, reason: "the file is already closed") }
        let closed = close(descriptor)
        let reason = String(cString: strerror(errno))
        descriptor = -1
        guard let temporary else {
            if closed != 0 { throw WriteError(path: path, reason: reason) }
            return
        }
        defer { release() }
        guard closed == 0 else {
            unlink(temporary)
            throw WriteError(path: path, reason: reason)
        }
        if rename(temporary, target) != 0 {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw WriteError(path: path, reason: reason)
        }
    }

    private func release() {
        if let token { TemporaryPaths.unregister(token) }
        token = nil
    }

    deinit {
        guard descriptor >= 0 else { return }
        close(descriptor)
        if let temporary { unlink(temporary) }
        release()
    }
}
