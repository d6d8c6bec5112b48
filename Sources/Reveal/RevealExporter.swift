import Foundation
import Layout
import ProcessSupport
import RichMessageRenderer

/// Paints a timeline's frames and writes them: display lists are built from the shared layouts on the
/// calling thread (layout's Pango objects are not thread-safe), then painted and PNG-encoded on every core,
/// one `FrameEncoder` (glyph painter, surface) per thread; a frame that repeats the one before is not
/// painted again.
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

    public static func frameName(_ index: Int) -> String {
        let digits = String(index)
        return "frame_" + String(repeating: "0", count: max(0, 5 - digits.count)) + digits + ".png"
    }

    /// Writes `frame_00000.png…` and `timeline.json` into `directory`. Everything is written into a hidden
    /// staging folder first (removed on failure and, through `TemporaryPaths`, on interruption) and swapped in
    /// only when complete: frames of an earlier export that the new one does not overwrite are removed in
    /// the same step, so the folder holds one whole export, the old one or the new one, never a mix.
    /// `startNumber` is the first file's number (frame_<startNumber>.png); timeline.json keeps frame indices.
    public func writeSequence(to directory: String, startNumber: Int = 0, progress: ((Int, Int) -> Void)? = nil) throws {
        let files = FileManager.default
        try files.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let staging = (directory as NSString).appendingPathComponent(".ipraster-partial-\(getpid())")
        try? files.removeItem(atPath: staging)
        // Staging folders of exports that were killed (SIGKILL) before they could remove them.
        TemporaryPaths.removeStale(in: directory, prefix: ".ipraster-partial-")
        let token = TemporaryPaths.register(staging)
        defer { TemporaryPaths.unregister(token) }
        try files.createDirectory(atPath: staging, withIntermediateDirectories: false)
        do {
            try encodeFrames(into: staging, startNumber: startNumber, progress: progress)
            let json = Array((timelineJSON().serialized() + "\n").utf8)
            try AtomicFile.write(json, to: (staging as NSString).appendingPathComponent("timeline.json"))
            try TemporaryPaths.uninterrupted {
                let fresh = Set(try files.contentsOfDirectory(atPath: staging))
                for name in try files.contentsOfDirectory(atPath: directory) where Self.isExportFile(name) && !fresh.contains(name) {
                    try files.removeItem(atPath: (directory as NSString).appendingPathComponent(name))
                }
                for name in fresh.sorted() {
                    let target = (directory as NSString).appendingPathComponent(name)
                    if rename((staging as NSString).appendingPathComponent(name), target) != 0 {
                        throw AtomicFile.WriteError(path: target, reason: String(cString: strerror(errno)))
                    }
                }
                try files.removeItem(atPath: staging)
            }
        } catch {
            try? files.removeItem(atPath: staging)
            throw error
        }
    }

    /// The names an export writes: `frame_<digits>.png` and `timeline.json`.
    static func isExportFile(_ name: String) -> Bool {
        if name == "timeline.json" { return true }
        guard name.hasPrefix("frame_"), name.hasSuffix(".png") else { return false }
        let digits = name.dropFirst(6).dropLast(4)
        return !digits.isEmpty && digits.allSatisfy(\.isNumber)
    }

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

    private func encodeFrames(into directory: String, startNumber: Int, progress: ((Int, Int) -> Void)?) throws {
        try encodeFrames(progress: progress) { index, bytes in
            let path = (directory as NSString).appendingPathComponent(Self.frameName(startNumber + index))
            // Under the interruption lock: once an interruption removes the staging folder, no write starts
            // again inside it (a frame written during the removal left the folder behind).
            try TemporaryPaths.uninterrupted {
                guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
                    throw AtomicFile.WriteError(path: path, reason: String(cString: strerror(errno)))
                }
            }
        }
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
