import Dispatch
import Primitives
import XCTest

final class LockTests: XCTestCase {
    /// Many threads adding under the lock lose no addition.
    func testTheLockExcludes() {
        final class Counter: @unchecked Sendable { var value = 0 }
        let lock = Lock(), counter = Counter()
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<10_000 { lock.withLock { counter.value += 1 } }
        }
        XCTAssertEqual(counter.value, 80_000)
    }

    func testARecursiveLockIsTakenTwiceByOneThread() {
        let lock = Lock(recursive: true)
        let inner = lock.withLock { lock.withLock { 42 } }
        XCTAssertEqual(inner, 42)
    }

    func testAConditionWakesAWaiterAndTimesOut() {
        final class Flag: @unchecked Sendable { var set = false }
        let condition = Condition(), flag = Flag()
        XCTAssertTrue(DetachedThread.start {
            condition.lock()
            flag.set = true
            condition.broadcast()
            condition.unlock()
        })
        condition.lock()
        let deadline = Date().addingTimeInterval(10)
        while !flag.set, condition.wait(until: deadline) {}
        condition.unlock()
        XCTAssertTrue(flag.set, "the thread ran and signalled")
        condition.lock()
        let start = Date()
        XCTAssertFalse(condition.wait(until: start.addingTimeInterval(0.05)), "nobody signals: the wait times out")
        condition.unlock()
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(start), 0.04)
    }
}
