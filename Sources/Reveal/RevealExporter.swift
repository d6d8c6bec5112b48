import Foundation
import Layout
import RichMessageRenderer

/// Paints a timeline's frames and hands them up, in order: display lists are built from the shared layouts on the
/// calling thread (layout's Pango objects are not thread-safe), then painted and PNG-encoded on every core, one
/// `FrameEncoder` (glyph painter, surface) per thread; a frame that repeats the one before is not painted again.
/// It writes no file: the command line writes frames, folders and animations and owns their clean-up.
public final class RevealExporter {
    public let timeline: RevealTimeline
    public let fps: Double
    private let renderer: Renderer
    /// Where the frames' media come from, resolved on the calling thread before frames are painted.
    private let media: (any MediaSource)?

    /// Frames per batch: encoded PNGs are handed to `write` in order at the end of each batch (this bounds
    /// the encoded frames held in memory).
    static let batchSize = 48

    public init(timeline: RevealTimeline, fps: Double, renderer: Renderer, media: (any MediaSource)?) {
        self.timeline = timeline
        self.fps = fps
        self.renderer = renderer
        self.media = media
    }

    /// Frames from t = 0 until the reveal has settled; the last one is exactly the end.
    public var frameCount: Int { Int((timeline.endTime * fps - 1e-9).rounded(.up)) + 1 }

    public func time(ofFrame index: Int) -> Double { min(Double(index) / fps, timeline.endTime) }

    public func image(at time: Double) throws -> RGBAImage {
        let frame = timeline.frame(at: time)
        return try renderer.image(frame.layout, overlays: frame.overlays(), media: media)
    }

    /// One frame at the default (smaller) PNG settings, for `--at`.
    public func png(at time: Double) throws -> [UInt8] {
        try PNGCodec.encode(image(at: time), opaque: opaque)
    }

    private var opaque: Bool { timeline.stream.finalLayout.isOpaque }

    /// What the last `encodeFrames` did: frames delivered and frames painted (the others repeated the frame
    /// before them, so their bytes were reused).
    public private(set) var lastExport: (frames: Int, painted: Int) = (0, 0)

    /// Encodes every frame and hands `write` (index, PNG bytes) in frame order, on this thread, batch by
    /// batch. Per batch, the frames' display lists are built here; a frame whose display list equals the one
    /// before it reuses that frame's bytes (`skipUnchanged`), the others are painted and encoded at the fast
    /// level on `threads` threads, each with its own `FrameEncoder`. The bytes do not depend on `threads` or
    /// `skipUnchanged`.
    public func encodeFrames(threads: Int = ProcessInfo.processInfo.activeProcessorCount, skipUnchanged: Bool = true,
                             progress: ((Int, Int) -> Void)? = nil, write: (Int, [UInt8]) throws -> Void) throws {
        let count = frameCount
        let workers = max(1, threads)
        let encoders = PerWorker((0..<workers).map { _ in FrameEncoder(canvas: timeline.canvas, opaque: opaque) })
        var previous: (list: Frame, bytes: [UInt8])?
        var painted = 0
        var start = 0
        while start < count {
            let end = min(count, start + Self.batchSize)
            // Per frame of the batch: the display list to paint with its decoded images (resolved here, on this
            // thread: the media source is not thread-safe), or nil when it repeats the frame before.
            var lists: [(list: Frame, images: MediaImages)?] = []
            var last = previous?.list
            for index in start..<end {
                let frame = timeline.frame(at: time(ofFrame: index))
                let list = frame.layout.displayList(overlays: frame.overlays())
                lists.append(skipUnchanged && list == last ? nil : (list, MediaResolver.images(for: list, source: media)))
                last = list
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
        lastExport = (count, painted)
    }

    /// Per frame: time, cursor, phase, revealed top-level items, bubble size and status opacity.
    public func timelineJSON() -> JSONOut {
        var frames: [JSONOut] = []
        for index in 0..<frameCount {
            let time = time(ofFrame: index)
            let tick = timeline.tick(at: time)
            let chunk = timeline.stream.chunks[tick.chunk]
            let revealed: [JSONOut]
            if tick.phase == .done || time >= timeline.endTime {
                revealed = timeline.stream.finalLayout.items.map { .string($0.id.description) }
            } else {
                revealed = chunk.layout.items.compactMap { item in
                    guard let entry = chunk.map.entry(for: item.id), RevealExtent.extent(item, entry, cursor: tick.cursor) != nil else { return nil }
                    return .string(item.id.description)
                }
            }
            var members: [(String, JSONOut)] = [("index", .int(index)), ("time", .number(time)), ("cursor", .int(tick.cursor)),
                                                ("total", .int(chunk.map.total)), ("chunk", .int(tick.chunk)),
                                                ("phase", .string(time >= timeline.endTime ? "done" : tick.phase.rawValue)),
                                                ("revealed", .array(revealed))]
            if let bubble = timeline.bubbleSize(at: time) {
                members.append(("bubble", .object([("width", .number(bubble.width)), ("height", .number(bubble.height))])))
            }
            members.append(("statusOpacity", .number(timeline.statusOpacity(at: time))))
            frames.append(.object(members))
        }
        let canvas = timeline.canvas
        return .object([("fps", .number(fps)), ("duration", .number(timeline.endTime)), ("frameCount", .int(frameCount)),
                        ("completion", .number(timeline.completionTime)),
                        ("canvas", .object([("width", .number(canvas.width)), ("height", .number(canvas.height)),
                                            ("scale", .number(canvas.scale)), ("pixelWidth", .int(canvas.pixelWidth)),
                                            ("pixelHeight", .int(canvas.pixelHeight))])),
                        ("chunks", .array(timeline.stream.chunks.map { .object([("time", .number($0.time)), ("total", .int($0.map.total))]) })),
                        ("frames", .array(frames))])
    }
}

/// Hands out slot numbers 0, 1, 2 … to the threads of a batch.
private final class Counter: @unchecked Sendable {
    private var value = 0
    private let lock = NSLock()

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
    private let lock = NSLock()

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
