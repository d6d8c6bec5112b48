import Document
import Drawing

/// Per-character ink rects for the streaming reveal (`v2-layout-facts.md` §3.3 step 16; seed
/// "AI streaming animation"): glyph ink bounds, not advances, one rect per UTF-16 unit.
extension TextItemLayouter {
    /// Item-local, y-down rects (before alignment), indexed by UTF-16 offset within `range`. A cluster's
    /// ink goes to its first character only (ligatures, surrogate pairs, combining marks: the rest stay
    /// zero, so ink is counted once, `v2-layout-facts.md` §3.3 step 16); an attachment's character gets
    /// its whole cell; characters without ink get a zero rect.
    func characterRects(_ line: MeasuredParagraph.Line, _ text: AttributedText, utf16: UTF16Offsets, range: Range<Int>, baseline: Double,
                        attachments: [InlineAttachment]) -> [Rect] {
        var rects = [Rect](repeating: .zero, count: range.count)
        var clusters: [Int: (rect: Rect, end: Int)] = [:]
        for glyph in line.glyphs {
            guard let ink = glyph.ink, ink.width > 0 || ink.height > 0 else { continue }
            let rise = text.runs[text.runIndex(at: glyph.cluster)].attributes.rise
            let rect = Rect(x: glyph.x + ink.x, y: baseline + glyph.yOffset - rise + ink.y, width: ink.width, height: ink.height)
            if let known = clusters[glyph.cluster] {
                clusters[glyph.cluster] = (known.rect.union(rect), max(known.end, glyph.clusterEnd))
            } else {
                clusters[glyph.cluster] = (rect, glyph.clusterEnd)
            }
        }
        for (start, cluster) in clusters {
            guard let first = utf16[start], range.contains(first) else { continue }
            rects[first - range.lowerBound] = cluster.rect
        }
        for attachment in attachments {
            for unit in attachment.range where range.contains(unit) { rects[unit - range.lowerBound] = attachment.frame }
        }
        return rects
    }
}
