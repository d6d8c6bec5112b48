import Foundation
import GoldenSupport
import XCTest

/// Issue 26, item 5 (in part): a misspelt option gets a suggestion from the options its command documents,
/// `help` of no command is a usage error, and the completion scripts complete each command's own options and
/// the values of options with a fixed vocabulary (the values the contract lists).
final class CLIOptionSuggestionTests: XCTestCase {
    private func stderr(_ arguments: [String]) throws -> (Int32, String) {
        let result = try TestEnvironment.run(arguments)
        return (result.status, result.stderr)
    }

    func testAMisspeltOptionGetsTheNearestOptionOfItsCommand() throws {
        let (status, message) = try stderr(["--widht", "300", "x.json", "-o", "x.png"])
        XCTAssertEqual(status, 2)
        XCTAssertTrue(message.contains("unknown option --widht (did you mean --width?)"), message)
        // A transposition and a single dash are one step away; the suggestion is the command's own option.
        XCTAssertTrue(try stderr(["math", "x", "--sise", "3", "-o", "x.png"]).1.contains("(did you mean --size?)"))
        XCTAssertTrue(try stderr(["check", "Tests/Fixtures", "--golden", "g", "--recrod", "all"]).1.contains("(did you mean --record?)"))
        XCTAssertTrue(try stderr(["-theme", "night", "x.json", "-o", "x.png"]).1.contains("(did you mean --theme?)"))
        // Nothing near: no guess.
        let (_, far) = try stderr(["--zzzzzzzz", "x.json", "-o", "x.png"])
        XCTAssertTrue(far.contains("unknown option --zzzzzzzz"), far)
        XCTAssertFalse(far.contains("did you mean"), far)
    }

