/// How a path is stroked.
public struct Stroke: Sendable, Equatable {
    public enum Cap: Sendable, Equatable { case butt, round }
    public enum Join: Sendable, Equatable { case miter, round }

    public var width: Double
    public var cap: Cap
    public var join: Join

    public init(width: Double, cap: Cap = .butt, join: Join = .miter) {
        self.width = width
        self.cap = cap
        self.join = join
    }

    /// Round caps and joins: the hand-drawn strokes (ticks, chevrons, arrows).
    public static func round(width: Double) -> Stroke { Stroke(width: width, cap: .round, join: .round) }
}
