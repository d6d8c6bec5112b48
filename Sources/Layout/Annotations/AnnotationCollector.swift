import Drawing

/// Walks a laid-out page the way the display-list builder places it (`FrameBuilder`: items in the bubble, details
/// bodies and table cells item-local, the status row) and collects `Annotations`: every text's lines, words and
/// clusters from its glyphs' ink rects, every item as a block in reading order, attachments and table cells.
struct AnnotationCollector {
    let layout: PageLayout
    let clusters: Bool
    private let segmenter = WordSegmenter()
    private(set) var result: Annotations

    init(_ layout: PageLayout, settings: Annotations.Settings, clusters: Bool) {
        self.layout = layout
        self.clusters = clusters
        result = Annotations(pixelWidth: layout.canvas.pixelWidth, pixelHeight: layout.canvas.pixelHeight, settings: settings,
                             clusters: clusters ? [] : nil)
    }

    /// Page coordinates (points, bubble-body origin) to image pixels.
    private func pixels(_ rect: Rect) -> Annotations.Box {
        let s = layout.canvas.scale, o = layout.canvas.bubbleOrigin
        let epsilon = 1e-6
        let x0 = ((rect.minX + o.x) * s + epsilon).rounded(.down), y0 = ((rect.minY + o.y) * s + epsilon).rounded(.down)
        let x1 = ((rect.maxX + o.x) * s - epsilon).rounded(.up), y1 = ((rect.maxY + o.y) * s - epsilon).rounded(.up)
        let clampedX0 = Self.int(x0), clampedY0 = Self.int(y0)
        return Annotations.Box(x: clampedX0, y: clampedY0, width: max(0, Self.int(x1) - clampedX0), height: max(0, Self.int(y1) - clampedY0))
    }

    private static func int(_ value: Double) -> Int {
        value.isFinite ? Int(max(-1e12, min(1e12, value))) : 0
    }

    private func pixelY(_ y: Double) -> Double { (y + layout.canvas.bubbleOrigin.y) * layout.canvas.scale }

    mutating func collect() {
        let clip = layout.bubble?.frame
        items(layout.items, origin: Point(x: 0, y: 0), clip: clip, parent: nil, cell: nil)
        if let frame = layout.status.frame, let text = layout.status.text {
            let index = block(kind: "status", role: "status", frame: frame, parent: nil, cell: nil)
            self.text(text, at: Point(x: frame.minX, y: frame.minY), clip: nil, block: index)
        }
    }

    private mutating func block(kind: String, role: String, frame: Rect, parent: Int?, cell: Int?) -> Int {
        result.blocks.append(Annotations.Block(kind: kind, block: role, box: pixels(frame), parent: parent, cell: cell))
        return result.blocks.count - 1
    }

    private mutating func items(_ items: [LayoutItem], origin: Point, clip: Rect?, parent: Int?, cell: Int?) {
        for item in items { self.item(item, origin: origin, clip: clip, parent: parent, cell: cell) }
    }

