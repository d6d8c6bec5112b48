import CommandCatalog
import Foundation
import GoldenSupport
import HTTPTestSupport
@testable import Commands
import RenderOptions
@testable import RenderService
import RichMessageRenderer
import XCTest

/// Issue 36: one `RenderError` per way a render fails, each with the exit code and the HTTP status the table of
/// docs/rendering.md
/// gives; the command line and the service map it in one place each, and the service decodes a body once.
final class RenderErrorTests: XCTestCase {
    /// docs/rendering.md's table: kind → (exit code, status).
    private func readmeTable() throws -> [String: (exit: Int32, status: Int)] {
        let readme = try String(contentsOfFile: TestEnvironment.root + "/docs/rendering.md", encoding: .utf8)
        let row = try NSRegularExpression(pattern: #"^\| `(\w+)` \| .* \| (\d) \| (\d{3}) \|$"#, options: .anchorsMatchLines)
        var table: [String: (Int32, Int)] = [:]
        for match in row.matches(in: readme, range: NSRange(readme.startIndex..., in: readme)) {
            let field = { (index: Int) in Range(match.range(at: index), in: readme).map { String(readme[$0]) } ?? "" }
            table[field(1)] = (Int32(field(2)) ?? -1, Int(field(3)) ?? -1)
        }
        XCTAssertEqual(Set(table.keys), Set(RenderError.Kind.allCases.map(\.rawValue)), "docs/rendering.md lists every RenderError kind once")
        return table
    }

    /// Each kind as the command line exits and the service answers, in process.
    func testEachKindMapsAsTheREADMESays() throws {
        let table = try readmeTable()
        for kind in RenderError.Kind.allCases {
            let expected = try XCTUnwrap(table[kind.rawValue], kind.rawValue)
            let error = RenderError(kind, "a \(kind.rawValue) failure", location: "$.blocks[1]")
            XCTAssertEqual(error.exitCode, expected.exit, kind.rawValue)
            XCTAssertEqual(CLI.report(error, prefix: "RenderErrorTests, printed on purpose: "), expected.exit, kind.rawValue)
            let answer = RenderWorker.response(for: error)
            XCTAssertEqual(answer.status, expected.status, kind.rawValue)
            XCTAssertEqual(answer.contentType, "application/json")
        }
    }

    /// The libraries' error types land in the kind they mean.
    func testTheLibrariesErrorsAreClassifiedByMeaning() {
        XCTAssertEqual(RenderError(DecodeError(path: "$.blocks", message: "expected array")).kind, .unreadable)
        XCTAssertEqual(RenderError(Refusal(.unknownType, path: "$.blocks[0]", message: "unknown block type")).kind, .refused)
        XCTAssertEqual(RenderError(DecodeError(path: "$.blocks", message: "expected array")).description, "at $.blocks: expected array")
        XCTAssertEqual(RenderError(UsageError(message: "missing INPUT")).kind, .usage)
        XCTAssertEqual(RenderError(OptionError(option: "--width", message: "expected a number")).location, "--width")
        XCTAssertEqual(RenderError(CocoaError(.fileNoSuchFile)).kind, .environment)
    }

    /// One input per kind through the real command line and the real service: the exit code and the status are the
    /// table's (the environment's 500 is reached in process above: no request can make the machine fail on purpose).
    func testTheCommandLineAndTheServiceAgreeOnEveryInput() throws {
        let table = try readmeTable()
        let folder = try TestEnvironment.temporaryDirectory()
        let wide = #"{"blocks": [{"type": "paragraph", "text": ""# + String(repeating: "wide words ", count: 3000) + #""}]}"#
        let cases: [(kind: String, body: String, arguments: [String], query: String)] = [
            ("usage", #"{"blocks": []}"#, ["--width", "5"], "width=5"),
            ("usage", #"{"blocks": []}"#, ["--locale", "xx-nonsense"], "locale=xx-nonsense"),
            ("unreadable", #"{"blocks": ["#, [], ""),
            ("unreadable", #"{"blocks": [{"type": "paragraph", "text": 5}]}"#, ["--strict"], "strict=1"),
            ("usage", #"{"blocks": []}"#, ["--timezone", "Mars/Base"], "timezone=Mars/Base"),
            ("usage", #"{"blocks": []}"#, ["--scale", "0x2"], "scale=0x2"),
            ("refused", #"{"blocks": [{"type": "bogus"}]}"#, ["--strict"], "strict=1"),
            ("refused", #"{"blocks": [{"type": "mathematical_expression", "expression": "x^"}]}"#, ["--strict"], "strict=1"),
            ("tooLarge", wide, ["--width", "10000", "--scale", "4"], "width=10000&scale=4"),
        ]
        let service = try ServiceProcess(["--workers", "1"])
        for (index, item) in cases.enumerated() {
            let expected = try XCTUnwrap(table[item.kind])
            let input = folder + "/case\(index).json", output = folder + "/case\(index).png"
            try Data(item.body.utf8).write(to: URL(fileURLWithPath: input))
            let run = try TestEnvironment.run([input, "-o", output] + item.arguments)
            XCTAssertEqual(run.status, expected.exit, "\(item.kind) \(item.arguments): \(run.stderr)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: output))
            let answer = try service.request("POST", "/render" + (item.query.isEmpty ? "" : "?" + item.query), body: Array(item.body.utf8),
                                             type: "application/json")
            XCTAssertEqual(answer.status, expected.status, "\(item.kind) \(item.query): \(answer.text)")
        }
        let missing = try TestEnvironment.run([folder + "/no-such-file.json", "-o", folder + "/x.png"])
        XCTAssertEqual(missing.status, try XCTUnwrap(table["environment"]).exit, missing.stderr)
    }
}
