import Foundation
@testable import HTTPService
import XCTest

/// Issue 56: connections shut for slow sending are logged as a summary, one line a window, not one line each.
final class ShutSummaryTests: XCTestCase {
    func testAStreamOfShutdownsIsOneLineAWindow() {
        final class Lines: @unchecked Sendable {
            let lock = NSLock()
            var counts: [[ConnectionWatch.Reason: Int]] = []
        }
        let lines = Lines()
        let summary = ShutSummary(window: 0.3) { counts in
            lines.lock.lock()
            lines.counts.append(counts)
            lines.lock.unlock()
        }
        for index in 0..<100 { summary.record(index % 4 == 0 ? .slowBody : .headerTimeout, 1) }
        lines.lock.lock()
        XCTAssertEqual(lines.counts, [[.slowBody: 1]], "the first at once")
        lines.lock.unlock()
        let end = Date().addingTimeInterval(5)
        while Date() < end {
            lines.lock.lock()
            let done = lines.counts.count == 2
            lines.lock.unlock()
            if done { break }
            usleep(20_000)
        }
        lines.lock.lock()
        XCTAssertEqual(lines.counts.count, 2)
        XCTAssertEqual(lines.counts.last, [.slowBody: 24, .headerTimeout: 75], "the rest of the window in one line")
        lines.lock.unlock()
    }
}
