import FoundationEssentials
import Glibc
import Primitives

/// Strip buffers kept from one page for the next (one store per `Renderer`, so per thread): a fresh buffer costs
/// the kernel a page fault and a zeroed page for every 4 KiB written, about a fifth of a chat page's paint. Up to
/// `limit` bytes are kept, all of one size; a page of wider strips allocates its own and frees them after.
/// Its list is guarded by a lock: a page's work may hand buffers back from another thread.
final class StripBufferStore: @unchecked Sendable {
    static let limit = 32 << 20
    private var kept: [StripBuffer] = []
    private let lock = Lock()

    /// A kept buffer of exactly `bytes` bytes, else a new one; nil when out of memory.
    func take(bytes: Int) -> StripBuffer? {
        lock.lock()
        defer { lock.unlock() }
        if kept.first?.bytes == bytes, let buffer = kept.popLast() { return buffer }
        guard let memory = malloc(bytes) else { return nil }
        return StripBuffer(pointer: memory.assumingMemoryBound(to: UInt8.self), bytes: bytes)
    }

    /// Keeps a page's `buffers` (all of one size) for the next page, in place of kept ones of another size, while
    /// the kept ones stay within `limit`; frees the rest.
    func keep(_ buffers: [StripBuffer]) {
        lock.lock()
        defer { lock.unlock() }
        guard let size = buffers.first?.bytes, buffers.count * size <= Self.limit else { return buffers.forEach { free($0.pointer) } }
        if kept.first?.bytes != size {
            kept.forEach { free($0.pointer) }
            kept = []
        }
        if (kept.count + buffers.count) * size <= Self.limit { kept += buffers } else { buffers.forEach { free($0.pointer) } }
    }

    deinit { for buffer in kept { free(buffer.pointer) } }
}
