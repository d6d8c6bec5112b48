import Layout

/// One bubble dimension's 0.15 s ease-in-out animation (the bubble relayout of `v2-reveal-facts.md` §4.5
/// step 3), retargeted from its current value when the target changes mid-flight.
struct BubbleTween: Sendable {
    var from: Double
    var to: Double
    var start: Double

    init(_ value: Double, at time: Double) {
        from = value
        to = value
        start = time
    }

    func value(at time: Double) -> Double {
        let progress = (time - start) / RevealTimeline.bubbleTweenDuration
        return from + (to - from) * BezierCurve.easeInOut.value(at: progress)
    }

    mutating func retarget(_ target: Double, at time: Double) {
        guard target != to else { return }
        from = value(at: time)
        to = target
        start = time
    }
}
