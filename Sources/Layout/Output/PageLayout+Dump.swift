import Document
import Drawing
import Primitives

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
    public func textDump() -> String { textDump(masking: []).text }

    /// The dump and the indices (0-based, in `text`'s lines) of the text lines whose line box meets one of `masks`
    /// (canvas points): a golden comparison under a mask compares those by position and line box, not width.
    public func textDump(masking masks: [Rect]) -> (text: String, maskedLines: Set<Int>) {
        var walk = DumpWalk(masks: masks)
        walk.out.append("canvas \(Self.number(canvas.width)) \(Self.number(canvas.height)) scale=\(Self.number(canvas.scale)) "
                   + "px=\(canvas.pixelWidth)x\(canvas.pixelHeight) origin=\(Self.number(canvas.bubbleOrigin.x)),\(Self.number(canvas.bubbleOrigin.y))")
        walk.out.append("page \(Self.number(page.width)) \(Self.number(page.height)) bounding=\(Self.number(page.boundingWidth))" + (page.rtl ? " rtl" : ""))
        if let bubble { walk.out.append("bubble " + Self.rect(bubble.frame) + (bubble.outgoing ? " outgoing" : "")) }
        walk.out.append("status \(status.placement.rawValue)" + (status.frame.map { " " + Self.rect($0) } ?? ""))
        for item in items { Self.dump(item, depth: 0, origin: Point(x: canvas.bubbleOrigin.x, y: canvas.bubbleOrigin.y), into: &walk) }
        return (walk.out.joined(separator: "\n") + "\n", walk.masked)
    }

    /// The dump's lines so far, and which text lines a mask meets.
    struct DumpWalk {
        let masks: [Rect]
        var out: [String] = []
        var masked: Set<Int> = []

        /// Appends a text line whose box, relative to `origin` (canvas points), is `box`.
        mutating func line(_ text: String, box: Rect, origin: Point) {
            let canvasBox = box.offsetBy(dx: origin.x, dy: origin.y)
            if masks.contains(where: { $0.intersects(canvasBox) }) { masked.insert(out.count) }
            out.append(text)
        }
    }

    /// `item` and what it holds; `origin` is where its parent's coordinates start on the canvas (the display list's
    /// translations: the bubble's origin, then a table's frame plus its cell's, a details block's frame).
    static func dump(_ item: LayoutItem, depth: Int, origin: Point, into walk: inout DumpWalk) {
        let indent = String(repeating: "  ", count: depth)
        let itemOrigin = Point(x: origin.x + item.frame.minX, y: origin.y + item.frame.minY)
        // An item wholly inside a mask (a paragraph of one line holding a time) is compared without its width: it
        // shrinks to its widest line, which the masked text may change.
        let canvasFrame = item.frame.offsetBy(dx: origin.x, dy: origin.y)
        if walk.masks.contains(where: { $0.contains(canvasFrame) }) { walk.masked.insert(walk.out.count) }
        walk.out.append(indent + "\(item.id) \(item.kind) \(item.block) " + rect(item.frame))
        func nested(_ items: [LayoutItem], at origin: Point) { for child in items { dump(child, depth: depth + 1, origin: origin, into: &walk) } }
        // Exhaustive on purpose: a new content kind must say what its dump shows.
        switch item.content {
        case .text(let box), .showMore(let box):
            for line in box.lines {
                walk.line(indent + "  line " + rect(line.frame) + " baseline=\(number(line.baseline)) "
                          + "range=\(line.range.lowerBound)..\(line.range.upperBound)" + (line.rtl ? " rtl" : ""), box: line.frame, origin: itemOrigin)
                for attachment in line.attachments {
                    walk.out.append(indent + "    \(attachment.kind.rawValue) " + rect(attachment.frame)
                               + " range=\(attachment.range.lowerBound)..\(attachment.range.upperBound)")
                }
            }
        case .details(let details):
            walk.out.append(indent + "  title height=\(number(details.titleHeight)) chevron " + rect(details.chevron) + (details.isExpanded ? " open" : ""))
            for line in details.title?.lines ?? [] {
                let box = line.frame.offsetBy(dx: details.titleOrigin.x, dy: details.titleOrigin.y)
                walk.line(indent + "    line " + rect(box) + " baseline=\(number(line.baseline + details.titleOrigin.y)) "
                          + "range=\(line.range.lowerBound)..\(line.range.upperBound)", box: box, origin: itemOrigin)
            }
            nested(details.items, at: itemOrigin)
        case .table(let table):
            walk.out.append(indent + "  grid " + rect(table.gridFrame) + " offset=\(number(table.scrollOffset))")
            nested(table.title, at: itemOrigin)
            for cell in table.cells {
                walk.out.append(indent + "  cell \(cell.row),\(cell.column) " + rect(cell.frame) + (cell.header ? " header" : "") + (cell.filled ? " filled" : ""))
                nested(cell.items, at: Point(x: itemOrigin.x + cell.frame.minX, y: itemOrigin.y + cell.frame.minY))
            }
        case .codeBlock(let code):
            for line in code.text.lines {
                let box = line.frame.offsetBy(dx: code.textOrigin.x, dy: code.textOrigin.y)
                walk.line(indent + "  line " + rect(box) + " baseline=\(number(line.baseline + code.textOrigin.y)) "
                          + "range=\(line.range.lowerBound)..\(line.range.upperBound)", box: box, origin: itemOrigin)
            }
        case .formula(let formula):
            walk.out.append(indent + "  formula baseline=\(number(formula.baseline)) width=\(number(formula.width)) offset=\(number(formula.scrollOffset))"
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
        var text = String(cFormat: "%.2f", rounded)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }
}
