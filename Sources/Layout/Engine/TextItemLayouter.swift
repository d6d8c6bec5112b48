import Document
import Drawing

/// The V2 line model (`v2-layout-facts.md` §3.2–§3.7) over Pango's line breaks.
struct TextItemLayouter {
    let fonts: any TextShaper
    let scale: Double
    let computeCharacterRects: Bool
    /// Where characters no font draws are noted; nil: nowhere.
    var warnings: WarningLog? = nil
    /// Custom emoji ids the message marks adaptive (a Telethon page's documents with `text_color`).
    var adaptiveEmoji: Set<String> = []

    struct Result {
        var box: TextBox
        var width: Double
        var height: Double
    }

    /// Font-derived constants of one text item (§3.2).
    struct LineMetrics {
        var ascent: Double       // A
        var descent: Double      // D (positive)
        var lineHeight: Double   // L = floor(A − D)
        var lineSpacing: Double  // S = floor(L × factor)
        var topInset: Double     // T = max(0, A − L), exact
        var slack: Double        // K = max(0, S − 4)

        init(_ metrics: FontMetrics, lineSpacingFactor: Double) {
            ascent = metrics.ascent
            descent = metrics.descent
            lineHeight = (ascent - descent).rounded(.down)
            lineSpacing = (lineHeight * lineSpacingFactor).rounded(.down)
            topInset = max(0, ascent - lineHeight)
            slack = max(0, lineSpacing - 4)
        }
    }

    func floorToPixels(_ value: Double) -> Double { (value * scale).rounded(.down) / scale }

    /// How far a line that starts with an inline button pill hangs into the margin: the pill's padding (§3.3).
    static let buttonHang = 7.0

