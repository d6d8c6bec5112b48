import Foundation
import GoldenSupport
import Images
import ProcessSupport
import RichMessageRenderer
import XCTest

/// Issue 16, item 6: command-line details a user hit.
final class CLIPolishTests: XCTestCase {
    var directory = ""

    override func setUpWithError() throws {
        directory = try TestEnvironment.temporaryDirectory()
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// 100 × 100 white images, the second with one black pixel: a difference ratio of 1/10 000.
    private func pair() throws -> (String, String) {
        var image = RGBAImage(width: 100, height: 100, fill: (255, 255, 255, 255))
        let plain = directory + "/a.png", dotted = directory + "/b.png"
        try AtomicFile.write(try PNGCodec.encode(image, opaque: true), to: plain)
        image.pixels[0] = 0; image.pixels[1] = 0; image.pixels[2] = 0
        try AtomicFile.write(try PNGCodec.encode(image, opaque: true), to: dotted)
        return (plain, dotted)
    }

    func testCompareJSONKeepsTheExactRatio() throws {
        let (plain, dotted) = try pair()
        let result = try TestEnvironment.run(["compare", plain, dotted, "--json"])
        XCTAssertEqual(result.status, 1)
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any]
        XCTAssertEqual(object?["diffPixels"] as? Int, 1)
        XCTAssertEqual(object?["diffRatio"] as? Double, 0.0001, result.stdoutText)
    }

    func testCompareWithTheDiffOnStandardOutputWritesOnlyThePNGThere() throws {
        let (plain, dotted) = try pair()
        for extra in [[], ["--json"]] {
            let result = try TestEnvironment.run(["compare", plain, dotted, "-o", "-"] + extra)
            XCTAssertEqual(result.status, 1)
            let diff = try PNGCodec.decode(result.stdout)
            XCTAssertEqual(diff.width, 100)
            XCTAssertEqual(Array(result.stdout.suffix(8)), [0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82], "the PNG's IEND chunk ends stdout")
            XCTAssertTrue(result.stderr.contains(extra.isEmpty ? "1 pixels" : "\"diffPixels\":1"), result.stderr)
        }
    }

    func testThemeHelp() throws {
        for arguments in [["theme", "--help"], ["help", "theme"], ["theme", "-h"]] {
            let result = try TestEnvironment.run(arguments)
            XCTAssertEqual(result.status, 0, "\(arguments)")
            XCTAssertTrue(result.stdoutText.hasPrefix("USAGE\n  ipraster theme day|day-classic|night\n"), result.stdoutText)
            XCTAssertTrue(result.stdoutText.contains("--theme FILE"))
        }
    }

    func testAMistypedCommandIsNamedWithASuggestion() throws {
        for (typo, meant) in [("rendr", "render"), ("chekc", "check"), ("lyout", "layout"), ("revel", "reveal")] {
            let result = try TestEnvironment.run([typo, "x.json"], currentDirectory: directory)
            XCTAssertEqual(result.status, 2)
            XCTAssertEqual(result.stderr, "ipraster: error: unknown command \(typo) (did you mean \(meant)?); see ipraster --help\n")
        }
        // A file of that name is an input, not a typo.
        try #"{"blocks": [{"type": "paragraph", "text": "hi"}]}"#.write(toFile: directory + "/rendr", atomically: true, encoding: .utf8)
        let file = try TestEnvironment.run(["rendr", "-o", directory + "/out.png"], currentDirectory: directory)
        XCTAssertEqual(file.status, 0, file.stderr)
    }

