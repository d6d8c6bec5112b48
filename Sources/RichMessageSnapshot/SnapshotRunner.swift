import Foundation
import GoldenKit
import Images
import Primitives
import ProcessSupport
import RichMessageRenderer

/// One rendering pipeline for the process, used by one snapshot at a time (Pango is not thread-safe; Swift
/// Testing runs tests in parallel).
final class SnapshotRunner: @unchecked Sendable {
    static let shared = SnapshotRunner()
    private let lock = NSLock()
    private var pipeline: RenderPipeline?
    /// Warnings already written (a record mode ignored under CI is said once per process, not per snapshot).
    private var warned: Set<String> = []

    /// One `assertSnapshot` / `verifySnapshot` call.
    struct Request {
        var input: SnapshotInput
        var strategy: SnapshotStrategy?
        var name: String?
        var record: GoldenHarness.RecordMode?
        var snapshotDirectory: String?
        var file: String
        var testName: String
        var line: UInt
    }

    /// Where a request's snapshot is and what its artifacts are called.
    struct Location {
        /// The snapshot compared with (an old unnumbered one while it has not been renamed).
        var snapshot: String
        /// Where the snapshot belongs: `<test>.<n|name>.<extension>`.
        var numbered: String
        /// `<test file>/<class>/<test>.<n|name>`, relative to the artifacts folder.
        var artifactName: String
        var readsLegacy: Bool { snapshot != numbered }
    }

    func verify(_ request: Request) -> String? {
        SnapshotNaming.shared.register()
        let scope = SnapshotSettings.current
        let strategy = request.strategy ?? scope.strategy ?? .image
        let location = locate(request, strategy: strategy, directory: request.snapshotDirectory ?? scope.snapshotDirectory)
        lock.lock()
        defer { lock.unlock() }
        do {
            let decision = try GoldenHarness.effectiveMode(flag: request.record ?? scope.record)
            if let warning = decision.warning, warned.insert(warning).inserted { Self.note(warning, level: "warning") }
            let mode = decision.mode
            if pipeline == nil { pipeline = try RenderPipeline(videoFrames: FFmpegVideoFrames()) }
            guard let pipeline else { return "cannot set up the renderer" }
            var settings = strategy.settings
            let (bytes, path, format) = try request.input.bytes(testFile: request.file)
            if let format, settings.inputFormat == nil { settings.inputFormat = format }
            settings.format = nil
            settings.layout.limitToRaster()
            let layout = try pipeline.page(bytes, path: path, settings: settings)
            // The harness keeps a PNG golden path; a layout dump is stored beside it as `.layout.txt`.
            let goldenPNG = strategy.kind == .image ? location.snapshot : String(location.snapshot.dropLast(".layout.txt".count)) + ".png"
            let harness = GoldenHarness(fixtures: PathName.parent(location.snapshot), golden: PathName.parent(location.snapshot), record: mode,
                                        artifacts: Self.artifacts(for: request.file), pipeline: pipeline)
            let testCase = GoldenHarness.Case(name: location.artifactName, fixture: path ?? "", golden: goldenPNG, arguments: [])
            if location.readsLegacy { Self.note("\(location.snapshot) is read as \(location.numbered) (unnamed snapshots are numbered "
                                                + "from 1); it is renamed when it is next recorded") }
            let outcome: GoldenHarness.Outcome
            switch strategy.kind {
            case .image:
                let png = try pipeline.encode(layout, as: .png, settings: settings).bytes
                outcome = harness.judge(try PNGCodec.decode(png), png: png, testCase, masks: strategy.masks, scale: layout.canvas.scale)
            case .layoutDump:
                let dump = layout.textDump(masking: strategy.masks.map(\.rect))
                outcome = harness.judgeLayout(dump.text, testCase, maskedLines: dump.maskedLines)
            }
            let recorded: Bool
            switch outcome {
            case .passed: recorded = mode == .all
            case .recorded: recorded = true
            case .failed(_, let rerecorded): recorded = rerecorded
            }
            if recorded, location.readsLegacy { try Self.rename(location.snapshot, to: location.numbered) }
            let shown = recorded && location.readsLegacy ? location.numbered : location.snapshot
            switch outcome {
            case .passed: return nil
            case .recorded: return "recorded the snapshot \(shown); run again to verify it"
            case .failed(let reason, _):
                return failureMessage(reason, snapshot: shown, strategy: strategy, harness: harness, testCase: testCase,
                                      diffTool: scope.diffTool ?? Self.environmentDiffTool())
            }
        } catch {
            return "cannot render the snapshot: \(error)"
        }
    }