    /// Lays out `text` at bounding width `width`. nil for empty text (the block then adds nothing).
    func layout(_ text: AttributedText, width: Double, alignment: TextAlignment, lineSpacingFactor: Double,
                fitToWidth: Bool = true, ellipsize: Bool = false) -> Result? {
        guard !text.isEmpty, let firstRun = text.runs.first else { return nil }
        // All line metrics come from the font at string index 0 (§3.1–3.2).
        let fontMetrics = fonts.metrics(firstRun.attributes.metricsFont)
        let m = LineMetrics(fontMetrics, lineSpacingFactor: lineSpacingFactor)
        var measured = fonts.measure(text, width: width, inkRects: computeCharacterRects, ellipsize: ellipsize)
        if measured.cut { warnings?.exceededLineLimit = true }
        // A trailing newline ends the last line; it never adds an empty one (README, Decisions).
        if measured.lines.count > 1, text.text.utf8.last == UInt8(ascii: "\n"), let last = measured.lines.last, last.startByte >= text.byteCount {
            measured.lines.removeLast()
        }
        let utf16 = text.utf16Offsets()
        var lines: [TextLine] = []
        var originY = m.topInset
        var previousExtraDescent = 0.0
        var maxLineWidth = 0.0
        var dustBudget = Self.maxDustDots
        // Attachments are in byte order, as lines are: walk them with one cursor instead of filtering per line.
        var attachmentCursor = 0
        var hangs = Set<Int>()
        for line in measured.lines {
            let hadExtraDescent = previousExtraDescent > 0
            while attachmentCursor < text.attachments.count && text.attachments[attachmentCursor].byte < line.startByte { attachmentCursor += 1 }
            var onLine: [AttributedText.Attachment] = []
            while attachmentCursor < text.attachments.count && text.attachments[attachmentCursor].byte < line.endByte {
                onLine.append(text.attachments[attachmentCursor])
                attachmentCursor += 1
            }
            var lineAscent = m.lineHeight
            var lineDescent = m.descent
            // Formulas grow the line box by their ascent and descent, buttons by theirs less T and K (§3.3 step 9).
            for attachment in onLine {
                switch attachment.kind {
                case .button:
                    lineAscent = max(lineAscent, attachment.ascent - m.topInset)
                    lineDescent = max(lineDescent, attachment.descent - m.slack)
                case .formula:
                    lineAscent = max(lineAscent, attachment.ascent)
                    lineDescent = max(lineDescent, attachment.descent)
                default:
                    break
                }
            }
            let baselineY = originY + lineAscent
            // Attachment frames: x = the RTL-safe left edge; emoji and images centred on the L band (§3.3 step 10).
            var attachments: [InlineAttachment] = []
            for attachment in onLine {
                let x = line.attachmentCells[attachment.byte]?.x ?? 0
                let y: Double
                switch attachment.kind {
                case .button, .formula: y = baselineY - attachment.ascent
                default: y = floorToPixels(baselineY - m.lineHeight / 2 - attachment.height / 2)
                }
                let frame = Rect(x: x, y: y, width: attachment.width, height: attachment.height)
                let range = (utf16[attachment.byte] ?? 0)..<(utf16[attachment.byte + 3] ?? 0)
                if let drawn = inlineAttachment(attachment, frame: frame, range: range, text: text) { attachments.append(drawn) }
            }
            // NEW hang: a line that starts with a button pill hangs it 7 pt into the margin (§3.3 steps 1, 15).
            if case .button? = onLine.first?.kind, onLine.first?.byte == line.startByte { hangs.insert(lines.count) }
            var extraDescent = max(0, lineDescent - m.slack)
            for attachment in attachments where attachment.kind == .customEmoji || attachment.kind == .image {
                extraDescent = max(extraDescent, attachment.frame.maxY - (baselineY + m.slack))
            }
            let decorations = self.decorations(line, text, bandTop: baselineY - m.lineHeight, lineHeight: m.lineHeight, baseline: baselineY)
            let spoilers = self.spoilers(line, text, bandTop: baselineY - m.lineHeight, baseline: baselineY, dustBudget: &dustBudget)
            // V1 legacy quirk: two consecutive lines with extraDescent add a full spacing (§3.3 step 14),
            // after attachments and decorations were placed, so those do not move with the line.
            if hadExtraDescent && extraDescent > 0 {
                originY += m.lineSpacing
                // Formulas sit on their line's baseline, which moved: they move with it (issue 24; the quirk is the
                // emoji's and decorations', and a formula left behind was drawn 12 pt above its line).
                for index in attachments.indices where attachments[index].kind == .formula {
                    attachments[index].frame.y += m.lineSpacing
                    attachments[index].drawing = attachments[index].drawing.offsetBy(dx: 0, dy: m.lineSpacing)
                    attachments[index].baseline = attachments[index].baseline.map { $0 + m.lineSpacing }
                }
            }
            let frame = Rect(x: 0, y: originY, width: line.width, height: lineAscent)
            let range = (utf16[line.startByte] ?? 0)..<(utf16[line.endByte] ?? 0)
            var textLine = TextLine(frame: frame, baseline: frame.maxY, range: range, rtl: line.isRTL,
                                    runs: glyphRuns(line, measured.fonts, text), decorations: decorations, characterRects: nil,
                                    attachments: attachments, spoilers: spoilers)
            if computeCharacterRects {
                textLine.characterRects = characterRects(line, text, utf16: utf16, range: range, baseline: frame.maxY, attachments: attachments)
            }
            lines.append(textLine)
            maxLineWidth = max(maxLineWidth, line.width)
            originY += lineAscent + m.lineSpacing + extraDescent
            previousExtraDescent = extraDescent
        }
        guard let last = lines.last else { return nil }
        // A zero-width space that only carries anchors measures 0 (§3.4).
        let height = text.text == "\u{200B}" ? 0 : last.frame.maxY + previousExtraDescent + m.descent
        var itemWidth = fitToWidth && alignment == .natural ? maxLineWidth : width
        // Lines with inline images may stick out by more than 10 pt: the item then takes the widest line (§3.7).
        if !text.attachments.isEmpty && maxLineWidth > width + 10 { itemWidth = maxLineWidth }
        // Alignment is applied against the item's final width (§3.6, v2FrameForLine).
        for index in lines.indices {
            let lineWidth = lines[index].frame.width
            let x: Double
            switch alignment {
            case .center: x = ((itemWidth - lineWidth) / 2).rounded(.down)
            case .right: x = itemWidth - lineWidth
            case .natural where lines[index].rtl: x = itemWidth - lineWidth
            default: x = hangs.contains(index) ? -Self.buttonHang : 0
            }
            lines[index] = shifted(lines[index], by: x)
        }
        var box = TextBox(font: fontMetrics, lineHeight: m.lineHeight, lines: lines, alignment: alignment)
        box.text = text.text
        box.entities = entities(text, measured: measured, lines: lines, descent: m.descent, utf16: utf16)
        box.missingGlyphs = Self.missingGlyphs(measured, utf16: utf16)
        // An inline formula's characters no face drew are named at its U+FFFC.
        for attachment in text.attachments {
            guard case .formula(let formula, _) = attachment.kind, !formula.missingCodePoints.isEmpty else { continue }
            let range = (utf16[attachment.byte] ?? 0)..<(utf16[attachment.byte + 3] ?? 0)
            box.missingGlyphs += formula.missingCodePoints.map { MissingGlyph(codePoint: $0, range: range) }
        }
        box.missingGlyphs.sort { $0.range.lowerBound < $1.range.lowerBound }
        warnings?.missingGlyphs(box.missingGlyphs)
        return Result(box: box, width: itemWidth, height: height)
    }

