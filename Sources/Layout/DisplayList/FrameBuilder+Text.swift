import Drawing

/// Text (`v2-render-facts.md` §5), layers bottom to top: per line marker pills, glyphs, strike lines and
/// underlines (glyphs clipped out of spoiler covers); then inline images and emoji; then spoiler dust.
/// While streaming, the glyph layers are clipped to the reveal mask, attachments pop in above it and
/// snippets fly in on top (`v2-reveal-facts.md` §5, §6).
extension FrameBuilder {
    func text(_ box: TextBox, at origin: Point) -> Frame {
        var frame = Frame()
        let mask = box.revealMask.map { Path.rects($0.map { $0.offsetBy(dx: origin.x, dy: origin.y) }) }
        frame.appendGroup(glyphLayers(box, at: origin)) { $0.clip = mask }
        for line in box.lines {
            for attachment in line.attachments {
                frame.appendGroup(self.attachment(attachment, at: origin)) {
                    $0.opacity = attachment.revealOpacity
                    // The pop-in scales about the cell's centre.
                    if attachment.revealScale != 1 {
                        $0.transform = .scale(attachment.revealScale, about: Point(x: origin.x + attachment.frame.midX, y: origin.y + attachment.frame.midY))
                    }
                }
            }
        }
        if box.lines.contains(where: { !$0.spoilers.isEmpty }) {
            var dust = Frame()
            for line in box.lines {
                for spoiler in line.spoilers {
                    dust.append(.fill(.rects(spoiler.dots.map { Rect(x: origin.x + $0.x, y: origin.y + $0.y, width: 1, height: 1) }), .solid(spoiler.color)))
                }
            }
            frame.appendGroup(dust) { $0.clip = mask }
        }
        if !box.revealSnippets.isEmpty {
            // Ordinary frames draw each snippet's glyphs directly; only when snippets × glyphs would be large
            // (thousands of combining marks in flight) are the crops taken from shared line layers, whose
            // clip edges can differ from direct drawing by a step of antialiasing.
            let glyphCount = box.lines.reduce(0) { $0 + $1.runs.reduce(0) { $0 + $1.glyphs.count } }
            let layers = SnippetLayers(enabled: box.revealSnippets.count * glyphCount > SnippetLayers.workThreshold)
            for snippet in box.revealSnippets { frame.append(contentsOf: self.snippet(snippet, of: box, at: origin, layers: layers)) }
        }
        return frame
    }

    /// What the text's render bitmap holds: marker pills, glyphs, strike lines and underlines.
    /// `visible` (page points) limits the list to lines and glyphs near it, for reveal snippets that crop one
    /// character out of a long line: listing every glyph of the box for each snippet made a frame cost the
    /// product of glyphs and snippets.
    func glyphLayers(_ box: TextBox, at origin: Point, visible: Rect? = nil) -> Frame {
        var frame = Frame()
        for line in box.lines {
            if let visible {
                let top = origin.y + line.frame.minY, bottom = origin.y + line.baseline
                let margin = box.font.size * 2
                if bottom + margin < visible.minY || top - margin > visible.maxY { continue }
            }
            for decoration in line.decorations where decoration.kind == .marker {
                frame.append(.fill(.roundedRect(decoration.rect.offsetBy(dx: origin.x, dy: origin.y), radius: decoration.cornerRadius), .solid(decoration.color)))
            }
            var content = Frame()
            let pen = Point(x: origin.x + line.frame.minX, y: origin.y + line.baseline)
            for run in line.runs {
                if let run = Self.glyphs(of: run, at: pen, near: visible) { content.append(.glyphs(run, origin: pen)) }
            }
            for decoration in line.decorations where decoration.kind == .strikethrough || decoration.kind == .underline {
                content.append(.fill(.rect(decoration.rect.offsetBy(dx: origin.x, dy: origin.y)), .solid(decoration.color)))
            }
            frame.appendGroup(content) {
                guard !line.spoilers.isEmpty else { return }
                // Even-odd: everything except the spoiler rectangles.
                var clip = Path.rect(Rect(x: -1e5, y: -1e5, width: 2e5, height: 2e5))
                for spoiler in line.spoilers { clip.append(.rect(spoiler.rect.offsetBy(dx: origin.x, dy: origin.y))) }
                clip.fillRule = .evenOdd
                $0.clip = clip
            }
        }
        return frame
    }

    /// `run` with only the glyphs whose origin lies within two ems of `visible` (ink never reaches that far
    /// from a glyph's origin and advance; stacked combining marks far above the line are left out); nil
    /// when none is left.
    static func glyphs(of run: GlyphRun, at pen: Point, near visible: Rect?) -> GlyphRun? {
        guard let visible else { return run }
        var run = run
        let margin = run.font.size * 2
        run.glyphs = run.glyphs.filter {
            let x = pen.x + $0.x, y = pen.y + $0.y
            return x + max(0, $0.advance) + margin >= visible.minX && x - margin <= visible.maxX
                && y + margin >= visible.minY && y - margin <= visible.maxY
        }
        return run.glyphs.isEmpty ? nil : run
    }

    /// A local file for the emoji or image (`--media`) replaces the alt text or placeholder: stickers
    /// aspect-fit in their cell, inline images aspect-fill theirs (v2-render-facts §5).
    private func attachment(_ attachment: InlineAttachment, at origin: Point) -> Frame {
        let frame = attachment.frame.offsetBy(dx: origin.x, dy: origin.y)
        var fallback = Frame()
        if let fill = attachment.fill { fallback.append(.fill(.roundedRect(frame, radius: attachment.cornerRadius), .solid(fill))) }
        let pen = origin.offset(attachment.contentOrigin)
        for run in attachment.content { fallback.append(.glyphs(run, origin: pen)) }
        guard attachment.kind != .button, let id = attachment.mediaId else { return fallback }
        let image = ImageItem(source: .media([id]), rect: frame, fit: attachment.kind == .image ? .fill : .fit)
        return Frame([.media(MediaChoice(ids: [id], condition: .image, present: Frame([.image(image)]), absent: fallback))])
    }
}
