/// A nested frame drawn with a transform, a clip, an opacity, a mask or a blur. The group's items are drawn
/// in its transformed space and composited together, so overlapping items fade as one.
public struct Group: Sendable, Equatable {
    /// The name later stages address it by (an item's id, a part of it); nil for inner groups.
    public var id: GroupName?
    public var transform: Transform
    /// Intersected with the clip in force, in the group's space.
    public var clip: Path?
    public var opacity: Double
    /// Composite the items off-screen first, so `.clear` paints cut out of the group only.
    public var isolated: Bool
    /// The group shows through the alpha of this paint (a gradient fades it).
    public var mask: Paint?
    public var blur: Blur?
    /// The structure element the group is in a tagged PDF (nil: none; only a PDF's display list has them).
    public var tag: StructureTag?
    public var frame: Frame

    public init(_ frame: Frame, id: GroupName? = nil, transform: Transform = Transform([]), clip: Path? = nil, opacity: Double = 1,
                isolated: Bool = false, mask: Paint? = nil, blur: Blur? = nil, tag: StructureTag? = nil) {
        self.frame = frame
        self.id = id
        self.transform = transform
        self.clip = clip
        self.opacity = opacity
        self.isolated = isolated
        self.mask = mask
        self.blur = blur
        self.tag = tag
    }

    /// Nothing but the items: drawing them in place gives the same pixels.
    public var isPlain: Bool {
        id == nil && tag == nil && transform.isIdentity && clip == nil && opacity >= 1 && !isolated && mask == nil && blur == nil
    }
}

/// A Gaussian blur of a group: the items are drawn into a pixel buffer covering `bounds` (group space, whole
/// points) at the canvas scale, blurred there with `sigma` (points), then composited through the transform.
public struct Blur: Sendable, Equatable {
    public var sigma: Double
    public var bounds: Rect

    public init(sigma: Double, bounds: Rect) {
        self.sigma = sigma
        self.bounds = bounds
    }
}
