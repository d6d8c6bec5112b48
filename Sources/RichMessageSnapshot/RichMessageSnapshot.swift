import GoldenKit
import XCTest

/// Snapshot tests of rich messages on Linux: render a message as ipraster does and compare it with a snapshot kept
/// beside the test file, with pixelmatch's semantics, the way swift-snapshot-testing users work.
///
///     import RichMessageSnapshot
///     import XCTest
///
///     final class AnswerTests: XCTestCase {
///         func testAnswer() {
///             assertSnapshot(of: .markdown("# Hello\nA *rich* message"))                 // testAnswer.1.png
///             assertSnapshot(of: .markdown("# Hello"), as: .image(width: 360, theme: .night))  // testAnswer.2.png
///             assertSnapshot(of: .file("page.json"), as: .layoutDump, named: "page")     // testAnswer.page.layout.txt
///         }
///     }
///
/// Snapshots live in `__Snapshots__/<test file>/<test>.<n|name>.<png|layout.txt>` beside the test file (or in
/// `snapshotDirectory`). Unnamed snapshots of a test are numbered 1, 2, … in call order; a snapshot of the old
/// unnumbered name (`testAnswer.png`) is read as `testAnswer.1.png` with a note and renamed when it is next
/// recorded. A missing snapshot is recorded and the test fails ("run again to verify"); the record mode comes
/// from `record:`, then `withSnapshotSettings`, then `IPRASTER_RECORD` (all, missing, failed, never), and under
/// `CI` nothing is ever recorded. A failing comparison writes expected / actual / diff / panels PNGs to
/// `<artifacts>/<test file>/<class>/<test>.<n|name>.*` — artifacts being the package's
/// `.build/snapshot-artifacts/` or `IPRASTER_ARTIFACTS` — names them in the failure, and adds the diff tool's
/// command when one is set (`withSnapshotSettings(diffTool:)` or `IPRASTER_DIFF_TOOL`).
///
/// Returns nil when the snapshot matches, else why not (a recorded snapshot is a failure too). For Swift
/// Testing: `#expect(verifySnapshot(of: .json(text)) == nil)`.
public func verifySnapshot(of input: SnapshotInput, as strategy: SnapshotStrategy? = nil, named name: String? = nil,
                           record: GoldenHarness.RecordMode? = nil, snapshotDirectory: String? = nil,
                           file: StaticString = #filePath, testName: String = #function, line: UInt = #line) -> String? {
    SnapshotRunner.shared.verify(SnapshotRunner.Request(input: input, strategy: strategy, name: name, record: record,
                                                        snapshotDirectory: snapshotDirectory, file: "\(file)", testName: testName, line: line))
}

/// XCTest: `verifySnapshot`, failing the test with its message.
public func assertSnapshot(of input: SnapshotInput, as strategy: SnapshotStrategy? = nil, named name: String? = nil,
                           record: GoldenHarness.RecordMode? = nil, snapshotDirectory: String? = nil,
                           file: StaticString = #filePath, testName: String = #function, line: UInt = #line) {
    if let failure = verifySnapshot(of: input, as: strategy, named: name, record: record, snapshotDirectory: snapshotDirectory,
                                    file: file, testName: testName, line: line) {
        XCTFail(failure, file: file, line: line)
    }
}

/// The first release's form, with render options as command-line words (`["--theme", "night"]`).
@available(*, deprecated, message: "pass typed settings: as: .image(width:theme:…) or as: try .image(arguments:)")
public func verifySnapshot(of input: SnapshotInput, named name: String? = nil, arguments: [String],
                           record: GoldenHarness.RecordMode? = nil, file: StaticString = #filePath, testName: String = #function,
                           line: UInt = #line) -> String? {
    let strategy: SnapshotStrategy
    do { strategy = try .image(arguments: arguments) } catch { return "cannot render the snapshot: \(error)" }
    return SnapshotRunner.shared.verify(SnapshotRunner.Request(input: input, strategy: strategy, name: name, record: record,
                                                               snapshotDirectory: nil, file: "\(file)", testName: testName, line: line))
}

/// The first release's form, with render options as command-line words (`["--theme", "night"]`).
@available(*, deprecated, message: "pass typed settings: as: .image(width:theme:…) or as: try .image(arguments:)")
public func assertSnapshot(of input: SnapshotInput, named name: String? = nil, arguments: [String],
                           record: GoldenHarness.RecordMode? = nil, file: StaticString = #filePath, testName: String = #function,
                           line: UInt = #line) {
    let strategy: SnapshotStrategy
    do { strategy = try .image(arguments: arguments) } catch { return XCTFail("cannot render the snapshot: \(error)", file: file, line: line) }
    if let failure = verifySnapshot(of: input, as: strategy, named: name, record: record, file: file, testName: testName, line: line) {
        XCTFail(failure, file: file, line: line)
    }
}
