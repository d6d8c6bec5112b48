import FoundationEssentials
import Layout
import RichMessageRenderer

/// A finished message as an animation (issue 41, `ipraster answer.json -o answer.gif|.apng|.mp4`): the same page in
/// every frame, its custom emoji's stickers playing on one clock (every copy of one emoji in step, each looping over
/// its own duration, custom-emoji-facts §3.6, §6.2). It plays one loop of the longest sticker (at most
/// `defaultMaxDuration`) unless a duration is given; a page without animated stickers is one frame. Painting as a
/// reveal export paints (`FrameBatches`); it writes no file.
public final class MessageAnimation {
    /// The longest a default animation lasts: the format's longest sticker (3 s).
    public static let defaultMaxDuration = 3.0

    public let layout: PageLayout
    public let fps: Double
    /// Seconds the animation lasts (0: one still frame).
    public let duration: Double
    /// The longest loop among the page's stickers (0: none is animated).
    public let stickerLoop: Double
    private let list: Frame
    private let media: (any MediaSource)?

    /// `duration` nil: one loop of the longest sticker, at most `defaultMaxDuration`.
    public init(layout: PageLayout, fps: Double, duration: Double?, media: (any MediaSource)?) {
        self.layout = layout
        self.fps = fps
        self.media = media
        list = layout.displayList()
        stickerLoop = MediaResolver.stickerLoop(in: list, source: media)
        self.duration = duration ?? min(Self.defaultMaxDuration, stickerLoop)
    }

    /// Frames at t = 0, 1 / fps, … before `duration`; at least one.
    public var frameCount: Int { max(1, Int((duration * fps - 1e-9).rounded(.up))) }

    /// Encodes every frame and hands `write` (index, PNG bytes) in order (see `RevealExporter.encodeFrames`).
    public func encodeFrames(threads: Int = ProcessInfo.processInfo.activeProcessorCount, progress: ((Int, Int) -> Void)? = nil,
                             write: (Int, [UInt8]) throws -> Void) throws {
        let batches = FrameBatches(canvas: layout.canvas, opaque: layout.isOpaque, count: frameCount)
        _ = try batches.encode(threads: threads, skipUnchanged: true, progress: progress, frame: { index in
            (list, MediaResolver.images(for: list, source: media, scale: layout.canvas.scale, time: Double(index) / fps))
        }, write: write)
    }
}
