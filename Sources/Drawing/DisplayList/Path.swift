/// A vector path in the PostScript/Cairo model: sub-paths of lines, cubic curves and circular arcs.
/// An arc continues the current sub-path with a straight line to its start, as `cairo_arc` does.
public struct Path: Sendable, Equatable {
    public enum Element: Sendable, Equatable {
        case move(Point)
        case line(Point)
        case curve(Point, Point, Point)
        /// A circular arc from `start` to `end` (radians, increasing angles turn clockwise with y down).
        case arc(center: Point, radius: Double, start: Double, end: Double)
        /// A closed ellipse as its own sub-path.
        case ellipse(center: Point, radiusX: Double, radiusY: Double)
        /// An arc of an axis-aligned ellipse from angle `start` to `end` (the ellipse's parameter angles),
        /// with increasing angles, or decreasing ones when `decreasing`; joined to the current point by a line.
        case ellipticalArc(center: Point, radiusX: Double, radiusY: Double, start: Double, end: Double, decreasing: Bool)
        case rect(Rect)
        /// Ends the current sub-path without closing it (the next arc does not join it).
        case newSubPath
        case close
    }

    public enum FillRule: Sendable, Equatable { case winding, evenOdd }

    public var elements: [Element]
    public var fillRule: FillRule

    public init(_ elements: [Element] = [], fillRule: FillRule = .winding) {
        self.elements = elements
        self.fillRule = fillRule
    }

    public mutating func append(_ element: Element) { elements.append(element) }
    public mutating func append(contentsOf path: Path) { elements.append(contentsOf: path.elements) }

    public static func rect(_ rect: Rect) -> Path { Path([.rect(rect)]) }

    public static func rects(_ rects: [Rect]) -> Path { Path(rects.map { .rect($0) }) }

    public static func circle(center: Point, radius: Double) -> Path {
        Path([.newSubPath, .arc(center: center, radius: radius, start: 0, end: 2 * Double.pi)])
    }

    /// A rectangle with all corners rounded at `radius` (at most half the shorter side); square when 0.
    public static func roundedRect(_ rect: Rect, radius: Double) -> Path {
        guard min(radius, rect.width / 2, rect.height / 2) > 0 else { return .rect(rect) }
        return roundedRect(rect, radii: (radius, radius, radius, radius))
    }

    /// A rectangle with each corner's own radius (top-left, top-right, bottom-right, bottom-left), each at
    /// most half the shorter side; a 0 radius makes a square corner.
    public static func roundedRect(_ rect: Rect, radii: (topLeft: Double, topRight: Double, bottomRight: Double, bottomLeft: Double)) -> Path {
        let limit = min(rect.width / 2, rect.height / 2)
        let tl = min(radii.topLeft, limit), tr = min(radii.topRight, limit), br = min(radii.bottomRight, limit), bl = min(radii.bottomLeft, limit)
        let quarter = Double.pi / 2
        return Path([
            .newSubPath,
            .arc(center: Point(x: rect.maxX - tr, y: rect.minY + tr), radius: tr, start: -quarter, end: 0),
            .arc(center: Point(x: rect.maxX - br, y: rect.maxY - br), radius: br, start: 0, end: quarter),
            .arc(center: Point(x: rect.minX + bl, y: rect.maxY - bl), radius: bl, start: quarter, end: Double.pi),
            .arc(center: Point(x: rect.minX + tl, y: rect.minY + tl), radius: tl, start: Double.pi, end: 3 * quarter),
            .close,
        ])
    }
}
