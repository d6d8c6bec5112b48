import Foundation

/// Set when a request's deadline passes: its render stops at the next stage boundary and its result is dropped.
public final class CancellationFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var cancelled = false

    public init() {}

    public var isCancelled: Bool {
        lock.lock()
        defer { lock.unlock() }
        return cancelled
    }

    func cancel() {
        lock.lock()
        cancelled = true
        lock.unlock()
    }

    /// Thrown by a route that finds its request cancelled.
    public struct Cancelled: Error {
        public init() {}
    }

    /// Throws `Cancelled` when the deadline has passed.
    public func check() throws {
        if isCancelled { throw Cancelled() }
    }
}
