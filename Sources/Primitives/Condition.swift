import FoundationEssentials
import Glibc

/// A lock with a condition variable (pthread's, owned here), in place of Foundation's `NSCondition`: `wait` is
/// called with the lock held and returns with it held again.
public final class Condition: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>

    public init() {
        mutex = .allocate(capacity: 1)
        condition = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    public func lock() { pthread_mutex_lock(mutex) }

    public func unlock() { pthread_mutex_unlock(mutex) }

    public func wait() { pthread_cond_wait(condition, mutex) }

    /// Waits at most until `deadline` (the realtime clock, as pthread's); false when it passed.
    @discardableResult
    public func wait(until deadline: Date) -> Bool {
        let seconds = max(0, deadline.timeIntervalSince1970), whole = seconds.rounded(.down)
        var time = timespec(tv_sec: Int(whole), tv_nsec: min(999_999_999, Int((seconds - whole) * 1e9)))
        return pthread_cond_timedwait(condition, mutex, &time) == 0
    }

    public func signal() { pthread_cond_signal(condition) }

    public func broadcast() { pthread_cond_broadcast(condition) }
}
