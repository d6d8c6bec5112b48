import Drawing
import Primitives

/// An anchor: a named place in the page that links can point at; it draws nothing and takes no room.
public struct Anchor: Decoration {
    public var name: String

    var kind: String { "anchor" }
    var jsonFields: [(String, JSONOut)] { [("name", .string(name))] }

    func draw(in frame: Rect, with builder: FrameBuilder) -> Frame { Frame() }
}
