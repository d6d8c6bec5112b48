import Drawing

/// Details and thinking blocks (`v2-render-facts.md` §7); the purely decorative parts draw themselves (`Decoration`).
extension FrameBuilder {
    func details(_ details: Details, in frame: Rect, title name: GroupID.Text) -> Frame {
        var result = Frame()
        if let title = details.title {
            result.append(contentsOf: text(title, at: Point(x: frame.minX + details.titleOrigin.x, y: frame.minY + details.titleOrigin.y), named: name))
        }
        result.append(contentsOf: Ornament(shape: .chevron, color: details.chevronColor, rotation: details.isExpanded ? 180 : 0)
            .draw(in: details.chevron.offsetBy(dx: frame.minX, dy: frame.minY), with: self))
        result.appendGroup(items(details.items)) { $0.transform = .translate(frame.minX, frame.minY) }
        result.append(.fill(.rect(details.separator.offsetBy(dx: frame.minX, dy: frame.minY)), .solid(details.separatorColor)))
        return result
    }

    /// The dimmed text under the shimmer mask, in a group named for the item so a reveal frame can move the band
    /// (`GroupID.shimmer`, an overlay's `mask`).
    func thinking(_ thinking: Thinking, in frame: Rect, id: ItemID) -> Frame {
        named(GroupID.shimmer(id), text(thinking.text, at: Point(x: frame.minX, y: frame.minY))) {
            $0.mask = thinking.mask(centerX: thinking.shimmerCenterX, in: frame)
        }
    }
}

extension Thinking {
    /// The shimmer mask with the band's centre at item-local `centerX`, for the item at `frame`: alpha 1 outside the
    /// band, falling linearly to the band's alpha at its centre (§7.7).
    public func mask(centerX: Double, in frame: Rect) -> Paint {
        let center = frame.minX + centerX
        let opaque = RGBA.black, dimmed = RGBA.black.withAlpha(shimmerAlpha)
        return .linearGradient(LinearGradient(start: Point(x: center - shimmerHalfWidth, y: 0), end: Point(x: center + shimmerHalfWidth, y: 0),
                                              stops: [.init(offset: 0, color: opaque), .init(offset: 0.5, color: dimmed), .init(offset: 1, color: opaque)]))
    }
}
