import CommandCatalog
import Dispatch
import FoundationEssentials
import Glibc
import GoldenKit
import Layout
import Primitives
import ProcessSupport
import RenderOptions
import RichMessageRenderer

/// `ipraster check FIXTURES_DIR --golden DIR [--record MODE] [--reporter NAME[=FILE]]... [--shard I/N] [options]`:
/// the golden harness for users' own fixture folders (the same harness the test suite uses).
enum CheckCommand {
    static func run(_ arguments: [String]) throws -> Int32 {
        let arguments = try CommandSpec.checkCommand.parse(arguments)
        let parsed = try CompareArguments(arguments)
        let positional = arguments.positional, golden = arguments.value("--golden")
        var recordFlag: GoldenHarness.RecordMode?
        var reporters: [CheckReport.Reporter] = []
        var artifacts = ProcessInfo.processInfo.environment["IPRASTER_ARTIFACTS"].flatMap { $0.isEmpty ? nil : $0 }
        for (name, value) in arguments.options {
            guard let value else { continue }
            switch name {
            case "--record":
                guard let parsedMode = GoldenHarness.RecordMode(rawValue: value) else {
                    throw UsageError(message: "--record must be all, missing, failed or never, not \(value)", command: "check")
                }
                recordFlag = parsedMode
            case "--report": reporters.append(CheckReport.Reporter(kind: .html, path: value))
            case "--reporter": reporters.append(try CheckReport.Reporter(value))
            case "--artifacts": artifacts = value
            default: break
            }
        }
        if arguments.has("--update") {
            guard recordFlag == nil || recordFlag == .failed else {
                throw UsageError(message: "--update is --record failed; it cannot go with --record \(recordFlag!.rawValue)", command: "check")
            }
            recordFlag = .failed
        }
        let grep = try arguments.value("--grep").map { try Self.regex($0, option: "--grep") }
        let grepInvert = try arguments.value("--grep-invert").map { try Self.regex($0, option: "--grep-invert") }
        let jobs = try arguments.integer("--jobs", in: 1...Int(Int32.max), what: "a positive whole number") ?? ProcessInfo.processInfo.activeProcessorCount
        let shard = try arguments.value("--shard").map { try Shard($0, command: "check") }
        // Render options are defaults for every case (a case's .args come after them and win); their values are
        // checked before any case renders.
        let renderArguments = arguments.renderArguments
        _ = try arguments.renderSettings()
        do { _ = try IgnoreRegion.split(arguments.values("--mask").flatMap { ["--mask", $0] }) } catch let error as OptionError {
            throw UsageError(message: "\(error.option): \(error.message)", command: "check")
        }
        guard positional.count == 1 else { throw UsageError(message: "expected one FIXTURES_DIR", command: "check") }
        guard let golden else { throw UsageError(message: "missing --golden DIR", command: "check") }
        reporters = try CheckReport.Reporter.withList(reporters, command: "check")
        let decision: GoldenHarness.RecordDecision
        do { decision = try GoldenHarness.effectiveMode(flag: recordFlag) } catch {
            throw UsageError(message: "\(error)", command: "check")
        }
        if let warning = decision.warning { CLI.printWarning(warning) }
        let mode = decision.mode
        let artifactsFolder = artifacts ?? GoldenHarness.defaultArtifacts(golden: golden)
        // One harness (and Pango/Cairo pipeline) per worker thread: Pango objects are not thread-safe.
        func makeHarness() throws -> GoldenHarness {
            GoldenHarness(fixtures: positional[0], golden: golden, record: mode, compare: parsed.options, budget: parsed.budget,
                          artifacts: artifactsFolder, pipeline: try RenderPipeline(processDefault: true, videoFrames: FFmpegVideoFrames()))
        }
        let first = try makeHarness()
        var cases: [GoldenHarness.Case]
        do { cases = try first.discover() } catch let error as GoldenHarness.NoCases {
            throw UsageError(message: error.description, command: "check")
        }
        // --grep and --grep-invert select by name before sharding (as Playwright does), so shards partition the selection.
        if grep != nil || grepInvert != nil {
            cases = cases.filter { Self.matches(grep, $0.name) != false && Self.matches(grepInvert, $0.name) != true }
            if cases.isEmpty {
                CLI.printWarning("no case matches " + [arguments.value("--grep").map { "--grep \($0)" }, arguments.value("--grep-invert").map { "--grep-invert \($0)" }]
                    .compactMap { $0 }.joined(separator: " and ") + "; nothing was checked")
            }
        }
        if let shard { cases = shard.slice(cases) }
        // Masks of the command line apply to every case, beside those of its .args.
        let masks = arguments.values("--mask").flatMap { ["--mask", $0] }
        cases = cases.map { var testCase = $0; testCase.arguments = renderArguments + masks + testCase.arguments; return testCase }
        // One harness (one pipeline, Pango state included) per worker.
        let workers = PerWorker(try [first] + (1..<max(1, min(jobs, cases.count))).map { _ in try makeHarness() })
        let outcomes = OutcomeList(count: cases.count)
        let progress = CheckProgress(total: cases.count)
        let started = Date()
        let selected = cases
        DispatchQueue.concurrentPerform(iterations: workers.count) { worker in
            for index in stride(from: worker, to: selected.count, by: workers.count) {
                let caseStart = Date()
                outcomes.set(index, workers[worker].run(selected[index]), seconds: Date().timeIntervalSince(caseStart))
                progress.advance(selected[index].name)
            }
        }
        progress.finish()
        var measurements: [String: (diffPixels: Int, diffRatio: Double)] = [:]
        for worker in workers.all { measurements.merge(worker.measurements) { first, _ in first } }
        let entries = zip(cases, outcomes.values).map { testCase, result -> CheckReport.Entry in
            let (outcome, seconds) = result
            var entry = CheckReport.Entry(name: testCase.name, status: .passed, diffPixels: measurements[testCase.name]?.diffPixels,
                                          diffRatio: measurements[testCase.name]?.diffRatio, reason: nil, artifacts: [], seconds: seconds,
                                          fixture: testCase.fixture)
            switch outcome {
            case .passed: break
            case .recorded: entry.status = .recorded
            case .failed(let reason, let wasRecorded):
                entry.status = .failed
                entry.rerecorded = wasRecorded
                entry.reason = reason
                entry.artifacts = GoldenHarness.artifactKinds.map { ($0, first.artifactPath(testCase, $0)) }
                    .filter { FileManager.default.fileExists(atPath: $0.1) }
                entry.layoutArtifacts = first.layoutArtifactPaths(testCase).map { ($0.kind, $0.path) }.filter { FileManager.default.fileExists(atPath: $0.1) }
            }
            return entry
        }
        // Recording without an explicit mode is not a pass: the new goldens have not been checked yet.
        let newGoldens = entries.filter { $0.status == .recorded }.count
        var report = CheckReport(entries: entries, seconds: Date().timeIntervalSince(started))
        if reporters.contains(where: { $0.kind == .html }) { report.environment = first.environment.entries }
        report.recordingFails = newGoldens > 0 && !decision.explicit
        for reporter in reporters { try report.write(reporter, attachmentsBase: arguments.value("--attachments-base") ?? ".") }
        if newGoldens > 0 && !decision.explicit {
            let note = "recorded \(newGoldens) new golden\(newGoldens == 1 ? "" : "s"); run again to verify"
            // Below the list on standard output; beside a machine-readable report there, on standard error.
            if reporters.contains(where: { [.list, .github].contains($0.kind) && $0.path == nil }) { print(note) } else { CLI.writeStandardError(note + "\n") }
            return ExitCode.differences
        }
        // `--update` (`--record failed`) succeeds when every failing case was re-recorded, as Playwright's `-u` does.
        let accepted = mode == .failed && decision.explicit
        let unresolved = entries.filter { $0.status == .failed && !(accepted && $0.rerecorded) }.count
        return unresolved == 0 ? ExitCode.success : ExitCode.differences
    }
}

