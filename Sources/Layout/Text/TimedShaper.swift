import Dispatch
import FoundationEssentials

/// Time spent measuring text (Pango's itemizing, shaping and line breaking behind `TextShaper.measure`), for
/// `ipraster bench`. Kept beside the font set, which carries no timers: a pipeline made with one times through
/// `TimedShaper`.
public final class MeasureTimer {
    public private(set) var seconds = 0.0
    /// Texts measured.
    public private(set) var count = 0

    public init() {}

    func add(_ elapsed: Double) {
        seconds += elapsed
        count += 1
    }
}

/// A shaper that forwards to another and times its `measure` calls.
final class TimedShaper: TextShaper {
    private let base: any TextShaper
    private let timer: MeasureTimer

    init(_ base: any TextShaper, timer: MeasureTimer) {
        self.base = base
        self.timer = timer
    }

    func measure(_ text: AttributedText, width: Double?, inkRects: Bool, ellipsize: Bool, wholeWords: Bool) -> MeasuredParagraph {
        let start = DispatchTime.now().uptimeNanoseconds
        defer { timer.add(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9) }
        return base.measure(text, width: width, inkRects: inkRects, ellipsize: ellipsize, wholeWords: wholeWords)
    }

    func metrics(_ spec: FontSpec) -> FontMetrics { base.metrics(spec) }

    func covers(_ spec: FontSpec, _ scalar: Unicode.Scalar) -> Bool { base.covers(spec, scalar) }

    var missingFontPackages: [String] { base.missingFontPackages }
}
