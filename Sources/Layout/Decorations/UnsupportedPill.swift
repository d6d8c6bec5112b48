import Drawing
import Primitives

/// The V2 placeholder pill of a block type ipraster cannot draw: "Unsupported: <type>" centred on a rounded
/// rectangle (README "Unsupported").
public struct UnsupportedPill: Decoration {
    public var typeName: String
    public var fill: RGBA
    public var cornerRadius: Double
    public var label: TextBox
    /// Item-local origin of the label's first line.
    public var labelOrigin: Point

    var kind: String { "unsupported" }
    var jsonFields: [(String, JSONOut)] { [("type", .string(typeName))] }

    func labels(in frame: Rect) -> [(box: TextBox, origin: Point)] { [(label, Point(x: frame.minX, y: frame.minY).offset(labelOrigin))] }

    func draw(in frame: Rect, with builder: FrameBuilder) -> Frame {
        var drawing = Frame([.fill(.roundedRect(frame, radius: cornerRadius), .solid(fill))])
        drawing.append(contentsOf: builder.text(label, at: Point(x: frame.minX, y: frame.minY).offset(labelOrigin)))
        return drawing
    }
}
