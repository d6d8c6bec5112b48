import Foundation
import Raster

/// SIGINT, SIGTERM and SIGHUP end the tool without leaving anything behind: the signals are blocked in
/// every thread and taken by one waiting thread, which stops registered child processes (ffmpeg), removes
/// the registered temporary files and staging folders (`TemporaryPaths`) and exits with 128 + the signal.
/// SIGPIPE is ignored so that a closed pipe is a write error (EPIPE) the tool reports, not a silent death.
enum Interruption {
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// Call first thing in `main`, before any thread is started, so every later thread inherits the mask.
    static func install() {
        signal(SIGPIPE, SIG_IGN)
        var set = sigset_t()
        sigemptyset(&set)
        for number in signals { sigaddset(&set, number) }
        pthread_sigmask(SIG_BLOCK, &set, nil)
        let blocked = set
        let waiter = Thread {
            var received: Int32 = 0
            var waitSet = blocked
            while sigwait(&waitSet, &received) != 0 {}
            TemporaryPaths.removeAll()
            _exit(128 + received)
        }
        waiter.start()
    }
}

/// Standard output for payloads (PNG bytes, JSON, help): every write is checked, so a full disk or a closed
/// pipe is exit code 3 instead of a crash or a silent success.
enum StandardOutput {
    struct ClosedPipe: Error {}

    /// Writes binary output after whatever text is buffered.
    static func write(_ bytes: [UInt8]) throws {
        try flush()
        do {
            try AtomicFile.writeAll(bytes, to: STDOUT_FILENO, reportedAs: "standard output")
        } catch let error as AtomicFile.WriteError where error.reason == String(cString: strerror(EPIPE)) {
            throw ClosedPipe()
        }
    }

    /// Flushes buffered text (`print`) and reports a failed write.
    static func flush() throws {
        if fflush(stdout) != 0 || ferror(stdout) != 0 {
            let code = errno
            clearerr(stdout)
            if code == EPIPE { throw ClosedPipe() }
            throw AtomicFile.WriteError(path: "standard output", reason: String(cString: strerror(code == 0 ? EIO : code)))
        }
    }
}
