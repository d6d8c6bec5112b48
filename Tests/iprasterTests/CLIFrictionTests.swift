import Foundation
import GoldenSupport
import XCTest

/// Issue 57, item 9: the smaller frictions — a folder given as input, `-o -` with a PNG on a terminal, and the
/// service's 415 hint for a formula.
final class CLIFrictionTests: XCTestCase {
    func testAFolderAsInputSaysItIsAFolder() throws {
        let folder = try TestEnvironment.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try TestEnvironment.run([folder, "-o", folder + "/x.png"])
        XCTAssertEqual(result.status, 3, result.stderr)
        XCTAssertTrue(result.stderr.contains("\(folder) is a folder, not a file"), result.stderr)
    }

    /// `script` gives the command a terminal as its standard output (util-linux's bsdutils, Essential in Debian: always
    /// there, so its absence fails the test).
    func testAPNGToATerminalIsRefusedBeforeAnyWork() throws {
        let script = try XCTUnwrap(TestEnvironment.program("script"), "script (bsdutils, an Essential Debian package) is missing")
        let command = "'\(TestEnvironment.executable)' '\(TestEnvironment.root)/examples/hello.json' -o -; echo \"exit=$?\""
        let result = try TestEnvironment.runTool(script, ["-qec", command, "/dev/null"], timeoutSeconds: 60)
        XCTAssertTrue(result.stdoutText.contains("standard output is a terminal: redirect it"), result.stdoutText)
        XCTAssertTrue(result.stdoutText.contains("exit=2"), result.stdoutText)
        XCTAssertFalse(result.stdoutText.contains("IHDR"), "no PNG bytes reach the terminal")
        // SVG is text: it goes through; a pipe takes PNG as before.
        let svg = try TestEnvironment.runTool(script, ["-qec", "'\(TestEnvironment.executable)' '\(TestEnvironment.root)/examples/hello.json' -o - --format svg",
                                                       "/dev/null"], timeoutSeconds: 60)
        XCTAssertTrue(svg.stdoutText.contains("<svg"), svg.stdoutText)
        let piped = try TestEnvironment.run([TestEnvironment.root + "/examples/hello.json", "-o", "-"])
        XCTAssertEqual(Array(piped.stdout.prefix(4)), [0x89, 0x50, 0x4E, 0x47])
    }

    func testTheFormulaRoutesHintNamesPlainText() throws {
        let service = try ServiceProcess(["--workers", "1"])
        defer { _ = service.stop() }
        let answer = try service.request("POST", "/math", body: Array("x^2".utf8), type: "application/x-www-form-urlencoded")
        XCTAssertEqual(answer.status, 415)
        XCTAssertTrue(answer.text.contains("add -H 'Content-Type: text/plain'"), answer.text)
        let render = try service.request("POST", "/render", body: Array("hi".utf8), type: "application/x-www-form-urlencoded")
        XCTAssertTrue(render.text.contains("add -H 'Content-Type: text/markdown'"), render.text)
    }
}
