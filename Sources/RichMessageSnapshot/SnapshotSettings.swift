import GoldenKit

/// Snapshot configuration for a scope of tests, as swift-snapshot-testing's `withSnapshotTesting`:
///
///     override func invokeTest() {
///         withSnapshotSettings(record: .failed, diffTool: .command("compare")) { super.invokeTest() }
///     }
///
/// An argument given to `assertSnapshot` wins over the scope; the scope wins over `IPRASTER_RECORD` and
/// `IPRASTER_DIFF_TOOL`. Under `CI` nothing is recorded whatever the scope says.
public struct SnapshotSettings: Sendable {
    /// all, missing, failed or never; nil: `IPRASTER_RECORD`, else missing.
    public var record: GoldenHarness.RecordMode?
    /// The folder snapshots are kept in instead of `__Snapshots__/<test file>/` beside the test file.
    public var snapshotDirectory: String?
    /// The strategy of `assertSnapshot` calls that name none.
    public var strategy: SnapshotStrategy?
    /// A command shown in the failure message for looking at the two images.
    public var diffTool: SnapshotDiffTool?

    public init(record: GoldenHarness.RecordMode? = nil, snapshotDirectory: String? = nil, strategy: SnapshotStrategy? = nil,
                diffTool: SnapshotDiffTool? = nil) {
        self.record = record
        self.snapshotDirectory = snapshotDirectory
        self.strategy = strategy
        self.diffTool = diffTool
    }

    /// The settings of the scope the caller runs in (task-local: a nested scope and child tasks see them).
    @TaskLocal public static var current = SnapshotSettings()

    /// `self` with what `inner` sets on top.
    func merging(_ inner: SnapshotSettings) -> SnapshotSettings {
        SnapshotSettings(record: inner.record ?? record, snapshotDirectory: inner.snapshotDirectory ?? snapshotDirectory,
                         strategy: inner.strategy ?? strategy, diffTool: inner.diffTool ?? diffTool)
    }
}

/// The command a failure message offers for comparing expected and actual: `SnapshotDiffTool.command("compare")`
/// prints `compare "EXPECTED" "ACTUAL"`; the closure form writes any line. `IPRASTER_DIFF_TOOL=ksdiff` sets a
/// command for every test.
public struct SnapshotDiffTool: Sendable {
    public let line: @Sendable (_ expected: String, _ actual: String) -> String

    public init(_ line: @escaping @Sendable (_ expected: String, _ actual: String) -> String) {
        self.line = line
    }

    public static func command(_ program: String) -> SnapshotDiffTool {
        SnapshotDiffTool { expected, actual in "\(program) \(quoted(expected)) \(quoted(actual))" }
    }

    /// A path in double quotes with `\`, `"`, `$` and `` ` `` escaped, as a POSIX shell reads it back.
    static func quoted(_ path: String) -> String {
        var out = "\""
        for character in path {
            if "\\\"$`".contains(character) { out.append("\\") }
            out.append(character)
        }
        return out + "\""
    }
}

/// Runs `body` with snapshot settings changed for every `assertSnapshot` and `verifySnapshot` inside it.
public func withSnapshotSettings<Result>(record: GoldenHarness.RecordMode? = nil, snapshotDirectory: String? = nil,
                                         strategy: SnapshotStrategy? = nil, diffTool: SnapshotDiffTool? = nil,
                                         _ body: () throws -> Result) rethrows -> Result {
    let settings = SnapshotSettings.current.merging(SnapshotSettings(record: record, snapshotDirectory: snapshotDirectory,
                                                                     strategy: strategy, diffTool: diffTool))
    return try SnapshotSettings.$current.withValue(settings, operation: body)
}

/// `withSnapshotSettings` for async code (Swift Testing tests, async XCTest methods).
public func withSnapshotSettings<Result>(record: GoldenHarness.RecordMode? = nil, snapshotDirectory: String? = nil,
                                         strategy: SnapshotStrategy? = nil, diffTool: SnapshotDiffTool? = nil,
                                         _ body: () async throws -> Result) async rethrows -> Result {
    let settings = SnapshotSettings.current.merging(SnapshotSettings(record: record, snapshotDirectory: snapshotDirectory,
                                                                     strategy: strategy, diffTool: diffTool))
    return try await SnapshotSettings.$current.withValue(settings, operation: body)
}
