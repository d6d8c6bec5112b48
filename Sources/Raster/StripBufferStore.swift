import Foundation

/// Strip buffers kept from one page for the next (one store per `Renderer`, so per thread): a fresh buffer costs
/// the kernel a page fault and a zeroed page for every 4 KiB written, about a fifth of a chat page's paint. Up to
/// `limit` bytes are kept; a page of wider strips allocates its own and frees them after.
final class StripBufferStore: @unchecked Sendable {
    static let limit = 32 << 20
    private var kept: [StripBuffer] = []

    /// A kept buffer of exactly `bytes` bytes, else a new one; nil when out of memory.
    func take(bytes: Int) -> StripBuffer? {
        if let index = kept.firstIndex(where: { $0.bytes == bytes }) { return kept.remove(at: index) }
        guard let memory = malloc(bytes) else { return nil }
        return StripBuffer(pointer: memory.assumingMemoryBound(to: UInt8.self), bytes: bytes)
    }

    /// Keeps `buffers` for the next page (freeing those of another size first) or frees them when they exceed `limit`.
    func keep(_ buffers: [StripBuffer]) {
        let size = buffers.reduce(0) { $0 + $1.bytes }
        if let first = buffers.first, size <= Self.limit {
            for buffer in kept where buffer.bytes != first.bytes { free(buffer.pointer) }
            kept.removeAll { $0.bytes != first.bytes }
            kept.append(contentsOf: buffers)
            if kept.reduce(0, { $0 + $1.bytes }) <= Self.limit { return }
            kept.removeAll { buffer in buffers.contains { $0.pointer == buffer.pointer } }
        }
        for buffer in buffers { free(buffer.pointer) }
    }

    deinit { for buffer in kept { free(buffer.pointer) } }
}
