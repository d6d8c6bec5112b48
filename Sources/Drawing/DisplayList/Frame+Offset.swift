extension Frame {
    /// The same drawing moved by (dx, dy): coordinates are rewritten, so the result paints exactly as if it had
    /// been built at the new place (groups with their own transform or blur get the move as their first step).
    public func offsetBy(dx: Double, dy: Double) -> Frame {
        guard dx != 0 || dy != 0 else { return self }
        return Frame(items.map { $0.offsetBy(dx: dx, dy: dy) })
    }
}

extension FrameItem {
    func offsetBy(dx: Double, dy: Double) -> FrameItem {
        switch self {
        case .fill(let path, let paint): return .fill(path.offsetBy(dx: dx, dy: dy), paint)
        case .stroke(let path, let paint, let stroke): return .stroke(path.offsetBy(dx: dx, dy: dy), paint, stroke)
        case .paint: return self
        case .glyphs(let run, let origin): return .glyphs(run, origin: Point(x: origin.x + dx, y: origin.y + dy))
        case .image(var image):
            image.rect = image.rect.offsetBy(dx: dx, dy: dy)
            return .image(image)
        case .media(var choice):
            choice.present = choice.present.offsetBy(dx: dx, dy: dy)
            choice.absent = choice.absent.offsetBy(dx: dx, dy: dy)
            return .media(choice)
        case .group(var group):
            if group.transform.isIdentity && group.blur == nil {
                group.clip = group.clip?.offsetBy(dx: dx, dy: dy)
                group.frame = group.frame.offsetBy(dx: dx, dy: dy)
                if case .linearGradient(var gradient)? = group.mask {
                    gradient.start = Point(x: gradient.start.x + dx, y: gradient.start.y + dy)
                    gradient.end = Point(x: gradient.end.x + dx, y: gradient.end.y + dy)
                    group.mask = .linearGradient(gradient)
                }
            } else {
                group.transform.steps.insert(.translate(x: dx, y: dy), at: 0)
            }
            return .group(group)
        case .layer(var layer):
            layer.bounds = layer.bounds.offsetBy(dx: dx, dy: dy)
            layer.frame = layer.frame.offsetBy(dx: dx, dy: dy)
            return .layer(layer)
        case .link(var area):
            area.rects = area.rects.map { $0.offsetBy(dx: dx, dy: dy) }
            return .link(area)
        }
    }
}

extension Path {
    /// The same path moved by (dx, dy).
    public func offsetBy(dx: Double, dy: Double) -> Path {
        func moved(_ point: Point) -> Point { Point(x: point.x + dx, y: point.y + dy) }
        return Path(elements.map { element in
            switch element {
            case .move(let point): return .move(moved(point))
            case .line(let point): return .line(moved(point))
            case .curve(let c1, let c2, let end): return .curve(moved(c1), moved(c2), moved(end))
            case .arc(let center, let radius, let start, let end): return .arc(center: moved(center), radius: radius, start: start, end: end)
            case .ellipse(let center, let radiusX, let radiusY): return .ellipse(center: moved(center), radiusX: radiusX, radiusY: radiusY)
            case .ellipticalArc(let center, let radiusX, let radiusY, let start, let end, let decreasing):
                return .ellipticalArc(center: moved(center), radiusX: radiusX, radiusY: radiusY, start: start, end: end, decreasing: decreasing)
            case .rect(let rect): return .rect(rect.offsetBy(dx: dx, dy: dy))
            case .newSubPath, .close: return element
            }
        }, fillRule: fillRule)
    }
}