    /// Issue 36: an option that does nothing for a command is refused with where it belongs (a usage error, nothing
    /// written), and so is an unknown `--locale`; the global options are rows read wherever they stand.
    func testAnOptionOutsideItsCommandsIsAUsageErrorThatSaysWhereItBelongs() throws {
        let folder = try TestEnvironment.temporaryDirectory()
        let input = folder + "/page.json", output = folder + "/page.png"
        try Data(#"{"blocks": [{"type": "paragraph", "text": "hi"}]}"#.utf8).write(to: URL(fileURLWithPath: input))
        let cases: [([String], String)] = [
            ([input, "-o", output, "--reveal-rects"], "--reveal-rects does not apply to render: it is an option of layout"),
            (["layout", input, "--format", "svg"], "--format does not apply to layout"),
            (["layout", input, "--format=svg"], "--format does not apply to layout"),
            (["math", "x", "-o", output, "--width", "300"], "--width does not apply to math"),
            (["compare", input, input, "-o", folder + "/d.jpg"], "the diff image is a PNG"),
            ([input, "-o", output, "--locale", "xx-nonsense"], #"--locale: expected a locale tag: an ISO 639 language"#),
            (["math", "x", "-o", output, "--locale", "xx"], #"--locale: expected a locale tag"#),
            (["math", "x", "-o", output, "--locale", "EN"], #"found "EN""#),
        ]
        for (arguments, message) in cases {
            let (status, text) = try stderr(arguments)
            XCTAssertEqual(status, 2, "\(arguments): \(text)")
            XCTAssertTrue(text.contains(message), "\(arguments): \(text)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: output), "\(arguments) wrote \(output)")
        }
        for locale in ["zh-Hant-TW", "pt-BR", "sr-Latn"] {
            XCTAssertEqual(try TestEnvironment.run([input, "-o", output, "--locale", locale]).status, 0, locale)
        }
        // -q, -v and --help are rows of the global table: before or after the command, any order.
        let verbose = try TestEnvironment.run(["-v", input, "-o", output])
        XCTAssertTrue(verbose.stderr.contains("→"), verbose.stderr)
        XCTAssertEqual(try TestEnvironment.run(["layout", input, "-q"]).stderr, "")
        for arguments in [["--help", "math"], ["math", "--help"], ["math", "-h"], ["-q", "math", "--help"]] {
            let help = try TestEnvironment.run(arguments)
            XCTAssertEqual(help.status, 0, "\(arguments)")
            XCTAssertTrue(help.stdoutText.hasPrefix("USAGE\n  ipraster math"), "\(arguments): \(help.stdoutText.prefix(80))")
        }
        XCTAssertFalse(try TestEnvironment.run(["render", "--help"]).stdoutText.contains("--reveal-rects"))
        XCTAssertTrue(try TestEnvironment.run(["layout", "--help"]).stdoutText.contains("--reveal-rects"))
    }

    func testCheckNamesAnUnknownOptionBeforeItsOperands() throws {
        let (status, message) = try stderr(["check", "Tests/Fixtures", "--filter", "x"])
        XCTAssertEqual(status, 2)
        XCTAssertTrue(message.contains("unknown option --filter"), message)
        XCTAssertFalse(message.contains("expected one FIXTURES_DIR"), message)
    }

    func testHelpOfNoCommandIsAUsageError() throws {
        let (status, message) = try stderr(["help", "nonexistent"])
        XCTAssertEqual(status, 2)
        XCTAssertTrue(message.contains("not a command"), message)
        XCTAssertTrue(try stderr(["help", "chek"]).1.contains("(did you mean check?)"))
        XCTAssertEqual(try stderr(["--help", "chek"]).0, 2)
        XCTAssertTrue(try stderr(["--help", "chek"]).1.contains("(did you mean check?)"))
        XCTAssertEqual(try TestEnvironment.run(["help", "check"]).status, 0)
    }

    /// Completes `words` (the last one being completed) with the bash script, as bash's programmable completion
    /// calls it.
    private func bashCompletion(_ words: [String]) throws -> [String] {
        let script = try TestEnvironment.run(["completion", "bash"]).stdoutText
        let directory = try TestEnvironment.temporaryDirectory()
        try script.write(toFile: directory + "/ipraster.bash", atomically: true, encoding: .utf8)
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let driver = """
        source '\(directory)/ipraster.bash'
        COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); COMPREPLY=()
        cd '\(directory)' && _ipraster && printf '%s\\n' "${COMPREPLY[@]}"
        """
        let result = try TestEnvironment.runTool("/bin/bash", ["-c", driver])
        XCTAssertEqual(result.status, 0, result.stderr)
        return result.stdoutText.split(separator: "\n").map(String.init)
    }

    func testCompletionOffersEachCommandsOptionsAndValues() throws {
        // cli-contract.md: the record modes, the reporters, the built-in themes, the reveal formats.
        XCTAssertEqual(Set(try bashCompletion(["ipraster", "check", "dir", "--record", ""])), ["all", "missing", "failed", "never"])
        XCTAssertEqual(Set(try bashCompletion(["ipraster", "check", "dir", "--reporter", ""])), ["list", "json", "junit", "html", "github"])
        XCTAssertEqual(Set(try bashCompletion(["ipraster", "page.json", "--theme", ""])), ["day", "day-classic", "night"])
        XCTAssertEqual(Set(try bashCompletion(["ipraster", "reveal", "x.json", "--format", ""])), ["png", "apng", "gif", "mp4"])
        XCTAssertEqual(Set(try bashCompletion(["ipraster", "completion", ""])), ["bash", "zsh", "fish"])
        // Options are the command's own: math has --size, check has --golden, and neither offers the other's.
        let math = try bashCompletion(["ipraster", "math", "--"])
        XCTAssertTrue(math.contains("--size"), "\(math)")
        XCTAssertFalse(math.contains("--golden"), "\(math)")
        let check = try bashCompletion(["ipraster", "check", "--"])
        XCTAssertTrue(check.contains("--golden"), "\(check)")
        XCTAssertFalse(check.contains("--size"), "\(check)")
    }
}
