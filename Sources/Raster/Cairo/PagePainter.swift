import CPango
import Layout

/// Paints a `PageLayout` onto a Cairo context whose user space is points. Paint never measures:
/// it draws the frames, glyph runs and decorations layout produced.
struct PagePainter {
    let glyphs: GlyphPainter
    let layout: PageLayout
    var media: MediaStore?

    func paint(cr: OpaquePointer) {
        if let background = layout.background {
            set(background, cr)
            cairo_paint(cr)
        }
        cairo_save(cr)
        cairo_translate(cr, layout.canvas.bubbleOrigin.x, layout.canvas.bubbleOrigin.y)
        if let bubble = layout.bubble {
            BubblePainter.draw(bubble, scale: layout.canvas.scale, cr: cr)
            cairo_save(cr)
            BubblePainter.clipPath(bubble, cr: cr)
            cairo_clip(cr)
            drawItems(cr: cr)
            cairo_restore(cr)
            drawStatus(layout.status, cr: cr)
        } else {
            cairo_save(cr)
            drawItems(cr: cr)
            cairo_restore(cr)
        }
        cairo_restore(cr)
    }

    /// The page's items, clipped at the revealed items' maxY while a reveal streams.
    private func drawItems(cr: OpaquePointer) {
        if let maxY = layout.revealClipMaxY {
            cairo_rectangle(cr, -1e5, -1e5, 2e5, 1e5 + maxY)
            cairo_clip(cr)
        }
        for item in layout.items { draw(item, cr: cr) }
    }

    /// Draws one item at its reveal opacity (1 outside the streaming reveal).
    func draw(_ item: LayoutItem, cr: OpaquePointer) {
        withOpacity(item.opacity, cr) { drawContent(item, cr: cr) }
    }

    /// Runs `draw` directly at opacity 1, through a group painted at `opacity` below it, not at all at 0.
    func withOpacity(_ opacity: Double, _ cr: OpaquePointer, _ draw: () -> Void) {
        guard opacity > 0 else { return }
        if opacity >= 1 { return draw() }
        cairo_push_group(cr)
        draw()
        cairo_pop_group_to_source(cr)
        cairo_paint_with_alpha(cr, opacity)
    }

    private func drawContent(_ item: LayoutItem, cr: OpaquePointer) {
        switch item.content {
        case .text(let box):
            drawText(box, at: (item.frame.minX, item.frame.minY), cr: cr)
        case .divider(let color):
            set(color, cr)
            cairo_rectangle(cr, item.frame.x, item.frame.y, item.frame.width, item.frame.height)
            cairo_fill(cr)
        case .anchor:
            break
        case .unsupported(_, let fill, let radius, let label, let origin):
            set(fill, cr)
            roundedRect(item.frame, radius: radius, cr)
            cairo_fill(cr)
            drawText(label, at: (item.frame.minX + origin.x, item.frame.minY + origin.y), cr: cr)
        case .listMarker(let marker):
            drawListMarker(marker, in: item.frame, cr: cr)
        case .quoteFrame(let fill):
            drawQuoteFill(fill, in: item.frame, cr: cr)
        case .pullQuote(let color, let radius):
            set(color, cr)
            roundedRect(item.frame, radius: radius, cr)
            cairo_fill(cr)
        case .ornament(let ornament):
            OrnamentPainter.draw(ornament, in: item.frame, cr: cr)
        case .codeBlock(let code):
            drawQuoteFill(code.fill, in: item.frame, cr: cr)
            drawText(code.text, at: (item.frame.minX + code.textOrigin.x, item.frame.minY + code.textOrigin.y), cr: cr)
            if let label = code.languageLabel {
                drawText(label, at: (item.frame.minX + code.languageOrigin.x, item.frame.minY + code.languageOrigin.y), cr: cr)
            }
        case .details(let details):
            drawDetails(details, in: item.frame, cr: cr)
        case .thinking(let thinking):
            drawThinking(thinking, in: item.frame, cr: cr)
        case .buttonRow(let buttons):
            for button in buttons {
                let frame = button.frame.offsetBy(dx: item.frame.minX, dy: item.frame.minY)
                if let fill = button.fill {
                    set(fill, cr)
                    roundedRect(frame, radius: button.cornerRadius, cr)
                    cairo_fill(cr)
                }
                drawText(button.label, at: (item.frame.minX + button.labelOrigin.x, item.frame.minY + button.labelOrigin.y), cr: cr)
            }
        case .showMore(let box):
            drawText(box, at: (item.frame.minX, item.frame.minY), cr: cr)
        case .table(let table):
            drawTable(table, in: item.frame, cr: cr)
        case .media(let media):
            drawMedia(media, in: item.frame, cr: cr)
        case .fileRow(let row):
            drawFileRow(row, in: item.frame, cr: cr)
        case .slideshow(let slideshow):
            drawSlideshow(slideshow, in: item.frame, cr: cr)
        }
    }