    private mutating func item(_ item: LayoutItem, origin: Point, clip: Rect?, parent: Int?, cell: Int?) {
        let frame = item.frame.offsetBy(dx: origin.x, dy: origin.y)
        let at = Point(x: frame.minX, y: frame.minY)
        let index = block(kind: item.kind, role: item.block.rawValue, frame: frame, parent: parent, cell: cell)
        switch item.content {
        case .text(let box), .showMore(let box):
            text(box, at: at, clip: clip, block: index)
        case .decoration(let decoration):
            for label in decoration.labels(in: frame) { text(label.box, at: label.origin, clip: clip, block: index) }
        case .codeBlock(let code):
            text(code.text, at: at.offset(code.textOrigin), clip: clip, block: index)
            if let label = code.languageLabel { text(label, at: at.offset(code.languageOrigin), clip: clip, block: index) }
        case .details(let details):
            if let title = details.title { text(title, at: at.offset(details.titleOrigin), clip: clip, block: index) }
            items(details.items, origin: at, clip: clip, parent: index, cell: cell)
        case .thinking(let thinking):
            text(thinking.text, at: at, clip: clip, block: index)
        case .table(let table):
            let tableClip = Self.intersect(clip, frame)
            items(table.title, origin: at, clip: tableClip, parent: index, cell: cell)
            for tableCell in table.cells {
                let cellFrame = tableCell.frame.offsetBy(dx: at.x, dy: at.y)
                let visible = Self.intersect(tableClip, cellFrame).flatMap { $0.width > 0 && $0.height > 0 ? pixels($0) : nil }
                result.cells.append(Annotations.Cell(block: index, row: tableCell.row, column: tableCell.column, rowSpan: tableCell.rowSpan,
                                                     columnSpan: tableCell.columnSpan, header: tableCell.header, box: pixels(cellFrame),
                                                     visibleBox: visible.flatMap { $0.width > 0 && $0.height > 0 ? $0 : nil }))
                items(tableCell.items, origin: Point(x: cellFrame.minX, y: cellFrame.minY), clip: tableClip, parent: index, cell: result.cells.count - 1)
            }
        case .media(let media):
            result.blocks[index].mediaId = media.lookupIds.first
            if let pill = media.durationPill, let duration = media.duration {
                text(duration, at: Point(x: at.x + pill.minX + 6, y: at.y + pill.minY + 2), clip: Self.intersect(clip, frame), block: index)
            }
        case .fileRow(let row):
            result.blocks[index].mediaId = row.lookupIds.first
            if let title = row.title { text(title, at: at.offset(row.titleOrigin), clip: clip, block: index) }
            if let subtitle = row.subtitle { text(subtitle, at: at.offset(row.subtitleOrigin), clip: clip, block: index) }
        case .slideshow(let slideshow):
            result.blocks[index].mediaId = slideshow.page.lookupIds.first
        case .formula(let formula):
            result.blocks[index].latex = formula.latex
            if let fallback = formula.fallback { text(fallback, at: at, clip: Self.intersect(clip, frame), block: index) }
        }
    }

    private static func intersect(_ a: Rect?, _ b: Rect) -> Rect? {
        guard let a else { return b }
        let x0 = max(a.minX, b.minX), y0 = max(a.minY, b.minY), x1 = min(a.maxX, b.maxX), y1 = min(a.maxY, b.maxY)
        return Rect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }

