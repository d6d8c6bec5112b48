/// A point in points (y down).
public struct Point: Sendable, Hashable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// This point moved by `other`'s coordinates.
    public func offset(_ other: Point) -> Point { Point(x: x + other.x, y: y + other.y) }
}
