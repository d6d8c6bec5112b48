import Foundation
import GoldenSupport
import XCTest

/// Issue 16, item 6: the committed man page is the current help (scripts/generate-man), and the completion
/// scripts know every command and option.
final class CLIManPageTests: XCTestCase {
    private func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws -> (Int32, String) {
        let result = try TestEnvironment.runTool(executable, arguments, environment: environment, currentDirectory: TestEnvironment.root)
        return (result.status, result.stdoutText)
    }

    func testTheManPageMatchesTheHelp() throws {
        let fresh = try TestEnvironment.temporaryDirectory() + "/ipraster.1"
        let (status, _) = try run(TestEnvironment.root + "/scripts/generate-man", [fresh], environment: ["IPRASTER_BINARY": TestEnvironment.executable])
        XCTAssertEqual(status, 0)
        let committed = try String(contentsOfFile: TestEnvironment.root + "/docs/ipraster.1", encoding: .utf8)
        XCTAssertEqual(try String(contentsOfFile: fresh, encoding: .utf8), committed,
                       "docs/ipraster.1 is out of date: run scripts/generate-man and commit it")
        for section in ["COMMAND: CHECK", "COMMAND: REVEAL", "COMMAND: COMPLETION", "--reporter NAME[=FILE]"] {
            XCTAssertTrue(committed.contains(section), section)
        }
    }

    func testCompletionScriptsKnowEveryCommandAndOption() throws {
        let (status, bash) = try run(TestEnvironment.executable, ["completion", "bash"])
        XCTAssertEqual(status, 0)
        // bash parses it.
        let file = try TestEnvironment.temporaryDirectory() + "/ipraster.bash"
        try bash.write(toFile: file, atomically: true, encoding: .utf8)
        XCTAssertEqual(try run("/bin/bash", ["-n", file]).0, 0)
        let (_, help) = try run(TestEnvironment.executable, ["check", "--help"])
        for option in ["--reporter", "--shard", "--golden"] { XCTAssertTrue(help.contains(option)) }
        for shell in ["bash", "zsh", "fish"] {
            let (code, script) = try run(TestEnvironment.executable, ["completion", shell])
            XCTAssertEqual(code, 0, shell)
            for word in ["render", "layout", "reveal", "compare", "check", "bench", "math", "markdown", "classify", "theme",
                         "reporter", "shard", "manifest", "start-number", "loop", "quiet", "width", "theme"] {
                XCTAssertTrue(script.contains(word), "\(shell): \(word)")
            }
        }
        XCTAssertNotEqual(try run(TestEnvironment.executable, ["completion", "tcsh"]).0, 0)
    }
}
