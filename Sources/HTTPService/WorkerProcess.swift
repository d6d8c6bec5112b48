import Dispatch
import FoundationEssentials
import Glibc
import Primitives
import ProcessSupport

/// A worker process as the service sees it (the owner of the child and its end of the socket pair): started from a
/// command — `ipraster serve` runs itself again in worker mode —, warmed up, then given one request at a time. A
/// worker that ends while rendering or passes its deadline is killed (SIGKILL) and reported, never waited on past
/// the deadline; a trap inside it ends only it.
///
/// Nothing of a worker outlives it (issue 56): it leads a process group of its own, so the ffmpeg, ffprobe and
/// rlottie processes it starts are killed with it; and it gets a temporary folder of its own
/// (`$TMPDIR/ipraster-worker.<service pid>.<n>.tmp`, its `TMPDIR`), which is removed when it ends however it ends, so
/// the copies of request media it made for those programs go with it. `sweepStaleFolders` removes the folders of
/// services that were killed.
public final class WorkerProcess: ServiceWorker {
    /// What to run: the child finds the socket pair's other end as its descriptor 3.
    public struct Command: Sendable {
        public var executable: String
        public var arguments: [String]
        public var environment: [String: String]
        /// Seconds a new worker may take to say it is ready.
        public var startTimeout: Double
        /// Resident bytes a worker may hold while it renders (0: no bound): past them it is stopped and the request
        /// fails (issue 56's second line behind the media budgets; `--max-rss`).
        public var memoryLimit: Int

        public init(executable: String, arguments: [String], environment: [String: String], startTimeout: Double = 120, memoryLimit: Int = 0) {
            self.executable = executable
            self.arguments = arguments
            self.environment = environment
            self.startTimeout = startTimeout
            self.memoryLimit = memoryLimit
        }
    }

    private let command: Command
    private var child: ChildProcess?
    private var socket: FrameSocket?
    /// The worker's temporary folder while it runs (registered with `TemporaryPaths`, so an interruption of the
    /// service removes it too).
    private var folder: (path: String, token: TemporaryPaths.Token)?

    static let folderPrefix = "ipraster-worker"

    /// Removes the worker folders of services that no longer run (a service killed with SIGKILL cannot), and the
    /// sticker files of processes that no longer run.
    public static func sweepStaleFolders() {
        TemporaryPaths.removeStale(in: TemporaryPaths.directory, prefix: folderPrefix + ".")
        TemporaryPaths.removeStale(in: TemporaryPaths.directory, prefix: "ipraster-sticker.")
    }

    public init(command: Command) {
        self.command = command
    }

    deinit { stop() }

    public func start() throws {
        let (mine, theirs) = try FrameSocket.pair()
        let folder = TemporaryPaths.registerUnique(prefix: PathName.appending(TemporaryPaths.directory, Self.folderPrefix), suffix: "tmp")
        self.folder = folder
        guard mkdir(folder.path, 0o700) == 0 else {
            let reason = String(cString: strerror(errno))
            theirs.close()
            removeFolder()
            throw WorkerStartError(description: "cannot make the worker's temporary folder \(folder.path): \(reason)")
        }
        var environment = command.environment
        environment["TMPDIR"] = folder.path
        // A worker ignores SIGTERM (the service drains and ends it): an interruption of the service kills it.
        let child: ChildProcess
        do {
            child = try ChildProcess(executable: command.executable, arguments: command.arguments, pipeInput: false,
                                     passing: [theirs.rawDescriptor], environment: environment, stopSignal: SIGKILL, ownGroup: true)
        } catch {
            theirs.close()
            removeFolder()
            throw error
        }
        theirs.close()
        self.child = child
        socket = mine
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(command.startTimeout * 1e9)
        do {
            switch try mine.read(deadline: deadline) {
            case .ready: return
            case .failed(let message): stop(); throw WorkerStartError(description: message)
            default: stop(); throw WorkerStartError(description: "the worker process said something other than ready")
            }
        } catch let failure as FrameSocket.Failure {
            let ended = ended(after: failure)
            throw WorkerStartError(description: failure == .timedOut ? "the worker process did not get ready in \(Int(command.startTimeout)) s" : "the worker process \(ended)")
        }
    }

    public func run(_ request: HTTPRequest, deadline: UInt64) -> WorkerOutcome {
        guard let socket else { return .died("no worker process") }
        // Its resident memory is looked at every 100 ms while it renders: one past the bound is stopped there.
        let limit = command.memoryLimit
        var held = 0
        let watch: (() -> Bool)? = limit > 0 ? { [self] in
            held = residentBytes ?? 0
            return held <= limit
        } : nil
        do {
            try socket.write(.request(request), deadline: deadline)
            switch try socket.read(deadline: deadline, watch: watch) {
            case .response(let response): return .answered(response)
            default: return .died(ended(after: .malformed))
            }
        } catch {
            if error == .timedOut {
                stop()
                return .timedOut
            }
            if error == .stopped {
                stop()
                return .died("held \(held >> 20) MB while rendering, over --max-rss \(limit >> 20) MB, and was stopped")
            }
            return .died(ended(after: error))
        }
    }

    public var hasEnded: Bool { socket?.hasEvent ?? true }

    public var residentBytes: Int? {
        guard let pid = child?.pid else { return nil }
        return ProcessMemory.residentBytes(of: "/proc/\(pid)/statm")
    }

    public func stop() {
        socket?.close()
        socket = nil
        if let child {
            child.signalGroup(SIGKILL)
            child.wait()
        }
        child = nil
        removeFolder()
    }

    private func removeFolder() {
        guard let folder else { return }
        try? FileManager.default.removeItem(atPath: folder.path)
        TemporaryPaths.unregister(folder.token)
        self.folder = nil
    }

    /// How the process ended, once the socket says it has (or broke, or sent garbage: then it is killed).
    private func ended(after failure: FrameSocket.Failure) -> String {
        socket?.close()
        socket = nil
        guard let child else { return "was not running" }
        // The worker's own children go with it, whether it was killed or ended by itself: one that closed its socket
        // is given a moment to end first (as a zombie it still holds its group), so its own status is reported.
        if failure == .closed { _ = child.waitUntilEnded(seconds: 2) }
        child.signalGroup(SIGKILL)
        let status = child.wait()
        self.child = nil
        removeFolder()
        switch failure {
        case .malformed: return "sent a malformed answer and was stopped"
        case .stopped: return "was stopped over its memory bound"
        case .timedOut: return "was stopped at its deadline"
        case .closed:
            if status > 128 { return "ended with signal \(status - 128) (\(Self.signalName(status - 128)))" }
            return "exited with status \(status)"
        }
    }

    static func signalName(_ number: Int32) -> String {
        switch number {
        case SIGILL: return "SIGILL, a Swift runtime trap"
        case SIGTRAP: return "SIGTRAP, a Swift runtime trap"
        case SIGABRT: return "SIGABRT"
        case SIGSEGV: return "SIGSEGV"
        case SIGBUS: return "SIGBUS"
        case SIGKILL: return "SIGKILL, from outside: perhaps the kernel's out-of-memory killer"
        case SIGFPE: return "SIGFPE"
        default: return String(cString: strsignal(number))
        }
    }
}

struct WorkerStartError: ClassifiedError {
    var kind: FailureKind { .environment }
    let description: String
}