    /// The snapshot's path, numbering an unnamed one, and its artifacts' name.
    func locate(_ request: Request, strategy: SnapshotStrategy, directory: String?) -> Location {
        let testFile = SnapshotNames.testFile(request.file)
        let folder = directory ?? (PathName.parent(request.file) + "/__Snapshots__/" + testFile)
        let test = SnapshotNames.fileName(request.testName)
        let className = SnapshotNaming.shared.className(file: request.file, line: request.line, testName: request.testName)
        let suffix: String
        if let name = request.name {
            suffix = SnapshotNames.fileName(name)
        } else {
            suffix = String(SnapshotNaming.shared.nextNumber(file: request.file, className: className, testName: test))
        }
        // Two classes of one file with a test of one name: `<Class>.<test>.<n|name>` (else the classes' snapshots
        // would be one file, the second failing "size differs").
        let qualified = className.map { SnapshotNaming.shared.sharesTestName(file: request.file, testName: test) ? SnapshotNames.fileName($0) + "." : "" } ?? ""
        let base = qualified + test + "." + suffix
        let numbered = folder + "/" + base + "." + strategy.fileExtension
        let legacy = folder + "/" + test + "." + strategy.fileExtension
        let readsLegacy = qualified.isEmpty && request.name == nil && suffix == "1" && !FileManager.default.fileExists(atPath: numbered)
            && FileManager.default.fileExists(atPath: legacy)
        let artifactName = ([testFile] + (className.map { [SnapshotNames.fileName($0)] } ?? []) + [base]).joined(separator: "/")
        return Location(snapshot: readsLegacy ? legacy : numbered, numbered: numbered, artifactName: artifactName)
    }

    private func failureMessage(_ reason: String, snapshot: String, strategy: SnapshotStrategy, harness: GoldenHarness,
                                testCase: GoldenHarness.Case, diffTool: SnapshotDiffTool?) -> String {
        let existing = { (paths: [String]) in paths.filter { FileManager.default.fileExists(atPath: $0) } }
        let artifacts: [String]
        let actual: String
        switch strategy.kind {
        case .image:
            artifacts = existing(GoldenHarness.artifactKinds.map { harness.artifactPath(testCase, $0) })
            actual = harness.artifactPath(testCase, "actual")
        case .layoutDump:
            let base = harness.artifacts + "/" + testCase.name
            artifacts = existing([base + ".layout.expected.txt", base + ".layout.actual.txt"])
            actual = base + ".layout.actual.txt"
        }
        var message = "snapshot \(snapshot) does not match: \(reason)"
        if !artifacts.isEmpty { message += "\n" + artifacts.joined(separator: "\n") }
        if let diffTool, FileManager.default.fileExists(atPath: snapshot), FileManager.default.fileExists(atPath: actual) {
            message += "\n\n" + diffTool.line(snapshot, actual)
        }
        return message
    }

    /// `IPRASTER_DIFF_TOOL` as a command taking the two paths.
    static func environmentDiffTool() -> SnapshotDiffTool? {
        guard let program = ProcessInfo.processInfo.environment["IPRASTER_DIFF_TOOL"], !program.isEmpty else { return nil }
        return .command(program)
    }

    private static func rename(_ path: String, to target: String) throws {
        if FileManager.default.fileExists(atPath: target) { try FileManager.default.removeItem(atPath: target) }
        try FileManager.default.moveItem(atPath: path, toPath: target)
    }

    /// A note for the test log (standard error), not a failure.
    private static func note(_ text: String, level: String = "note") {
        FileHandle.standardError.write(Data(("RichMessageSnapshot: \(level): " + text + "\n").utf8))
    }

    /// `IPRASTER_ARTIFACTS`, else `.build/snapshot-artifacts` in the package holding `file` (the nearest folder
    /// above it with a Package.swift).
    static func artifacts(for file: String) -> String {
        if let folder = ProcessInfo.processInfo.environment["IPRASTER_ARTIFACTS"], !folder.isEmpty { return folder }
        var folder = PathName.parent(file)
        while folder.count > 1 {
            if FileManager.default.fileExists(atPath: folder + "/Package.swift") { return folder + "/.build/snapshot-artifacts" }
            folder = PathName.parent(folder)
        }
        return NSTemporaryDirectory() + "snapshot-artifacts"
    }
}
