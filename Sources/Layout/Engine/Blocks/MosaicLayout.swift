import Document
import Drawing

/// The chat media mosaic (`v2-layout-facts.md` Appendix B, `chatMessageBubbleMosaicLayout`): grouped photos
/// laid out in rows and columns inside maxSize with 1 pt gaps.
enum MosaicLayout {
    struct Position: OptionSet, Equatable {
        let rawValue: Int
        static let top = Position(rawValue: 1), bottom = Position(rawValue: 2), left = Position(rawValue: 4)
        static let right = Position(rawValue: 8), inside = Position(rawValue: 16)
    }

    struct Cell: Equatable {
        var frame: Rect
        var position: Position
    }

    static let minWidth = 68.0, minHeight = 81.0

    static func layout(sizes: [(w: Double, h: Double)], maxSize: (w: Double, h: Double), spacing s: Double = 1) -> (cells: [Cell], size: (w: Double, h: Double)) {
        let W = maxSize.w, H = maxSize.h
        let aspects = sizes.map { $0.h > 0 ? $0.w / $0.h : 1 }
        let proportions = aspects.map { $0 > 1.2 ? "w" : $0 < 0.8 ? "n" : "q" }.joined()
        let forceCalc = aspects.contains { $0 > 2 }
        // The average includes an initial 1 (as the original does).
        let average = (1 + aspects.reduce(0, +)) / Double(max(aspects.count, 1))
        let maxAspect = W / H
        var cells = sizes.map { _ in Cell(frame: .zero, position: []) }
        let a = aspects
        if sizes.count == 2 && !forceCalc {
            if proportions == "ww" && average > 1.4 * maxAspect && a[1] - a[0] < 0.2 {
                let height = min(W / a[0], W / a[1], (H - s) / 2).rounded(.down)
                cells[0] = Cell(frame: Rect(x: 0, y: 0, width: W, height: height), position: [.top, .left, .right])
                cells[1] = Cell(frame: Rect(x: 0, y: height + s, width: W, height: height), position: [.bottom, .left, .right])
            } else if proportions == "ww" || proportions == "qq" {
                let width = (W - s) / 2
                let height = min(width / a[0], width / a[1], H).rounded(.down)
                cells[0] = Cell(frame: Rect(x: 0, y: 0, width: width, height: height), position: [.top, .left, .bottom])
                cells[1] = Cell(frame: Rect(x: width + s, y: 0, width: width, height: height), position: [.top, .right, .bottom])
            } else {
                let secondWidth = min(0.5 * (W - s), ((W - s) / a[0] / (1 / a[0] + 1 / a[1])).rounded()).rounded(.down)
                let firstWidth = W - secondWidth - s
                let height = min(H, min(firstWidth / a[0], secondWidth / a[1]).rounded()).rounded(.down)
                cells[0] = Cell(frame: Rect(x: 0, y: 0, width: firstWidth, height: height), position: [.top, .left, .bottom])
                cells[1] = Cell(frame: Rect(x: firstWidth + s, y: 0, width: secondWidth, height: height), position: [.top, .right, .bottom])
            }
        } else if sizes.count == 3 && !forceCalc {
            if proportions.hasPrefix("n") {
                let thirdHeight = min((H - s) / 2, (a[1] * (W - s) / (a[2] + a[1])).rounded())
                let secondHeight = H - thirdHeight - s
                let rightWidth = max(minWidth, min((W - s) / 2, min(thirdHeight * a[2], secondHeight * a[1]).rounded()))
                let leftWidth = min(H * a[0], W - s - rightWidth).rounded()
                cells[0] = Cell(frame: Rect(x: 0, y: 0, width: leftWidth, height: H), position: [.top, .left, .bottom])
                cells[1] = Cell(frame: Rect(x: leftWidth + s, y: 0, width: rightWidth, height: secondHeight), position: [.right, .top])
                cells[2] = Cell(frame: Rect(x: leftWidth + s, y: secondHeight + s, width: rightWidth, height: thirdHeight), position: [.right, .bottom])
            } else {
                let firstHeight = min(W / a[0], (H - s) * 0.66).rounded(.down)
                let width = (W - s) / 2
                let secondHeight = min(H - firstHeight - s, min(width / a[1], width / a[2]).rounded())
                cells[0] = Cell(frame: Rect(x: 0, y: 0, width: W, height: firstHeight), position: [.top, .left, .right])
                cells[1] = Cell(frame: Rect(x: 0, y: firstHeight + s, width: width, height: secondHeight), position: [.left, .bottom])
                cells[2] = Cell(frame: Rect(x: width + s, y: firstHeight + s, width: width, height: secondHeight), position: [.right, .bottom])
            }
        } else if sizes.count == 4 && !forceCalc {
            if proportions.hasPrefix("w") {
                let h0 = min(W / a[0], (H - s) * 0.66).rounded()
                cells[0] = Cell(frame: Rect(x: 0, y: 0, width: W, height: h0), position: [.top, .left, .right])
                var h = ((W - 2 * s) / (a[1] + a[2] + a[3])).rounded()
                let w0 = max(minWidth, min((W - 2 * s) * 0.4, h * a[1]))
                let w2 = max(max(minWidth, (W - 2 * s) * 0.33), h * a[3])
                let w1 = W - w0 - w2 - 2 * s
                h = max(minHeight, min(H - h0 - s, h))
                cells[1] = Cell(frame: Rect(x: 0, y: h0 + s, width: w0, height: h), position: [.left, .bottom])
                cells[2] = Cell(frame: Rect(x: w0 + s, y: h0 + s, width: w1, height: h), position: [.bottom])
                cells[3] = Cell(frame: Rect(x: w0 + w1 + 2 * s, y: h0 + s, width: w2, height: h), position: [.right, .bottom])
            } else {
                let w0 = min(H * a[0], (W - s) * 0.6).rounded()
                cells[0] = Cell(frame: Rect(x: 0, y: 0, width: w0, height: H), position: [.top, .left, .bottom])
                var w = ((H - 2 * s) / (1 / a[1] + 1 / a[2] + 1 / a[3])).rounded()
                let h0 = (w / a[1]).rounded(.down), h1 = (w / a[2]).rounded(.down), h2 = H - h0 - h1 - 2 * s
                w = max(minWidth, min(W - w0 - s, w))
                cells[1] = Cell(frame: Rect(x: w0 + s, y: 0, width: w, height: h0), position: [.right, .top])
                cells[2] = Cell(frame: Rect(x: w0 + s, y: h0 + s, width: w, height: h1), position: [.right])
                cells[3] = Cell(frame: Rect(x: w0 + s, y: h0 + h1 + 2 * s, width: w, height: h2), position: [.right, .bottom])
            }
        } else if sizes.count >= 5 || (forceCalc && sizes.count >= 2) {
            cells = rows(aspects: a, average: average, width: W, spacing: s)
        }
        let size = (w: cells.map { $0.frame.maxX }.max().map { $0.rounded() } ?? 0, h: cells.map { $0.frame.maxY }.max().map { $0.rounded() } ?? 0)
        return (cells, size)
    }

