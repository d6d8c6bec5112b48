import FoundationEssentials
import Images
import Layout
import Primitives
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
        return try renderer.image(frame.layout, overlays: frame.overlays(), media: media, time: time)
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
    /// batch (`FrameBatches`). Per batch, the frames' display lists are built here, with their stickers at the
    /// frame's time on the export's clock (every copy of one emoji in step); a frame whose display list and images
    /// equal the one before it reuses that frame's bytes (`skipUnchanged`), the others are painted and encoded at the
    /// fast level on `threads` threads, each with its own `FrameEncoder`. The bytes do not depend on `threads` or
    /// `skipUnchanged`.
    public func encodeFrames(threads: Int = ProcessInfo.processInfo.activeProcessorCount, skipUnchanged: Bool = true,
                             progress: ((Int, Int) -> Void)? = nil, write: (Int, [UInt8]) throws -> Void) throws {
        let batches = FrameBatches(canvas: timeline.canvas, opaque: opaque, count: frameCount)
        let painted = try batches.encode(threads: threads, skipUnchanged: skipUnchanged, progress: progress, frame: { index in
            let frameTime = time(ofFrame: index)
            let frame = timeline.frame(at: frameTime)
            let list = frame.layout.displayList(overlays: frame.overlays())
            return (list, MediaResolver.images(for: list, source: media, scale: timeline.canvas.scale, time: frameTime))
        }, write: write)
        lastExport = (frameCount, painted)
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
