import Drawing
import Primitives

extension Ornament: Decoration {
    var kind: String { "ornament" }
    var jsonFields: [(String, JSONOut)] { [("shape", .string(shape.rawValue))] }

    /// The bundled vector assets V2 tints (`v2-render-facts.md` §11: their outlines are not public), drawn as
    /// equivalent shapes at the stated sizes: the reply-quote icon (9 × 7), the pull-quote marks (12 × 10)
    /// and the details chevron (18 × 18), turned by the ornament's rotation about the frame's centre.
    func draw(in frame: Rect, with builder: FrameBuilder) -> Frame {
        let ornament = self
        let paint = Paint.solid(ornament.color)
        let shapes: Frame
        switch ornament.shape {
        case .quoteIcon, .quoteClose:
            shapes = Self.quoteMarks(width: frame.width, height: frame.height, closing: true, paint: paint)
        case .quoteOpen:
            shapes = Self.quoteMarks(width: frame.width, height: frame.height, closing: false, paint: paint)
        case .chevron:
            let s = frame.width / 18
            shapes = Frame([.stroke(Path([.move(Point(x: 5 * s, y: 7.5 * s)), .line(Point(x: 9 * s, y: 11.5 * s)), .line(Point(x: 13 * s, y: 7.5 * s))]),
                                    paint, .round(width: 1.5 * s))])
        }
        let transform = Transform([.translate(x: frame.minX + frame.width / 2, y: frame.minY + frame.height / 2),
                                   .rotate(ornament.rotation * Double.pi / 180), .translate(x: -frame.width / 2, y: -frame.height / 2)])
        return Frame([.group(Group(shapes, transform: transform))])
    }

    /// Two quotation marks side by side: a round head with a tail, tails down-left for closing marks
    /// (”) and the mirror for opening marks (“).
    private static func quoteMarks(width: Double, height: Double, closing: Bool, paint: Paint) -> Frame {
        let markWidth = width * 0.42
        let radius = markWidth * 0.5
        let mark = Frame([
            .fill(.circle(center: Point(x: radius, y: radius), radius: radius), paint),
            .fill(Path([.move(Point(x: markWidth, y: radius)),
                        .curve(Point(x: markWidth, y: height * 0.75), Point(x: markWidth * 0.45, y: height), Point(x: 0, y: height)),
                        .line(Point(x: markWidth * 0.2, y: height * 0.8)),
                        .curve(Point(x: markWidth * 0.55, y: height * 0.6), Point(x: markWidth * 0.35, y: radius * 1.6), Point(x: 0, y: radius)),
                        .close]), paint),
        ])
        var frame = Frame()
        for index in 0..<2 {
            let x0 = Double(index) * (width - markWidth)
            // The opening mark is the closing one turned half a turn.
            let transform = closing ? Transform.translate(x0, 0)
                : Transform([.translate(x: x0 + markWidth / 2, y: height / 2), .rotate(Double.pi), .translate(x: -markWidth / 2, y: -height / 2)])
            frame.append(.group(Group(mark, transform: transform)))
        }
        return frame
    }
}
