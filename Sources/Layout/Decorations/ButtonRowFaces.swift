import Drawing
import Primitives

/// A row of buttons: each face's rounded fill (if any) and its label, frames item-local.
public struct ButtonRowFaces: Decoration {
    public var faces: [ButtonFace]

    var kind: String { "buttonRow" }
    var jsonFields: [(String, JSONOut)] {
        [("buttons", .array(faces.map { .object([("frame", PageLayout.rectJSON($0.frame))]) }))]
    }

    func labels(in frame: Rect) -> [(box: TextBox, origin: Point)] {
        faces.map { ($0.label, Point(x: frame.minX, y: frame.minY).offset($0.labelOrigin)) }
    }

    func draw(in frame: Rect, with builder: FrameBuilder) -> Frame {
        let origin = Point(x: frame.minX, y: frame.minY)
        var drawing = Frame()
        for face in faces {
            if let fill = face.fill {
                drawing.append(.fill(.roundedRect(face.frame.offsetBy(dx: origin.x, dy: origin.y), radius: face.cornerRadius), .solid(fill)))
            }
            drawing.append(contentsOf: builder.text(face.label, at: origin.offset(face.labelOrigin)))
        }
        return drawing
    }
}
