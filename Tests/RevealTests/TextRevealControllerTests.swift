@testable import Reveal
import XCTest

/// The pacing controller with injected times (`v2-reveal-facts.md` §4).
final class TextRevealControllerTests: XCTestCase {
    private let dt = 1.0 / 60

    /// Ticks from `from` to `to` at 60 Hz; returns the cursor after each tick.
    private func run(_ controller: inout TextRevealController, from: Double, to: Double) -> [Int] {
        var counts: [Int] = []
        var k = 0
        while from + Double(k) * dt <= to + 1e-9 {
            counts.append(controller.tick(at: from + Double(k) * dt).count)
            k += 1
        }
        return counts
    }

    func testFirstTickDoesNotMoveAndTheInitialSpeedIsFourPointsPerSecond() {
        var controller = TextRevealController(initialLength: 1000)
        controller.observeUpdate(latestLength: 1000, at: 0)
        XCTAssertEqual(controller.tick(at: 0).count, 0)
        _ = run(&controller, from: dt, to: 1)
        // Before a second chunk the target is 40 units/s, divided by the ×10 multiplier: ≈ 4 per second,
        // a little less for the 0.12 s velocity ramp.
        XCTAssertEqual(controller.revealedCount, 4 - 4 * 0.12, accuracy: 0.1)
        XCTAssertEqual(controller.velocity, 40, accuracy: 0.01)
    }

    func testConstantArrivalRateSettlesToTheInputRate() {
        // 100 units every 0.5 s = 200 units/s.
        var controller = TextRevealController()
        var counts: [Int] = []
        for chunk in 0..<40 {
            let start = Double(chunk) * 0.5
            controller.observeUpdate(latestLength: 100 * (chunk + 1), at: start)
            counts += run(&controller, from: start, to: start + 0.5 - dt / 2)
        }
        XCTAssertEqual(counts, counts.sorted(), "the cursor never goes back")
        XCTAssertEqual(controller.avgInterArrival, 0.5, accuracy: 1e-6)
        // Over the last 5 s the cursor moves at the input rate (±5 %).
        let perSecond = Double(counts[counts.count - 1] - counts[counts.count - 1 - 300]) / 5
        XCTAssertEqual(perSecond, 200, accuracy: 10)
        // The lag stays bounded: it does not grow without limit.
        XCTAssertLessThan(4000 - counts.last!, 1500)
        XCTAssertLessThanOrEqual(counts.last!, 4000)
    }

    func testAStallNeverOvershootsAndALateChunkIsDrainedFaster() {
        var controller = TextRevealController()
        for chunk in 0..<10 {
            controller.observeUpdate(latestLength: 100 * (chunk + 1), at: Double(chunk) * 0.5)
            _ = run(&controller, from: Double(chunk) * 0.5, to: Double(chunk) * 0.5 + 0.5 - dt / 2)
        }
        // No chunk for 3 s: the cursor approaches 1000 but never passes it.
        let stalled = run(&controller, from: 5, to: 8)
        XCTAssertLessThanOrEqual(stalled.max()!, 1000)
        XCTAssertEqual(stalled, stalled.sorted())
        // Once the predicted arrival has passed, the divisor is floored at 0.1 s: the lag drains quickly
        // (roughly lag/10 per frame-second with the ×10 multiplier, so most of it within the 3 s).
        XCTAssertGreaterThan(stalled.last!, 950)
        // A late chunk: the gap estimate grows, the cursor keeps moving smoothly (no jump bigger than a few points).
        controller.observeUpdate(latestLength: 1500, at: 8)
        XCTAssertGreaterThan(controller.avgInterArrival, 0.5)
        let after = run(&controller, from: 8, to: 9)
        let steps = zip(after.dropFirst(), after).map { $0 - $1 }
        XCTAssertLessThanOrEqual(steps.max()!, 10)
    }

    func testFinalizeCatchesUpInAboutThreeSecondsAndReportsCompletion() {
        var controller = TextRevealController()
        controller.observeUpdate(latestLength: 600, at: 0)
        _ = run(&controller, from: 0, to: 0.5)
        controller.finalize(finalLength: 600)
        var time = 0.5 + dt
        var completedAt: Double?
        while time < 10 {
            let (count, complete) = controller.tick(at: time)
            if complete {
                XCTAssertEqual(count, 600)
                completedAt = time
                break
            }
            XCTAssertLessThan(count, 600)
            time += dt
        }
        // Lag/0.3 target, divided by 10: the lag drains in ≈ 3 s plus the velocity ramp.
        let duration = try? XCTUnwrap(completedAt) - 0.5
        XCTAssertEqual(duration ?? 0, 3.1, accuracy: 0.4)
    }

    func testShrinkingContentClampsTheCursorAndFrameDtIsCapped() {
        var controller = TextRevealController(initialRevealedCount: 500, initialLength: 500)
        controller.observeUpdate(latestLength: 500, at: 0)
        controller.observeUpdate(latestLength: 300, at: 0.1)
        XCTAssertEqual(controller.currentCount, 300)
        var capped = TextRevealController()
        capped.observeUpdate(latestLength: 10_000, at: 0)
        capped.tick(at: 0)
        capped.tick(at: 5)   // a 5 s gap advances as one 0.05 s frame
        XCTAssertLessThan(capped.revealedCount, 1)
    }
}
