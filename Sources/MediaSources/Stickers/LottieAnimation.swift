import CRLottie
import Drawing

/// One Lottie animation in Debian's rlottie (a C-state owner): made from JSON that passed `LottieCheck`, rendered
/// frame by frame into premultiplied ARGB32 (rlottie's surface format is Cairo's, custom-emoji-facts §4.4), destroyed
/// in `deinit`. Not thread-safe: its `Sticker` serialises the calls.
final class LottieAnimation {
    private let handle: OpaquePointer
    /// rlottie's frame count (op − ip) and the file's frame rate.
    let frames: Int
    let frameRate: Double

    /// nil when rlottie refuses the JSON.
    init?(json: [UInt8]) {
        var text = json
        text.append(0)
        // rlottie keeps up to ten parsed models in a process-wide cache keyed by this string: the JSON itself is the
        // key, so two different files can never share a model (an empty or hashed key could). The resource path is
        // empty: no file is ever looked up beside the animation (LottieCheck has refused image assets already).
        let made: OpaquePointer? = text.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in ipr_lottie_from_data(chars.baseAddress, chars.baseAddress, "") }
        }
        guard let made else { return nil }
        handle = made
        frames = Int(ipr_lottie_total_frames(made))
        frameRate = ipr_lottie_frame_rate(made)
        guard frames > 0, frameRate.isFinite, frameRate > 0 else {
            ipr_lottie_destroy(made)
            return nil
        }
    }

    deinit { ipr_lottie_destroy(handle) }

    /// Frame `index` (0 ..< frames) scaled over a `side` × `side` surface (rlottie keeps the aspect and centres).
    func render(frame index: Int, side: Int) -> DecodedImage? {
        guard side > 0, side <= 2048 else { return nil }
        var pixels = [UInt32](repeating: 0, count: side * side)
        pixels.withUnsafeMutableBufferPointer { buffer in
            ipr_lottie_render(handle, max(0, min(index, frames - 1)), buffer.baseAddress, side, side, side * 4)
        }
        return DecodedImage(width: side, height: side, pixels: pixels)
    }
}
