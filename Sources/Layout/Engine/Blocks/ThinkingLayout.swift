import Document
import Drawing

/// Thinking blocks (`v2-layout-facts.md` §2.7, OLD height; `v2-render-facts.md` §7.7): paragraph text at
/// 0.55 of the paragraph colour's alpha under a shimmer band that dims to 0.3 over 200 pt.
enum ThinkingLayout {
    static let alpha: Double = 0.55
    static let shimmerHalfWidth: Double = 100
    static let shimmerAlpha: Double = 0.3
    /// Static renders draw the band at this point of its one-second sweep (documented in the README);
    /// the reveal export animates it.
    static let staticPhase: Double = 0.5

    /// The band's centre at `phase` (0...1) of a sweep across a text of `width` pt: the mask is centred
    /// at −100 and moves by W + 200 per second, ease-out (§7.7).
    static func shimmerCenter(width: Double, phase: Double) -> Double {
        let t = min(max(phase, 0), 1)
        return -shimmerHalfWidth + (width + 2 * shimmerHalfWidth) * BezierCurve.easeOut.value(at: t)
    }

    static func layout(_ text: RichText, boundingWidth B: Double, inset H: Double, context: LayoutContext) -> [LayoutItem] {
        let attributed = context.attributed(text, .paragraph, width: B - 2 * H) { $0.color = $0.color.multipliedAlpha(alpha) }
        guard let laidOut = context.text.layout(attributed, width: B - 2 * H, alignment: .natural, lineSpacingFactor: 1) else { return [] }
        let thinking = Thinking(text: laidOut.box, shimmerCenterX: shimmerCenter(width: laidOut.width, phase: staticPhase),
                                shimmerHalfWidth: shimmerHalfWidth, shimmerAlpha: shimmerAlpha)
        return [LayoutItem(frame: Rect(x: H, y: 0, width: laidOut.width, height: laidOut.height), block: .thinking, content: .thinking(thinking))]
    }
}

/// Core Animation's named timing curves as cubic Béziers (`v2-reveal-facts.md` §11).
public struct BezierCurve: Sendable {
    public let x1: Double, y1: Double, x2: Double, y2: Double

    public static let linear = BezierCurve(x1: 0, y1: 0, x2: 1, y2: 1)
    public static let easeIn = BezierCurve(x1: 0.42, y1: 0, x2: 1, y2: 1)
    public static let easeOut = BezierCurve(x1: 0, y1: 0, x2: 0.58, y2: 1)
    public static let easeInOut = BezierCurve(x1: 0.42, y1: 0, x2: 0.58, y2: 1)

    /// y for x = `t` (solved for the curve parameter by bisection; exact to 1e-7).
    public func value(at t: Double) -> Double {
        let x = min(max(t, 0), 1)
        func bezier(_ p1: Double, _ p2: Double, _ s: Double) -> Double {
            3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s
        }
        var low = 0.0, high = 1.0, s = x
        for _ in 0..<60 {
            s = (low + high) / 2
            if bezier(x1, x2, s) < x { low = s } else { high = s }
        }
        return bezier(y1, y2, s)
    }
}
