import Drawing

/// Text (`v2-render-facts.md` §5), layers bottom to top: per line marker pills, glyphs, strike lines and
/// underlines (glyphs clipped out of spoiler covers); then inline images and emoji; then spoiler dust.
extension FrameBuilder {
    /// The text's frame; with `name`, a group of that name holding groups for the glyph layers, each
    /// attachment and the dust, which overlays can clip (the reveal mask), fade and scale (pop-ins).
    func text(_ box: TextBox, at origin: Point, named name: GroupID.Text? = nil) -> Frame {
        var frame = Frame()
        let glyphs = box.glyphLayers(at: origin)
        frame.append(contentsOf: name.map { named($0.glyphs, glyphs) } ?? glyphs)
        for (l, line) in box.lines.enumerated() {
            for (a, attachment) in line.attachments.enumerated() {
                let drawn = self.attachment(attachment, at: origin)
                frame.append(contentsOf: name.map { named($0.attachment(line: l, index: a), drawn) } ?? drawn)
            }
        }
        if box.lines.contains(where: { !$0.spoilers.isEmpty }) {
            var dust = Frame()
            for line in box.lines {
                for spoiler in line.spoilers {
                    dust.append(.fill(.rects(spoiler.dots.map { Rect(x: origin.x + $0.x, y: origin.y + $0.y, width: 1, height: 1) }), .solid(spoiler.color)))
                }
            }
            frame.append(contentsOf: name.map { named($0.dust, dust) } ?? dust)
        }
        for entity in box.entities where !entity.rects.isEmpty {
            if let target = entity.target {
                frame.append(.link(LinkArea(uri: target, rects: entity.rects.map { $0.offsetBy(dx: origin.x, dy: origin.y) })))
            }
        }
        return name.map { named($0.name, frame) } ?? frame
    }

    /// A local file for the emoji or image (`--media`) replaces the drawing: a sticker's bitmap is stretched over
    /// its whole cell, tinted when it is adaptive (custom-emoji-facts §3.3, §3.9); inline images aspect-fill theirs
    /// (v2-render-facts §5).
    private func attachment(_ attachment: InlineAttachment, at origin: Point) -> Frame {
        let drawing = attachment.drawing.offsetBy(dx: origin.x, dy: origin.y)
        guard attachment.kind != .button, let id = attachment.mediaId else { return drawing }
        let rect = attachment.frame.offsetBy(dx: origin.x, dy: origin.y)
        let image: ImageItem
        if attachment.kind == .customEmoji {
            let cell = StickerCell(id: id, size: attachment.frame.width, tint: attachment.tint ?? RGBA(r: 0, g: 0, b: 0, a: 1), adaptive: attachment.adaptive)
            image = ImageItem(source: .sticker(cell), rect: rect, fit: .stretch)
        } else {
            image = ImageItem(source: .media([id]), rect: rect, fit: .fill)
        }
        return Frame([.media(MediaChoice(source: image.source, present: Frame([.image(image)]), absent: drawing))])
    }
}