    /// The text's entities with UTF-16 ranges; those with a target get the rectangles of their glyphs on each
    /// line (logical extents: x to x + advance, the line's box from its top to its descent): a run of an entity's
    /// glyphs in visual order is one rectangle (bidi text may give more).
    ///
    /// Linear in glyphs: each line's glyphs are put in visual order once and walked once per layer of targets,
    /// where a layer is a set of targets that do not overlap (targets come from nested rich text, so there are at
    /// most as many layers as nesting levels); a glyph finds its target in a layer by binary search. Walking every
    /// line for every target cost entities × lines (48,000 links on 24,000 lines: minutes).
    private func entities(_ text: AttributedText, measured: MeasuredParagraph, lines: [TextLine], descent: Double, utf16: UTF16Offsets) -> [TextEntity] {
        var rects = [[Rect]](repeating: [], count: text.entities.count)
        let targeted = text.entities.indices.filter { text.entities[$0].target != nil && text.entities[$0].endByte > text.entities[$0].startByte }
            .sorted { a, b in
                let x = text.entities[a], y = text.entities[b]
                return x.startByte != y.startByte ? x.startByte < y.startByte : x.endByte > y.endByte
            }
        var layers: [[Int]] = []
        var layerEnds: [Int] = []
        for index in targeted {
            let entity = text.entities[index]
            if let layer = layerEnds.firstIndex(where: { $0 <= entity.startByte }) {
                layers[layer].append(index)
                layerEnds[layer] = entity.endByte
            } else {
                layers.append([index])
                layerEnds.append(entity.endByte)
            }
        }
        var visited = 0
        if !layers.isEmpty {
            for (lineIndex, line) in measured.lines.enumerated() where lineIndex < lines.count {
                let box = lines[lineIndex].frame
                let order = Self.covered(line).sorted { $0.x < $1.x }
                for layer in layers {
                    // The layer's target holding `cluster`, if any (the last one starting at or before it).
                    func target(_ cluster: Int) -> Int? {
                        var low = 0, high = layer.count
                        while low < high {
                            let middle = (low + high) / 2
                            if text.entities[layer[middle]].startByte <= cluster { low = middle + 1 } else { high = middle }
                        }
                        guard low > 0, cluster < text.entities[layer[low - 1]].endByte else { return nil }
                        return layer[low - 1]
                    }
                    var run: (entity: Int, x0: Double, x1: Double)?
                    func close() {
                        if let run, run.x1 > run.x0 {
                            rects[run.entity].append(Rect(x: box.x + run.x0, y: box.y, width: run.x1 - run.x0, height: box.height + descent))
                        }
                        run = nil
                    }
                    for glyph in order {
                        visited += 1
                        guard let entity = target(glyph.cluster) else { close(); continue }
                        if let current = run, current.entity == entity {
                            run = (entity, min(current.x0, glyph.x), max(current.x1, glyph.x + glyph.advance))
                        } else {
                            close()
                            run = (entity, glyph.x, glyph.x + glyph.advance)
                        }
                    }
                    close()
                }
            }
        }
        WorkCounter.add(.linkRects, visited)
        return text.entities.enumerated().map { index, entity in
            let start = utf16[entity.startByte] ?? 0
            return TextEntity(type: entity.type, range: start..<(utf16[entity.endByte] ?? start), fields: entity.fields.map { TextEntity.Field(name: $0.0, value: $0.1) },
                              target: entity.target, rects: rects[index])
        }
    }

