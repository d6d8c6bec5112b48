/// What a fill, stroke or mask is painted with.
public enum Paint: Sendable, Equatable {
    case solid(RGBA)
    case linearGradient(LinearGradient)
    /// Clears what is under the shape to transparent (inside an isolated group: cuts the shape out of it).
    case clear
}

/// A gradient along the line from `start` to `end`, padded beyond both ends.
public struct LinearGradient: Sendable, Equatable {
    public struct Stop: Sendable, Equatable {
        public var offset: Double
        public var color: RGBA

        public init(offset: Double, color: RGBA) {
            self.offset = offset
            self.color = color
        }
    }

    public var start: Point
    public var end: Point
    public var stops: [Stop]

    public init(start: Point, end: Point, stops: [Stop]) {
        self.start = start
        self.end = end
        self.stops = stops
    }
}
