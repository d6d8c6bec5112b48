import Foundation
import GoldenSupport
import XCTest

/// libipraster (issue 59): the header compiles as C and C++ with every warning an error, and a C program
/// (Tests/CLibrary/render.c) linked against the checkout's .build/release/libipraster.so renders with the command
/// line's bytes, layout JSON, warnings and errors.
final class CLibraryTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = try TestEnvironment.temporaryDirectory()
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// .build/release/libipraster.so, which scripts/setup links to the product's file.
    static var library: String { (TestEnvironment.executable as NSString).deletingLastPathComponent + "/libipraster.so" }

    func testTheHeaderCompilesAsCAndCPlusPlusWithoutWarnings() throws {
        let header = TestEnvironment.root + "/include/ipraster.h"
        for (compiler, language, standard) in [("/usr/bin/cc", "c", "-std=c99"), ("/usr/bin/c++", "c++", "-std=c++11")] {
            let result = try TestEnvironment.runTool(compiler, ["-x", language, standard, "-Wall", "-Wextra", "-Werror", "-pedantic", "-fsyntax-only", header])
            XCTAssertEqual(result.status, 0, "\(language): \(result.stderr)")
        }
        // Self-contained: a C++ file that includes only the header calls every function with C linkage.
        let source = folder + "/uses.cpp"
        try """
            #include <ipraster.h>
            int main() {
                ipr_renderer *renderer = ipr_renderer_new();
                ipr_result *result = ipr_render(renderer, "{", 1, nullptr);
                size_t length = 0;
                int ok = ipr_result_status(result) == IPR_INPUT_ERROR && ipr_result_data(result, &length) == nullptr
                    && ipr_result_warnings(result) != nullptr && ipr_result_layout(result) == nullptr && ipr_result_annotations(result) == nullptr
                    && ipr_result_error_message(result) != nullptr && ipr_result_error_kind(result) != nullptr;
                (void)ipr_result_error_location(result);
                ipr_result_free(result);
                ipr_renderer_free(renderer);
                return ok && ipr_version() != nullptr ? 0 : 1;
            }
            """.write(toFile: source, atomically: true, encoding: .utf8)
        let directory = (Self.library as NSString).deletingLastPathComponent
        let built = try TestEnvironment.runTool("/usr/bin/c++", ["-Wall", "-Wextra", "-Werror", "-I", TestEnvironment.root + "/include", source,
                                                                  "-L", directory, "-lipraster", "-Wl,-rpath," + directory, "-o", folder + "/uses"])
        XCTAssertEqual(built.status, 0, built.stderr)
        let ran = try TestEnvironment.runTool(folder + "/uses", [])
        XCTAssertEqual(ran.status, 0, "malformed JSON is an input error, with a message and a kind, and no output or layout")
    }

    /// Builds Tests/CLibrary/render.c against the checkout's library.
    private func program() throws -> String {
        XCTAssertTrue(FileManager.default.fileExists(atPath: Self.library), "\(Self.library) is missing: scripts/setup makes it")
        let directory = (Self.library as NSString).deletingLastPathComponent, binary = folder + "/render"
        let built = try TestEnvironment.runTool("/usr/bin/cc", ["-std=c99", "-Wall", "-Wextra", "-Werror", "-I", TestEnvironment.root + "/include",
                                                                 TestEnvironment.root + "/Tests/CLibrary/render.c", "-L", directory, "-lipraster",
                                                                 "-Wl,-rpath," + directory, "-o", binary])
        XCTAssertEqual(built.status, 0, built.stderr)
        return binary
    }

    /// The program's "key: value" lines.
    private func fields(_ output: String) -> [String: String] {
        var fields: [String: String] = [:]
        for line in output.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[String(line[..<colon])] = String(line[line.index(after: colon)...].dropFirst())
        }
        return fields
    }

    func testACProgramRendersTheCommandLinesBytesLayoutAndWarnings() throws {
        let render = try program()
        let markdown = folder + "/answer.md"
        try "# Answer\n\nA **bold** claim, a [link](https://example.com) and ![photo](tg://photo?id=5)\n\n| a | b |\n|---|---|\n| 1 | 2 |\n"
            .write(toFile: markdown, atomically: true, encoding: .utf8)
        let cases: [(input: String, options: String?, arguments: [String], ext: String)] = [
            (TestEnvironment.root + "/examples/hello.json", nil, [], "png"),
            (markdown, #"{"theme": "night", "width": 300, "format": "svg", "no-bubble": true}"#, ["--theme", "night", "--width", "300", "--no-bubble"], "svg"),
            (markdown, #"{"scale": 1, "format": "pdf", "rtl": false}"#, ["--scale", "1"], "pdf"),
            (markdown, #"{"annotations": true, "theme": "night"}"#, ["--theme", "night"], "png"),
        ]
        for (index, item) in cases.enumerated() {
            let ours = folder + "/c\(index).\(item.ext)", theirs = folder + "/cli\(index).\(item.ext)"
            let ran = try TestEnvironment.runTool(render, [item.input, ours] + (item.options.map { [$0] } ?? []))
            XCTAssertEqual(ran.status, 0, ran.stderr)
            let output = fields(ran.stdoutText)
            XCTAssertEqual(output["status"], "0", ran.stdoutText)
            XCTAssertEqual(output["version"], try TestEnvironment.run(["--version"]).stdoutText.split(separator: "\n").first?.split(separator: " ").last.map(String.init))
            XCTAssertEqual(output["second-render"], "same")
            XCTAssertEqual(output["layout-again"], "same", "the layout JSON is written once")
            XCTAssertEqual(output["null-renderer"], "2 renderer")
            let cli = try TestEnvironment.run(["render", item.input, "-o", theirs] + item.arguments)
            XCTAssertEqual(cli.status, 0, cli.stderr)
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: ours)), try Data(contentsOf: URL(fileURLWithPath: theirs)), "case \(index): the command line's bytes")
            let layout = try TestEnvironment.run(["layout", item.input] + item.arguments)
            XCTAssertEqual(try String(contentsOfFile: ours + ".layout.json", encoding: .utf8), layout.stdoutText, "case \(index): ipraster layout's JSON")
            // The warnings: what the command line prints, as a JSON array.
            let printed = cli.stderr.split(separator: "\n").filter { $0.hasPrefix("ipraster: warning: ") }.map { String($0.dropFirst("ipraster: warning: ".count)) }
            let warnings = try JSONSerialization.jsonObject(with: Data(try XCTUnwrap(output["warnings"]).utf8)) as? [String]
            XCTAssertEqual(warnings, printed, "case \(index)")
            if index > 0 { XCTAssertFalse(printed.isEmpty, "the photo that is not there warns") }
            // Annotations when asked for: the command line's, and the same image.
            XCTAssertEqual(output["annotations"], index == 3 ? "present" : "none", "case \(index)")
            if index == 3 {
                let annotated = try TestEnvironment.run(["render", item.input, "-o", theirs, "--annotations", theirs + ".json"] + item.arguments)
                XCTAssertEqual(annotated.status, 0, annotated.stderr)
                let ourAnnotations = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: ours + ".annotations.json"))) as? NSDictionary
                let cliAnnotations = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: theirs + ".json"))) as? NSDictionary
                XCTAssertNotNil(ourAnnotations?["words"])
                XCTAssertEqual(ourAnnotations, cliAnnotations)
                XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: ours)), try Data(contentsOf: URL(fileURLWithPath: theirs)))
            }
        }
    }

    func testErrorsCarryTheExitClassTheMessageAndTheLocation() throws {
        let render = try program()
        let bad = folder + "/bad.json"
        try #"{"blocks": [{"type": "paragraph", "text": 5}]}"#.write(toFile: bad, atomically: true, encoding: .utf8)
        let cli = try TestEnvironment.run(["render", bad, "-o", folder + "/never.png"])
        XCTAssertEqual(cli.status, 2)
        let ran = try TestEnvironment.runTool(render, [bad, folder + "/never.png"])
        let output = fields(ran.stdoutText)
        XCTAssertEqual(output["status"], "2")
        XCTAssertEqual(output["kind"], "unreadable")
        let location = try XCTUnwrap(output["location"]), message = try XCTUnwrap(output["message"])
        XCTAssertTrue(location.hasPrefix("$.blocks[0]"), location)
        XCTAssertEqual(cli.stderr.split(separator: "\n").first.map(String.init), "ipraster: error: at \(location): \(message)", "the command line's line")
        XCTAssertEqual(output["layout"], "none")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/never.png"))

        let unknown = fields(try TestEnvironment.runTool(render, [bad, folder + "/x.png", #"{"widht": 300}"#]).stdoutText)
        XCTAssertEqual(unknown["status"], "2")
        XCTAssertEqual(unknown["kind"], "usage")
        XCTAssertEqual(unknown["location"], "widht")
        XCTAssertTrue(unknown["message"]?.contains("did you mean width?") == true, unknown["message"] ?? "")
        for (options, location) in [(#"{"width": [1]}"#, "width"), ("[1]", "options"), ("{", "options"), (#"{"output": "x.png"}"#, "output"),
                                    (#"{"format": "gif"}"#, "format")] {
            let refused = fields(try TestEnvironment.runTool(render, [bad, folder + "/x.png", options]).stdoutText)
            XCTAssertEqual(refused["status"], "2", options)
            XCTAssertEqual(refused["location"], location, options)
        }
        let media = fields(try TestEnvironment.runTool(render, [TestEnvironment.root + "/examples/hello.json", folder + "/x.png", #"{"media": "/nonexistent-folder"}"#]).stdoutText)
        XCTAssertEqual(media["status"], "3", "a missing media folder is the environment's")
        XCTAssertEqual(media["kind"], "environment")
        XCTAssertEqual(media["location"], "media")
    }
}
