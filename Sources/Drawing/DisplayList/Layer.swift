/// Content rasterised once per paint into a buffer covering `bounds` (whole points) at the canvas scale, then
/// painted wherever the same `key` appears (each use under its own clip). Many small crops of one large
/// content (reveal snippets of a line of thousands of marks) then cost one drawing of it, not one each.
/// When the buffer cannot be made, the items are drawn directly.
public struct Layer: Sendable, Equatable {
    public var key: Int
    public var bounds: Rect
    public var frame: Frame

    public init(key: Int, bounds: Rect, frame: Frame) {
        self.key = key
        self.bounds = bounds
        self.frame = frame
    }
}
