/// An inline custom emoji drawn from its sticker file (custom-emoji-facts §3.2–§3.3, §3.9): the file found by
/// `id`, rendered into a square bitmap the media source sizes from `size` and the canvas scale, stretched over the
/// `size` × `size` cell; an adaptive (single-colour) sticker is filled with `tint`, the run's text colour, and any
/// other keeps its own colours.
public struct StickerCell: Sendable, Hashable {
    /// The custom emoji id (`custom_emoji_id`, the TL `document_id`).
    public var id: String
    /// The cell's side in points (A + D + 4 × size / 17 of the run's font).
    public var size: Double
    /// The run's text colour (a link's colour in links): what an adaptive sticker is filled with.
    public var tint: RGBA
    /// The message itself marks the emoji adaptive (MTProto `text_color` in a Telethon page's documents); a sticker's
    /// sidecar can say so too.
    public var adaptive: Bool

    public init(id: String, size: Double, tint: RGBA, adaptive: Bool = false) {
        self.id = id
        self.size = size
        self.tint = tint
        self.adaptive = adaptive
    }

    /// The side of the bitmap the app renders for a cell of `size` points on a screen of `scale` (§3.3):
    /// floor(1.3 × size) points at min(2, scale) pixels per point, rounded up to a multiple of 16 (its animation
    /// cache's surfaces). 17 pt text: a 24.29 pt cell, 31 × 2 = 62 → 64 pixels.
    public static func bitmapSide(cell size: Double, scale: Double) -> Int {
        guard size.isFinite, scale.isFinite, size > 0, scale > 0 else { return 16 }
        let pixels = (min(size * 1.3, 4096).rounded(.down) * min(2, scale)).rounded(.up)
        return max(16, (Int(pixels) + 15) / 16 * 16)
    }
}
