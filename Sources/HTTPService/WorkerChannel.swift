import CMicroHTTPD
import FoundationEssentials
import Glibc

/// A worker process's side (`ipraster serve` in worker mode): warm the handler up, say ready, then answer one
/// request frame at a time on descriptor 3 until the service closes its end. The worker dies with the service
/// (PR_SET_PDEATHSIG) and ignores the terminal's and the init system's SIGINT, SIGTERM and SIGHUP: the service drains
/// and then ends its workers itself.
public enum WorkerChannel {
    /// The descriptor a worker finds its socket on.
    public static let descriptor: Int32 = 3

    /// Whether this process was started as a worker: descriptor 3 is a socket.
    public static var isWorkerSocket: Bool {
        var status = stat()
        return fstat(descriptor, &status) == 0 && (status.st_mode & S_IFMT) == S_IFSOCK
    }

    /// Call before any thread is started.
    public static func detachFromSignals() {
        for number in [SIGINT, SIGTERM, SIGHUP] { signal(number, SIG_IGN) }
        signal(SIGPIPE, SIG_IGN)
        ipraster_die_with_parent()
    }

    /// Serves until the service closes the socket; the process's exit status (0, or 3 when the warm-up failed).
    public static func serve(_ makeHandler: () throws -> any RequestHandler) -> Int32 {
        let socket = FrameSocket(descriptor: descriptor)
        let handler: any RequestHandler
        do {
            handler = try makeHandler()
            try handler.warmUp()
        } catch {
            try? socket.write(.failed("\(error)"))
            return 3
        }
        do {
            try socket.write(.ready)
            while true {
                guard case .request(let request) = try socket.read() else { return 3 }
                try socket.write(.response(handler.handle(request)))
            }
        } catch {
            return error == .closed ? 0 : 3
        }
    }
}
