import CommandCatalog
import Foundation
import GoldenSupport
@testable import Commands
import XCTest

/// Issue 16, item 6 and issue 26, item 5: the committed man page is the current one (scripts/generate-man), written
/// from the same table as the help and the parser, and the completion scripts know every command and option.
final class CLIManPageTests: XCTestCase {
    private func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws -> (Int32, String) {
        let result = try TestEnvironment.runTool(executable, arguments, environment: environment, currentDirectory: TestEnvironment.root)
        return (result.status, result.stdoutText)
    }

    func testTheManPageIsCurrentAndHasTheSectionsOfAManPage() throws {
        let fresh = try TestEnvironment.temporaryDirectory() + "/ipraster.1"
        let (status, _) = try run(TestEnvironment.root + "/scripts/generate-man", [fresh], environment: ["IPRASTER_BINARY": TestEnvironment.executable])
        XCTAssertEqual(status, 0)
        let committed = try String(contentsOfFile: TestEnvironment.root + "/docs/ipraster.1", encoding: .utf8)
        XCTAssertEqual(try String(contentsOfFile: fresh, encoding: .utf8), committed,
                       "docs/ipraster.1 is out of date: run scripts/generate-man and commit it")
        // man-pages(7): the sections in their conventional order.
        let sections = committed.split(separator: "\n").filter { $0.hasPrefix(".SH ") }.map { String($0.dropFirst(4)) }
        XCTAssertEqual(sections, ["NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "COMMANDS", "EXIT STATUS", "ENVIRONMENT", "EXAMPLES", "SEE ALSO"])
        let subsections = Set(committed.split(separator: "\n").filter { $0.hasPrefix(".SS ") }.map { String($0.dropFirst(4)) })
        for command in ["render", "layout", "reveal", "compare", "check", "bench", "math", "markdown", "classify", "fonts", "theme", "completion"] {
            XCTAssertTrue(subsections.contains(command), "COMMANDS has \(command)")
        }
        for option in [#"\-\-reporter NAME[=FILE]"#, #"\-\-width PT"#, #"\-\-start\-number N"#, #"\-\-max\-diff\-ratio R"#] {
            XCTAssertTrue(committed.contains(".B " + option), option)
        }
        for variable in ["IPRASTER_FONTS_DIR", "IPRASTER_RECORD", "IPRASTER_ARTIFACTS", "NO_COLOR", "CI"] {
            XCTAssertTrue(committed.contains(".B " + variable), variable)
        }
        let wide = committed.split(separator: "\n").filter { $0.count > 80 }
        XCTAssertEqual(wide, [], "source lines within 80 columns")
        // As man shows it on an 80-column terminal: nothing wider (groff-base is installed by scripts/setup).
        let rendered = try TestEnvironment.runTool("/usr/bin/groff", ["-man", "-Tutf8", "-rLL=80n", "-P-c", "-P-b", "-P-u", fresh])
        XCTAssertEqual(rendered.status, 0, rendered.stderr)
        XCTAssertEqual(rendered.stderr, "", "groff has no complaint")
        let lines = rendered.stdoutText.split(separator: "\n")
        XCTAssertGreaterThan(lines.count, 300)
        XCTAssertEqual(lines.filter { $0.count > 80 }, [], "rendered within 80 columns")
        XCTAssertTrue(lines.contains { $0.hasPrefix("       ipraster check FIXTURES_DIR --golden DIR") }, "SYNOPSIS shows plain hyphens")
    }

    /// Help and parsing read one table: every option a command's help lists is taken by its parser (a command line
    /// of all of them ends at the one unknown option put last), and an option its help does not list is unknown.
    func testEveryDocumentedOptionIsParsedAndNoOtherIs() throws {
        for command in ["render", "layout", "reveal", "compare", "check", "bench", "math", "markdown", "classify", "fonts"] {
            let (_, help) = try run(TestEnvironment.executable, [command, "--help"])
            var arguments: [String] = [command]
            // An option line: "  -o, --output FILE", "  --width PT", then two spaces and the help, or the end of the line.
            let pattern = try NSRegularExpression(pattern: #"^  (?:-\S+, )?(-[^\s,]+)( \S+)?(?:  |$)"#)
            for line in help.split(separator: "\n").map(String.init) {
                guard let match = pattern.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)),
                      let name = Range(match.range(at: 1), in: line).map({ String(line[$0]) }), name != "--" else { continue }
                if ["--help", "--quiet", "--verbose"].contains(name) { continue }
                arguments.append(name)
                // A value of the option's domain (`OptionDomain.example`); "1" where any number or text goes.
                let example = CommandSpec.named(command)?.option(name)?.domain?.example
                if match.range(at: 2).location != NSNotFound { arguments.append(example ?? (name == "--theme" ? "day" : "1")) }
            }
            XCTAssertGreaterThan(arguments.count, 1, "\(command) documents options")
            let result = try TestEnvironment.run(arguments + ["--zz-not-an-option"])
            XCTAssertEqual(result.status, 2, command)
            XCTAssertTrue(result.stderr.contains("unknown option --zz-not-an-option"), "\(command): \(result.stderr)")
        }
        // Render options the markdown command's help does not list are not markdown's.
        let result = try TestEnvironment.run(["markdown", "x.md", "--width", "300"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("--width does not apply to markdown"), result.stderr)
    }

    /// The help fits an 80-column terminal.
    func testHelpTextsFitEightyColumns() throws {
        for command in ["", "render", "layout", "reveal", "compare", "check", "bench", "math", "markdown", "classify", "fonts", "theme", "completion"] {
            let (status, help) = try run(TestEnvironment.executable, command.isEmpty ? ["--help"] : [command, "--help"])
            XCTAssertEqual(status, 0, command)
            XCTAssertEqual(help.split(separator: "\n").filter { $0.count > 80 }, [], command)
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
