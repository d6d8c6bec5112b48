import Drawing

/// One Lottie animation, played by the process's rlottie helper (`LottieHelper`: every rlottie call runs in a
/// guarded process of its own): made from JSON that passed `LottieCheck`, loaded there under an id of its own
/// within a deadline, rendered frame by frame into premultiplied ARGB32 (rlottie's surface format is Cairo's,
/// custom-emoji-facts §4.4), forgotten there in `deinit`. It keeps its JSON to load it again into a helper that
/// replaced one that died. Not thread-safe: its `Sticker` serialises the calls.
final class LottieAnimation {
    private let id: UInt32
    private let json: [UInt8]
    private var generation: Int
    /// rlottie's frame count (op − ip) and the file's frame rate.
    let frames: Int
    let frameRate: Double

    /// Loads `json` (within `seconds`); a `StickerError` naming why rlottie or its helper failed.
    init(json: [UInt8], seconds: Double) throws {
        var text = json
        // rlottie keeps up to ten parsed models in a process-wide cache keyed by this string: the JSON itself is the
        // key, so two different files can never share a model (an empty or hashed key could). The resource path is
        // empty: no file is ever looked up beside the animation (LottieCheck has refused image assets already).
        text.append(0)
        self.json = text
        id = LottieHelper.shared.makeID()
        switch LottieHelper.shared.load(id: id, json: text, seconds: seconds) {
        case .success(let loaded):
            guard loaded.frames > 0, loaded.frameRate.isFinite, loaded.frameRate > 0 else {
                LottieHelper.shared.unload(id: id, generation: loaded.generation)
                throw StickerError("rlottie cannot load its Lottie JSON")
            }
            frames = loaded.frames
            frameRate = loaded.frameRate
            generation = loaded.generation
        case .failure(let failure):
            throw StickerError(Self.reason(failure, doing: "loading it", seconds: seconds))
        }
    }

    deinit { LottieHelper.shared.unload(id: id, generation: generation) }

    /// Frame `index` (0 ..< frames) scaled over a `side` × `side` surface (rlottie keeps the aspect and centres),
    /// within `seconds`; the failure otherwise.
    func render(frame index: Int, side: Int, seconds: Double) -> Result<DecodedImage, StickerError> {
        guard side > 0, side <= 2048 else { return .failure(StickerError("a bitmap of \(side) px is not drawn")) }
        let frame = max(0, min(index, frames - 1))
        switch LottieHelper.shared.render(id: id, json: json, generation: &generation, frame: frame, side: side, seconds: seconds) {
        case .success(let pixels):
            guard let image = DecodedImage(width: side, height: side, pixels: pixels) else { return .failure(StickerError("rlottie drew nothing")) }
            return .success(image)
        case .failure(let failure):
            return .failure(StickerError(Self.reason(failure, doing: "drawing frame \(frame)", seconds: seconds)))
        }
    }

    static func reason(_ failure: LottieHelper.Failure, doing what: String, seconds: Double) -> String {
        switch failure {
        case .died: return "rlottie failed \(what) (out of its memory bound or crashed)"
        case .timedOut: return "rlottie took longer than \((seconds * 10).rounded() / 10) s \(what)"
        case .refused: return "rlottie cannot load its Lottie JSON"
        }
    }
}
