@testable import Reveal
import XCTest

/// Issue 12 #9 (`v2-reveal-facts.md` §4.4–4.5): the display link is registered only once the total cost is
/// above 0, so the controller does not tick through an empty draft, and its first tick has dt = 0.
final class RevealLinkTests: XCTestCase {
    func testTheControllerStartsWhenThereIsSomethingToReveal() throws {
        let answer = RevealFixtures.paragraph("The answer arrives half a second later.")
        let json = "[" + [RevealFixtures.draft(0, RevealFixtures.paragraph("")), RevealFixtures.draft(0.5, answer),
                          RevealFixtures.draft(1.0, answer)].joined(separator: ",") + "]"
        let timeline = try RevealTimeline(stream: RevealFixtures.stream(json: json))
        XCTAssertEqual(timeline.stream.chunks[0].map.total, 0)
        let total = Double(timeline.stream.chunks[1].map.total)
        XCTAssertGreaterThan(total, 0)
        // §4.2: chunk 1 at t = 0 (L = 0), chunk 2 at t = 0.5: avgInterArrival = 0.4·0.5 + 0.6·0.5 = 0.5, predicted next 1.0.
        // First tick at 0.5: dt = 0, so velocity and cursor stay 0.
        XCTAssertEqual(timeline.tick(at: 0.5).cursor, 0)
        // Next tick, dt = 1/60: target = L / max(0.1, 1.0 − now), velocity = target · (dt / 0.12), advance = velocity · dt / 10.
        let now = 0.5 + 1.0 / 60
        let velocity = total / max(0.1, 1.0 - now) * ((1.0 / 60) / 0.12)
        let revealed = velocity * (1.0 / 60) / 10
        XCTAssertEqual(timeline.tick(at: now).cursor, Int(revealed))
        // Before the content arrives nothing moves.
        XCTAssertEqual(timeline.tick(at: 0.49).cursor, 0)
        // The same rule tick by tick up to 0.95 s (§4.4 with durationMultiplier 10): the cursor matches at every tick.
        var v = 0.0, count = 0.0, last: Double?
        for k in 30...57 {
            let t = Double(k) / 60
            let dt = min(t - (last ?? t), 0.05)
            let target = max(0, total - count) / max(0.1, 1.0 - t)
            v += (target - v) * min(1, dt / 0.12)
            count = min(total, count + v * dt / 10)
            last = t
            XCTAssertEqual(timeline.tick(at: t).cursor, Int(count), "at tick \(k)")
        }
        XCTAssertGreaterThan(Int(count), 10, "the cursor has moved by then")
    }
}
