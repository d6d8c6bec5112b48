import Foundation
import Layout
import GoldenKit
import Raster

/// `ipraster check FIXTURES_DIR --golden DIR [--record MODE] [options]`: the golden harness for
/// users' own fixture folders (the same harness the test suite uses).
enum CheckCommand {
    static func run(_ arguments: [String]) throws -> Int32 {
        let parsed = try CompareArguments.parse(arguments, command: "check")
        var positional: [String] = []
        var golden: String?
        var recordFlag: GoldenHarness.RecordMode?
        var report: String?
        var artifacts = ProcessInfo.processInfo.environment["IPRASTER_ARTIFACTS"] ?? ".build/golden-artifacts"
        var jobs = ProcessInfo.processInfo.activeProcessorCount
        var index = 0
        let rest = parsed.remaining
        func value(_ name: String) throws -> String {
            guard index + 1 < rest.count else { throw UsageError(message: "\(name) needs a value", command: "check") }
            index += 1
            return rest[index]
        }
        while index < rest.count {
            let argument = rest[index]
            switch argument {
            case "--golden": golden = try value(argument)
            case "--record":
                let mode = try value(argument)
                guard let parsedMode = GoldenHarness.RecordMode(rawValue: mode) else {
                    throw UsageError(message: "--record must be all, missing, failed or never, not \(mode)", command: "check")
                }
                recordFlag = parsedMode
            case "--report": report = try value(argument)
            case "--artifacts": artifacts = try value(argument)
            case "--jobs":
                let text = try value(argument)
                guard let count = Int(text), count > 0 else { throw UsageError(message: "--jobs needs a positive whole number", command: "check") }
                jobs = count
            default:
                if argument.hasPrefix("-") { throw UsageError(message: "unknown option \(argument)", command: "check") }
                positional.append(argument)
            }
            index += 1
        }
        guard positional.count == 1 else { throw UsageError(message: "expected one FIXTURES_DIR", command: "check") }
        guard let golden else { throw UsageError(message: "missing --golden DIR", command: "check") }
        let decision: GoldenHarness.RecordDecision
        do { decision = try GoldenHarness.effectiveMode(flag: recordFlag) } catch {
            throw UsageError(message: "\(error)", command: "check")
        }
        if let warning = decision.warning { CLI.printWarning(warning) }
        let mode = decision.mode
        // One harness (and Pango/Cairo pipeline) per worker thread: Pango objects are not thread-safe.
        func makeHarness() throws -> GoldenHarness {
            GoldenHarness(fixtures: positional[0], golden: golden, record: mode, compare: parsed.options, budget: parsed.budget,
                          artifacts: artifacts, pipeline: try RenderPipeline(processDefault: true))
        }
        let first = try makeHarness()
        let cases: [GoldenHarness.Case]
        do { cases = try first.discover() } catch let error as GoldenHarness.NoCases {
            throw UsageError(message: error.description, command: "check")
        }
        let workers = try [first] + (1..<max(1, min(jobs, cases.count))).map { _ in try makeHarness() }
        let outcomes = OutcomeList(count: cases.count)
        DispatchQueue.concurrentPerform(iterations: workers.count) { worker in
            for index in stride(from: worker, to: cases.count, by: workers.count) {
                outcomes.set(index, workers[worker].run(cases[index]))
            }
        }
        var passed = 0, failed = 0, recorded = 0
        var failures: [(String, String)] = []
        for (testCase, outcome) in zip(cases, outcomes.values) {
            switch outcome {
            case .passed: passed += 1
            case .recorded:
                recorded += 1
                print("recorded \(testCase.name)")
            case .failed(let reason, let wasRecorded):
                failed += 1
                if wasRecorded { recorded += 1 }
                failures.append((testCase.name, reason))
                print("FAIL \(testCase.name): \(reason)")
            }
        }
        if let report { try writeReport(report, failures: failures, artifacts: artifacts) }
        print("\(passed) passed, \(failed) failed" + (recorded > 0 ? ", \(recorded) recorded" : ""))
        // Recording without an explicit mode is not a pass: the new goldens have not been checked yet.
        let newGoldens = recorded - failures.count
        if newGoldens > 0 && !decision.explicit {
            print("recorded \(newGoldens) new golden\(newGoldens == 1 ? "" : "s"); run again to verify")
            return ExitCode.differences
        }
        return failed == 0 ? ExitCode.success : ExitCode.differences
    }

    static func writeReport(_ path: String, failures: [(String, String)], artifacts: String) throws {
        var html = "<!doctype html><meta charset=utf-8><title>ipraster check</title>"
            + "<style>body{font:14px sans-serif}img{max-width:32%;border:1px solid #ccc;margin:2px}</style>"
            + "<h1>\(failures.count) failing case(s)</h1>"
        let base = URL(fileURLWithPath: artifacts).standardizedFileURL.path
        for (name, reason) in failures {
            let escaped = reason.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            html += "<h2>\(name)</h2><p>\(escaped)</p>"
            for suffix in ["expected", "actual", "diff"] { html += "<img alt=\"\(suffix)\" src=\"file://\(base)/\(name).\(suffix).png\">" }
        }
        try AtomicFile.write(Array(html.utf8), to: path)
    }
}

/// Outcomes written by worker threads, read once all have finished.
private final class OutcomeList: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [GoldenHarness.Outcome]

    init(count: Int) { storage = Array(repeating: .passed, count: count) }

    func set(_ index: Int, _ outcome: GoldenHarness.Outcome) {
        lock.lock()
        storage[index] = outcome
        lock.unlock()
    }

    var values: [GoldenHarness.Outcome] { lock.lock(); defer { lock.unlock() }; return storage }
}
