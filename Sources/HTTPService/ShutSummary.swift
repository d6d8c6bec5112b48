import Dispatch
import Primitives

/// The log's account of connections the service shut for sending too slowly (issue 56): at most one line per
/// `window` seconds, with how many were shut for each reason since the last line, where a stream of slow clients
/// made one line a connection. The first shutdown after a quiet window is logged at once; the rest of a window's
/// are logged when it ends.
final class ShutSummary: @unchecked Sendable {
    static let window = 10.0

    /// Seconds between two lines at least (`window` but in tests).
    let seconds: Double

    private let lock = Lock()
    private var pending: [ConnectionWatch.Reason: Int] = [:]
    private var lastLine: UInt64 = 0
    private var scheduled = false
    private let write: @Sendable ([ConnectionWatch.Reason: Int]) -> Void

    /// `write` makes the line from the counts of a window.
    init(window seconds: Double = ShutSummary.window, write: @escaping @Sendable ([ConnectionWatch.Reason: Int]) -> Void) {
        self.seconds = seconds
        self.write = write
    }

    func record(_ reason: ConnectionWatch.Reason, _ count: Int) {
        let now = DispatchTime.now().uptimeNanoseconds
        let windowNanoseconds = UInt64(seconds * 1e9)
        lock.lock()
        pending[reason, default: 0] += count
        if lastLine == 0 || now >= lastLine + windowNanoseconds {
            let counts = pending
            pending = [:]
            lastLine = now
            lock.unlock()
            write(counts)
            return
        }
        if !scheduled {
            scheduled = true
            let due = DispatchTime(uptimeNanoseconds: lastLine + windowNanoseconds)
            DispatchQueue.global().asyncAfter(deadline: due) { [self] in flush() }
        }
        lock.unlock()
    }

    private func flush() {
        lock.lock()
        scheduled = false
        let counts = pending
        pending = [:]
        if !counts.isEmpty { lastLine = DispatchTime.now().uptimeNanoseconds }
        lock.unlock()
        if !counts.isEmpty { write(counts) }
    }
}
