import Drawing

/// Block media (`v2-render-facts.md` §7.10–7.11): local files aspect-filled (slideshow pages letterboxed),
/// placeholders otherwise; play badges, duration pills, map pins, spoiler blur and dust; the file rows.
extension FrameBuilder {
    func media(_ media: MediaView, in frame: Rect) -> Frame {
        var placeholder = Frame([.paint(.solid(media.placeholderColor))])
        if media.kind == .map { placeholder.append(Self.mapStreets(in: frame)) }
        // A TL stripped thumbnail: the tiny preview, blurred, over the placeholder.
        if let stripped = media.strippedThumbnail {
            placeholder.append(.image(ImageItem(source: .strippedThumbnail(stripped), rect: frame, fit: .heavyBlur)))
        }
        var content = Frame()
        if media.lookupIds.isEmpty {
            content = placeholder
        } else {
            var file = Frame()
            if media.letterbox { file.append(.paint(.solid(.black))) }
            let fit: ImageItem.Fit = media.spoiler ? .heavyBlur : media.letterbox ? .fit : .fill
            file.append(.image(ImageItem(source: .media(media.lookupIds), rect: frame, fit: fit)))
            content.append(.media(MediaChoice(ids: media.lookupIds, present: file, absent: placeholder)))
        }
        if media.spoiler, !media.spoilerDots.isEmpty {
            content.append(.fill(.rects(media.spoilerDots.map { Rect(x: frame.minX + $0.x, y: frame.minY + $0.y, width: 1, height: 1) }),
                                 .solid(RGBA(r: 1, g: 1, b: 1, a: 0.85))))
        }
        if let pin = media.pin { content.append(contentsOf: Self.pin(pin.offsetBy(dx: frame.minX, dy: frame.minY))) }
        if let pill = media.durationPill, let duration = media.duration {
            let rect = pill.offsetBy(dx: frame.minX, dy: frame.minY)
            content.append(.fill(.roundedRect(rect, radius: rect.height / 2), .solid(RGBA(r: 0, g: 0, b: 0, a: 0.5))))
            content.append(contentsOf: text(duration, at: Point(x: rect.minX + 6, y: rect.minY + 2)))
        }
        if let badge = media.playBadge { content.append(contentsOf: Self.playBadge(badge.offsetBy(dx: frame.minX, dy: frame.minY))) }
        if let badge = media.linkBadge { content.append(contentsOf: Self.linkBadge(badge.offsetBy(dx: frame.minX, dy: frame.minY))) }
        return Frame([.group(Group(content, clip: .rect(frame)))])
    }

    /// The black @0.6 circle with a white play triangle.
    private static func playBadge(_ rect: Rect) -> Frame {
        let side = rect.width * 0.36
        let triangle = Path([.move(Point(x: rect.midX - side * 0.38, y: rect.midY - side / 2)), .line(Point(x: rect.midX + side * 0.62, y: rect.midY)),
                             .line(Point(x: rect.midX - side * 0.38, y: rect.midY + side / 2)), .close])
        return Frame([.fill(.circle(center: Point(x: rect.midX, y: rect.midY), radius: rect.width / 2), .solid(RGBA(r: 0, g: 0, b: 0, a: 0.6))),
                      .fill(triangle, .solid(.white))])
    }

    /// The link badge (ipraster's drawing: the facts give only its place and size): a black @0.5 circle with a
    /// white chain link, two rounded links crossing at 45°.
    private static func linkBadge(_ rect: Rect) -> Frame {
        let center = Point(x: rect.midX, y: rect.midY)
        let link = Path.roundedRect(Rect(x: -7, y: -2.75, width: 9, height: 5.5), radius: 2.75)
        var chain = link
        chain.append(contentsOf: link.offsetBy(dx: 5, dy: 0))
        let glyph = Frame([.stroke(chain, .solid(.white), Stroke(width: 1.5, join: .round))])
        return Frame([.fill(.circle(center: center, radius: rect.width / 2), .solid(RGBA(r: 0, g: 0, b: 0, a: 0.5))),
                      .group(Group(glyph, transform: Transform([.translate(x: center.x, y: center.y), .rotate(-Double.pi / 4)])))])
    }

