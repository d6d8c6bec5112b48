import Document
import Drawing

/// Inline custom emoji, images, buttons and formulas (`v2-layout-facts.md` §3.3 steps 8–10, §3.9).
extension TextItemLayouter {
    /// The drawn object of an attachment; nil for a spacer, which only takes room.
    func inlineAttachment(_ attachment: AttributedText.Attachment, frame: Rect, range: Range<Int>, text: AttributedText) -> InlineAttachment? {
        let attributes = text.runs[text.runIndex(at: attachment.byte)].attributes
        switch attachment.kind {
        case .customEmoji(let id, let alt):
            // Without the sticker, the alternative text is drawn with the colour emoji font, its ink
            // fitted into the cell and centred; a missing alt keeps the empty cell.
            let (runs, origin) = emojiContent(alt, cell: frame, size: attributes.metricsFont.size)
            return InlineAttachment(kind: .customEmoji, range: range, frame: frame, mediaId: id, drawing: Frame(runs.map { .glyphs($0, origin: origin) }),
                                    tint: attributes.color, adaptive: adaptiveEmoji.contains(id))
        case .image(let mediaId):
            // No pixels yet: the panel colour placeholder of the cell.
            return InlineAttachment(kind: .image, range: range, frame: frame, mediaId: mediaId,
                                    drawing: Frame([.fill(.roundedRect(frame, radius: 0), .solid(attributes.color.withAlpha(0.1)))]))
        case .button(let face):
            let label = fonts.measure(face.label, width: nil)
            let runs = label.lines.first.map { glyphRuns($0, label.fonts, face.label) } ?? []
            let pen = Point(x: frame.minX + 7, y: frame.minY + 1 + face.labelAscent)
            var drawing = Frame()
            drawing.append(.fill(.roundedRect(frame, radius: frame.height / 2), .solid(face.fill)))
            for run in runs { drawing.append(.glyphs(run, origin: pen)) }
            return InlineAttachment(kind: .button, range: range, frame: frame, mediaId: nil, drawing: drawing)
        case .formula(let formula, let latex):
            // The typeset drawing with its baseline on the line's (§3.3 step 10).
            let baseline = frame.minY + formula.ascent
            return InlineAttachment(kind: .formula, range: range, frame: frame, mediaId: nil,
                                    drawing: formula.frame.offsetBy(dx: frame.minX, dy: baseline), latex: latex, baseline: baseline)
        case .spacer:
            return nil
        }
    }

    /// Glyphs of `alt` in Noto Color Emoji, scaled so their ink fills `cell`, and the baseline origin to draw them at.
    private func emojiContent(_ alt: String, cell: Rect, size: Double) -> ([GlyphRun], Point) {
        guard !alt.isEmpty else { return ([], Point(x: cell.minX, y: cell.maxY)) }
        func measure(_ pointSize: Double) -> (MeasuredParagraph, AttributedText, Rect?) {
            var text = AttributedText()
            let spec = FontSpec(family: .emoji, size: pointSize)
            text.append(alt, AttributedText.Attributes(font: spec, metricsFont: spec, color: .black))
            let measured = fonts.measure(text, width: nil, inkRects: true)
            var ink: Rect?
            for glyph in measured.lines.first?.glyphs ?? [] {
                guard let glyphInk = glyph.ink, glyphInk.width > 0 else { continue }
                let placed = glyphInk.offsetBy(dx: glyph.x, dy: glyph.yOffset)
                ink = ink.map { $0.union(placed) } ?? placed
            }
            return (measured, text, ink)
        }
        let first = measure(size)
        guard let firstInk = first.2, max(firstInk.width, firstInk.height) > 0 else { return ([], Point(x: cell.minX, y: cell.maxY)) }
        let fittedSize = size * cell.width / max(firstInk.width, firstInk.height)
        let (measured, text, inkOrNil) = measure(fittedSize)
        guard let ink = inkOrNil, let line = measured.lines.first else { return ([], Point(x: cell.minX, y: cell.maxY)) }
        let origin = Point(x: cell.minX + (cell.width - ink.width) / 2 - ink.minX, y: cell.minY + (cell.height - ink.height) / 2 - ink.minY)
        return (glyphRuns(line, measured.fonts, text), origin)
    }
}
