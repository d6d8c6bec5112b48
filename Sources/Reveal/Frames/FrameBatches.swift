import Dispatch
import FoundationEssentials
import Images
import Layout
import Primitives
import RichMessageRenderer

/// Frames painted and PNG-encoded in batches on every core, handed up in order: what reveal exports and animated
/// renders of a finished message share. The caller builds each frame's display list and images on its own thread
/// (layout's Pango objects and the media sources are not thread-safe); painting runs on `threads` threads, one
/// `FrameEncoder` (glyph painter, surface) each; a frame equal to the one before reuses its bytes.
struct FrameBatches {
    let canvas: Canvas
    let opaque: Bool
    let count: Int

    /// Frames per batch: encoded PNGs are handed to `write` in order at the end of each batch (this bounds the
    /// encoded frames held in memory).
    static let batchSize = 48

    /// Encodes frames 0 ..< count; returns how many were painted (the others repeated the frame before them).
    func encode(threads: Int, skipUnchanged: Bool, progress: ((Int, Int) -> Void)?,
                frame: (Int) -> (list: Frame, images: MediaImages), write: (Int, [UInt8]) throws -> Void) throws -> Int {
        let workers = max(1, threads)
        let encoders = PerWorker((0..<workers).map { _ in FrameEncoder(canvas: canvas, opaque: opaque) })
        var previous: (drawn: (list: Frame, images: MediaImages), bytes: [UInt8])?
        var painted = 0
        var start = 0
        while start < count {
            let end = min(count, start + Self.batchSize)
            // Per frame of the batch: the display list to paint with its decoded images, or nil when it repeats the
            // frame before.
            var lists: [(list: Frame, images: MediaImages)?] = []
            var last = previous?.drawn
            for index in start..<end {
                let drawn = frame(index)
                lists.append(skipUnchanged && last.map({ $0.list == drawn.list && $0.images == drawn.images }) == true ? nil : drawn)
                last = drawn
            }
            let results = ResultSlots(count: lists.count)
            let next = Counter()
            let batch = lists
            DispatchQueue.concurrentPerform(iterations: workers) { worker in
                let encoder = encoders[worker]
                while let slot = next.take(below: batch.count) {
                    guard let frame = batch[slot] else { continue }
                    results.set(slot, Result { try encoder.png(frame.list, images: frame.images, level: PNGCodec.fastCompressionLevel) })
                }
            }
            var bytes = previous?.bytes ?? []
            for (offset, result) in results.values.enumerated() {
                if lists[offset] != nil {
                    bytes = try result.get()
                    painted += 1
                }
                try write(start + offset, bytes)
            }
            if let last { previous = (last, bytes) }
            start = end
            progress?(start, count)
        }
        return painted
    }
}

/// Hands out slot numbers 0, 1, 2 … to the threads of a batch.
private final class Counter: @unchecked Sendable {
    private var value = 0
    private let lock = Lock()

    func take(below limit: Int) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard value < limit else { return nil }
        value += 1
        return value - 1
    }
}

/// Encoded frames of one batch, each slot written once by its encoder.
private final class ResultSlots: @unchecked Sendable {
    private var storage: [Result<[UInt8], Error>]
    private let lock = Lock()

    init(count: Int) { storage = Array(repeating: .success([]), count: count) }

    func set(_ index: Int, _ value: Result<[UInt8], Error>) {
        lock.lock()
        storage[index] = value
        lock.unlock()
    }

    var values: [Result<[UInt8], Error>] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }
}
