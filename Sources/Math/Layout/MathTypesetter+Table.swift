import Drawing

/// Matrices, `cases`, `aligned`, `array`, `\substack` (`math-facts.md` §3.12): cells in the table's style, columns
/// as wide as their widest cell, rows at least as tall as LaTeX's array strut (0.7 and 0.3 of 1.2 em ×
/// \arraystretch) plus \jot, the whole centred on the math axis like TeX's \vcenter.
extension MathTypesetter {
    func table(_ table: MathTable, style: StyleState) throws -> MathBox {
        let cellStyle = table.style.map { StyleState($0) } ?? style
        let em = cellStyle.size(base: baseSize, constants: font.constants)
        let columns = table.columnCount
        guard columns > 0 else { return MathBox() }
        let cells = try table.rows.map { row in try row.map { try layout($0, style: cellStyle) } }
        var widths = Array(repeating: 0.0, count: columns)
        for row in cells { for (j, cell) in row.enumerated() { widths[j] = max(widths[j], cell.width) } }
        // Columns: outer padding, widths and gaps (only between pairs in `aligned`).
        let formulaEm = style.size(base: baseSize, constants: font.constants)
        func gap(after column: Int) -> Double {
            if table.compactRows { return 0.2777 * formulaEm }
            return table.pairedColumns && column % 2 == 0 ? 0 : table.columnGap * em
        }
        var columnX: [Double] = []
        var x = table.outerPadding * em
        for j in 0..<columns {
            columnX.append(x)
            x += widths[j] + (j < columns - 1 ? gap(after: j) : 0)
        }
        let width = x + table.outerPadding * em
        // Rows: struts, \jot and the extra room of \\[len].
        let arraySkip = table.rowStretch * 1.2 * em
        var baselines: [Double] = [], bottoms: [Double] = []
        var y = 0.0
        for (r, row) in cells.enumerated() where table.compactRows {
            let ascent = row.map(\.ascent).max() ?? 0, descent = row.map(\.descent).max() ?? 0
            if let previous = bottoms.last, let baseline = baselines.last {
                y = max(baseline + 0.6 * formulaEm, previous + 0.15 * formulaEm + ascent)
            } else {
                y = ascent
            }
            baselines.append(y)
            bottoms.append(y + descent)
            if r == cells.count - 1 { y += descent }
        }
        for (r, row) in cells.enumerated() where table.subarrayRows {
            let ascent = row.map(\.ascent).max() ?? 0, descent = row.map(\.descent).max() ?? 0
            y = r == 0 ? ascent : y + (cells[r - 1].map(\.descent).max() ?? 0) + 0.12 * em + ascent
            baselines.append(y)
            bottoms.append(y + descent)
            if r == cells.count - 1 { y += descent }
        }
        // \hline is a rule of its own between the rows (LaTeX's \noalign{\hrule}, \arrayrulewidth 0.4 pt = the
        // fraction rule): it adds its thickness to the table (LuaLaTeX: {c|c} 1&2\\\hline 3&4 is 0.76 pt taller).
        let rule = constant(.fractionRuleThickness, size: em)
        var ruleTops: [Int: Double] = [:]
        let addsRules = !table.compactRows && !table.subarrayRows
        for (r, row) in cells.enumerated() where addsRules {
            for (k, _) in table.horizontalRules.filter({ $0 == r }).enumerated() {
                // \hline\hline: \doublerulesep (2 pt, 0.2 em) between the two.
                if k > 0 { y += 0.2 * em }
                ruleTops[r] = ruleTops[r] ?? y
                y += rule
            }
            let rowAscent = max(row.map(\.ascent).max() ?? 0, 0.7 * arraySkip)
            // amsmath's alignments (\jot > 0) stack rows with \baselineskip and \lineskip (after \openup\jot): when a
            // row and the one above it do not fit between struts, 1 pt (0.1 em) more between them (LuaLaTeX: an
            // aligned row holding \dfrac sits 1.9 pt lower than the struts alone put it). `array` sets \lineskip 0.
            if r > 0, table.jot > 0, let previous = cells[r - 1].map(\.descent).max(),
               max(previous, 0.3 * arraySkip) + rowAscent > arraySkip + 1e-9 {
                y += 0.1 * em
            }
            y += rowAscent
            baselines.append(y)
            var depth = max(row.map(\.descent).max() ?? 0, 0.3 * arraySkip)
            var after = r < table.rowGaps.count ? table.rowGaps[r] * em : 0
            // `array` and what is built on it (the matrices, `cases`; no \jot) read a positive \\[len] as LaTeX's
            // \@xargarraycr does: a rule of depth len + the strut's depth in the row's last cell, so a deep row gets
            // only what it lacks. amsmath's own alignments (\jot > 0) skip the whole length after the row.
            if table.jot == 0, after > 0 {
                depth = max(depth, 0.3 * arraySkip + after)
                after = 0
            }
            // \jot opens the space between rows (amsmath's \openup), not below the last one.
            y += depth + (r < cells.count - 1 ? table.jot * em : 0)
            bottoms.append(y)
            y += after
        }
        for (k, _) in table.horizontalRules.filter({ $0 >= cells.count }).enumerated() where addsRules {
            if k > 0 { y += 0.2 * em }
            ruleTops[cells.count] = ruleTops[cells.count] ?? y
            y += rule
        }
        let height = y
        let axis = constant(.axisHeight, size: style.size(base: baseSize, constants: font.constants))
        let ascent: Double
        switch table.verticalAlignment {
        case .center: ascent = height / 2 + axis
        case .top: ascent = baselines.first ?? 0
        case .bottom: ascent = baselines.last ?? 0
        }
        var frame = Frame()
        for (r, row) in cells.enumerated() {
            for (j, cell) in row.enumerated() {
                let slack = widths[j] - cell.width
                var alignment = table.alignment(ofColumn: j)
                if table.multline, cells.count > 1 { alignment = r == 0 ? .left : r == cells.count - 1 ? .right : .center }
                let dx: Double
                switch alignment {
                case .left: dx = 0
                case .center: dx = slack / 2
                case .right: dx = slack
                }
                frame.append(contentsOf: cell.frame.offsetBy(dx: columnX[j] + dx, dy: baselines[r] - ascent))
            }
        }
        // Rules: \hline between rows, `|` between columns, as thick as a fraction rule.
        var rules: [Rect] = []
        // Dashed rules (`:`, \hdashline) as arydshln draws them: 4 pt dashes 4 pt apart (0.4 em each).
        func dashes(_ whole: Rect, vertical: Bool) -> [Rect] {
            let length = vertical ? whole.height : whole.width, dash = 0.4 * em
            return stride(from: 0.0, to: length, by: 2 * dash).map { start in
                let piece = min(dash, length - start)
                return vertical ? Rect(x: whole.x, y: whole.y + start, width: whole.width, height: piece)
                    : Rect(x: whole.x + start, y: whole.y, width: piece, height: whole.height)
            }
        }
        // Several \hline at one place stack, each its own thickness.
        var stacked: [Int: Int] = [:]
        for (index, r) in table.horizontalRules.enumerated() {
            let earlier = stacked[r, default: 0]
            stacked[r] = earlier + 1
            let top = ruleTops[r].map { $0 + Double(earlier) * (rule + 0.2 * em) } ?? (r == 0 ? 0 : bottoms[min(r, bottoms.count) - 1])
            let whole = Rect(x: 0, y: min(top, height - rule) - ascent, width: width, height: rule)
            rules += table.dashedHorizontalRules.contains(index) ? dashes(whole, vertical: false) : [whole]
        }
        for (index, j) in table.verticalRules.enumerated() {
            let ruleX = j == 0 ? 0 : j >= columns ? width - rule : columnX[j] - gap(after: j - 1) / 2 - rule / 2
            let whole = Rect(x: ruleX, y: -ascent, width: rule, height: height)
            rules += table.dashedVerticalRules.contains(index) ? dashes(whole, vertical: true) : [whole]
        }
        if !rules.isEmpty { frame.append(.fill(.rects(rules), .solid(color))) }
        var box = MathBox(width: width, ascent: ascent, descent: height - ascent, frame: frame)
        // Tags are set in text style at the formula's size, on their row's baseline (amsmath).
        for (r, tag) in table.rowTags.enumerated() where r < baselines.count {
            guard let tag else { continue }
            box.tags.append(MathTag(box: try layout(tag, style: StyleState(.text)), baseline: baselines[r] - ascent))
        }
        return box
    }
}
