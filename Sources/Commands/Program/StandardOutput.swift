import CStandardStreams
import FoundationEssentials
import Glibc
import Primitives
import ProcessSupport
import RichMessageRenderer

/// Standard output for payloads (PNG bytes, JSON, help): every write is checked, so a full disk or a closed
/// pipe is exit code 3 instead of a crash or a silent success.
enum StandardOutput {
    struct ClosedPipe: ClassifiedError {
        var kind: FailureKind { .environment }
        var description: String { "standard output is closed" }
    }

    /// Buffers text output in 64 KB blocks (help, layout JSON, reports) instead of line by line.
    static func bufferFully() {
        setvbuf(ipr_standard_output(), nil, _IOFBF, 1 << 16)
    }

    /// Writes binary output after whatever text is buffered.
    static func write(_ bytes: [UInt8]) throws {
        try flush()
        do {
            try AtomicFile.writeAll(bytes, to: STDOUT_FILENO, reportedAs: "standard output")
        } catch let error as AtomicFile.WriteError where error.code == EPIPE {
            throw ClosedPipe()
        }
    }

    /// Flushes buffered text (`print`) and reports a failed write.
    static func flush() throws {
        let stream = ipr_standard_output()
        if fflush(stream) != 0 || ferror(stream) != 0 {
            let code = errno
            clearerr(stream)
            if code == EPIPE { throw ClosedPipe() }
            throw AtomicFile.WriteError(path: "standard output", reason: String(cString: strerror(code == 0 ? EIO : code)))
        }
    }
}
