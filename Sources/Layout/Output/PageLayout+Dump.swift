import Document
import Drawing

/// The layout as text, one line per item and per text line, indented by depth, numbers rounded to 0.01:
/// the layout golden beside each PNG golden (`golden-images/<feature>/<case>.layout.txt`), so a geometry
/// change shows in review as a diff of numbers.
///
///     canvas 342 448.5 scale=2 px=684x897 origin=14,8
///     bubble 0 0 320 432.5
///     status wrapped 272 412.5 38 14
///     0 text paragraph 10 5 260.1 20.57
///       line 0 4.47 260.1 12 baseline=16.47 range=0..42
///     1 table table 0 40 320 120
///       1.0 text paragraph 10.5 0.5 147 34
extension PageLayout {
    public func textDump() -> String {
        var out: [String] = []
        out.append("canvas \(Self.number(canvas.width)) \(Self.number(canvas.height)) scale=\(Self.number(canvas.scale)) "
                   + "px=\(canvas.pixelWidth)x\(canvas.pixelHeight) origin=\(Self.number(canvas.bubbleOrigin.x)),\(Self.number(canvas.bubbleOrigin.y))")
        out.append("page \(Self.number(page.width)) \(Self.number(page.height)) bounding=\(Self.number(page.boundingWidth))" + (page.rtl ? " rtl" : ""))
        if let bubble { out.append("bubble " + Self.rect(bubble.frame) + (bubble.outgoing ? " outgoing" : "")) }
        out.append("status \(status.placement.rawValue)" + (status.frame.map { " " + Self.rect($0) } ?? ""))
        for item in items { Self.dump(item, depth: 0, into: &out) }
        return out.joined(separator: "\n") + "\n"
    }

    static func dump(_ item: LayoutItem, depth: Int, into out: inout [String]) {
        let indent = String(repeating: "  ", count: depth)
        out.append(indent + "\(item.id) \(item.kind) \(item.block) " + rect(item.frame))
        func nested(_ items: [LayoutItem]) { for child in items { dump(child, depth: depth + 1, into: &out) } }
        // Exhaustive on purpose: a new content kind must say what its dump shows.
        switch item.content {
        case .text(let box), .showMore(let box):
            for line in box.lines {
                out.append(indent + "  line " + rect(line.frame) + " baseline=\(number(line.baseline)) "
                           + "range=\(line.range.lowerBound)..\(line.range.upperBound)" + (line.rtl ? " rtl" : ""))
                for attachment in line.attachments {
                    out.append(indent + "    \(attachment.kind.rawValue) " + rect(attachment.frame)
                               + " range=\(attachment.range.lowerBound)..\(attachment.range.upperBound)")
                }
            }
        case .details(let details):
            out.append(indent + "  title height=\(number(details.titleHeight)) chevron " + rect(details.chevron) + (details.isExpanded ? " open" : ""))
            for line in details.title?.lines ?? [] {
                out.append(indent + "    line " + rect(line.frame.offsetBy(dx: details.titleOrigin.x, dy: details.titleOrigin.y))
                           + " baseline=\(number(line.baseline + details.titleOrigin.y)) range=\(line.range.lowerBound)..\(line.range.upperBound)")
            }
            nested(details.items)
        case .table(let table):
            out.append(indent + "  grid " + rect(table.gridFrame) + " offset=\(number(table.scrollOffset))")
            nested(table.title)
            for cell in table.cells {
                out.append(indent + "  cell \(cell.row),\(cell.column) " + rect(cell.frame) + (cell.header ? " header" : "") + (cell.filled ? " filled" : ""))
                nested(cell.items)
            }
        case .codeBlock(let code):
            for line in code.text.lines {
                out.append(indent + "  line " + rect(line.frame.offsetBy(dx: code.textOrigin.x, dy: code.textOrigin.y))
                           + " baseline=\(number(line.baseline + code.textOrigin.y)) range=\(line.range.lowerBound)..\(line.range.upperBound)")
            }
        case .formula(let formula):
            out.append(indent + "  formula baseline=\(number(formula.baseline)) width=\(number(formula.width)) offset=\(number(formula.scrollOffset))"
                       + (formula.fallback != nil ? " fallback" : ""))
        case .decoration, .thinking, .media, .fileRow, .slideshow:
            break
        }
    }

    static func rect(_ r: Rect) -> String { "\(number(r.x)) \(number(r.y)) \(number(r.width)) \(number(r.height))" }

    /// Rounded to 0.01, without trailing zeros ("12", "4.5", "16.47").
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        var rounded = (value * 100).rounded() / 100
        if rounded == 0 { rounded = 0 }
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int64(rounded)) }
        var text = String(format: "%.2f", rounded)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }
}
