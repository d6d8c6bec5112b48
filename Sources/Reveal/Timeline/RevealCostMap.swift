import Layout

/// The reveal cost map (`v2-reveal-facts.md` §3): every item of a layout gets an interval on one global
/// cursor measured in points of ink width along the reading direction. Entries are in reading order and
/// keyed by their item's id (`entry(for:)`), so an item finds its interval by identity, not by position.
public struct RevealCostMap: Sendable, Equatable {
    public indirect enum Entry: Sendable, Equatable {
        /// Text revealed glyph by glyph.
        case text(start: Int, end: Int)
        /// A code block: the band shows at `start`, the code text is revealed glyph by glyph.
        case codeBlock(start: Int, end: Int)
        /// A details block: the title glyph by glyph, then the open body (absolute cursor values).
        case details(start: Int, end: Int, titleCost: Int, body: RevealCostMap?)
        /// A table: its title, then row by row; cells are floored at their width.
        case table(start: Int, end: Int, title: RevealCostMap?, rows: [TableRow])
        /// Thinking blocks cost nothing, so the answer's positions do not move when they come and go.
        case thinking(start: Int)
        /// Everything else fades in once the cursor has paid its frame width.
        case nonText(start: Int, end: Int)

        public var start: Int {
            switch self {
            case .text(let start, _), .codeBlock(let start, _), .details(let start, _, _, _), .table(let start, _, _, _),
                 .nonText(let start, _), .thinking(let start): return start
            }
        }

        public var end: Int {
            switch self {
            case .text(_, let end), .codeBlock(_, let end), .details(_, let end, _, _), .table(_, let end, _, _),
                 .nonText(_, let end): return end
            case .thinking(let start): return start
            }
        }
    }

    public struct TableRow: Sendable, Equatable {
        /// The row's cells' shared top (table-local).
        public var minY: Double
        /// The cursor at the row's start: the row appears when the cursor reaches it.
        public var startCount: Int
        public var cells: [TableCell]
    }

    public struct TableCell: Sendable, Equatable {
        /// Index into `Table.cells`.
        public var index: Int
        public var start: Int
        public var end: Int
        /// The cell's own items' map (absolute cursor values); nil for an empty cell.
        public var map: RevealCostMap?
    }

    /// In reading order.
    public var entries: [Entry]
    /// The item id of each entry.
    public var ids: [ItemID]
    private var indexByID: [ItemID: Int]
    /// The final cursor value.
    public var total: Int

    /// Walks `items` in order from `start`.
    public init(items: [LayoutItem], start: Int = 0) {
        var cursor = start
        var entries: [Entry] = []
        for item in items {
            let entry = Self.entry(for: item, at: cursor)
            entries.append(entry)
            cursor = entry.end
        }
        self.entries = entries
        ids = items.map(\.id)
        indexByID = Dictionary(items.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        total = cursor
    }

    /// The interval of the item with this id.
    public func entry(for id: ItemID) -> Entry? { indexByID[id].map { entries[$0] } }

    private static func entry(for item: LayoutItem, at start: Int) -> Entry {
        switch item.content {
        case .text(let box):
            return .text(start: start, end: start + inkWidth(box))
        case .codeBlock(let code):
            return .codeBlock(start: start, end: start + inkWidth(code.text))
        case .details(let details):
            let titleCost = details.title.map(inkWidth) ?? 0
            var end = start + titleCost
            var body: RevealCostMap?
            if details.isExpanded && !details.items.isEmpty {
                let map = RevealCostMap(items: details.items, start: end)
                end = map.total
                body = map
            }
            return .details(start: start, end: end, titleCost: titleCost, body: body)
        case .table(let table):
            var cursor = start
            var title: RevealCostMap?
            if !table.title.isEmpty {
                let map = RevealCostMap(items: table.title, start: cursor)
                cursor = map.total
                title = map
            }
            var rows: [TableRow] = []
            let tops = Set(table.cells.map(\.frame.minY)).sorted()
            for top in tops {
                var row = TableRow(minY: top, startCount: cursor, cells: [])
                let indices = table.cells.indices.filter { table.cells[$0].frame.minY == top }
                    .sorted { table.cells[$0].frame.minX < table.cells[$1].frame.minX }
                for index in indices {
                    let cell = table.cells[index]
                    let widthCost = widthCost(cell.frame.width)
                    if cell.items.isEmpty {
                        row.cells.append(TableCell(index: index, start: cursor, end: cursor + widthCost, map: nil))
                        cursor += widthCost
                    } else {
                        let map = RevealCostMap(items: cell.items, start: cursor)
                        let end = cursor + max(map.total - cursor, widthCost)
                        row.cells.append(TableCell(index: index, start: cursor, end: end, map: map))
                        cursor = end
                    }
                }
                rows.append(row)
            }
            return .table(start: start, end: cursor, title: title, rows: rows)
        case .thinking:
            return .thinking(start: start)
        case .formula(let formula):
            // A formula costs its own width, also when it is wider than the page and clipped (reveal facts §3).
            return .nonText(start: start, end: start + widthCost(formula.fallback == nil ? formula.width : item.frame.width))
        case .decoration, .showMore, .media, .fileRow, .slideshow:
            return .nonText(start: start, end: start + widthCost(item.frame.width))
        }
    }

    /// Σ of the glyph ink widths (a line without rects costs its frame width), rounded half away from zero.
    public static func inkWidth(_ box: TextBox) -> Int {
        var total = 0.0
        for line in box.lines { total += lineInk(line) }
        return max(0, Int(total.rounded()))
    }

    static func lineInk(_ line: TextLine) -> Double {
        guard let rects = line.characterRects else { return line.frame.width }
        return rects.reduce(0) { $0 + (isInk($1) ? $1.width : 0) }
    }

    /// A rect with area: spaces, ligature tails and the second half of surrogate pairs have none.
    static func isInk(_ rect: Rect) -> Bool { rect.width > 0 && rect.height > 0 }

    static func widthCost(_ width: Double) -> Int { max(0, Int(width.rounded())) }

    /// Characters a text box shows for a local width budget (§3.3): a glyph counts once the budget covers
    /// its whole ink; zero-width characters come free as soon as they are reached.
    public static func characterCount(_ box: TextBox, widthBudget: Int) -> Int {
        var remaining = Double(widthBudget)
        var count = 0
        for line in box.lines {
            if remaining <= 0 { break }
            guard let rects = line.characterRects else {
                let length = line.range.count
                if remaining >= line.frame.width {
                    count += length
                    remaining -= line.frame.width
                } else {
                    count += Int((Double(length) * remaining / max(line.frame.width, 0.001)).rounded(.down))
                    remaining = 0
                }
                continue
            }
            for rect in rects {
                let width = isInk(rect) ? rect.width : 0
                if remaining >= width {
                    remaining -= width
                    count += 1
                } else {
                    return count
                }
            }
        }
        return count
    }

    /// Every character of a box in reveal order (Σ of the lines' rect counts).
    public static func characterTotal(_ box: TextBox) -> Int {
        box.lines.reduce(0) { $0 + ($1.characterRects?.count ?? $1.range.count) }
    }
}
