import CCairo
import Drawing
import FoundationEssentials
import Glibc

/// Where each item of a display list can leave ink, as boxes in page points, worked out once per page so that a
/// strip paints only the items that reach its rows (`StripRenderer`; painting every item into every 512-row strip
/// cost a tall page its whole paint once per strip). The boxes are conservative: a path's control points, an arc's
/// whole circle, a stroke's miter reach, a glyph run's positions grown by its font's bounding box (or the ink Cairo
/// reports, `GlyphPainter.inkBox`); every box is widened by
/// `margin` for antialiasing, so an item left out of a strip could not have changed one of its pixels
/// (`StripRenderTests` compares every golden case with the page painted on one canvas).
struct FrameExtents {
    /// One item's box in page points (nil: it may paint anywhere the clip allows, as an unclipped `.paint` does)
    /// and the extents of the frames it holds: a group's frame, a media choice's `present` and `absent`.
    struct Item {
        var box: Rect?
        var frames: [FrameExtents]
    }

    var items: [Item]
    /// For a group's frame: where its group's clip covers every pixel fully (page points), when that can be told
    /// (a convex clip of lines and arcs); glyph runs inside it are painted without the clip (`FramePainter.ItemClip`).
    var clipInterior: ConvexPolygon?

    /// Page points of ink spread counted around every box: more than a device pixel at any scale.
    static let margin = 1.0

    private init(items: [Item]) {
        self.items = items
    }

    /// The extents of `frame` drawn with `transform` (page points from the frame's space) inside `clip` (page points).
    init(_ frame: Frame, glyphs: GlyphPainter, transform: cairo_matrix_t = .identity, clip: Rect? = nil) {
        items = frame.items.map { Self.item($0, glyphs: glyphs, transform: transform, clip: clip) }
    }

    /// The union of the items' boxes; nil when one of them is unbounded.
    var box: Rect? {
        var union: Rect?
        for item in items {
            guard let box = item.box else { return nil }
            if box.width <= 0 || box.height <= 0 { continue }
            union = union.map { $0.union(box) } ?? box
        }
        return union ?? Rect.zero
    }

    private static func item(_ item: FrameItem, glyphs: GlyphPainter, transform: cairo_matrix_t, clip: Rect?) -> Item {
        func placed(_ local: Rect?) -> Rect? {
            guard let local else { return clip }
            let box = transform.bounds(of: local).insetBy(-margin)
            return clip.map { $0.intersection(box) } ?? box
        }
        switch item {
        case .fill(let path, _):
            return Item(box: placed(path.controlBounds), frames: [])
        case .stroke(let path, _, let stroke):
            // A miter join reaches at most half Cairo's default miter limit (10) widths past its corner.
            let reach = stroke.join == .miter ? 5 * stroke.width : stroke.width / 2
            return Item(box: placed(path.controlBounds?.insetBy(-reach)), frames: [])
        case .paint:
            return Item(box: clip, frames: [])
        case .glyphs(let run, let origin):
            // Synthesised bold spreads outlines past the font's box (and the ink Cairo reports) by a fraction of the size.
            let ink = glyphs.inkBox(run, originX: origin.x, baselineY: origin.y).flatMap { placed($0.insetBy(-run.font.size / 10)) }
            return Item(box: ink ?? Rect.zero, frames: [])
        case .image(let image):
            return Item(box: placed(image.rect), frames: [])
        case .media(let choice):
            let present = FrameExtents(choice.present, glyphs: glyphs, transform: transform, clip: clip)
            let absent = FrameExtents(choice.absent, glyphs: glyphs, transform: transform, clip: clip)
            return Item(box: FrameExtents(items: present.items + absent.items).box, frames: [present, absent])
        case .group(let group):
            // A blurred group spreads its items over its blur bounds: painted in every strip (pages with blurs are
            // painted on one canvas anyway, `StripRenderer.canPaintInStrips`).
            guard group.blur == nil else { return Item(box: clip, frames: []) }
            let inner = transform.then(group.transform)
            var innerClip = clip
            if let path = group.clip, let local = path.controlBounds {
                let box = inner.bounds(of: local).insetBy(-margin)
                innerClip = innerClip.map { $0.intersection(box) } ?? box
            }
            var extents = FrameExtents(group.frame, glyphs: glyphs, transform: inner, clip: innerClip)
            extents.clipInterior = group.clip.flatMap { ConvexPolygon($0, transform: inner) }
            return Item(box: extents.box ?? innerClip, frames: [extents])
        case .layer(let layer):
            return Item(box: placed(layer.bounds), frames: [])
        case .link:
            return Item(box: Rect.zero, frames: [])
        }
    }
}

extension Group {
    /// Whether outer clips may be set inside this group rather than around it: it draws in the same space and
    /// composites nothing of its own (its own clip, if any, joins them).
    var takesClipsAlong: Bool {
        transform.isIdentity && opacity >= 1 && !isolated && mask == nil && blur == nil
    }
}

/// A convex polygon in page points: a clip path's outline through points on it (chords of its arcs lie inside a
/// convex outline, so the polygon does too), for telling that a box lies where the clip covers fully.
struct ConvexPolygon {
    private let points: [Point]
    /// +1 when the points turn clockwise (y down), -1 counter-clockwise.
    private let orientation: Double

    /// Distance (page points) a box must keep from the outline: more than Cairo's flattening of arcs (0.1 device
    /// pixel) moves its outline inward.
    static let inset = 0.5

