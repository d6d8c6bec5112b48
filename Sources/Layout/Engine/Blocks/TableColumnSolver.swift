import Document
import Drawing

/// Column widths of a table (`v2-layout-facts.md` §2.17 pass 1 and the OLD allocation): per-cell minimum
/// (widest word + padding) and maximum (unwrapped width + padding); colspans spread deficits evenly; when
/// the minimums fit, the spare width goes to the columns in proportion to their maximums and the grid
/// spans B − 2H; otherwise every column takes its maximum and the grid overflows.
struct TableColumnSolver {
    struct Result {
        var widths: [Double]
        var totalWidth: Double
        /// false when the natural widths overflow the inset width (the table scrolls).
        var fits: Bool
    }

    /// Minimum and maximum of each column, from the cells' text (exposed for tests).
    static func limits(_ table: TableBlock, contentWidth: Double, padding: Double, context: LayoutContext)
        -> (min: [Double], max: [Double], spans: [(range: Range<Int>, min: Double, max: Double)]) {
        let cellWidthLimit = contentWidth - padding
        var columnMin: [Int: Double] = [:], columnMax: [Int: Double] = [:]
        var spans: [(range: Range<Int>, min: Double, max: Double)] = []
        var pending: [Int: [(column: Int, colspan: Int)]] = [:]
        var columnCount = 0
        for (r, row) in table.rows.enumerated() {
            var c = 0
            var registered = pending[r] ?? []
            for cell in row {
                // Skip the columns that row-spanning cells of earlier rows hold.
                while let index = registered.firstIndex(where: { $0.column == c }) {
                    c += registered[index].colspan
                    registered.remove(at: index)
                }
                var minWidth = 1.0, maxWidth = 1.0
                if let text = cell.text, !text.isEmpty {
                    let attributed = context.attributed(text, .table, width: cellWidthLimit - padding)
                    let words = Self.widestWord(attributed, fonts: context.fonts)
                    let measured = context.fonts.measure(attributed, width: cellWidthLimit)
                    if measured.cut { context.warnings.exceededLineLimit = true }
                    let natural = measured.lines.map(\.width).max() ?? 0
                    minWidth = words.rounded(.up) + padding
                    maxWidth = max(minWidth, natural.rounded(.up) + padding)
                }
                if cell.colspan > 1 {
                    for column in c..<(c + cell.colspan) {
                        columnMin[column] = max(columnMin[column] ?? 1, 1)
                        columnMax[column] = max(columnMax[column] ?? 1, 1)
                    }
                    let range = c..<(c + cell.colspan)
                    if let index = spans.firstIndex(where: { $0.range == range }) {
                        spans[index].min = max(spans[index].min, minWidth)
                        spans[index].max = max(spans[index].max, maxWidth)
                    } else {
                        spans.append((range, minWidth, maxWidth))
                    }
                } else {
                    columnMin[c] = max(columnMin[c] ?? 1, minWidth)
                    columnMax[c] = max(columnMax[c] ?? 1, maxWidth)
                }
                if cell.rowspan > 1 {
                    for later in (r + 1)..<(r + cell.rowspan) { pending[later, default: []].append((c, cell.colspan)) }
                }
                c += cell.colspan
            }
            columnCount = max(columnCount, c)
        }
        let mins = (0..<columnCount).map { max(columnMin[$0] ?? 1, 1) }
        let maxs = (0..<columnCount).map { max(columnMax[$0] ?? 1, 1) }
        return (mins, maxs, spans)
    }

    static func solve(_ table: TableBlock, contentWidth: Double, borderWidth: Double, padding: Double, context: LayoutContext) -> Result {
        var (mins, maxs, spans) = limits(table, contentWidth: contentWidth, padding: padding, context: context)
        let maxContentWidth = contentWidth - borderWidth
        var available = maxContentWidth - mins.reduce(0, +)
        var maxTotal = maxs.reduce(0, +)
        for span in spans where span.range.upperBound <= mins.count {
            let count = Double(span.range.count)
            let spanMin = span.range.map { mins[$0] }.reduce(0, +)
            if spanMin < span.min {
                let share = ((span.min - spanMin) / count).rounded(.down)
                for column in span.range { mins[column] += share }
                available -= share * count
            }
            let spanMax = span.range.map { maxs[$0] }.reduce(0, +)
            if spanMax < span.max {
                let share = ((span.max - spanMax) / count).rounded()
                for column in span.range { maxs[column] += share }
                maxTotal += share * count
            }
        }
        guard !mins.isEmpty else { return Result(widths: [], totalWidth: borderWidth, fits: true) }
        if available > 0 {
            // Start from the minimums; the spare width goes to the columns in proportion to their maximums.
            var widths = mins
            var remaining = available
            for index in widths.indices {
                let growth = min((available * maxs[index] / maxTotal).rounded(), remaining)
                widths[index] += growth
                remaining -= growth
            }
            return Result(widths: widths, totalWidth: contentWidth, fits: true)
        }
        // OLD: natural (maximum) widths; the grid is wider than the bubble and scrolls.
        return Result(widths: maxs, totalWidth: maxTotal + borderWidth, fits: false)
    }

    /// The widest word of `text`: a run of characters between spaces, newlines and tabs, never split at `-`,
    /// `/` or other line-break opportunities (facts §2.17 pass 1, §3.3 `minimizeWidth`; README, Decisions).
    /// Measured unwrapped, so shaping and kerning inside a word count; a word's width is its glyphs' extent with the
    /// spaces and tabs after it, as the line a minimised layout gives it ends in them and a wrapped line's width
    /// counts its trailing white space (README Decisions, fourth review); a line break ends a word with nothing.
    static func widestWord(_ text: AttributedText, fonts: any TextShaper) -> Double {
        let bytes = Array(text.text.utf8)
        func isSeparator(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x09 }
        // The word each byte belongs to: the number of words ended before it (a space or tab belongs to the word
        // before it).
        var word = [Int](repeating: 0, count: bytes.count)
        var count = 0
        for (index, byte) in bytes.enumerated() {
            if byte == 0x0A { count += 1 }
            word[index] = count
            if index + 1 < bytes.count, byte == 0x20 || byte == 0x09, !isSeparator(bytes[index + 1]) { count += 1 }
        }
        var widest = 0.0
        for line in fonts.measure(text, width: nil).lines {
            var extents: [Int: (low: Double, high: Double)] = [:]
            for glyph in line.glyphs where glyph.cluster >= 0 && glyph.cluster < bytes.count && bytes[glyph.cluster] != 0x0A {
                let low = min(glyph.x, glyph.x + glyph.advance), high = max(glyph.x, glyph.x + glyph.advance)
                let known = extents[word[glyph.cluster]]
                extents[word[glyph.cluster]] = (min(known?.low ?? low, low), max(known?.high ?? high, high))
            }
            for extent in extents.values { widest = max(widest, extent.high - extent.low) }
        }
        return widest
    }
}