    /// Layers bottom to top (`v2-render-facts.md` §5): per line marker pills, glyphs, strike lines and
    /// underlines (glyphs clipped out of spoiler covers); then inline images and emoji; then spoiler dust.
    /// While streaming, the glyph layers are clipped to the reveal mask, attachments pop in above it and
    /// snippets fly in on top (`v2-reveal-facts.md` §5, §6).
    func drawText(_ box: TextBox, at origin: (x: Double, y: Double), cr: OpaquePointer) {
        cairo_save(cr)
        clipToRevealMask(box, at: origin, cr: cr)
        drawGlyphLayers(box, at: origin, cr: cr)
        cairo_restore(cr)
        for line in box.lines {
            for attachment in line.attachments {
                withOpacity(attachment.revealOpacity, cr) {
                    guard attachment.revealScale != 1 else { return drawAttachment(attachment, at: origin, cr: cr) }
                    // The pop-in scales about the cell's centre.
                    let center = (x: origin.x + attachment.frame.midX, y: origin.y + attachment.frame.midY)
                    cairo_save(cr)
                    cairo_translate(cr, center.x, center.y)
                    cairo_scale(cr, attachment.revealScale, attachment.revealScale)
                    cairo_translate(cr, -center.x, -center.y)
                    drawAttachment(attachment, at: origin, cr: cr)
                    cairo_restore(cr)
                }
            }
        }
        if box.lines.contains(where: { !$0.spoilers.isEmpty }) {
            cairo_save(cr)
            clipToRevealMask(box, at: origin, cr: cr)
            for line in box.lines {
                for spoiler in line.spoilers {
                    set(spoiler.color, cr)
                    for dot in spoiler.dots { cairo_rectangle(cr, origin.x + dot.x, origin.y + dot.y, 1, 1) }
                    cairo_fill(cr)
                }
            }
            cairo_restore(cr)
        }
        if !box.revealSnippets.isEmpty {
            // Ordinary frames draw each snippet's glyphs directly; only when snippets × glyphs would be large
            // (thousands of combining marks in flight) are the crops taken from shared line layers, whose
            // clip edges can differ from direct drawing by a step of antialiasing.
            let glyphCount = box.lines.reduce(0) { $0 + $1.runs.reduce(0) { $0 + $1.glyphs.count } }
            let layers = SnippetLayers(enabled: box.revealSnippets.count * glyphCount > SnippetLayers.workThreshold)
            for snippet in box.revealSnippets { drawSnippet(snippet, of: box, at: origin, cr: cr, layers: layers) }
        }
    }

    private func clipToRevealMask(_ box: TextBox, at origin: (x: Double, y: Double), cr: OpaquePointer) {
        guard let mask = box.revealMask else { return }
        cairo_new_path(cr)
        for rect in mask { cairo_rectangle(cr, origin.x + rect.x, origin.y + rect.y, rect.width, rect.height) }
        cairo_clip(cr)
    }