    /// The polygon of `path` (one sub-path of lines, arcs and elliptical arcs, or one rectangle) under `transform`;
    /// nil when the path has curves, several sub-paths or is not convex.
    init?(_ path: Path, transform: cairo_matrix_t) {
        var outline: [Point] = []
        var moves = 0
        for element in path.elements {
            switch element {
            case .move(let point):
                moves += 1
                outline.append(point)
            case .line(let point):
                outline.append(point)
            case .arc(let center, let radius, let start, let end):
                guard end >= start else { return nil }
                outline += Self.arc(center: center, radiusX: radius, radiusY: radius, start: start, end: end)
            case .ellipticalArc(let center, let radiusX, let radiusY, let start, let end, let decreasing):
                guard decreasing ? end <= start : end >= start else { return nil }
                outline += Self.arc(center: center, radiusX: radiusX, radiusY: radiusY, start: start, end: end)
            case .rect(let rect):
                guard path.elements.count == 1 else { return nil }
                outline = [Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.minY),
                           Point(x: rect.maxX, y: rect.maxY), Point(x: rect.minX, y: rect.maxY)]
            case .newSubPath:
                guard outline.isEmpty else { return nil }
            case .close:
                break
            case .curve, .ellipse:
                return nil
            }
        }
        guard moves <= 1 else { return nil }
        var mapped: [Point] = []
        for point in outline {
            let next = transform.apply(point)
            guard next.x.isFinite, next.y.isFinite else { return nil }
            if let last = mapped.last, abs(last.x - next.x) < 1e-9, abs(last.y - next.y) < 1e-9 { continue }
            mapped.append(next)
        }
        if mapped.count > 1, let first = mapped.first, let last = mapped.last, abs(first.x - last.x) < 1e-9, abs(first.y - last.y) < 1e-9 {
            mapped.removeLast()
        }
        guard mapped.count >= 3 else { return nil }
        // Convex: every turn the same way (straight runs allowed), and the outline goes round once.
        var sign = 0.0, turning = 0.0
        for index in mapped.indices {
            let a = mapped[index], b = mapped[(index + 1) % mapped.count], c = mapped[(index + 2) % mapped.count]
            let cross = (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x)
            if abs(cross) < 1e-12 { continue }
            if sign == 0 { sign = cross > 0 ? 1 : -1 } else if (cross > 0 ? 1 : -1) != sign { return nil }
            let turn = atan2(cross, (b.x - a.x) * (c.x - b.x) + (b.y - a.y) * (c.y - b.y))
            turning += turn
        }
        guard sign != 0, abs(abs(turning) - 2 * Double.pi) < 1e-6 else { return nil }
        points = mapped
        orientation = sign
    }

    /// Points along an arc from `start` to `end` (either direction), both ends included, at most π/16 apart.
    private static func arc(center: Point, radiusX: Double, radiusY: Double, start: Double, end: Double) -> [Point] {
        let steps = max(1, Int((abs(end - start) / (Double.pi / 16)).rounded(.up)))
        return (0...steps).map { step in
            let angle = start + (end - start) * Double(step) / Double(steps)
            return Point(x: center.x + radiusX * cos(angle), y: center.y + radiusY * sin(angle))
        }
    }

    /// Whether `box` lies inside, at least `inset` from every edge.
    func contains(_ box: Rect) -> Bool {
        let corners = [Point(x: box.minX, y: box.minY), Point(x: box.maxX, y: box.minY), Point(x: box.minX, y: box.maxY), Point(x: box.maxX, y: box.maxY)]
        for index in points.indices {
            let a = points[index], b = points[(index + 1) % points.count]
            let length = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
            guard length > 0 else { continue }
            for corner in corners {
                let distance = orientation * ((b.x - a.x) * (corner.y - a.y) - (b.y - a.y) * (corner.x - a.x)) / length
                if distance < Self.inset { return false }
            }
        }
        return true
    }
}

extension Rect {
    /// Grown by `-amount` on every side when `amount` is negative, shrunk when positive.
    func insetBy(_ amount: Double) -> Rect {
        Rect(x: x + amount, y: y + amount, width: max(0, width - 2 * amount), height: max(0, height - 2 * amount))
    }

    /// The area both cover; zero-sized when they do not meet.
    func intersection(_ other: Rect) -> Rect {
        let left = max(minX, other.minX), top = max(minY, other.minY)
        let right = min(maxX, other.maxX), bottom = min(maxY, other.maxY)
        return Rect(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
    }
}

extension Path {
    /// A box containing everything the path can cover: its points, curves' control points and whole circles and
    /// ellipses for arcs; nil for an empty path.
    var controlBounds: Rect? {
        var left = Double.infinity, top = Double.infinity, right = -Double.infinity, bottom = -Double.infinity
        func add(_ x: Double, _ y: Double) {
            left = min(left, x); right = max(right, x); top = min(top, y); bottom = max(bottom, y)
        }
        for element in elements {
            switch element {
            case .move(let point), .line(let point): add(point.x, point.y)
            case .curve(let c1, let c2, let end): add(c1.x, c1.y); add(c2.x, c2.y); add(end.x, end.y)
            case .arc(let center, let radius, _, _):
                add(center.x - abs(radius), center.y - abs(radius)); add(center.x + abs(radius), center.y + abs(radius))
            case .ellipse(let center, let radiusX, let radiusY), .ellipticalArc(let center, let radiusX, let radiusY, _, _, _):
                add(center.x - abs(radiusX), center.y - abs(radiusY)); add(center.x + abs(radiusX), center.y + abs(radiusY))
            case .rect(let rect): add(rect.minX, rect.minY); add(rect.maxX, rect.maxY)
            case .newSubPath, .close: break
            }
        }
        guard left <= right, top <= bottom, left.isFinite, top.isFinite, right.isFinite, bottom.isFinite else { return nil }
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }
}
