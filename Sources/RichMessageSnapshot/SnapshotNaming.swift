import Foundation
import XCTest

/// Which test is running and how many unnamed snapshots it has taken, so that two `assertSnapshot` calls in one
/// test are `testX.1` and `testX.2` (swift-snapshot-testing's numbering) and artifacts go under the test's class.
///
/// An XCTest observer, registered at the first snapshot, restarts the counts when a test case starts and names
/// its class. The test running at registration (the run's first snapshot test), Swift Testing's tests and calls
/// from helpers outside a class get the class from the test file: the type whose body holds the call's line.
final class SnapshotNaming: NSObject, XCTestObservation, @unchecked Sendable {
    static let shared = SnapshotNaming()

    private let lock = NSLock()
    private var counters: [String: Int] = [:]
    /// The XCTest case that is running: its class and method names.
    /// `sharesTestName`'s answers, by file and test.
    private var shared: [String: Bool] = [:]
    private var running: (className: String, testName: String)?
    private var registered = false

    /// Registers the observer once (XCTest keeps observers for the rest of the run).
    func register() {
        lock.lock()
        let first = !registered
        registered = true
        lock.unlock()
        if first { XCTestObservationCenter.shared.addTestObserver(self) }
    }

    func testCaseWillStart(_ testCase: XCTestCase) {
        lock.lock()
        defer { lock.unlock() }
        counters = [:]
        running = Self.split(testCase.name)
    }

    func testCaseDidFinish(_ testCase: XCTestCase) {
        lock.lock()
        defer { lock.unlock() }
        running = nil
    }

    /// `Module.AnswerTests.testAnswer`, `AnswerTests.testAnswer` or `-[AnswerTests testAnswer]` → class and test.
    static func split(_ name: String) -> (className: String, testName: String)? {
        let trimmed = name.trimmingCharacters(in: CharacterSet(charactersIn: "-[]"))
        let parts = trimmed.split(whereSeparator: { $0 == "." || $0 == " " }).map(String.init)
        guard parts.count >= 2 else { return nil }
        return (parts[parts.count - 2], parts[parts.count - 1])
    }

    /// The class of the test `testName` calling from `file`:`line`: the running XCTest case when it is that test,
    /// else the type around the line, else nil (a free function).
    func className(file: String, line: UInt, testName: String) -> String? {
        lock.lock()
        let running = running
        lock.unlock()
        if let running, running.testName == SnapshotNames.fileName(testName) { return running.className }
        return EnclosingType.name(inFile: file, line: Int(line))
    }

    /// Whether `testName` is declared by more than one type of `file` (two XCTest classes with a test of one name):
    /// their snapshots are then named with the class, so they do not share one file (issue 57). Read from the
    /// source, so the answer does not depend on which test runs first.
    func sharesTestName(file: String, testName: String) -> Bool {
        let key = file + "\u{0}" + testName
        lock.lock()
        if let known = shared[key] {
            lock.unlock()
            return known
        }
        lock.unlock()
        let text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
        let answer = EnclosingType.types(declaring: testName, in: text).count > 1
        lock.lock()
        shared[key] = answer
        lock.unlock()
        return answer
    }

    /// 1 for a test's first unnamed snapshot, then 2, 3, …
    func nextNumber(file: String, className: String?, testName: String) -> Int {
        lock.lock()
        defer { lock.unlock() }
        let key = [file, className ?? "", testName].joined(separator: "\u{0}")
        let number = (counters[key] ?? 0) + 1
        counters[key] = number
        return number
    }
}

/// File names of snapshots and artifacts.
enum SnapshotNames {
    /// A test name as a file name: `testAnswer()` → `testAnswer`; characters other than letters, digits, `-` and
    /// `_` → `_`.
    static func fileName(_ text: String) -> String {
        let trimmed = text.hasSuffix("()") ? String(text.dropLast(2)) : text
        return String(trimmed.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "_" })
    }

    /// The test file's name without its extension: `/x/Tests/AnswerTests.swift` → `AnswerTests`.
    static func testFile(_ path: String) -> String {
        ((path as NSString).lastPathComponent as NSString).deletingPathExtension
    }
}
