import Drawing

/// The block decorations (`v2-render-facts.md` §7): list markers, quote fills, details, thinking, ornaments.
extension FrameBuilder {
    /// Bullet: a filled circle; label: its text; checkbox: an 18 pt rounded square of radius 6 — a ring of
    /// 1 pt + 1 px when unchecked, filled with the tick (5.33, 9.5) → (7.83, 12.5) → (12.5, 6.5) cut out when checked (§7.3).
    func listMarker(_ marker: ListMarker, in frame: Rect) -> Frame {
        switch marker {
        case .bullet(let color):
            let diameter = min(frame.width, frame.height)
            return Frame([.fill(.circle(center: Point(x: frame.minX + frame.width / 2, y: frame.minY + frame.height / 2), radius: diameter / 2), .solid(color))])
        case .label(let box, let origin):
            return text(box, at: Point(x: frame.minX + origin.x, y: frame.minY + origin.y))
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
            let borderWidth = 1 + 1 / scale
            var ring = Path.roundedRect(frame, radius: radius)
            ring.append(contentsOf: .roundedRect(Rect(x: frame.minX + borderWidth, y: frame.minY + borderWidth, width: frame.width - 2 * borderWidth,
                                          height: frame.height - 2 * borderWidth), radius: radius - 1))
            ring.fillRule = .evenOdd
            return Frame([.fill(ring, .solid(border))])
        }
    }

    /// The rounded fill at `fillAlpha` and the solid bar clipped to the same rounded path (§7.4).
    func quoteFill(_ fill: QuoteFill, in frame: Rect) -> Frame {
        let shape = Path.roundedRect(frame, radius: fill.cornerRadius)
        let x = fill.barOnTrailing ? frame.maxX - fill.barWidth : frame.minX
        let bar = Frame([.fill(.rect(Rect(x: x, y: frame.minY, width: fill.barWidth, height: frame.height)), .solid(fill.accent))])
        return Frame([.fill(shape, .solid(fill.accent.multipliedAlpha(fill.fillAlpha))), .group(Group(bar, clip: shape))])
    }

    func details(_ details: Details, in frame: Rect, title name: GroupID.Text) -> Frame {
        var result = Frame()
        if let title = details.title {
            result.append(contentsOf: text(title, at: Point(x: frame.minX + details.titleOrigin.x, y: frame.minY + details.titleOrigin.y), named: name))
        }
        result.append(contentsOf: ornament(Ornament(shape: .chevron, color: details.chevronColor, rotation: details.isExpanded ? 180 : 0),
                                           in: details.chevron.offsetBy(dx: frame.minX, dy: frame.minY)))
        result.appendGroup(items(details.items)) { $0.transform = .translate(frame.minX, frame.minY) }
        result.append(.fill(.rect(details.separator.offsetBy(dx: frame.minX, dy: frame.minY)), .solid(details.separatorColor)))
        return result
    }

    /// The dimmed text under the shimmer mask: alpha 1 outside the band, falling linearly to the band's
    /// alpha at its centre (§7.7).
    func thinking(_ thinking: Thinking, in frame: Rect) -> Frame {
        let center = frame.minX + thinking.shimmerCenterX
        let opaque = RGBA.black, dimmed = RGBA.black.withAlpha(thinking.shimmerAlpha)
        let mask = LinearGradient(start: Point(x: center - thinking.shimmerHalfWidth, y: 0), end: Point(x: center + thinking.shimmerHalfWidth, y: 0),
                                  stops: [.init(offset: 0, color: opaque), .init(offset: 0.5, color: dimmed), .init(offset: 1, color: opaque)])
        return Frame([.group(Group(text(thinking.text, at: Point(x: frame.minX, y: frame.minY)), mask: .linearGradient(mask)))])
    }

    /// The bundled vector assets V2 tints (`v2-render-facts.md` §11: their outlines are not public), drawn as
    /// equivalent shapes at the stated sizes: the reply-quote icon (9 × 7), the pull-quote marks (12 × 10)
    /// and the details chevron (18 × 18), turned by the ornament's rotation about the frame's centre.
    func ornament(_ ornament: Ornament, in frame: Rect) -> Frame {
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
