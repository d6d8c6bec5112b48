import Foundation
import GoldenSupport
import XCTest

/// Issue 37, item 2: the suite stands on its own. No default-tier test or script reads the specification, samples
/// or C floor beside the checkout (the shared folder) or data under `.build` (outside data the slow tier fetches with
/// `scripts/setup --dev-tools`); `scripts/bench` in a clone prints ipraster's own figures and exits 0.
final class SelfContainedSuiteTests: XCTestCase {
    /// Written in two parts, so this file does not match itself.
    private let shared = ["..", "sha" + "red"].joined(separator: "/")

    private func files(under folder: String, suffix: String) throws -> [String] {
        let root = TestEnvironment.root + "/" + folder
        return try XCTUnwrap(FileManager.default.enumerator(atPath: root)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(suffix) }.map { root + "/" + $0 }.sorted()
    }

    func testNoDefaultTierTestOrScriptReadsOutsideTheRepository() throws {
        // What tests may name under .build: the products they run and the folders they write failure images to.
        let buildOutputs: Set<String> = ["release", "golden-artifacts", "snapshot-artifacts"]
        let classPattern = try NSRegularExpression(pattern: #"\bclass\s+([A-Za-z_][A-Za-z0-9_]*)\s*:\s*XCTestCase"#)
        let buildPattern = try NSRegularExpression(pattern: #"\.build/([A-Za-z0-9_-]+)"#)
        let sources = try files(under: "Tests", suffix: ".swift")
        XCTAssertGreaterThan(sources.count, 50, "the test sources")
        var slowFiles = 0
        for path in sources where path != #filePath {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let name = String(path.dropFirst(TestEnvironment.root.count + 1))
            XCTAssertFalse(text.contains(shared), "\(name) names \(shared): copy the data into Tests/Data instead")
            let range = NSRange(text.startIndex..., in: text)
            let classes = classPattern.matches(in: text, range: range).compactMap { Range($0.range(at: 1), in: text).map { String(text[$0]) } }
            let slow = !classes.isEmpty && classes.allSatisfy { $0.hasSuffix("SlowTests") }
            if slow { slowFiles += 1; continue }
            for match in buildPattern.matches(in: text, range: range) {
                guard let folder = Range(match.range(at: 1), in: text).map({ String(text[$0]) }) else { continue }
                XCTAssertTrue(buildOutputs.contains(folder), "\(name) reads .build/\(folder) in the default tier: outside data belongs to a *SlowTests class")
            }
            if !name.hasPrefix("Tests/GoldenSupport/") {
                XCTAssertFalse(text.contains("devToolData("), "\(name) needs a dev tool in the default tier: make it a *SlowTests class")
            }
        }
        XCTAssertGreaterThanOrEqual(slowFiles, 3, "ServeSlowTests, GFMSpecSlowTests and SnapshotLibrarySlowTests are the slow tier")
        // The scripts the default tier runs, and CI's entry point.
        for script in ["scripts/setup", "scripts/test", ".ci/run"] {
            let text = try String(contentsOfFile: TestEnvironment.root + "/" + script, encoding: .utf8)
            XCTAssertFalse(text.contains(shared), "\(script) names \(shared)")
        }
        // scripts/setup reaches PyPI only under --dev-tools.
        let setup = try String(contentsOfFile: TestEnvironment.root + "/scripts/setup", encoding: .utf8)
        let devTools = try XCTUnwrap(setup.range(of: #"if [ "$dev_tools" = 1 ]; then"#), "setup's --dev-tools section")
        for line in setup[..<devTools.lowerBound].split(separator: "\n") where !line.hasPrefix("#") {
            XCTAssertFalse(line.contains("pip ") || line.contains("-m venv"), "setup uses PyPI outside --dev-tools: \(line)")
        }
    }

    /// Without the shared folder (as `IPRASTER_NO_SHARED` makes it look), the benchmark prints ipraster's own figures, says
    /// what the floor's ratios need, and exits 0.
    func testTheBenchWorksInACloneOnItsOwn() throws {
        let result = try TestEnvironment.runTool(TestEnvironment.root + "/scripts/bench", ["1", "1"],
                                                 environment: ["IPRASTER_NO_SHARED": "1", "IPRASTER_BINARY": TestEnvironment.executable],
                                                 currentDirectory: TestEnvironment.root, timeoutSeconds: 300)
        XCTAssertEqual(result.status, 0, result.stderr)
        let out = result.stdoutText
        XCTAssertTrue(out.contains("the ratios to the C floor need \(shared)/bench"), out)
        XCTAssertNotNil(out.range(of: #"a_chat_answer\.sendRichMessage\.json +\d+\.\d\d +\d+\.\d\d +\d+\.\d\d"#, options: .regularExpression), out)
        XCTAssertNotNil(out.range(of: #"one-shot a_chat_answer PNG: \d+ ms, peak RSS \d+\.\d MB"#, options: .regularExpression), out)
        // Issue 44's figures (its five, the world page in both builds), each on a line of its own with its value (their
        // ratios need the floor).
        // (With IPRASTER_BINARY the one-shot figures are that build's, labelled so.)
        for figure in [#"one-shot time, the given build: \d+ ms"#, #"page in process: \d+\.\d ms"#, #"one-shot peak RSS, release build: \d+\.\d MB"#,
                       #"one-shot peak RSS, the given build: \d+\.\d MB"#, #"one-shot peak RSS, world page, the given build: \d+\.\d MB"#,
                       #"one-shot peak RSS, world page, release build: \d+\.\d MB"#] {
            XCTAssertNotNil(out.range(of: "\n  " + figure + " \\(goal <= ", options: .regularExpression), "\(figure): \(out)")
        }
        // Issue 56: an animated export's peak, the tool and ffmpeg together, does not grow with its duration.
        if TestEnvironment.ffmpeg != nil {
            let line = try XCTUnwrap(groups(#"4 s peak (\d+\.\d) MB vs 1 s (\d+\.\d) MB = (\d+\.\d\d)x \(goal <= 1\.3x\)"#, in: out), out)
            XCTAssertLessThanOrEqual(try XCTUnwrap(Double(line[2])), 1.3, out)
        }
    }

    private func groups(_ pattern: String, in text: String) -> [String]? {
        guard let regex = try? NSRegularExpression(pattern: pattern),
              let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) else { return nil }
        return (1..<match.numberOfRanges).compactMap { Range(match.range(at: $0), in: text).map { String(text[$0]) } }
    }
}
