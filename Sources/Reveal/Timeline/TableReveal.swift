import Layout

/// Table rows revealed through a growing mask (§3.6).
enum TableReveal {
    /// The index of the last row whose start the cursor has reached, nil before the first.
    static func lastRevealedRow(_ rows: [RevealCostMap.TableRow], cursor: Int) -> Int? {
        var last: Int?
        for (index, row) in rows.enumerated() {
            guard cursor >= row.startCount else { break }
            last = index
        }
        return last
    }

    /// Mask height (table-local) with rows up to `row` shown; the title region alone before any row.
    static func maskHeight(_ table: Table, rows: [RevealCostMap.TableRow], upTo row: Int?) -> Double {
        let gridOffsetY = table.title.isEmpty ? 0 : table.gridFrame.minY
        guard let row, !rows.isEmpty else { return gridOffsetY }
        let top = rows[min(row, rows.count - 1)].minY
        let rowMaxY = table.cells.filter { $0.frame.minY == top }.map(\.frame.maxY).max() ?? top
        return max(gridOffsetY, rowMaxY)
    }

    static func maskHeight(_ table: Table, rows: [RevealCostMap.TableRow], cursor: Int) -> Double {
        maskHeight(table, rows: rows, upTo: lastRevealedRow(rows, cursor: cursor))
    }
}