    /// The characters Pango found no font for: their glyph is the code point with `PANGO_GLYPH_UNKNOWN_FLAG`.
    static func missingGlyphs(_ measured: MeasuredParagraph, utf16: UTF16Offsets) -> [MissingGlyph] {
        var result: [MissingGlyph] = []
        var seen = Set<Int>()
        for line in measured.lines {
            for glyph in line.glyphs where glyph.id & Self.unknownGlyphFlag != 0 && seen.insert(glyph.cluster).inserted {
                let start = utf16[glyph.cluster] ?? 0
                result.append(MissingGlyph(codePoint: glyph.id & ~Self.unknownGlyphFlag, range: start..<(utf16[glyph.clusterEnd] ?? start + 1)))
            }
        }
        return result.sorted { $0.range.lowerBound < $1.range.lowerBound }
    }

    /// Pango's mark of a glyph no font has (`PANGO_GLYPH_UNKNOWN_FLAG`).
    static let unknownGlyphFlag: UInt32 = 0x1000_0000

    /// Moves everything line-local by `dx` (alignment).
    private func shifted(_ line: TextLine, by dx: Double) -> TextLine {
        dx == 0 ? line : line.offsetBy(dx: dx, dy: 0)
    }

    /// Consecutive glyphs with the same font and colour become one run, with the text of their clusters in
    /// glyph order: the glyphs of one cluster share its bytes; a cluster met again in the same run (or split
    /// across runs) brings its bytes only the first time.
    func glyphRuns(_ line: MeasuredParagraph.Line, _ fonts: [FontKey], _ text: AttributedText) -> [GlyphRun] {
        var runs: [GlyphRun] = []
        var runText: [[UInt8]] = []
        var emitted = Set<Int>()
        var lastCluster = -1
        let utf8 = text.text.utf8
        for glyph in line.glyphs {
            let attributes = text.runs[text.runIndex(at: glyph.cluster)].attributes
            let positioned = PositionedGlyph(id: glyph.id, x: glyph.x, y: glyph.yOffset - attributes.rise, advance: glyph.advance,
                                             isMissing: glyph.id & Self.unknownGlyphFlag != 0)
            if let last = runs.last, last.font == fonts[glyph.fontIndex], last.color == attributes.color {
                runs[runs.count - 1].glyphs.append(positioned)
            } else {
                runs.append(GlyphRun(font: fonts[glyph.fontIndex], color: attributes.color, glyphs: [positioned]))
                runText.append([])
                lastCluster = -1
            }
            let run = runs.count - 1
            if glyph.cluster == lastCluster {
                runs[run].clusters[runs[run].clusters.count - 1].glyphs += 1
                continue
            }
            lastCluster = glyph.cluster
            let start = min(max(glyph.cluster, 0), text.byteCount), end = min(max(glyph.clusterEnd, start), text.byteCount)
            let bytes = emitted.insert(start).inserted ? end - start : 0
            if bytes > 0 {
                runText[run].append(contentsOf: utf8[utf8.index(utf8.startIndex, offsetBy: start)..<utf8.index(utf8.startIndex, offsetBy: end)])
            }
            runs[run].clusters.append(TextCluster(bytes: bytes, glyphs: 1))
        }
        for index in runs.indices { runs[index].text = String(decoding: runText[index], as: UTF8.self) }
        return runs
    }

    /// What decorations and link rectangles cover on a line: every glyph's pen extent (x to x + advance) and the cells
    /// of the attachments that take decorations — an emoji, image or formula in a marked, underlined, struck, linked
    /// or spoiler range is covered over its whole advance (README Decisions, fifth review), as the app's placeholder
    /// character carries its run's attributes. Glyphs first, then cells, each by its cluster.
    static func covered(_ line: MeasuredParagraph.Line) -> [(cluster: Int, x: Double, advance: Double)] {
        line.glyphs.map { ($0.cluster, $0.x, $0.advance) }
            + line.attachmentCells.filter(\.value.takesDecorations).sorted { $0.key < $1.key }.map { ($0.key, $0.value.x, $0.value.advance) }
    }

