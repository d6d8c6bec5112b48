import FoundationEssentials
import Drawing
import Glibc

/// The bubble body with its tail (`v2-reveal-facts.md` §8 template, stretched to W × Hb), the rounded clip
/// of the page (README "Clip and bleed": 16 pt corners, the tail corner square) and the status row.
extension FrameBuilder {
    /// Body and tail as one filled path, over a one device pixel outline when the theme has one (a stroke
    /// two pixels wide on the same path), with the fill's gradient from top to bottom. Incoming bubbles are
    /// the outgoing shape mirrored.
    func bubble(_ bubble: Bubble) -> Frame {
        let width = bubble.frame.width, height = bubble.frame.height
        let path = Self.bubblePath(width: width, height: height, radius: bubble.cornerRadius)
        let fill: Paint = bubble.fillTop == bubble.fillBottom ? .solid(bubble.fillTop)
            : .linearGradient(LinearGradient(start: Point(x: 0, y: 0), end: Point(x: 0, y: height),
                                             stops: [.init(offset: 0, color: bubble.fillTop), .init(offset: 1, color: bubble.fillBottom)]))
        var shape = Frame()
        if let outline = bubble.outline { shape.append(.stroke(path, .solid(outline), Stroke(width: 2 / scale, join: .round))) }
        shape.append(.fill(path, fill))
        guard bubble.tail == .left else { return shape }
        return Frame([.group(Group(shape, transform: Transform([.translate(x: width, y: 0), .scale(x: -1, y: 1)])))])
    }

    /// The outgoing bubble (tail bottom-right) as one closed path. The template fills the body, a corner
    /// rect and a quadratic bowl, then clears an ellipse centred (W + 11.5, H − 8.5) with radii 11.5 × 10.5;
    /// what is left is the body with its tail corner square plus the sliver under that ellipse, from the
    /// body's right edge at H − 8.5 down to the tip where the ellipse meets the bottom line (W + 4.75, H).
    /// Drawing that outline in one fill leaves no antialiased seam where the cleared ellipse touched the
    /// body and no dip in the bottom edge where the rounded corner met the bowl.
    static func bubblePath(width W: Double, height H: Double, radius: Double) -> Path {
        let r = min(radius, W / 2, H / 2)
        let center = Point(x: W + 11.5, y: H - 8.5), radiusX = 11.5, radiusY = 10.5
        // The ellipse crosses y = H where sin θ = 8.5 / 10.5, on its lower-left quarter.
        let tipAngle = Double.pi - (8.5 / radiusY).clampedAsin
        let tip = Point(x: center.x + radiusX * cos(tipAngle), y: H)
        let quarter = Double.pi / 2
        return Path([
            .move(tip),
            .arc(center: Point(x: r, y: H - r), radius: r, start: quarter, end: Double.pi),
            .arc(center: Point(x: r, y: r), radius: r, start: Double.pi, end: 3 * quarter),
            .arc(center: Point(x: W - r, y: r), radius: r, start: -quarter, end: 0),
            .line(Point(x: W, y: center.y)),
            .ellipticalArc(center: center, radiusX: radiusX, radiusY: radiusY, start: Double.pi, end: tipAngle, decreasing: true),
            .close,
        ])
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

private extension Double {
    var clampedAsin: Double { asin(Swift.min(1, Swift.max(-1, self))) }
}
