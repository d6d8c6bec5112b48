/// The display list: what layout hands to paint. A frame is an ordered list of drawing primitives in one
/// coordinate space (points, y down); later items paint over earlier ones. Groups nest frames with an
/// offset, clip, opacity or mask. Paint walks it and knows nothing about blocks (`architecture.md`).
public struct Frame: Sendable, Equatable {
    public var items: [FrameItem]

    public init(_ items: [FrameItem] = []) {
        self.items = items
    }

    public var isEmpty: Bool { items.isEmpty }

    public mutating func append(_ item: FrameItem) { items.append(item) }
    public mutating func append(contentsOf frame: Frame) { items.append(contentsOf: frame.items) }

    /// Appends `frame` as a group with `configure` applied, or its items directly when the group would do nothing.
    public mutating func appendGroup(_ frame: Frame, _ configure: (inout Group) -> Void) {
        var group = Group(frame)
        configure(&group)
        guard group.opacity > 0 else { return }
        if group.isPlain { append(contentsOf: group.frame) } else { append(.group(group)) }
    }
}

/// One drawing primitive.
public indirect enum FrameItem: Sendable, Equatable {
    /// The path's interior, by its fill rule.
    case fill(Path, Paint)
    case stroke(Path, Paint, Stroke)
    /// The paint over everything the current clip lets through.
    case paint(Paint)
    /// Glyphs positioned relative to `origin` (the pen on the baseline).
    case glyphs(GlyphRun, origin: Point)
    case image(ImageItem)
    /// Items that depend on whether a media file is available.
    case media(MediaChoice)
    case group(Group)
    /// Content rasterised once per paint and reused wherever the same key appears.
    case layer(Layer)
    /// A link's clickable area (documents only; draws nothing).
    case link(LinkArea)
}
