import CRLottie
import Dispatch
import Drawing
import Images

/// A sticker file's bytes → a `Sticker`, by what the bytes are (not the file name): gzip → TGS (`LottieCheck`, then
/// rlottie), EBML → WebM (the host's video frames: ffmpeg with libvpx-vp9), PNG, JPEG or WebP → a still. Anything
/// else, and anything refused on the way, is a `StickerError` whose reason the warning names.
public enum StickerDecoder {
    /// A WebM plays at most this many frames (the format's 3 s at 30 fps, with room to spare).
    public static let maxVideoFrames = 300
    /// A WebM frame's side at most (video stickers are 512 px, emoji 100 px).
    public static let maxVideoSide = 512
    /// A sticker file's size at most, before anything reads it (the format's limits are 64 KB and 256 KB).
    public static let maxFileBytes = 4 << 20

    /// Lottie JSON (a TGS once gunzipped): `LottieCheck`, then rlottie (in its helper process, `LottieHelper`),
    /// which must load it and draw its first frame within `Sticker.renderBudget` (the frame is kept: it is the
    /// bitmap of a 17 pt emoji at 2×).
    public static func decode(lottieJSON json: [UInt8]) throws -> Sticker {
        let report = try LottieCheck.check(json: json)
        if let missing = ipr_lottie_load() { throw StickerError("cannot play TGS: \(String(cString: missing)) (Debian: librlottie0-1)") }
        let started = DispatchTime.now().uptimeNanoseconds
        let animation = try LottieAnimation(json: json, seconds: Sticker.renderBudget)
        let left = Sticker.renderBudget - Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        let firstFrame = try animation.render(frame: 0, side: probeSide, seconds: max(0, left)).get()
        return Sticker(lottie: animation, jsonBytes: report.jsonBytes, firstFrame: firstFrame)
    }

    /// The side of the first frame a TGS must draw when it is loaded (the app's bitmap for a 17 pt emoji at 2×).
    static let probeSide = 64

    public static func decode(_ bytes: [UInt8], videoFrames: (any VideoFrameSource)?) throws -> Sticker {
        guard bytes.count <= maxFileBytes else { throw StickerError("the file has \(bytes.count) bytes (at most \(maxFileBytes))") }
        if bytes.starts(with: [0x1f, 0x8b]) { return try decode(lottieJSON: try Gunzip.decompress(bytes, cap: LottieCheck.maxJSONBytes)) }
        if bytes.starts(with: [0x1a, 0x45, 0xdf, 0xa3]) {
            guard let videoFrames else { throw StickerError("a WebM sticker needs a source of video frames (the ipraster tool uses ffmpeg)") }
            let first = try videoFrames.stickerFrames(bytes, maxFrames: 1, maxSide: maxVideoSide)
            guard let image = first.frames.first else { throw StickerError("its video has no frames") }
            let decoded = try MediaDecoding.decodedImage(image)
            return Sticker(videoFirstFrame: decoded, frameRate: first.frameRate) {
                try videoFrames.stickerFrames(bytes, maxFrames: maxVideoFrames, maxSide: maxVideoSide).frames.map { try MediaDecoding.decodedImage($0) }
            }
        }
        do {
            return Sticker(still: try MediaDecoding.decodedImage(try ImageDecoder.decode(bytes), uses: [.stickerStill]))
        } catch let error as MediaError {
            throw StickerError(error.message == "not a PNG, JPEG or WebP image" ? "not a TGS, WebM, WebP, PNG or JPEG file" : error.message)
        }
    }
}