    /// What the text's render bitmap holds: marker pills, glyphs, strike lines and underlines.
    /// `visible` (canvas points) limits the work to lines and glyphs near it, for reveal snippets that crop
    /// one character out of a long line: drawing every glyph of the box for each snippet made a frame cost
    /// the product of glyphs and snippets.
    func drawGlyphLayers(_ box: TextBox, at origin: (x: Double, y: Double), cr: OpaquePointer, visible: Rect? = nil) {
        for line in box.lines {
            if let visible {
                let top = origin.y + line.frame.minY, bottom = origin.y + line.baseline
                let margin = box.font.size * 2
                if bottom + margin < visible.minY || top - margin > visible.maxY { continue }
            }
            for decoration in line.decorations where decoration.kind == .marker {
                set(decoration.color, cr)
                roundedRect(decoration.rect.offsetBy(dx: origin.x, dy: origin.y), radius: decoration.cornerRadius, cr)
                cairo_fill(cr)
            }
            cairo_save(cr)
            if !line.spoilers.isEmpty {
                // Even-odd: everything except the spoiler rectangles.
                cairo_new_path(cr)
                cairo_rectangle(cr, -1e5, -1e5, 2e5, 2e5)
                for spoiler in line.spoilers {
                    let rect = spoiler.rect.offsetBy(dx: origin.x, dy: origin.y)
                    cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
                }
                cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
                cairo_clip(cr)
                cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
            }
            for run in line.runs {
                glyphs.draw(run, originX: origin.x + line.frame.minX, baselineY: origin.y + line.baseline, cr: cr, visible: visible)
            }
            for decoration in line.decorations where decoration.kind == .strikethrough || decoration.kind == .underline {
                set(decoration.color, cr)
                let rect = decoration.rect.offsetBy(dx: origin.x, dy: origin.y)
                cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
                cairo_fill(cr)
            }
            cairo_restore(cr)
        }
    }

    /// A local file for the emoji or image (`--media`) replaces the alt text or placeholder: stickers
    /// aspect-fit in their cell, inline images aspect-fill theirs (v2-render-facts §5).
    private func drawAttachment(_ attachment: InlineAttachment, at origin: (x: Double, y: Double), cr: OpaquePointer) {
        let frame = attachment.frame.offsetBy(dx: origin.x, dy: origin.y)
        if attachment.kind != .button, let id = attachment.mediaId, let surface = media?.surface(for: [id]) {
            drawImage(surface, in: frame, fill: attachment.kind == .image, cr: cr)
            return
        }
        if let fill = attachment.fill {
            set(fill, cr)
            roundedRect(frame, radius: attachment.cornerRadius, cr)
            cairo_fill(cr)
        }
        for run in attachment.content {
            glyphs.draw(run, originX: origin.x + attachment.contentOrigin.x, baselineY: origin.y + attachment.contentOrigin.y, cr: cr)
        }
    }

    /// Draws `surface` scaled into `rect`: aspect-fill (cropped to the rect) or aspect-fit (centred).
    func drawImage(_ surface: OpaquePointer, in rect: Rect, fill: Bool, cr: OpaquePointer) {
        let width = Double(cairo_image_surface_get_width(surface)), height = Double(cairo_image_surface_get_height(surface))
        guard width > 0, height > 0, rect.width >= 0.01, rect.height >= 0.01 else { return }
        let scale = fill ? max(rect.width / width, rect.height / height) : min(rect.width / width, rect.height / height)
        cairo_save(cr)
        cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
        cairo_clip(cr)
        cairo_translate(cr, rect.x + (rect.width - width * scale) / 2, rect.y + (rect.height - height * scale) / 2)
        cairo_scale(cr, scale, scale)
        cairo_set_source_surface(cr, surface, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
        cairo_paint(cr)
        cairo_restore(cr)
    }

    func drawStatus(_ status: Status, cr: OpaquePointer) {
        withOpacity(status.opacity, cr) { drawStatusContent(status, cr: cr) }
    }

    private func drawStatusContent(_ status: Status, cr: OpaquePointer) {
        guard let frame = status.frame else { return }
        if let text = status.text { drawText(text, at: (frame.minX, frame.minY), cr: cr) }
        for tick in status.ticks {
            // The full tick: polyline (0, 4) → (2.95, 6.95) → (9.5, 0) in an 11-unit box, offset (1, 1),
            // stroke 0.99, round caps and joins (v2-reveal-facts §9).
            let x = frame.minX + tick.minX + 1, y = frame.minY + tick.minY + 1
            cairo_new_path(cr)
            cairo_move_to(cr, x, y + 4)
            cairo_line_to(cr, x + 2.95, y + 6.95)
            cairo_line_to(cr, x + 9.5, y)
            set(status.tickColor, cr)
            cairo_set_line_width(cr, 0.99)
            cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
            cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
            cairo_stroke(cr)
        }
    }
}