    /// The x-extent of every attribute run on the line that `include` selects, keyed by run index (in run order).
    func runExtents(_ line: MeasuredParagraph.Line, _ text: AttributedText,
                            include: (AttributedText.Attributes) -> Bool) -> [(index: Int, minX: Double, maxX: Double)] {
        var extents: [Int: (minX: Double, maxX: Double)] = [:]
        for glyph in Self.covered(line) {
            let index = text.runIndex(at: glyph.cluster)
            guard include(text.runs[index].attributes) else { continue }
            let low = min(glyph.x, glyph.x + glyph.advance), high = max(glyph.x, glyph.x + glyph.advance)
            if let known = extents[index] {
                extents[index] = (min(known.minX, low), max(known.maxX, high))
            } else {
                extents[index] = (low, high)
            }
        }
        // An attachment is a run of its own carrying its neighbours' attributes (the only way two runs with equal
        // attributes meet, as `AttributedText.append` joins the rest): touching runs with equal attributes are one
        // extent (one pill, one rule), kept under the first run's index.
        var merged: [(index: Int, minX: Double, maxX: Double)] = []
        for (index, extent) in extents.sorted(by: { $0.value.minX != $1.value.minX ? $0.value.minX < $1.value.minX : $0.key < $1.key }) {
            if let last = merged.last, extent.minX <= last.maxX + 0.01, text.runs[last.index].attributes == text.runs[index].attributes {
                merged[merged.count - 1] = (min(last.index, index), last.minX, max(last.maxX, extent.maxX))
            } else {
                merged.append((index, extent.minX, extent.maxX))
            }
        }
        return merged.sorted { $0.index < $1.index }
    }

    /// Marker pills, strike lines and underlines for every styled attribute run on the line
    /// (`v2-render-facts.md` §5: pill = x − 2, floor(band × 2.2) tall, radius 3; strike at
    /// floor(L/2 + 1) below the band top; underline 2 pt below the baseline; both 1 pt). Strike lines and
    /// underlines sit on the line's band also under sub/superscripts (`v2-layout-facts.md` §3.3 step 13); a
    /// marked sub/superscript's pill moves with its glyphs (Decisions).
    private func decorations(_ line: MeasuredParagraph.Line, _ text: AttributedText, bandTop: Double, lineHeight: Double,
                             baseline: Double) -> [TextDecoration] {
        var result: [TextDecoration] = []
        for extent in runExtents(line, text, include: { $0.marker != nil || $0.underline || $0.strikethrough }) {
            let attributes = text.runs[extent.index].attributes
            let left = extent.minX.rounded(.down), right = extent.maxX.rounded(.up)
            if let marker = attributes.marker {
                var bandHeight = lineHeight
                var top = bandTop
                if attributes.rise != 0 {
                    bandHeight = floorToPixels(0.85 * lineHeight)
                    top -= 0.6 * attributes.rise
                }
                let pillHeight = (bandHeight * 2.2).rounded(.down)
                result.append(TextDecoration(kind: .marker,
                                             rect: Rect(x: extent.minX - 2, y: (top + (bandHeight - pillHeight) / 2).rounded(.down),
                                                        width: extent.maxX - extent.minX + 4, height: pillHeight),
                                             color: marker, cornerRadius: 3))
            }
            if attributes.strikethrough {
                result.append(TextDecoration(kind: .strikethrough,
                                             rect: Rect(x: left, y: bandTop + (lineHeight / 2 + 1).rounded(.down),
                                                        width: right - left, height: 1),
                                             color: attributes.color, cornerRadius: 0))
            }
            if attributes.underline {
                result.append(TextDecoration(kind: .underline,
                                             rect: Rect(x: left, y: baseline + 2, width: right - left, height: 1),
                                             color: attributes.color, cornerRadius: 0))
            }
        }
        return result
    }
}