    func testAnAttachedOutputNameIsRead() throws {
        let input = directory + "/in.json"
        try #"{"blocks": [{"type": "paragraph", "text": "attached"}]}"#.write(toFile: input, atomically: true, encoding: .utf8)
        let result = try TestEnvironment.run([input, "-o" + directory + "/out.png"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertNoThrow(try PNGCodec.decode(try FileContents.read(directory + "/out.png")))
    }

    /// Issue 16, item 7: inputs that are not rich messages say what they are.
    func testPlainMessagesAndTelegraphContentAreNamed() throws {
        let plain = #"{"message_id": 5, "date": 0, "chat": {"id": 1, "type": "private"}, "text": "hello", "entities": [{"type": "bold", "offset": 0, "length": 5}]}"#
        let update = #"{"update_id": 1, "message": {"message_id": 2, "date": 0, "chat": {"id": 1, "type": "private"}, "caption": "a photo"}}"#
        let sample = TestEnvironment.root + "/Tests/Data/samples/other/telegraph-page-nodes.json"
        var cases: [(String, String, String)] = [(plain, "$", "plain Telegram message"), (update, "$.message", "plain Telegram message"),
                                                 (#"["Text", {"tag": "p", "children": ["para"]}]"#, "$", "Telegraph content")]
        if let page = try? String(contentsOfFile: sample, encoding: .utf8) { cases.append((page, "$.content", "Telegraph content")) }
        for (json, path, kind) in cases {
            let result = try TestEnvironment.run(["-", "-o", directory + "/out.png"], stdin: Array(json.utf8))
            XCTAssertEqual(result.status, 2, json)
            XCTAssertTrue(result.stderr.hasPrefix("ipraster: error: at \(path): this is \(kind == "Telegraph content" ? "" : "a ")\(kind)"), result.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: directory + "/out.png"))
        }
    }

    func testQuietVerboseAndMediaFolderMessages() throws {
        let fixture = TestEnvironment.root + "/Tests/Fixtures/formula/fallback.json"
        let loud = try TestEnvironment.run([fixture, "-o", directory + "/a.png"])
        XCTAssertTrue(loud.stderr.contains("warning: at $.blocks[1]: cannot typeset"), loud.stderr)
        for flag in ["--quiet", "-q"] {
            let quiet = try TestEnvironment.run([fixture, "-o", directory + "/b.png", flag])
            XCTAssertEqual(quiet.status, 0)
            XCTAssertEqual(quiet.stderr, "", flag)
        }
        XCTAssertEqual(try FileContents.read(directory + "/a.png"), try FileContents.read(directory + "/b.png"))
        let verbose = try TestEnvironment.run(["-v", fixture, "-o", directory + "/c.png", "--quiet"])
        XCTAssertTrue(verbose.stderr.hasPrefix("ipraster: \(fixture) → \(directory)/c.png: PNG "), verbose.stderr)
        XCTAssertTrue(verbose.stderr.contains(" bytes, "), verbose.stderr)
        // --media errors name the option (exit 3: a missing folder).
        let missing = try TestEnvironment.run([fixture, "-o", directory + "/d.png", "--media", directory + "/nowhere"])
        XCTAssertEqual(missing.status, 3)
        XCTAssertEqual(missing.stderr, "ipraster: error: --media \(directory)/nowhere: no such folder\n")
        let file = try TestEnvironment.run([fixture, "-o", directory + "/d.png", "--media", fixture])
        XCTAssertTrue(file.stderr.contains("--media \(fixture): not a folder"), file.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory + "/d.png"))
    }

    /// On a terminal the error label is red, unless NO_COLOR is set (util-linux `script` gives it a terminal).
    func testColoursOnATerminalOnlyWithoutNoColor() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else { throw XCTSkip("script (bsdutils) is not installed") }
        func onTerminal(_ environment: [String: String]) throws -> String {
            try TestEnvironment.runTool("/usr/bin/script", ["-qec", "\(TestEnvironment.executable) \(directory)/missing.json -o \(directory)/x.png",
                                                            "/dev/null"], environment: environment).stdoutText
        }
        XCTAssertTrue(try onTerminal(["NO_COLOR": "", "TERM": "xterm"]).contains("\u{1B}[1;31merror:\u{1B}[0m"))
        let plain = try onTerminal(["NO_COLOR": "1", "TERM": "xterm"])
        XCTAssertTrue(plain.contains("ipraster: error: no such file") && !plain.contains("\u{1B}["), plain)
        // Not a terminal (the other tests' pipes): never coloured.
        XCTAssertFalse(try TestEnvironment.run([directory + "/missing.json", "-o", directory + "/x.png"]).stderr.contains("\u{1B}["))
    }

    func testDoubleDashEndsOptions() throws {
        try #"{"blocks": [{"type": "paragraph", "text": "dash"}]}"#.write(toFile: directory + "/-dash.json", atomically: true, encoding: .utf8)
        XCTAssertEqual(try TestEnvironment.run(["-dash.json", "-o", "a.png"], currentDirectory: directory).status, 2, "an option without --")
        let ended = try TestEnvironment.run(["-o", "a.png", "--", "-dash.json"], currentDirectory: directory)
        XCTAssertEqual(ended.status, 0, ended.stderr)
        XCTAssertNoThrow(try PNGCodec.decode(try FileContents.read(directory + "/a.png")))
        XCTAssertEqual(try TestEnvironment.run(["layout", "--", "-dash.json"], currentDirectory: directory).status, 0)
        // math's formula may start with a minus sign.
        XCTAssertEqual(try TestEnvironment.run(["math", "-x^2", "-o", "m.png"], currentDirectory: directory).status, 2)
        let formula = try TestEnvironment.run(["math", "-o", "m.png", "--", "-x^2"], currentDirectory: directory)
        XCTAssertEqual(formula.status, 0, formula.stderr)
    }

    /// The bubble/author-color golden must show the option: without it the same fixture draws other pixels.
    func testTheAuthorColorGoldenExercisesTheOption() throws {
        let fixture = TestEnvironment.root + "/Tests/Fixtures/bubble/author-color.json"
        XCTAssertEqual(try String(contentsOfFile: TestEnvironment.root + "/Tests/Fixtures/bubble/author-color.args", encoding: .utf8),
                       "--author-color 0 --time 8:05\n")
        _ = try TestEnvironment.run([fixture, "-o", directory + "/with.png", "--author-color", "0", "--time", "8:05"])
        _ = try TestEnvironment.run([fixture, "-o", directory + "/without.png", "--time", "8:05"])
        let compare = try TestEnvironment.run(["compare", directory + "/with.png", directory + "/without.png", "--json", "--threshold", "0"])
        let result = try JSONSerialization.jsonObject(with: Data(compare.stdout)) as? [String: Any]
        XCTAssertGreaterThan(result?["diffPixels"] as? Int ?? 0, 1_000, compare.stdoutText)
    }

    func testLayoutWritesToAFile() throws {
        let input = directory + "/in.json"
        try #"{"blocks": [{"type": "paragraph", "text": "layout to a file"}]}"#.write(toFile: input, atomically: true, encoding: .utf8)
        let printed = try TestEnvironment.run(["layout", input])
        let written = try TestEnvironment.run(["layout", input, "-o", directory + "/layout.json"])
        XCTAssertEqual(written.status, 0, written.stderr)
        XCTAssertTrue(written.stdout.isEmpty)
        XCTAssertEqual(try FileContents.read(directory + "/layout.json"), printed.stdout)
        XCTAssertEqual(try TestEnvironment.run(["layout", input, "-o"]).status, 2)
    }

    /// -v says what each command wrote (where, what, how big, how long) on standard error; without it, nothing.
    func testVerboseSaysWhatEveryCommandWrote() throws {
        let directory = try TestEnvironment.temporaryDirectory()
        let input = directory + "/in.json"
        try #"{"blocks": [{"type": "paragraph", "text": "said"}]}"#.write(toFile: input, atomically: true, encoding: .utf8)
        let runs: [([String], String)] = [
            ([input, "-o", directory + "/r.png"], "PNG "),
            (["layout", input], "layout JSON, 1 item, "),
            (["markdown", input], "Markdown, 1 block, "),
            (["math", "x^2", "-o", directory + "/m.svg"], "formula → \(directory)/m.svg: SVG "),
            (["reveal", input, "--at", "0.2", "-o", directory + "/f.png"], "at 0.2 s → \(directory)/f.png: PNG "),
            (["reveal", input, "-o", directory + "/frames/", "--fps", "10"], "PNG frames"),
            (["compare", directory + "/r.png", directory + "/r.png", "-o", directory + "/d.png"], "diff → \(directory)/d.png: PNG "),
        ]
        for (arguments, expected) in runs {
            let quiet = try TestEnvironment.run(arguments)
            XCTAssertEqual(quiet.status, 0, "\(arguments): \(quiet.stderr)")
            XCTAssertEqual(quiet.stderr, "", "\(arguments) says nothing without -v")
            let verbose = try TestEnvironment.run(arguments + ["-v"])
            XCTAssertEqual(verbose.status, 0, "\(arguments)")
            XCTAssertTrue(verbose.stderr.hasPrefix("ipraster: ") && verbose.stderr.contains(expected), "\(arguments): \(verbose.stderr)")
            if !arguments.contains("compare") && !arguments.contains(where: { $0.hasSuffix("frames/") }) { XCTAssertTrue(verbose.stderr.contains(" bytes, "), verbose.stderr) }
        }
    }
}
