import Drawing
import Primitives

/// The pull-quote pill behind the text: a rounded rectangle of the accent at the fill alpha.
public struct PullQuotePill: Decoration {
    public var color: RGBA
    public var cornerRadius: Double

    var kind: String { "pullQuote" }
    var jsonFields: [(String, JSONOut)] { [("cornerRadius", .number(cornerRadius))] }

    func draw(in frame: Rect, with builder: FrameBuilder) -> Frame {
        Frame([.fill(.roundedRect(frame, radius: cornerRadius), .solid(color))])
    }
}
