import Dispatch
import Foundation
@testable import HTTPService
import XCTest

/// Issue 56: log lines never wait for their reader; past the bound they are dropped and counted, the rest are
/// written in order once the reader goes on.
final class LogQueueTests: XCTestCase {
    func testAStalledWriterDropsPastTheBoundAndKeepsTheOrder() {
        final class Written: @unchecked Sendable {
            let lock = NSLock()
            var lines: [String] = []
        }
        let written = Written()
        let gate = DispatchSemaphore(value: 0)
        let queue = LogQueue(capacity: 100) { line in
            if line == "line 0" { gate.wait() }
            written.lock.lock()
            written.lines.append(line)
            written.lock.unlock()
        }
        let started = Date()
        for index in 0..<1_000 { queue.append("line \(index)") }
        XCTAssertLessThan(Date().timeIntervalSince(started), 5, "appending never waited for the stalled writer")
        // The writer holds line 0; 100 more wait; the rest are dropped.
        XCTAssertGreaterThanOrEqual(queue.dropped, 899)
        XCTAssertLessThanOrEqual(queue.dropped, 900)
        XCTAssertFalse(queue.flush(seconds: 0.2), "still stalled")
        gate.signal()
        XCTAssertTrue(queue.flush(seconds: 10))
        written.lock.lock()
        let lines = written.lines
        written.lock.unlock()
        XCTAssertEqual(lines.count, 1_000 - queue.dropped)
        // In order; the first lines kept (the writer took line 0 out while the others came, so one slot freed then).
        let numbers = lines.compactMap { Int($0.dropFirst("line ".count)) }
        XCTAssertEqual(numbers, numbers.sorted())
        XCTAssertEqual(Array(numbers.prefix(100)), Array(0..<100))
        // Bytes bound too: a line past the queue's bytes waiting is dropped even with room in lines.
        let big = LogQueue(capacity: 10) { _ in Thread.sleep(forTimeInterval: 0.5) }
        big.append("first")
        usleep(50_000)
        big.append(String(repeating: "x", count: LogQueue.maxBytes))
        big.append("x")
        XCTAssertEqual(big.dropped, 1)
    }
}
