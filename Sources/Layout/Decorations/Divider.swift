import Drawing
import Primitives

/// A divider (`v2-layout-facts.md` §2.3): the item's rectangle in the separator colour.
public struct Divider: Decoration {
    public var color: RGBA

    var kind: String { "divider" }
    var jsonFields: [(String, JSONOut)] { [("color", .string(color.hexString))] }

    func draw(in frame: Rect, with builder: FrameBuilder) -> Frame { Frame([.fill(.rect(frame), .solid(color))]) }
}
