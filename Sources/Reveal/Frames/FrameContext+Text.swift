import FoundationEssentials
import Layout

/// Text reveal (`v2-reveal-facts.md` §5.1, §6.1–6.2): the per-glyph ink mask, the glyphs still flying
/// in as snippets, and the inline emoji and images popping in above the mask.
extension FrameContext {
    func reveal(_ box: TextBox, at origin: Point, start: Int, end: Int) -> TextReveal {
        var reveal = TextReveal(box: box, origin: origin)
        let total = RevealCostMap.characterTotal(box)
        let local = min(max(cursor - start, 0), end - start)
        let count = cleared || local >= end - start ? total : RevealCostMap.characterCount(box, widthBudget: local)

        // Every character's cumulative ink cost within the item, in reveal order.
        var thresholds: [Int] = []
        thresholds.reserveCapacity(total)
        var cumulative = 0.0
        var snippets: [RevealSnippet] = []
        var firstInFlight: Int?
        var index = 0
        for line in box.lines {
            guard let rects = line.characterRects else {
                thresholds.append(contentsOf: repeatElement(start + Int((cumulative + line.frame.width).rounded(.up)), count: line.range.count))
                cumulative += line.frame.width
                index += line.range.count
                continue
            }
            for rect in rects {
                defer { index += 1 }
                let ink = RevealCostMap.isInk(rect)
                if ink { cumulative += rect.width }
                let threshold = start + Int((cumulative - 1e-9).rounded(.up))
                thresholds.append(threshold)
                guard index < count, ink, rect.width >= RevealTimeline.minimumSnippetWidth,
                      let elapsed = animationElapsed(at: threshold), elapsed < RevealTimeline.snippetDuration else { continue }
                if firstInFlight == nil { firstInFlight = index }
                snippets.append(snippet(Rect(x: rect.minX, y: line.frame.minY, width: rect.width, height: line.frame.height), elapsed: elapsed))
            }
        }
        reveal.snippets = snippets
        if !(cleared && firstInFlight == nil) {
            reveal.mask = maskRects(box, limit: firstInFlight ?? count)
        }
        reveal.pops = pops(box, count: count, thresholds: thresholds)
        return reveal
    }

    /// Seconds since the cursor reached `threshold` by an animated step; nil if not reached or jumped.
    func animationElapsed(at threshold: Int) -> Double? {
        guard let (start, animated) = timeline.revealTime(of: threshold), animated, time >= start else { return nil }
        return time - start
    }

    func snippet(_ rect: Rect, elapsed: Double) -> RevealSnippet {
        let eased = BezierCurve.easeInOut.value(at: elapsed / RevealTimeline.snippetDuration)
        let blur = RevealTimeline.snippetBlurRadius * (1 - BezierCurve.easeOut.value(at: elapsed / RevealTimeline.snippetBlurDuration))
        return RevealSnippet(rect: rect, opacity: eased, scale: RevealTimeline.snippetStartScale + (1 - RevealTimeline.snippetStartScale) * eased,
                             offsetY: RevealTimeline.snippetRise * (1 - eased), blurRadius: blur)
    }

    /// The mask: per line the union of the revealed glyphs' ink; consecutive full lines merge into one rect.
    func maskRects(_ box: TextBox, limit: Int) -> [Rect] {
        var result: [Rect] = []
        var pending: Rect?
        var remaining = limit
        for line in box.lines {
            if remaining <= 0 { break }
            let rects = line.characterRects ?? []
            let n = line.characterRects == nil ? line.range.count : rects.count
            let revealed = min(n, remaining)
            let full = revealed >= n
            var union: Rect?
            if line.characterRects == nil {
                if n > 0 { union = line.frame }
            } else {
                for rect in rects[0..<revealed] where RevealCostMap.isInk(rect) { union = union.map { $0.union(rect) } ?? rect }
            }
            remaining -= n
            if full {
                if let union { pending = pending.map { $0.union(union) } ?? union }
            } else {
                if let flushed = pending { result.append(flushed) }
                pending = nil
                if let union { result.append(union) }
            }
        }
        if let pending { result.append(pending) }
        return result
    }

    /// Emoji, inline images and inline button pills (drawn above the mask too): hidden until their
    /// character is revealed, then opacity 0 → 1 (linear) and scale 0.1 → 1 (ease-out) over 0.2 s.
    func pops(_ box: TextBox, count: Int, thresholds: [Int]) -> [TextReveal.Pop] {
        var pops: [TextReveal.Pop] = []
        var lineStart = 0
        for l in box.lines.indices {
            let line = box.lines[l]
            for a in line.attachments.indices {
                let index = lineStart + line.attachments[a].range.lowerBound - line.range.lowerBound
                guard cleared || index < count else {
                    pops.append(TextReveal.Pop(line: l, index: a, opacity: 0, scale: 1))
                    continue
                }
                guard index < thresholds.count, let elapsed = animationElapsed(at: thresholds[index]),
                      elapsed < RevealTimeline.attachmentDuration else { continue }
                let progress = elapsed / RevealTimeline.attachmentDuration
                pops.append(TextReveal.Pop(line: l, index: a, opacity: progress, scale: RevealTimeline.attachmentStartScale
                    + (1 - RevealTimeline.attachmentStartScale) * BezierCurve.easeOut.value(at: progress)))
            }
            lineStart += line.characterRects?.count ?? line.range.count
        }
        return pops
    }
}
