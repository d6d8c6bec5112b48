import Drawing

/// The bubble body with its tail (`v2-reveal-facts.md` §8 template, stretched to W × Hb), the rounded clip
/// of the page (README "Clip and bleed": 16 pt corners, the tail corner square) and the status row.
extension FrameBuilder {
    /// The shape as an alpha mask — body and tail, the tail's inner ellipse cleared — filled over a one
    /// device pixel outline when the theme has one, with the fill's gradient from top to bottom.
    func bubbleShape(_ bubble: Bubble) -> ShapeFill {
        let width = bubble.frame.width, height = bubble.frame.height, left = bubble.tail == .left
        let shape = Frame([.fill(.roundedRect(bubble.frame, radius: bubble.cornerRadius), .solid(.black)),
                           .fill(Self.tailPath(width: width, height: height, left: left), .solid(.black)),
                           .fill(Path([.ellipse(center: Point(x: Self.mapX(width + 11.5, width: width, left: left), y: height - 8.5), radiusX: 11.5, radiusY: 10.5)]),
                                 .clear)])
        var fills: [ShapeFill.Fill] = []
        if let outline = bubble.outline { fills.append(.init(paint: .solid(outline), spreadPixels: 1)) }
        if bubble.fillTop == bubble.fillBottom {
            fills.append(.init(paint: .solid(bubble.fillTop)))
        } else {
            fills.append(.init(paint: .linearGradient(LinearGradient(start: Point(x: 0, y: 0), end: Point(x: 0, y: height),
                                                                     stops: [.init(offset: 0, color: bubble.fillTop), .init(offset: 1, color: bubble.fillBottom)]))))
        }
        return ShapeFill(shape: shape, fills: fills)
    }

    /// The page clip: the body rounded at 16 pt except the tail corner, which is square.
    func bubbleClip(_ bubble: Bubble) -> Path {
        let rect = bubble.frame, r = bubble.cornerRadius
        var path = Path([.arc(center: Point(x: rect.maxX - r, y: rect.minY + r), radius: r, start: -Double.pi / 2, end: 0)])
        if bubble.tail == .left {
            path.append(.arc(center: Point(x: rect.maxX - r, y: rect.maxY - r), radius: r, start: 0, end: Double.pi / 2))
            path.append(.line(Point(x: rect.minX, y: rect.maxY)))
        } else {
            path.append(.line(Point(x: rect.maxX, y: rect.maxY)))
            path.append(.arc(center: Point(x: rect.minX + r, y: rect.maxY - r), radius: r, start: Double.pi / 2, end: Double.pi))
        }
        path.append(.arc(center: Point(x: rect.minX + r, y: rect.minY + r), radius: r, start: Double.pi, end: 3 * Double.pi / 2))
        path.append(.close)
        return path
    }

    /// Maps a template x (outgoing, tail right) to the bubble: mirrored for incoming bubbles.
    private static func mapX(_ x: Double, width: Double, left: Bool) -> Double { left ? width - x : x }

    /// The filled parts of the tail: the corner rect and the two-segment quadratic bowl.
    private static func tailPath(width W: Double, height H: Double, left: Bool) -> Path {
        let x = { (value: Double) in mapX(value, width: W, left: left) }
        var path = Path([.move(Point(x: x(W - 16.5), y: H - 17)), .line(Point(x: x(W), y: H - 17)), .line(Point(x: x(W), y: H - 8)),
                         .line(Point(x: x(W - 16.5), y: H - 8)), .close, .newSubPath, .move(Point(x: x(W - 9), y: H - 8.5))])
        path.append(quadratic(from: Point(x: x(W - 9), y: H - 8.5), control: Point(x: x(W - 9), y: H), to: Point(x: x(W + 4.5), y: H)))
        path.append(quadratic(from: Point(x: x(W + 4.5), y: H), control: Point(x: x(W + 18), y: H), to: Point(x: x(W + 18), y: H - 8.5)))
        path.append(.close)
        return path
    }

    /// A quadratic Bézier segment as the cubic that traces it.
    private static func quadratic(from p0: Point, control c: Point, to p1: Point) -> Path.Element {
        .curve(Point(x: p0.x + 2.0 / 3.0 * (c.x - p0.x), y: p0.y + 2.0 / 3.0 * (c.y - p0.y)),
               Point(x: p1.x + 2.0 / 3.0 * (c.x - p1.x), y: p1.y + 2.0 / 3.0 * (c.y - p1.y)), p1)
    }

    /// The date and, for outgoing messages, the read ticks: polyline (0, 4) → (2.95, 6.95) → (9.5, 0) in an
    /// 11-unit box, offset (1, 1), stroke 0.99, round caps and joins (v2-reveal-facts §9).
    func status(_ status: Status) -> Frame {
        guard let frame = status.frame else { return Frame() }
        var content = Frame()
        if let text = status.text { content.append(contentsOf: self.text(text, at: Point(x: frame.minX, y: frame.minY))) }
        for tick in status.ticks {
            let x = frame.minX + tick.minX + 1, y = frame.minY + tick.minY + 1
            let path = Path([.move(Point(x: x, y: y + 4)), .line(Point(x: x + 2.95, y: y + 6.95)), .line(Point(x: x + 9.5, y: y))])
            content.append(.stroke(path, .solid(status.tickColor), .round(width: 0.99)))
        }
        return content
    }
}
