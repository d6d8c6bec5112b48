import Dispatch
import FoundationEssentials
import Glibc
import Primitives
import ProcessSupport

/// One run of an installed program (ffmpeg, ffprobe): its standard output is read here, at most `maxOutput` bytes
/// (more kills it), and it is killed after `timeout` seconds. Standard input is /dev/null (ffmpeg must not read a
/// terminal: it would be stopped by SIGTTIN) and standard error is discarded. A run never outlasts `deadline`,
/// when one is set (a service worker sets its request's: issue 56, ffmpeg's 20 s outlived the 10 s request).
public struct ProgramRun {
    /// The uptime (`DispatchTime` nanoseconds) by which every run must end, whatever its own timeout; nil: none.
    public static var deadline: UInt64? {
        get { lock.withLock { storedDeadline } }
        set { lock.withLock { storedDeadline = newValue } }
    }
    nonisolated(unsafe) private static var storedDeadline: UInt64?
    nonisolated(unsafe) private static var swept = false
    /// Guards `storedDeadline` and `swept`.
    private static let lock = Lock()

    var status: Int32
    var output: [UInt8]
    var overflowed: Bool

    static func run(_ executable: String, _ arguments: [String], maxOutput: Int, timeout: Double) throws -> ProgramRun {
        let child = try ChildProcess(executable: executable, arguments: arguments, pipeInput: false, pipeOutput: true, quiet: true)
        let timer = Timeout(child)
        var seconds = timeout
        if let deadline = Self.deadline {
            let now = DispatchTime.now().uptimeNanoseconds
            seconds = min(seconds, deadline > now ? Double(deadline - now) / 1e9 : 0)
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { timer.fire() }
        var output: [UInt8] = []
        var overflowed = false
        while case let chunk = child.read(upTo: 1 << 16), !chunk.isEmpty {
            output.append(contentsOf: chunk)
            if output.count > maxOutput {
                overflowed = true
                child.signal(SIGTERM)
                break
            }
        }
        // Disarmed before the child is reaped: until then its pid cannot belong to another process.
        timer.disarm()
        return ProgramRun(status: child.wait(), output: output, overflowed: overflowed)
    }

    /// Stops a child that runs too long, from the timer's thread, unless disarmed first.
    private final class Timeout: @unchecked Sendable {
        private let child: ChildProcess
        private let lock = Lock()
        private var armed = true

        init(_ child: ChildProcess) { self.child = child }

        func fire() { lock.withLock { if armed { child.signal(SIGTERM) } } }

        func disarm() { lock.withLock { armed = false } }
    }

    /// `bytes` in a private temporary file (mode 0600, registered for removal on interruption) for the length of
    /// `body`: programs that read files read what a request sent without it being put where another could see it.
    /// The first time in a process, the files of processes that were killed before they could remove theirs are
    /// removed (`TemporaryPaths.removeStale`).
    static func withTemporaryFile<T>(_ bytes: [UInt8], suffix: String, _ body: (String) throws -> T) throws -> T {
        let directory = TemporaryPaths.directory
        if lock.withLock({ () -> Bool in
            defer { swept = true }
            return !swept
        }) {
            TemporaryPaths.removeStale(in: directory, prefix: "ipraster-sticker.")
        }
        let (path, token) = TemporaryPaths.registerUnique(prefix: directory + "/ipraster-sticker", suffix: suffix)
        defer {
            unlink(path)
            TemporaryPaths.unregister(token)
        }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw StickerError("cannot write a temporary file in \(directory)") }
        var written = 0
        let ok = bytes.withUnsafeBytes { buffer -> Bool in
            guard let base = buffer.baseAddress else { return true }
            while written < buffer.count {
                let count = write(descriptor, base.advanced(by: written), buffer.count - written)
                if count <= 0 { return false }
                written += count
            }
            return true
        }
        close(descriptor)
        guard ok else { throw StickerError("cannot write a temporary file in \(directory)") }
        return try body(path)
    }
}
