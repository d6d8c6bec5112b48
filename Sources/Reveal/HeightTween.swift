import Layout

/// The bubble's 0.15 s ease-in-out height animation, retargeted from its current value.
struct HeightTween: Sendable {
    var from: Double
    var to: Double
    var start: Double

    func value(at time: Double) -> Double {
        let progress = (time - start) / RevealTimeline.heightTweenDuration
        return from + (to - from) * BezierCurve.easeInOut.value(at: progress)
    }

    mutating func retarget(_ target: Double, at time: Double) {
        guard target != to else { return }
        from = value(at: time)
        to = target
        start = time
    }
}
