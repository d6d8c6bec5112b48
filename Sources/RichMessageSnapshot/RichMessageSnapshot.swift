import Foundation
import GoldenKit
import Layout
import ProcessSupport
import RenderOptions
import RichMessageRenderer
import XCTest

/// Snapshot tests of rich messages on Linux: render a message as ipraster does and compare it with a PNG kept
/// beside the test file, with pixelmatch's semantics.
///
///     import RichMessageSnapshot
///     import XCTest
///
///     final class AnswerTests: XCTestCase {
///         func testAnswer() {
///             assertSnapshot(of: .markdown("# Hello\nA *rich* message"))
///         }
///     }
///
/// Snapshots live in `__Snapshots__/<test file>/<test name>[.<name>].png` beside the test file. A missing one
/// is recorded and the test fails ("run again to verify"), as swift-snapshot-testing does; the record mode
/// comes from `record:` or `IPRASTER_RECORD` (all, missing, failed, never), and under `CI` nothing is ever
/// recorded. A failing comparison writes expected / actual / diff / 3-panel PNGs into the package's
/// `.build/snapshot-artifacts/` (or `IPRASTER_ARTIFACTS`) and names them in the failure.
public enum SnapshotInput: Sendable {
    /// A message file: JSON (Bot API, Telethon), `.md` or `.html`.
    case file(String)
    /// Bot API or Telethon JSON.
    case json(String)
    /// Rich Markdown.
    case markdown(String)
    /// Rich HTML.
    case html(String)

    fileprivate func bytes() throws -> (bytes: [UInt8], path: String?, format: String?) {
        switch self {
        case .file(let path): return (try FileContents.read(path), path, nil)
        case .json(let text): return (Array(text.utf8), nil, "json")
        case .markdown(let text): return (Array(text.utf8), nil, "markdown")
        case .html(let text): return (Array(text.utf8), nil, "html")
        }
    }
}

/// Renders `input` (with ipraster's render options in `arguments`, e.g. `["--theme", "night"]`) and compares
/// it with its snapshot. Returns nil when it matches, else why not (a recorded snapshot is a failure too).
/// For Swift Testing: `#expect(verifySnapshot(of: .json(text)) == nil)`.
public func verifySnapshot(of input: SnapshotInput, named name: String? = nil, arguments: [String] = [],
                           record: GoldenHarness.RecordMode? = nil, file: StaticString = #filePath, testName: String = #function) -> String? {
    SnapshotRunner.shared.verify(input, name: name, arguments: arguments, record: record, file: "\(file)", testName: testName)
}

/// XCTest: `verifySnapshot`, failing the test with its message.
public func assertSnapshot(of input: SnapshotInput, named name: String? = nil, arguments: [String] = [],
                           record: GoldenHarness.RecordMode? = nil, file: StaticString = #filePath, testName: String = #function,
                           line: UInt = #line) {
    if let failure = verifySnapshot(of: input, named: name, arguments: arguments, record: record, file: file, testName: testName) {
        XCTFail(failure, file: file, line: line)
    }
}

/// One rendering pipeline for the process, used by one test at a time (Pango is not thread-safe; Swift
/// Testing runs tests in parallel).
final class SnapshotRunner: @unchecked Sendable {
    static let shared = SnapshotRunner()
    private let lock = NSLock()
    private var pipeline: RenderPipeline?

    func verify(_ input: SnapshotInput, name: String?, arguments: [String], record: GoldenHarness.RecordMode?, file: String,
                testName: String) -> String? {
        lock.lock()
        defer { lock.unlock() }
        do {
            let decision = try GoldenHarness.effectiveMode(flag: record)
            if pipeline == nil { pipeline = try RenderPipeline(videoFrames: FFmpegVideoFrames()) }
            guard let pipeline else { return "cannot set up the renderer" }
            let folder = PathName.parent(file) + "/__Snapshots__/"
                + ((file as NSString).lastPathComponent as NSString).deletingPathExtension
            let base = Self.fileName(testName) + (name.map { "." + Self.fileName($0) } ?? "")
            var options = try RenderOptions.parse(arguments)
            if let unknown = options.remaining.first { return "unknown option \(unknown)" }
            let (bytes, path, format) = try input.bytes()
            if let format, options.settings.inputFormat == nil { options.settings.inputFormat = format }
            options.settings.layout.limitToRaster()
            let layout = try pipeline.page(bytes, path: path, settings: options.settings)
            let png = try pipeline.encode(layout, as: .png, settings: options.settings).bytes
            let harness = GoldenHarness(fixtures: folder, golden: folder, record: decision.mode,
                                        artifacts: Self.artifacts(for: file), pipeline: pipeline)
            let testCase = GoldenHarness.Case(name: base, fixture: path ?? "", golden: folder + "/" + base + ".png", arguments: arguments)
            switch harness.judge(try PNGCodec.decode(png), png: png, testCase) {
            case .passed: return nil
            case .recorded: return "recorded the snapshot \(testCase.golden); run again to verify it"
            case .failed(let reason, _):
                let artifacts = GoldenHarness.artifactKinds.map { harness.artifactPath(testCase, $0) }
                    .filter { FileManager.default.fileExists(atPath: $0) }
                return "snapshot \(testCase.golden) does not match: \(reason)"
                    + (artifacts.isEmpty ? "" : "\n" + artifacts.joined(separator: "\n"))
            }
        } catch {
            return "cannot render the snapshot: \(error)"
        }
    }

    /// A test name as a file name: `testAnswer()` → `testAnswer`, other characters than letters, digits, `-`
    /// and `_` → `_`.
    static func fileName(_ text: String) -> String {
        let trimmed = text.hasSuffix("()") ? String(text.dropLast(2)) : text
        return String(trimmed.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "_" })
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
