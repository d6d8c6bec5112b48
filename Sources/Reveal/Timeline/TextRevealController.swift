/// The pacing controller (`v2-reveal-facts.md` §4): chunk arrivals (total cost so far, at a time) drive a
/// velocity-smoothed cursor. Pure: every time is passed in, nothing reads a clock.
public struct TextRevealController: Sendable {
    public static let velocityTau = 0.12
    public static let gapEwmaAlpha = 0.4
    public static let initialGap = 0.5
    public static let stallFloor = 0.10
    public static let finalizeTime = 0.3
    public static let frameDtCap = 0.05
    public static let initialInputRate = 40.0
    /// What the rich bubble passes: the per-tick advance is divided by it.
    public static let richBubbleDurationMultiplier = 10.0

    public private(set) var revealedCount: Double
    public private(set) var velocity = 0.0
    public private(set) var avgInterArrival = initialGap
    public private(set) var latestLength: Int
    public private(set) var isFinalizing = false
    public private(set) var chunkCount = 0
    private var lastSampleTime: Double?
    private var lastSampleLength: Int?
    private var predictedNextArrival: Double?
    private var lastFrameTime: Double?
    private let durationMultiplier: Double

    public init(initialRevealedCount: Int = 0, initialLength: Int = 0, durationMultiplier: Double = richBubbleDurationMultiplier) {
        revealedCount = Double(initialRevealedCount)
        latestLength = initialLength
        self.durationMultiplier = max(durationMultiplier, 0.0001)
    }

    /// The integer cursor the page is revealed to.
    public var currentCount: Int { Int(revealedCount) }

    public mutating func observeUpdate(latestLength length: Int, at now: Double) {
        if let lastLength = lastSampleLength {
            if length > lastLength {
                let gap = max(now - (lastSampleTime ?? now), 0.001)
                avgInterArrival = Self.gapEwmaAlpha * gap + (1 - Self.gapEwmaAlpha) * avgInterArrival
                lastSampleTime = now
                lastSampleLength = length
                predictedNextArrival = now + avgInterArrival
                chunkCount += 1
            } else if length < lastLength {
                lastSampleLength = length
            }
        } else {
            lastSampleTime = now
            lastSampleLength = length
            predictedNextArrival = now + avgInterArrival
            chunkCount += 1
        }
        latestLength = length
        revealedCount = min(revealedCount, Double(length))
    }

    /// The stream has ended: catch up to `length` within about the finalize horizon.
    public mutating func finalize(finalLength length: Int) {
        latestLength = length
        isFinalizing = true
        revealedCount = min(revealedCount, Double(length))
    }

    /// Advances to `now`; returns the cursor and whether the finalized reveal has caught up.
    @discardableResult
    public mutating func tick(at now: Double) -> (count: Int, isComplete: Bool) {
        let dt = min(now - (lastFrameTime ?? now), Self.frameDtCap)
        let lag = max(0, Double(latestLength) - revealedCount)
        let target: Double
        if isFinalizing {
            target = max(velocity, lag / Self.finalizeTime)
        } else if chunkCount < 2 {
            target = lag > 0 ? Self.initialInputRate : 0
        } else if let predicted = predictedNextArrival {
            target = lag / max(Self.stallFloor, predicted - now)
        } else {
            target = lag > 0 ? Self.initialInputRate : 0
        }
        velocity += (target - velocity) * min(1, dt / Self.velocityTau)
        revealedCount = min(Double(latestLength), revealedCount + velocity * dt / durationMultiplier)
        lastFrameTime = now
        return (currentCount, isFinalizing && revealedCount >= Double(latestLength))
    }
}