extension CheckCommand {
    static func regex(_ pattern: String, option: String) throws -> Regex<AnyRegexOutput> {
        do { return try Regex(pattern) } catch {
            throw UsageError(message: "\(option) \(pattern) is not a regular expression (Swift Regex: the Perl and ICU syntax of classes, groups and quantifiers)", command: "check")
        }
    }

    /// Whether `regex` finds a match in `name`; nil without a regex.
    static func matches(_ regex: Regex<AnyRegexOutput>?, _ name: String) -> Bool? {
        regex.map { (try? $0.firstMatch(in: name)) != nil }
    }
}

/// "[k/n] case" on standard error while cases run, when it is a terminal (a CI log gets no progress lines).
private final class CheckProgress: @unchecked Sendable {
    private let total: Int
    private var done = 0
    private let lock = Lock()
    private let enabled = isatty(STDERR_FILENO) != 0 && !CLI.quiet

    init(total: Int) { self.total = total }

    func advance(_ name: String) {
        guard enabled else { return }
        lock.lock()
        defer { lock.unlock() }
        done += 1
        CLI.writeStandardError("\r\u{1B}[K[\(done)/\(total)] \(name)")
    }

    func finish() {
        if enabled { CLI.writeStandardError("\r\u{1B}[K") }
    }
}

/// Outcomes written by worker threads, read once all have finished.
private final class OutcomeList: @unchecked Sendable {
    private let lock = Lock()
    private var storage: [(GoldenHarness.Outcome, Double)]

    init(count: Int) { storage = Array(repeating: (.passed, 0), count: count) }

    func set(_ index: Int, _ outcome: GoldenHarness.Outcome, seconds: Double) {
        lock.lock()
        storage[index] = (outcome, seconds)
        lock.unlock()
    }

    var values: [(GoldenHarness.Outcome, Double)] { lock.lock(); defer { lock.unlock() }; return storage }
}
