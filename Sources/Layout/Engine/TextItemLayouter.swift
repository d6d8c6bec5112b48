/// The V2 line model (`v2-layout-facts.md` §3.2–§3.7) over Pango's line breaks.
struct TextItemLayouter {
    let fonts: FontSet
    let scale: Double
    let computeCharacterRects: Bool

    struct Result {
        var box: TextBox
        var width: Double
        var height: Double
    }

    /// Lays out `text` at bounding width `width`. nil for empty text (the block then adds nothing).
    func layout(_ text: AttributedText, width: Double, alignment: TextAlignment, lineSpacingFactor: Double,
                fitToWidth: Bool = true) -> Result? {
        guard !text.isEmpty, let firstRun = text.runs.first else { return nil }
        // All line metrics come from the font at string index 0 (§3.1–3.2).
        let metrics = fonts.metrics(firstRun.attributes.metricsFont)
        let ascent = metrics.ascent, descent = metrics.descent
        let lineHeight = (ascent - descent).rounded(.down)                      // L = floor(A + Dn)
        let lineSpacing = (lineHeight * lineSpacingFactor).rounded(.down)       // S
        let topInset = max(0, ascent - lineHeight)                              // T, exact (not pixel-snapped)
        let slack = max(0, lineSpacing - 4)                                     // K

        let measured = fonts.measure(text, width: width)
        let utf16 = text.utf16Offsets()
        var lines: [TextLine] = []
        var originY = topInset
        var previousExtraDescent = 0.0
        var maxLineWidth = 0.0
        for line in measured.lines {
            let hadExtraDescent = previousExtraDescent > 0
            let lineAscent = lineHeight
            let extraDescent = max(0, descent - slack)
            // V1 legacy quirk: two consecutive lines with extraDescent add a full spacing (§3.3 step 14).
            if hadExtraDescent && extraDescent > 0 { originY += lineSpacing }
            let baseline = originY + lineAscent
            let range = (utf16[line.startByte] ?? 0)..<(utf16[line.endByte] ?? 0)
            lines.append(TextLine(frame: Rect(x: 0, y: originY, width: line.width, height: lineAscent), baseline: baseline,
                                  range: range, rtl: line.isRTL,
                                  runs: glyphRuns(line, measured.fonts, text),
                                  decorations: decorations(line, text, bandTop: baseline - lineHeight, lineHeight: lineHeight, baseline: baseline),
                                  characterRects: nil))
            maxLineWidth = max(maxLineWidth, line.width)
            originY += lineAscent + lineSpacing + extraDescent
            previousExtraDescent = extraDescent
        }
        guard let last = lines.last else { return nil }
        // A zero-width space that only carries anchors measures 0 (§3.4).
        let height = text.text == "\u{200B}" ? 0 : last.frame.maxY + previousExtraDescent + descent
        let itemWidth = fitToWidth && alignment == .natural ? maxLineWidth : width
        // Alignment is applied against the item's final width (§3.6, v2FrameForLine).
        for index in lines.indices {
            let lineWidth = lines[index].frame.width
            let x: Double
            switch alignment {
            case .center: x = ((itemWidth - lineWidth) / 2).rounded(.down)
            case .right: x = itemWidth - lineWidth
            case .natural where lines[index].rtl: x = itemWidth - lineWidth
            default: x = 0
            }
            shift(&lines[index], by: x)
        }
        let box = TextBox(font: metrics, lineHeight: lineHeight, lines: lines, alignment: alignment)
        return Result(box: box, width: itemWidth, height: height)
    }

    private func shift(_ line: inout TextLine, by dx: Double) {
        guard dx != 0 else { return }
        line.frame.x += dx
        for index in line.decorations.indices { line.decorations[index].rect.x += dx }
    }

    /// Consecutive glyphs with the same font and colour become one run.
    private func glyphRuns(_ line: MeasuredParagraph.Line, _ fonts: [FontKey], _ text: AttributedText) -> [GlyphRun] {
        var runs: [GlyphRun] = []
        for glyph in line.glyphs {
            let attributes = text.runs[text.runIndex(at: glyph.cluster)].attributes
            let positioned = PositionedGlyph(id: glyph.id, x: glyph.x, y: glyph.yOffset - attributes.rise, advance: glyph.advance,
                                             isMissing: glyph.id & 0x1000_0000 != 0)
            if let last = runs.last, last.font == fonts[glyph.fontIndex], last.color == attributes.color {
                runs[runs.count - 1].glyphs.append(positioned)
            } else {
                runs.append(GlyphRun(font: fonts[glyph.fontIndex], color: attributes.color, glyphs: [positioned]))
            }
        }
        return runs
    }

    /// Marker pills, strike lines and underlines for every styled attribute run on the line
    /// (`v2-render-facts.md` §5: pill = x − 2, floor(band × 2.2) tall, radius 3; strike at
    /// floor(L/2 + 1) below the band top; underline 2 pt below the baseline; both 1 pt).
    private func decorations(_ line: MeasuredParagraph.Line, _ text: AttributedText, bandTop: Double, lineHeight: Double,
                             baseline: Double) -> [TextDecoration] {
        var extents: [Int: (minX: Double, maxX: Double)] = [:]
        for glyph in line.glyphs {
            let index = text.runIndex(at: glyph.cluster)
            let attributes = text.runs[index].attributes
            guard attributes.marker != nil || attributes.underline || attributes.strikethrough else { continue }
            let low = min(glyph.x, glyph.x + glyph.advance), high = max(glyph.x, glyph.x + glyph.advance)
            if let known = extents[index] {
                extents[index] = (min(known.minX, low), max(known.maxX, high))
            } else {
                extents[index] = (low, high)
            }
        }
        var result: [TextDecoration] = []
        for index in extents.keys.sorted() {
            let attributes = text.runs[index].attributes
            let extent = extents[index]!
            let left = extent.minX.rounded(.down), right = extent.maxX.rounded(.up)
            if let marker = attributes.marker {
                var bandHeight = lineHeight
                var top = bandTop
                if attributes.rise != 0 {
                    bandHeight = (0.85 * lineHeight * scale).rounded(.down) / scale
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
                                             rect: Rect(x: left, y: bandTop + (lineHeight / 2 + 1).rounded(.down) - attributes.rise,
                                                        width: right - left, height: 1),
                                             color: attributes.color, cornerRadius: 0))
            }
            if attributes.underline {
                result.append(TextDecoration(kind: .underline,
                                             rect: Rect(x: left, y: baseline + 2 - attributes.rise, width: right - left, height: 1),
                                             color: attributes.color, cornerRadius: 0))
            }
        }
        return result
    }
}
