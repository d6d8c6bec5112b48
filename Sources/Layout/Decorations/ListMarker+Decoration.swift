import Drawing
import Primitives

extension ListMarker: Decoration {
    var kind: String { "listMarker" }

    var jsonFields: [(String, JSONOut)] {
        switch self {
        case .bullet: return [("marker", .string("bullet"))]
        case .label(let box, _):
            return [("marker", .string("label")), ("lines", .array(box.lines.map { .array([.int($0.range.lowerBound), .int($0.range.upperBound)]) }))]
        case .checkbox(let checked, _, _): return [("marker", .string("checkbox")), ("checked", .bool(checked))]
        }
    }

    func labels(in frame: Rect) -> [(box: TextBox, origin: Point)] {
        guard case .label(let box, let origin) = self else { return [] }
        return [(box, Point(x: frame.minX + origin.x, y: frame.minY + origin.y))]
    }

    /// Bullet: a filled circle; label: its text; checkbox: an 18 pt rounded square of radius 6 — a ring of
    /// 1 pt + 1 px when unchecked, filled with the tick (5.33, 9.5) → (7.83, 12.5) → (12.5, 6.5) cut out when checked (§7.3).
    func draw(in frame: Rect, with builder: FrameBuilder) -> Frame {
        switch self {
        case .bullet(let color):
            let diameter = min(frame.width, frame.height)
            return Frame([.fill(.circle(center: Point(x: frame.minX + frame.width / 2, y: frame.minY + frame.height / 2), radius: diameter / 2), .solid(color))])
        case .label(let box, let origin):
            return builder.text(box, at: Point(x: frame.minX + origin.x, y: frame.minY + origin.y))
        case .checkbox(let checked, let fill, let border):
            let radius = (frame.width * 0.318).rounded(.up)
            if checked {
                let s = frame.width / 18
                let tick = Path([.move(Point(x: frame.minX + 5.33 * s, y: frame.minY + 9.5 * s)),
                                 .line(Point(x: frame.minX + 7.83 * s, y: frame.minY + 12.5 * s)),
                                 .line(Point(x: frame.minX + 12.5 * s, y: frame.minY + 6.5 * s))])
                // The tick is drawn in the page background colour, which is clear: it is cut out.
                return Frame([.group(Group(Frame([.fill(.roundedRect(frame, radius: radius), .solid(fill)),
                                                  .stroke(tick, .clear, .round(width: 1.5 * s))]), isolated: true))])
            }
            let borderWidth = 1 + 1 / builder.scale
            var ring = Path.roundedRect(frame, radius: radius)
            ring.append(contentsOf: .roundedRect(Rect(x: frame.minX + borderWidth, y: frame.minY + borderWidth, width: frame.width - 2 * borderWidth,
                                          height: frame.height - 2 * borderWidth), radius: radius - 1))
            ring.fillRule = .evenOdd
            return Frame([.fill(ring, .solid(border))])
        }
    }
}