    /// ≥ 5 items (or extreme aspects): try every split into 2, 3 or 4 rows and keep the one whose height is
    /// closest to 4/3 of the width, penalising rows with more items than the next and rows that are too low.
    /// Appendix B's rows hold at most 3 items, except the middle row of a 3-row split, which may hold 4 when the
    /// average aspect ratio is below 0.85 (README Decisions, fourth review: so 5 squares are rows of 2 and 3, never
    /// one photo over four).
    private static func rows(aspects: [Double], average: Double, width W: Double, spacing s: Double) -> [Cell] {
        let ratios = aspects.map { min(1.7, max(0.66667, average > 1.1 ? max(1, $0) : min(1, $0))) }
        let count = ratios.count
        func heights(_ counts: [Int]) -> [Double] {
            var start = 0
            return counts.map { n in
                let slice = ratios[start..<start + n]
                start += n
                return (W - Double(n - 1) * s) / slice.reduce(0, +)
            }
        }
        var attempts: [[Int]] = []
        let middleOfThree = average < 0.85 ? 4 : 3
        func add(_ counts: [Int]) {
            let fits = counts.enumerated().allSatisfy { row, n in n >= 1 && n <= (counts.count == 3 && row == 1 ? middleOfThree : 3) }
            if counts.reduce(0, +) == count, fits { attempts.append(counts) }
        }
        for first in 1...3 { add([first, count - first]) }
        for first in 1...3 { for second in 1...middleOfThree { add([first, second, count - first - second]) } }
        for first in 1...3 { for second in 1...3 { for third in 1...3 { add([first, second, third, count - first - second - third]) } } }
        var best: (counts: [Int], score: Double)?
        for counts in attempts {
            let rowHeights = heights(counts)
            let total = rowHeights.map { $0.rounded(.down) }.reduce(0, +) + s * Double(counts.count - 1)
            var score = abs(total - (W / 3 * 4).rounded(.down))
            if counts.count > 1 {
                if zip(counts, counts.dropFirst()).contains(where: { $0 > $1 }) { score *= 1.5 }
                if (rowHeights.min() ?? 0) < minWidth { score *= 1.5 }
            }
            if score < (best?.score ?? .infinity) { best = (counts, score) }
        }
        // More items than four rows hold (the app's albums stop at 10; a page's collage need not): rows of 3.
        let counts = best?.counts ?? stride(from: 0, to: count, by: 3).map { min(3, count - $0) }
        let rowHeights = heights(counts)
        var cells: [Cell] = []
        var y = 0.0, index = 0
        for (row, n) in counts.enumerated() {
            let height = rowHeights[row].rounded(.up)
            var x = 0.0
            for column in 0..<n {
                var position: Position = []
                if row == 0 { position.insert(.top) }
                if row == counts.count - 1 { position.insert(.bottom) }
                if column == 0 { position.insert(.left) }
                if column == n - 1 { position.insert(.right) }
                if !position.contains(.top) && !position.contains(.bottom) { position.insert(.inside) }
                let width = (ratios[index] * height).rounded(.up)
                cells.append(Cell(frame: Rect(x: x, y: y, width: width, height: height), position: position))
                x += width + s
                index += 1
            }
            y += height + s
        }
        // The last item of each row widens to the widest row's right edge.
        let maxX = cells.map(\.frame.maxX).max() ?? 0
        for i in cells.indices where cells[i].position.contains(.right) { cells[i].frame.width = maxX - cells[i].frame.minX }
        return cells
    }
}