    /// A drawn stand-in for the static map tile (no network): a few faint streets.
    private static func mapStreets(in frame: Rect) -> FrameItem {
        let streets: [(Double, Double, Double, Double)] = [(0, 0.35, 1, 0.55), (0.3, 0, 0.45, 1), (0, 0.8, 0.7, 0.7), (0.75, 0, 0.9, 1)]
        var path = Path()
        for street in streets {
            path.append(.move(Point(x: frame.minX + street.0 * frame.width, y: frame.minY + street.1 * frame.height)))
            path.append(.line(Point(x: frame.minX + street.2 * frame.width, y: frame.minY + street.3 * frame.height)))
        }
        return .stroke(path, .solid(RGBA(r: 1, g: 1, b: 1, a: 0.55)), Stroke(width: 6))
    }

    /// The location pin: a red drop with a white centre, its tip at the bottom of its frame.
    private static func pin(_ rect: Rect) -> Frame {
        let radius = rect.width / 2
        let center = Point(x: rect.midX, y: rect.minY + radius)
        let drop = Path([.arc(center: center, radius: radius, start: Double.pi * 0.8, end: Double.pi * 2.2), .line(Point(x: rect.midX, y: rect.maxY)), .close])
        return Frame([.fill(drop, .solid(RGBA(r: 0.898, g: 0.224, b: 0.208))), .fill(.circle(center: center, radius: radius * 0.38), .solid(.white))])
    }

    /// The control circle with its glyph (white, or cut out of the control), the title and the subtitle.
    func fileRow(_ row: FileRow, in frame: Rect) -> Frame {
        let control = row.control.offsetBy(dx: frame.minX, dy: frame.minY)
        let glyph: Path
        switch row.icon {
        case .play:
            let side = 16.0
            glyph = Path([.move(Point(x: control.midX - side * 0.35, y: control.midY - side / 2)), .line(Point(x: control.midX + side * 0.6, y: control.midY)),
                          .line(Point(x: control.midX - side * 0.35, y: control.midY + side / 2)), .close])
        case .document:
            let page = Rect(x: control.midX - 7, y: control.midY - 9, width: 14, height: 18)
            glyph = Path([.move(Point(x: page.minX, y: page.minY)), .line(Point(x: page.maxX - 5, y: page.minY)), .line(Point(x: page.maxX, y: page.minY + 5)),
                          .line(Point(x: page.maxX, y: page.maxY)), .line(Point(x: page.minX, y: page.maxY)), .close])
        }
        let icon = Frame([.fill(.circle(center: Point(x: control.midX, y: control.midY), radius: control.width / 2), .solid(row.controlColor)),
                          .fill(glyph, row.glyphColor.map { .solid($0) } ?? .clear)])
        var result = Frame([.group(Group(icon, isolated: true))])
        if let title = row.title { result.append(contentsOf: text(title, at: Point(x: frame.minX + row.titleOrigin.x, y: frame.minY + row.titleOrigin.y))) }
        if let subtitle = row.subtitle {
            result.append(contentsOf: text(subtitle, at: Point(x: frame.minX + row.subtitleOrigin.x, y: frame.minY + row.subtitleOrigin.y)))
        }
        return result
    }

    /// The first page drawn as single media (letterboxed on black when its file is there), and the page dots.
    func slideshow(_ slideshow: Slideshow, in frame: Rect) -> Frame {
        var content = media(slideshow.page, in: frame)
        for (index, dot) in slideshow.dots.enumerated() {
            let rect = dot.offsetBy(dx: frame.minX, dy: frame.minY)
            content.append(.fill(.circle(center: Point(x: rect.midX, y: rect.midY), radius: rect.width / 2),
                                 .solid(RGBA(r: 1, g: 1, b: 1, a: index == slideshow.activeDot ? 1 : 0.5))))
        }
        return content
    }
}
