import FoundationEssentials
import Primitives

/// A strip buffer, handed from the painting thread to an encoder and back (one owner at a time).
struct StripBuffer: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<UInt8>
    let bytes: Int
}

/// A painted strip's compression, run by whichever thread takes it.
typealias StripJob = @Sendable () -> Void

/// The strips of one page between the painting thread and the compressing ones: buffers to paint into (up to
/// `limit` made on demand and reused) and painted strips waiting to be compressed, oldest first.
final class StripWork: @unchecked Sendable {
    enum Taken {
        case buffer(StripBuffer)
        /// No buffer is free: a waiting strip to compress instead.
        case job(StripJob)
        case outOfMemory
    }

    private let bytes: Int
    private let limit: Int
    private let store: StripBufferStore
    private var made: [StripBuffer] = []
    private var free: [StripBuffer] = []
    private var waiting: [StripJob] = []
    private var finished = false
    private let condition = Condition()

    init(bytes: Int, limit: Int, store: StripBufferStore) {
        self.bytes = bytes
        self.limit = limit
        self.store = store
    }

    /// A free buffer, else a new one while fewer than `limit` exist, else a waiting strip, else whichever of
    /// the two comes first.
    func take() -> Taken {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let buffer = free.popLast() { return .buffer(buffer) }
            if made.count < limit {
                guard let buffer = store.take(bytes: bytes) else { return .outOfMemory }
                made.append(buffer)
                return .buffer(buffer)
            }
            if let job = popWaiting() { return .job(job) }
            condition.wait()
        }
    }

    /// The oldest waiting strip; nil once `finish` was called and none is left.
    func next() -> StripJob? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let job = popWaiting() { return job }
            if finished { return nil }
            condition.wait()
        }
    }

    /// Dropped from the list as it is taken: a job holds this object (it puts its buffer back), so a kept one would
    /// keep the page's strips and compressed bands alive.
    private func popWaiting() -> StripJob? {
        waiting.isEmpty ? nil : waiting.removeFirst()
    }

    func submit(_ job: @escaping StripJob) {
        condition.lock()
        waiting.append(job)
        condition.broadcast()
        condition.unlock()
    }

    func put(_ buffer: StripBuffer) {
        condition.lock()
        free.append(buffer)
        condition.broadcast()
        condition.unlock()
    }

    /// No more strips come: `next` returns nil once the waiting ones are taken.
    func finish() {
        condition.lock()
        finished = true
        condition.broadcast()
        condition.unlock()
    }

    /// Hands every buffer back to the store (once the helpers are done with them).
    func release() {
        condition.lock()
        defer { condition.unlock() }
        store.keep(made)
        made = []
        free = []
        waiting = []
    }
}
