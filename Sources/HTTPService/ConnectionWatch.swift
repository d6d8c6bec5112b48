import Dispatch
import FoundationEssentials
import Glibc
import Primitives

/// The receive deadlines of the connections open on the service's listeners. libmicrohttpd's own timeout is an idle
/// timeout that every byte resets, so a client trickling one byte every few seconds would hold a connection for
/// ever; here a request's head must be complete `headerTimeout` seconds after the connection opened (or after the
/// previous request on it ended), and its body must arrive at `minimumBodyRate` bytes per second on average once
/// `headerTimeout` seconds have passed. A connection past either is shut down (`shutdown(2)`; libmicrohttpd then
/// closes it). A connection whose request is being answered is not watched: the request's own deadline covers it.
///
/// Threads: libmicrohttpd's polling thread reports phases (`opened`, `headComplete`, `received`, `bodyComplete`,
/// `requestEnded`, `closed`); the watch's own thread sweeps. Both hold `lock`, and `closed` is reported before
/// libmicrohttpd closes the descriptor, so a descriptor is shut down only while it still belongs to its connection.
final class ConnectionWatch: @unchecked Sendable {
    struct Limits: Sendable {
        var headerTimeout: Double
        var minimumBodyRate: Double
    }

    /// One open connection (its address is libmicrohttpd's socket context for it).
    final class Client {
        let descriptor: Int32
        fileprivate var phase: Phase

        fileprivate init(descriptor: Int32, phase: Phase) {
            self.descriptor = descriptor
            self.phase = phase
        }
    }

    fileprivate enum Phase {
        case head(since: UInt64)
        case body(since: UInt64, bytes: Int)
        case answering
    }

    enum Reason: String, CaseIterable {
        case headerTimeout = "header_timeout"
        case slowBody = "slow_body"
    }

    let limits: Limits
    private let lock = Condition()
    private var clients: [ObjectIdentifier: Client] = [:]
    private var stopped = false
    /// The sweep waits for a connection to watch (nothing has a deadline): a new deadline must wake it. Any other
    /// time the sweep's next look comes no later than a new deadline (they only ever lie `headerTimeout` ahead).
    private var idle = false
    /// Counts changes, so that the sweep sees whether one came between its look and its wait.
    private var changes = 0
    private let onClose: @Sendable (Reason, Int) -> Void

    /// `onClose` hears how many connections a sweep shut down, and why.
    init(limits: Limits, onClose: @escaping @Sendable (Reason, Int) -> Void) {
        self.limits = limits
        self.onClose = onClose
    }

    func start() {
        DetachedThread.start { [self] in run() }
    }

    func stop() {
        lock.lock()
        stopped = true
        lock.broadcast()
        lock.unlock()
    }

    var openCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return clients.count
    }

    // MARK: libmicrohttpd's thread

    func opened(descriptor: Int32) -> Client {
        let client = Client(descriptor: descriptor, phase: .head(since: Self.now))
        lock.lock()
        clients[ObjectIdentifier(client)] = client
        changes += 1
        if idle { lock.signal() }
        lock.unlock()
        return client
    }

    func closed(_ client: Client) {
        lock.lock()
        clients[ObjectIdentifier(client)] = nil
        lock.unlock()
    }

    func headComplete(_ client: Client) { set(client, .body(since: Self.now, bytes: 0)) }

    func received(_ client: Client, bytes: Int) {
        lock.lock()
        if case .body(let since, let total) = client.phase { client.phase = .body(since: since, bytes: total + bytes) }
        lock.unlock()
    }

    func bodyComplete(_ client: Client) { set(client, .answering) }

    /// The request ended (answered or dropped); the connection may carry the next one.
    func requestEnded(_ client: Client) { set(client, .head(since: Self.now)) }

    private func set(_ client: Client, _ phase: Phase) {
        lock.lock()
        client.phase = phase
        changes += 1
        if idle { lock.signal() }
        lock.unlock()
    }

    // MARK: the sweep

    static var now: UInt64 { DispatchTime.now().uptimeNanoseconds }

    /// Shuts down every connection past a deadline at `now`; returns how many, by reason, and when to look next
    /// (nil: nothing to watch until a connection opens).
    func sweep(now: UInt64) -> (closed: [Reason: Int], next: UInt64?) {
        lock.lock()
        defer { lock.unlock() }
        return sweepLocked(now: now)
    }

    private func sweepLocked(now: UInt64) -> (closed: [Reason: Int], next: UInt64?) {
        let header = UInt64(limits.headerTimeout * 1e9)
        var closed: [Reason: Int] = [:]
        var next: UInt64?
        func consider(_ time: UInt64) { next = min(next ?? time, time) }
        for client in clients.values {
            switch client.phase {
            case .head(let since):
                if now >= since + header {
                    shutdown(client.descriptor, Int32(SHUT_RDWR))
                    client.phase = .answering
                    closed[.headerTimeout, default: 0] += 1
                } else {
                    consider(since + header)
                }
            case .body(let since, let bytes):
                let elapsed = now - min(now, since)
                if elapsed >= header, Double(bytes) < limits.minimumBodyRate * Double(elapsed) / 1e9 {
                    shutdown(client.descriptor, Int32(SHUT_RDWR))
                    client.phase = .answering
                    closed[.slowBody, default: 0] += 1
                } else {
                    // The average rate is checked again a second later (or when the grace period ends).
                    consider(max(since + header, now + 1_000_000_000))
                }
            case .answering:
                break
            }
        }
        return (closed, next)
    }

    private func run() {
        while true {
            lock.lock()
            let seen = changes
            let (closed, next) = sweepLocked(now: Self.now)
            lock.unlock()
            for (reason, count) in closed { onClose(reason, count) }
            lock.lock()
            if stopped { lock.unlock(); return }
            // With nothing to wait for, a connection that came since the look must be seen now (it did not signal).
            if next == nil, changes != seen {
                lock.unlock()
                continue
            }
            if let next {
                let seconds = Double(next - min(next, Self.now)) / 1e9
                _ = lock.wait(until: Date().addingTimeInterval(seconds))
            } else {
                idle = true
                lock.wait()
                idle = false
            }
            let end = stopped
            lock.unlock()
            if end { return }
        }
    }
}
