import FoundationEssentials
import Glibc
import Primitives
import ProcessSupport
import RichMessageRenderer

/// SIGINT, SIGTERM and SIGHUP end the tool without leaving anything behind: the signals are blocked in
/// every thread and taken by one waiting thread, which stops registered child processes (ffmpeg), removes
/// the registered temporary files and staging folders (`TemporaryPaths`) and exits with 128 + the signal.
/// SIGPIPE is ignored so that a closed pipe is a write error (EPIPE) the tool reports, not a silent death.
enum Interruption {
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    private static let lock = Lock()
    nonisolated(unsafe) private static var handler: (@Sendable (Int32) -> Void)?
    nonisolated(unsafe) private static var reloader: (@Sendable () -> Void)?

    /// What SIGHUP does instead of ending the process (`serve` re-reads its token file); other signals still end it.
    static func onReload(_ body: @escaping @Sendable () -> Void) {
        lock.lock()
        reloader = body
        lock.unlock()
    }

    private static func takeReloader() -> (@Sendable () -> Void)? {
        lock.lock()
        defer { lock.unlock() }
        return reloader
    }

    /// What the first signal does instead of ending the process (`serve`'s drain, which exits itself).
    static func onSignal(_ body: @escaping @Sendable (Int32) -> Void) {
        lock.lock()
        handler = body
        lock.unlock()
    }

    private static func takeHandler() -> (@Sendable (Int32) -> Void)? {
        lock.lock()
        defer { lock.unlock() }
        return handler
    }

    /// Call first thing in `main`, before any thread is started, so every later thread inherits the mask.
    static func install() {
        signal(SIGPIPE, SIG_IGN)
        var set = sigset_t()
        sigemptyset(&set)
        for number in signals { sigaddset(&set, number) }
        pthread_sigmask(SIG_BLOCK, &set, nil)
        let blocked = set
        DetachedThread.start {
            var received: Int32 = 0
            var waitSet = blocked
            // The next signal that ends the process (a SIGHUP with a reload handler reloads and waits on).
            func next() {
                while true {
                    while sigwait(&waitSet, &received) != 0 {}
                    guard received == SIGHUP, let reload = takeReloader() else { return }
                    reload()
                }
            }
            next()
            if let handler = takeHandler() {
                // `serve` drains on the first signal; a second one ends the process at once.
                let number = received
                DetachedThread.start { handler(number) }
                next()
            }
            TemporaryPaths.removeAll()
            _exit(128 + received)
        }
    }
}
