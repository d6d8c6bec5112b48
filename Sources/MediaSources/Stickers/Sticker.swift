import Drawing
import Dispatch
import FoundationEssentials
import Primitives
import Images

/// A decoded sticker file, as the app plays it (custom-emoji-facts §3.3, §3.6, §3.9): a TGS through rlottie shown at
/// every second frame of the file, each lasting 2 / fr (fr truncated to whole frames per second, as iOS does); a
/// WebM's frames at the stream's own rate; a still image as one frame. Each shown frame is rendered into a square
/// bitmap of the side the cell asks for, once (`bitmap(frame:side:tint:)` keeps them), and an adaptive sticker's
/// bitmap is filled with the tint. Shared between threads through the process's `StickerCache`: every call holds
/// the sticker's lock (rlottie's animation is not thread-safe).
public final class Sticker: @unchecked Sendable {
    public enum Kind: String, Sendable { case tgs = "TGS", webm = "WebM", still = "image" }

    public let kind: Kind
    private let lock = Lock()
    private let lottie: LottieAnimation?
    /// A WebM's decoded frames (the first only until an animated output asks for more), or the still.
    private var frames: [DecodedImage]
    private let moreFrames: (() throws -> [DecodedImage])?
    private let frameRate: Double
    private var bitmaps: [BitmapKey: DecodedImage] = [:]
    private var bytes: Int

    private struct BitmapKey: Hashable {
        var frame: Int
        var side: Int
        var tint: RGBA?
    }

    /// Bitmaps kept per sticker at most (an animated export at a few cell sizes stays far below it).
    static let maxBitmaps = 1_024
    /// Once a sticker has taken this long to render in all, the frames it has not rendered yet show its earliest
    /// rendered frame (it stops playing) instead of costing more; a frame that would run past it is stopped (rlottie
    /// runs in a helper process that is killed, `LottieHelper`), and so is one that fails. Real emoji render a frame
    /// in well under a millisecond at 64 px, so only a pathological file that passed `LottieCheck` meets it (and
    /// then how far it played depends on the machine's speed). Loading a TGS (rlottie's parse and a first frame)
    /// has a budget of the same length.
    public static let renderBudget = 2.0
    private var renderSeconds = 0.0
    /// The budget ran out (the sticker stopped playing).
    public private(set) var exhausted = false

    /// `firstFrame`: shown frame 0 as a bitmap of its side (untinted), drawn when the file was loaded; kept, so it
    /// is not drawn again.
    init(lottie: LottieAnimation, jsonBytes: Int, firstFrame: DecodedImage) {
        kind = .tgs
        self.lottie = lottie
        frames = []
        moreFrames = nil
        frameRate = max(1, lottie.frameRate.rounded(.down))
        bitmaps[BitmapKey(frame: 0, side: firstFrame.width, tint: nil)] = firstFrame
        // The JSON kept for a helper that must load it again, an estimate of the helper's model, the first frame.
        bytes = jsonBytes * 9 + firstFrame.pixels.count * 4
    }

    init(videoFirstFrame: DecodedImage, frameRate: Double, moreFrames: @escaping () throws -> [DecodedImage]) {
        kind = .webm
        lottie = nil
        frames = [videoFirstFrame]
        self.moreFrames = moreFrames
        self.frameRate = frameRate
        bytes = videoFirstFrame.pixels.count * 4
    }

    init(still: DecodedImage) {
        kind = .still
        lottie = nil
        frames = [still]
        moreFrames = nil
        frameRate = 1
        bytes = still.pixels.count * 4
    }

    /// The memory it holds (decoded frames, bitmaps and an estimate of rlottie's model), for the cache's budget.
    public var cost: Int {
        lock.lock()
        defer { lock.unlock() }
        return bytes
    }

    /// Shown frames per loop.
    public var frameCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return shownFrames
    }

    /// How long one loop lasts, in seconds (0 for a still).
    public var duration: Double {
        lock.lock()
        defer { lock.unlock() }
        return kind == .still ? 0 : Double(shownFrames) * frameDuration
    }

    private var frameDuration: Double { kind == .tgs ? 2 / frameRate : 1 / frameRate }

    private var shownFrames: Int {
        if let lottie { return (lottie.frames + 1) / 2 }
        return frames.count
    }

    /// The shown frame at `time` seconds after the sticker started playing, looping (frame 0 at 0 and before).
    public func frame(at time: Double) -> Int {
        lock.lock()
        defer { lock.unlock() }
        guard kind != .still, time.isFinite, time > 0 else { return 0 }
        if kind == .webm, let moreFrames, frames.count == 1, let all = try? moreFrames(), !all.isEmpty {
            frames = all
            bytes += all.dropFirst().reduce(0) { $0 + $1.pixels.count * 4 }
        }
        let count = shownFrames
        guard count > 1 else { return 0 }
        let index = Int((time / frameDuration).rounded(.down)) % count
        return max(0, index)
    }

    /// Shown frame `frame` as a `side` × `side` bitmap; `tint` (an adaptive sticker's) replaces its colours: each
    /// pixel becomes the tint at the bitmap's coverage (§3.9). nil when it cannot be rendered.
    public func bitmap(frame: Int, side: Int, tint: RGBA?) -> DecodedImage? {
        lock.lock()
        defer { lock.unlock() }
        let key = BitmapKey(frame: frame, side: side, tint: tint)
        if let known = bitmaps[key] { return known }
        var made: DecodedImage?
        if let lottie {
            let earliest = { self.bitmaps.filter { $0.key.side == side && $0.key.tint == tint }.min { $0.key.frame < $1.key.frame }?.value }
            guard !exhausted, renderSeconds < Self.renderBudget else {
                exhausted = true
                return earliest()
            }
            let started = DispatchTime.now().uptimeNanoseconds
            let rendered = lottie.render(frame: frame * 2, side: side, seconds: Self.renderBudget - renderSeconds)
            renderSeconds += Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
            switch rendered {
            case .success(let image): made = image
            case .failure:
                exhausted = true
                return earliest()
            }
        } else if frames.indices.contains(frame) {
            made = ImageScaling.scaled(frames[frame], width: side, height: side)
        }
        if let tint, let image = made { made = Self.filled(image, with: tint) }
        if let made, bitmaps.count < Self.maxBitmaps {
            bitmaps[key] = made
            bytes += made.pixels.count * 4
        }
        return made
    }

    /// Every pixel's colour replaced by `tint` at the pixel's alpha (premultiplied): text colour × emoji alpha.
    static func filled(_ image: DecodedImage, with tint: RGBA) -> DecodedImage? {
        let clamp = { (value: Double) in max(0, min(1, value.isFinite ? value : 0)) }
        let r = clamp(tint.r), g = clamp(tint.g), b = clamp(tint.b), a = clamp(tint.a)
        let pixels = image.pixels.map { pixel -> UInt32 in
            let alpha = Double(pixel >> 24) / 255 * a
            let channel = { (value: Double) in UInt32((value * alpha * 255).rounded()) }
            return UInt32((alpha * 255).rounded()) << 24 | channel(r) << 16 | channel(g) << 8 | channel(b)
        }
        return DecodedImage(width: image.width, height: image.height, pixels: pixels)
    }
}
