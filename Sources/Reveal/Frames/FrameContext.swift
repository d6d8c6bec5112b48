import Layout

/// Applies one cursor at one time to a tree of items (`v2-reveal-facts.md` §3.4–§3.6, §5, §6): records the
/// fades, text reveals, table bands and shimmer masks in the frame by name. The laid-out items are not edited:
/// every change is an overlay value of the frame.
struct FrameContext {
    let timeline: RevealTimeline
    let time: Double
    let cursor: Int
    /// The reveal has caught up: masks go once no snippet is in flight, every item is shown.
    let cleared: Bool

    func apply(_ items: [LayoutItem], _ map: RevealCostMap, to frame: inout RevealFrame) {
        for item in items {
            if let entry = map.entry(for: item.id) { apply(item, entry, to: &frame) }
        }
    }

    /// Records what the reveal changes of `item` at this moment in `frame`, by group name; the item stays as laid out.
    func apply(_ item: LayoutItem, _ entry: RevealCostMap.Entry, to frame: inout RevealFrame) {
        let origin = Point(x: item.frame.minX, y: item.frame.minY)
        // The map was built from these items: each entry's item has the entry's kind of content.
        switch entry {
        case .text(let start, let end):
            guard case .text(let box) = item.content else { return }
            frame.texts[GroupID.Text(item: item.id, part: .body).name] = reveal(box, at: origin, start: start, end: end)
        case .codeBlock(let start, let end):
            guard case .codeBlock(let code) = item.content else { return }
            frame.itemOpacity[item.id] = fade(at: start)
            frame.texts[GroupID.Text(item: item.id, part: .body).name] = reveal(code.text, at: origin.offset(code.textOrigin), start: start, end: end)
        case .details(let start, _, let titleCost, let body):
            guard case .details(let details) = item.content else { return }
            if let title = details.title {
                frame.texts[GroupID.Text(item: item.id, part: .title).name] = reveal(title, at: origin.offset(details.titleOrigin), start: start, end: start + titleCost)
            }
            if let body { apply(details.items, body, to: &frame) }
        case .table(_, let end, let title, let rows):
            guard case .table(let table) = item.content else { return }
            if let title { apply(table.title, title, to: &frame) }
            for row in rows {
                for cell in row.cells {
                    guard let map = cell.map else { continue }
                    apply(table.cells[cell.index].items, map, to: &frame)
                }
            }
            if !cleared && cursor < end { frame.tableBands[item.id] = band(table, rows: rows, width: item.frame.width) }
        case .thinking(let start):
            frame.itemOpacity[item.id] = fade(at: start)
            guard case .thinking(let thinking) = item.content else { return }
            // The shimmer sweeps once a second, ease-out, forever (§6.3): the band's mask at this moment.
            let phase = time - time.rounded(.down)
            let center = -thinking.shimmerHalfWidth + (item.frame.width + 2 * thinking.shimmerHalfWidth) * BezierCurve.easeOut.value(at: phase)
            frame.masks[GroupID.shimmer(item.id)] = thinking.mask(centerX: center, in: item.frame)
        case .nonText(_, let end):
            frame.itemOpacity[item.id] = fade(at: end)
        }
    }

    /// Opacity of an item that shows once the cursor reaches `threshold`, fading in linearly over 0.12 s.
    func fade(at threshold: Int) -> Double {
        if cleared { return 1 }
        guard cursor >= threshold else { return 0 }
        guard let (start, animated) = timeline.revealTime(of: threshold), animated else { return 1 }
        return min(1, max(0, (time - start) / RevealTimeline.fadeDuration))
    }

    /// The table band: rows up to the last reached one; the newest row's mask grows from the previous
    /// height about the new centre over 0.12 s (§3.6 step 5).
    func band(_ table: Table, rows: [RevealCostMap.TableRow], width: Double) -> Rect {
        let last = TableReveal.lastRevealedRow(rows, cursor: cursor)
        let height = TableReveal.maskHeight(table, rows: rows, upTo: last)
        guard let last, let (start, animated) = timeline.revealTime(of: rows[last].startCount), animated else {
            return Rect(x: 0, y: 0, width: width, height: height)
        }
        let previous = last == 0 ? (table.title.isEmpty ? 0 : TableReveal.maskHeight(table, rows: rows, upTo: nil))
            : TableReveal.maskHeight(table, rows: rows, upTo: last - 1)
        let progress = min(1, max(0, (time - start) / RevealTimeline.fadeDuration))
        let current = previous + (height - previous) * progress
        return Rect(x: 0, y: height / 2 - current / 2, width: width, height: current)
    }
}