    /// A text's lines, words, clusters and attachments; `origin` is where the box's item-local coordinates start.
    private mutating func text(_ box: TextBox, at origin: Point, clip: Rect?, block: Int) {
        let units = Array(box.text.utf16)
        let boundaries = segmenter.boundaries(box.text)
        var segment = 0
        for line in box.lines {
            let range = max(0, min(line.range.lowerBound, units.count))..<max(0, min(line.range.upperBound, units.count))
            let lineIndex = result.lines.count
            let attachmentUnits = Set(line.attachments.flatMap { Array($0.range) })
            var ink: Rect?
            func visible(_ rect: Rect) -> Rect? {
                let placed = rect.offsetBy(dx: origin.x, dy: origin.y)
                guard let clipped = Self.intersect(clip, placed), clipped.width > 0, clipped.height > 0 else { return nil }
                return clipped
            }
            /// The ink of the units `span` of this line (attachments left out), page coordinates.
            func inkOf(_ span: Range<Int>) -> Rect? {
                guard let rects = line.characterRects else { return nil }
                var union: Rect?
                for unit in span where !attachmentUnits.contains(unit) {
                    let offset = unit - line.range.lowerBound
                    guard offset >= 0, offset < rects.count, rects[offset].width > 0 || rects[offset].height > 0 else { continue }
                    union = union.map { $0.union(rects[offset]) } ?? rects[offset]
                }
                return union.flatMap(visible)
            }
            func string(_ span: Range<Int>) -> String { String(decoding: units[span], as: UTF16.self) }
            // Words: ICU's segments cut to the line, those with ink, in visual order.
            while segment + 1 < boundaries.count && boundaries[segment + 1] <= range.lowerBound { segment += 1 }
            var words: [(span: Range<Int>, rect: Rect)] = []
            var s = segment
            while s + 1 < boundaries.count && boundaries[s] < range.upperBound {
                let span = max(boundaries[s], range.lowerBound)..<min(boundaries[s + 1], range.upperBound)
                if !span.isEmpty, let rect = inkOf(span) { words.append((span, rect)) }
                s += 1
            }
            words.sort { ($0.rect.midX, $0.span.lowerBound) < ($1.rect.midX, $1.span.lowerBound) }
            let firstWord = result.words.count
            let spoilers = line.spoilers.map { $0.rect.offsetBy(dx: origin.x, dy: origin.y) }
            for word in words {
                ink = ink.map { $0.union(word.rect) } ?? word.rect
                let hidden = spoilers.contains { Self.intersect($0, word.rect).map { $0.width > 0 && $0.height > 0 } ?? false }
                result.words.append(Annotations.Word(line: lineIndex, text: string(word.span), box: pixels(word.rect), hidden: hidden))
            }
            if clusters {
                let found = clustersOf(range: range, units: units, words: words, firstWord: firstWord, line: lineIndex, inkOf: inkOf)
                result.clusters?.append(contentsOf: found)
            }
            for attachment in line.attachments {
                guard let rect = visible(attachment.frame) else { continue }
                ink = ink.map { $0.union(rect) } ?? rect
                result.attachments.append(Annotations.Attachment(kind: attachment.kind.rawValue, line: lineIndex, box: pixels(rect),
                                                                 customEmojiId: attachment.kind == .customEmoji ? attachment.mediaId : nil,
                                                                 mediaId: attachment.kind == .image ? attachment.mediaId : nil,
                                                                 latex: attachment.kind == .formula ? attachment.latex : nil))
            }
            let frame = ink ?? line.frame.offsetBy(dx: origin.x, dy: origin.y)
            result.lines.append(Annotations.Line(block: block, box: pixels(frame), baseline: pixelY(origin.y + line.baseline), text: string(range),
                                                 rtl: line.rtl))
        }
    }

    /// Grapheme clusters of a line with their ink; a cluster without ink right after one with ink (a ligature's
    /// second letter, whose ink the first carries) joins it; white space gets none.
    private func clustersOf(range: Range<Int>, units: [UInt16], words: [(span: Range<Int>, rect: Rect)], firstWord: Int, line: Int,
                            inkOf: (Range<Int>) -> Rect?) -> [Annotations.Cluster] {
        let text = String(decoding: units[range], as: UTF16.self)
        var unit = range.lowerBound
        var collected: [(span: Range<Int>, rect: Rect, text: String)] = []
        var previousHadInk = false
        for character in text {
            let span = unit..<(unit + character.utf16.count)
            unit = span.upperBound
            if let rect = inkOf(span) {
                collected.append((span, rect, String(character)))
                previousHadInk = true
            } else if previousHadInk, !character.isWhitespace, var last = collected.popLast() {
                last.span = last.span.lowerBound..<span.upperBound
                last.text += String(character)
                collected.append(last)
            } else {
                previousHadInk = false
            }
        }
        collected.sort { ($0.rect.midX, $0.span.lowerBound) < ($1.rect.midX, $1.span.lowerBound) }
        var wordOfUnit: [Int: Int] = [:]
        for (index, word) in words.enumerated() { for unit in word.span { wordOfUnit[unit] = firstWord + index } }
        return collected.map { cluster in
            Annotations.Cluster(line: line, word: wordOfUnit[cluster.span.lowerBound], text: cluster.text, box: pixels(cluster.rect))
        }
    }
}

extension Annotations {
    /// The annotations of `layout` (laid out with `LayoutOptions.revealRects`, else lines carry no words);
    /// `clusters` adds grapheme clusters.
    public init(_ layout: PageLayout, options: LayoutOptions, clusters: Bool = false) {
        let settings = Settings(theme: options.theme.name, width: options.width, scale: options.scale, outgoing: options.outgoing,
                                bubble: options.bubble, locale: options.text.locale.identifier)
        var collector = AnnotationCollector(layout, settings: settings, clusters: clusters)
        collector.collect()
        self = collector.result
    }
}
