/// A change to one named group of a display list, made by a stage after layout (the streaming reveal): the
/// group is drawn with `mask` instead of its own (when given), inside a new group with this transform, clip and
/// opacity (in the parent's space), and `above` is drawn over it there. Layout's output stays the static page; an
/// animation frame is the same display list with overlays on some of its group ids.
public struct Overlay: Sendable, Equatable {
    public var transform: Transform
    public var clip: Path?
    public var opacity: Double
    public var above: Frame
    /// Replaces the group's own mask (a thinking block's shimmer at the frame's moment).
    public var mask: Paint?

    public init(transform: Transform = Transform([]), clip: Path? = nil, opacity: Double = 1, above: Frame = Frame(), mask: Paint? = nil) {
        self.transform = transform
        self.clip = clip
        self.opacity = opacity
        self.above = above
        self.mask = mask
    }

    /// `group` wrapped as the overlay says.
    public func wrapping(_ group: Group) -> Group {
        var group = group
        if let mask { group.mask = mask }
        var frame = Frame([.group(group)])
        frame.append(contentsOf: above)
        return Group(frame, transform: transform, clip: clip, opacity: opacity)
    }
}
