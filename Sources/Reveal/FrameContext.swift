import Layout

/// Applies one cursor at one time to a tree of items (`v2-reveal-facts.md` §3.4–§3.6, §5, §6): records the
/// fades, text reveals and table bands in the frame by name, and returns the items with the shimmer's phase.
struct FrameContext {
    let timeline: RevealTimeline
    let time: Double
    let cursor: Int
    /// The reveal has caught up: masks go once no snippet is in flight, every item is shown.
    let cleared: Bool

    func apply(_ items: [LayoutItem], _ map: RevealCostMap, to frame: inout RevealFrame) -> [LayoutItem] {
        items.map { item in map.entry(for: item.id).map { apply(item, $0, to: &frame) } ?? item }
    }

    func apply(_ item: LayoutItem, _ entry: RevealCostMap.Entry, to frame: inout RevealFrame) -> LayoutItem {
        var item = item
        let origin = Point(x: item.frame.minX, y: item.frame.minY)
        // The map was built from these items: each entry's item has the entry's kind of content.
        switch entry {
        case .text(let start, let end):
            guard case .text(let box) = item.content else { return item }
            frame.texts[GroupID.Text(item: item.id, part: .body).name] = reveal(box, at: origin, start: start, end: end)
        case .codeBlock(let start, let end):
            guard case .codeBlock(let code) = item.content else { return item }
            frame.itemOpacity[item.id] = fade(at: start)
            frame.texts[GroupID.Text(item: item.id, part: .body).name] = reveal(code.text, at: origin.offset(code.textOrigin), start: start, end: end)
        case .details(let start, _, let titleCost, let body):
            guard case .details(var details) = item.content else { return item }
            if let title = details.title {
                frame.texts[GroupID.Text(item: item.id, part: .title).name] = reveal(title, at: origin.offset(details.titleOrigin), start: start, end: start + titleCost)
            }
            if let body { details.items = apply(details.items, body, to: &frame) }
            item.content = .details(details)
        case .table(_, let end, let title, let rows):
            guard case .table(var table) = item.content else { return item }
            if let title { table.title = apply(table.title, title, to: &frame) }
            for row in rows {
                for cell in row.cells {
                    guard let map = cell.map else { continue }
                    table.cells[cell.index].items = apply(table.cells[cell.index].items, map, to: &frame)
                }
            }
            if !cleared && cursor < end { frame.tableBands[item.id] = band(table, rows: rows, width: item.frame.width) }
            item.content = .table(table)
        case .thinking(let start):
            frame.itemOpacity[item.id] = fade(at: start)
            guard case .thinking(var thinking) = item.content else { return item }
            // The shimmer sweeps once a second, ease-out, forever (§6.3).
            let phase = time - time.rounded(.down)
            thinking.shimmerCenterX = -thinking.shimmerHalfWidth
                + (item.frame.width + 2 * thinking.shimmerHalfWidth) * BezierCurve.easeOut.value(at: phase)
            item.content = .thinking(thinking)
        case .nonText(_, let end):
            frame.itemOpacity[item.id] = fade(at: end)
        }
        return item
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
