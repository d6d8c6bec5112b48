/// A shaper that remembers one page's measurements and gives them again instead of laying the text out anew.
/// Tables ask for every cell three times — unwrapped for its widest word, at the cell limit for its natural
/// width, at its column's width for its lines — and a short cell fits on one line each time: 60 of the 90 Pango
/// layouts of the shared chat sample. A text measured unwrapped whose every line fits a later width is, at that
/// width, the same lines and glyphs (nothing wraps; positions are line-local, alignment is applied later), so that
/// result is reused; any other request with the same text, flags and width is answered from the memo too.
/// One memo serves one layout (`LayoutEngine.layout`), so it holds at most one page's short texts.
final class MeasureMemo: TextShaper {
    private struct Entry {
        let text: AttributedText
        let inkRects: Bool
        let wholeWords: Bool
        var unwrapped: MeasuredParagraph?
        var byWidth: [Double: MeasuredParagraph] = [:]
    }

    /// Longer texts are measured every time (they rarely repeat, and comparing them costs).
    static let maxBytes = 4096

    private let base: any TextShaper
    private var entries: [String: [Entry]] = [:]

    init(_ base: any TextShaper) {
        self.base = base
    }

    func measure(_ text: AttributedText, width: Double?, inkRects: Bool, ellipsize: Bool, wholeWords: Bool) -> MeasuredParagraph {
        guard !ellipsize, text.byteCount <= Self.maxBytes else {
            return base.measure(text, width: width, inkRects: inkRects, ellipsize: ellipsize, wholeWords: wholeWords)
        }
        var list = entries[text.text] ?? []
        let index = list.firstIndex { $0.inkRects == inkRects && $0.wholeWords == wholeWords && $0.text.measuresLike(text) } ?? {
            list.append(Entry(text: text, inkRects: inkRects, wholeWords: wholeWords))
            return list.count - 1
        }()
        defer { entries[text.text] = list }
        guard let width else {
            if let known = list[index].unwrapped { return known }
            let measured = base.measure(text, width: nil, inkRects: inkRects, ellipsize: false, wholeWords: wholeWords)
            list[index].unwrapped = measured
            return measured
        }
        if let known = list[index].byWidth[width] ?? list[index].unwrapped.flatMap({ Self.fits($0, width) ? $0 : nil }) { return known }
        let measured = base.measure(text, width: width, inkRects: inkRects, ellipsize: false, wholeWords: wholeWords)
        list[index].byWidth[width] = measured
        return measured
    }

    /// Whether an unwrapped measurement is what `width` gives: every line narrower than the width Pango is given
    /// (whole 1/1024 points, rounded down), and none of the line limit's cutting applies.
    private static func fits(_ unwrapped: MeasuredParagraph, _ width: Double) -> Bool {
        let limit = (width * 1024).rounded(.down) / 1024
        return !unwrapped.cut && unwrapped.lines.count < FontSet.maxLinesPerText
            && unwrapped.lines.allSatisfy { $0.width < limit - 1.0 / 1024 }
    }

    func metrics(_ spec: FontSpec) -> FontMetrics { base.metrics(spec) }

    func covers(_ spec: FontSpec, _ scalar: Unicode.Scalar) -> Bool { base.covers(spec, scalar) }

    var missingFontPackages: [String] { base.missingFontPackages }
}

extension AttributedText {
    /// Whether measuring `other` gives what measuring this gives: the same text, Han forms, runs and attachment
    /// boxes (colours too, being part of the runs' attributes, though Pango never sees them).
    func measuresLike(_ other: AttributedText) -> Bool {
        text == other.text && hanRegion == other.hanRegion && runs.count == other.runs.count && attachments.count == other.attachments.count
            && zip(runs, other.runs).allSatisfy { $0.startByte == $1.startByte && $0.endByte == $1.endByte && $0.attributes == $1.attributes }
            && zip(attachments, other.attachments).allSatisfy {
                $0.byte == $1.byte && $0.width == $1.width && $0.height == $1.height && $0.ascent == $1.ascent && $0.descent == $1.descent
            }
    }
}
