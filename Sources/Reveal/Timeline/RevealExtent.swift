import Layout

/// How much of a page a cursor shows (`v2-reveal-facts.md` §3.7): the union of the revealed items' extents.
public enum RevealExtent {
    /// The revealed bounds of `items` (page coordinates), nil when nothing is revealed.
    public static func bounds(_ items: [LayoutItem], _ map: RevealCostMap, cursor: Int) -> Rect? {
        var bounds: Rect?
        for item in items {
            guard let entry = map.entry(for: item.id), let extent = extent(item, entry, cursor: cursor) else { continue }
            bounds = bounds.map { $0.union(extent) } ?? extent
        }
        return bounds
    }

    /// The height the page shows at `cursor`: the revealed bounds' maxY plus the layout's closing spacing.
    public static func revealedHeight(_ layout: PageLayout, _ map: RevealCostMap, cursor: Int) -> Double {
        guard let bounds = bounds(layout.items, map, cursor: cursor), bounds.maxY > 0 else { return 0 }
        let itemsMaxY = layout.items.map(\.frame.maxY).max() ?? 0
        return bounds.maxY + max(0, layout.page.height - itemsMaxY)
    }

    static func extent(_ item: LayoutItem, _ entry: RevealCostMap.Entry, cursor: Int) -> Rect? {
        let frame = item.frame
        // The map was built from these items: each entry's item has the entry's kind of content.
        switch entry {
        case .text(let start, let end):
            if cursor <= start { return nil }
            if cursor >= end { return frame }
            guard case .text(let box) = item.content else { return frame }
            return Rect(x: frame.minX, y: frame.minY, width: frame.width, height: revealedLinesMaxY(box, budget: cursor - start))
        case .nonText(_, let end):
            return cursor < end ? nil : frame
        case .thinking(let start):
            return cursor < start ? nil : frame
        case .codeBlock(let start, _):
            return cursor <= start ? nil : frame
        case .details(let start, _, _, let body):
            if cursor <= start { return nil }
            guard case .details(let details) = item.content else { return frame }
            var rect = Rect(x: frame.minX, y: frame.minY, width: frame.width, height: details.titleHeight)
            if let body, let revealed = bounds(details.items, body, cursor: cursor) {
                rect = rect.union(revealed.offsetBy(dx: frame.minX, dy: frame.minY))
            }
            return rect
        case .table(let start, let end, _, let rows):
            if cursor <= start { return nil }
            if cursor >= end { return frame }
            guard case .table(let table) = item.content else { return frame }
            return Rect(x: frame.minX, y: frame.minY, width: frame.width, height: TableReveal.maskHeight(table, rows: rows, cursor: cursor))
        }
    }

    /// The maxY (item-local) of the last line the budget has strictly entered: the baseline.
    static func revealedLinesMaxY(_ box: TextBox, budget: Int) -> Double {
        var remaining = Double(budget)
        var maxY = 0.0
        for line in box.lines {
            if remaining <= 0 { break }
            maxY = max(maxY, line.frame.maxY)
            remaining -= RevealCostMap.lineInk(line)
        }
        return maxY
    }
}
