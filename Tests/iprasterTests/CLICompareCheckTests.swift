import Foundation
import GoldenSupport
import GoldenKit
import Images
import ProcessSupport
import RichMessageRenderer
import XCTest

final class CLICompareCheckTests: XCTestCase {
    var directory = ""

    override func setUpWithError() throws {
        directory = try TestEnvironment.temporaryDirectory()
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    private func writeImage(_ name: String, dot: Bool) throws -> String {
        var image = RGBAImage(width: 8, height: 8, fill: (255, 255, 255, 255))
        if dot { for i in [27, 28] { image.pixels[i * 4] = 0; image.pixels[i * 4 + 1] = 0; image.pixels[i * 4 + 2] = 0 } }
        let path = directory + "/" + name
        try AtomicFile.write(try PNGCodec.encode(image, opaque: false), to: path)
        return path
    }

    func testCompareReportsAndExits() throws {
        let plain = try writeImage("a.png", dot: false), dotted = try writeImage("b.png", dot: true)
        let same = try TestEnvironment.run(["compare", plain, plain])
        XCTAssertEqual(same.status, 0)
        XCTAssertEqual(same.stdoutText, "identical\n")
        let diff = directory + "/diff.png"
        let different = try TestEnvironment.run(["compare", plain, dotted, "-o", diff])
        XCTAssertEqual(different.status, 1)
        XCTAssertTrue(different.stdoutText.hasPrefix("2 pixels (ratio 0.03125"), different.stdoutText)
        let diffImage = try PNGCodec.decode(try FileContents.read(diff))
        XCTAssertEqual(Array(diffImage.pixels[(27 * 4)..<(27 * 4 + 4)]), [255, 0, 0, 255])
        let budget = try TestEnvironment.run(["compare", plain, dotted, "--max-diff-pixels", "2"])
        XCTAssertEqual(budget.status, 0)
        let ratio = try TestEnvironment.run(["compare", plain, dotted, "--max-diff-pixels", "5", "--max-diff-ratio", "0.01"])
        XCTAssertEqual(ratio.status, 1, "with both budgets the smaller applies")
        let json = try TestEnvironment.run(["compare", plain, dotted, "--json"])
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.stdout)) as? [String: Any])
        XCTAssertEqual(object["match"] as? Bool, false)
        XCTAssertEqual(object["diffPixels"] as? Int, 2)
        XCTAssertEqual(object["bbox"] as? [Int], [3, 3, 2, 1])
        XCTAssertEqual(object["reason"] as? String, "pixel-diff")
    }

    func testCompareSizeMismatchAndBadFiles() throws {
        let small = try writeImage("a.png", dot: false)
        var big = RGBAImage(width: 9, height: 8, fill: (255, 255, 255, 255))
        big.pixels[0] = 0
        try AtomicFile.write(try PNGCodec.encode(big, opaque: false), to: directory + "/big.png")
        let result = try TestEnvironment.run(["compare", small, directory + "/big.png"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stdoutText.contains("size differs"))
        // With -o, a size change still draws its diff (issue 37, item 6): on the larger canvas, the area only one image
        // covers marked as differing.
        let withDiff = try TestEnvironment.run(["compare", small, directory + "/big.png", "-o", directory + "/size-diff.png"])
        XCTAssertEqual(withDiff.status, 1)
        let smallImage = try PNGCodec.decode(try FileContents.read(small))
        let diff = try PNGCodec.decode(try FileContents.read(directory + "/size-diff.png"))
        XCTAssertEqual([diff.width, diff.height], [max(smallImage.width, 9), max(smallImage.height, 8)])
        let corner = ((diff.height - 1) * diff.width + diff.width - 1) * 4
        XCTAssertEqual(Array(diff.pixels[corner..<(corner + 3)]), [255, 0, 0], "only the big image covers the corner: a difference")
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: directory + "/text.png"))
        XCTAssertEqual(try TestEnvironment.run(["compare", small, directory + "/text.png"]).status, 2)
        XCTAssertEqual(try TestEnvironment.run(["compare", small, directory + "/absent.png"]).status, 3)
    }

    func testCheckRecordsPassesFailsAndHonoursCI() throws {
        let fixtures = directory + "/fixtures/text", golden = directory + "/golden"
        try FileManager.default.createDirectory(atPath: fixtures, withIntermediateDirectories: true)
        try Data(#"{"blocks": [{"type": "paragraph", "text": "checked"}]}"#.utf8).write(to: URL(fileURLWithPath: fixtures + "/case.json"))
        try "--theme night --time \"9:41\"\n".write(toFile: fixtures + "/case.args", atomically: true, encoding: .utf8)
        let artifacts = directory + "/artifacts"
        let base = ["check", directory + "/fixtures", "--golden", golden, "--artifacts", artifacts]
        let clean = ["CI": "", "IPRASTER_RECORD": ""]
        func run(_ extra: [String], ci: Bool = false) throws -> TestEnvironment.ProcessResult {
            try TestEnvironment.run(base + extra, environment: ci ? ["CI": "true"] : clean)
        }
        // Under CI a missing golden fails and nothing is recorded.
        let ciMissing = try run(["--record", "missing"], ci: true)
        XCTAssertEqual(ciMissing.status, 1, ciMissing.stdoutText + ciMissing.stderr)
        XCTAssertTrue(ciMissing.stderr.contains("nothing is recorded"), ciMissing.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: golden + "/text/case.png"))
        XCTAssertTrue(ciMissing.stdoutText.hasSuffix("0 passed, 1 failed\n"), ciMissing.stdoutText)
        // Recording a missing golden (the default mode outside CI), with the environment fingerprint.
        let recorded = try TestEnvironment.run(base, environment: ["IPRASTER_RECORD": "missing"].merging(clean) { a, _ in a })
        XCTAssertEqual(recorded.status, 0, recorded.stdoutText + recorded.stderr)
        XCTAssertTrue(recorded.stdoutText.hasSuffix("0 passed, 0 failed, 1 recorded\n"), recorded.stdoutText)
        XCTAssertTrue(FileManager.default.fileExists(atPath: golden + "/text/case.png"))
        XCTAssertTrue(try String(contentsOfFile: golden + "/ENVIRONMENT", encoding: .utf8).contains("pango"))
        // Rendering with the case's .args (night theme) reproduces the golden.
        let passed = try run([])
        XCTAssertEqual(passed.status, 0, passed.stdoutText)
        XCTAssertEqual(passed.stdoutText, "1 passed, 0 failed\n")
        // A changed golden fails, writes artifacts, and `never` keeps it.
        let goldenImage = try PNGCodec.decode(try FileContents.read(golden + "/text/case.png"))
        var tampered = goldenImage
        for index in stride(from: 0, to: 400, by: 4) { tampered.pixels[index] = 255; tampered.pixels[index + 1] = 0 }
        try AtomicFile.write(try PNGCodec.encode(tampered, opaque: true), to: golden + "/text/case.png")
        let failed = try run(["--record", "never", "--report", directory + "/report.html"])
        XCTAssertEqual(failed.status, 1)
        XCTAssertTrue(failed.stdoutText.contains("FAIL text/case: 100 pixels"), failed.stdoutText)
        for suffix in ["expected", "actual", "diff", "panels"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: "\(artifacts)/text/case.\(suffix).png"), suffix)
        }
        XCTAssertTrue(try String(contentsOfFile: directory + "/report.html", encoding: .utf8).contains("text/case"))
        // A budget lets it pass; `failed` re-records it (exit 0: every failure was re-recorded); then it passes again.
        XCTAssertEqual(try run(["--max-diff-pixels", "100"]).status, 0)
        let rerecord = try run(["--record", "failed"])
        XCTAssertEqual(rerecord.status, 0)
        XCTAssertTrue(rerecord.stdoutText.contains("re-recorded"), rerecord.stdoutText)
        XCTAssertEqual(try run([]).status, 0)
        XCTAssertEqual(try PNGCodec.decode(try FileContents.read(golden + "/text/case.png")), goldenImage)
    }

    func testLayoutTextGoldensCatchGeometryChanges() throws {
        let fixtures = directory + "/fixtures", golden = directory + "/golden"
        try FileManager.default.createDirectory(atPath: fixtures, withIntermediateDirectories: true)
        try Data(#"{"blocks": [{"type": "paragraph", "text": "numbers"}]}"#.utf8).write(to: URL(fileURLWithPath: fixtures + "/case.json"))
        let environment = ["CI": "", "IPRASTER_RECORD": ""]
        let base = ["check", fixtures, "--golden", golden, "--artifacts", directory + "/artifacts"]
        XCTAssertEqual(try TestEnvironment.run(base + ["--record", "missing"], environment: environment).status, 0)
        let path = golden + "/case.layout.txt"
        let recorded = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertTrue(recorded.contains("\n0 text paragraph 10 5 "), recorded)
        XCTAssertTrue(recorded.contains("\n  line 0 4.47 "), recorded)
        // A moved line (the PNG unchanged) fails the case with the first differing line.
        try recorded.replacingOccurrences(of: "line 0 4.47 ", with: "line 0 4.48 ").write(toFile: path, atomically: true, encoding: .utf8)
        let failed = try TestEnvironment.run(base, environment: environment)
        XCTAssertEqual(failed.status, 1, failed.stdoutText)
        XCTAssertTrue(failed.stdoutText.contains("layout differs at line 6: expected \"  line 0 4.48 "), failed.stdoutText)
        XCTAssertTrue(FileManager.default.fileExists(atPath: directory + "/artifacts/case.layout.actual.txt"))
        // `--record failed` rewrites it (exit 0); then the case passes and its layout artifacts are gone.
        XCTAssertEqual(try TestEnvironment.run(base + ["--record", "failed"], environment: environment).status, 0)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), recorded)
        XCTAssertEqual(try TestEnvironment.run(base, environment: environment).status, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory + "/artifacts/case.layout.actual.txt"))
    }

    func testCheckOverTheProjectGoldensInParallel() throws {
        let root = TestEnvironment.root
        let result = try TestEnvironment.run(["check", root + "/Tests/Fixtures", "--golden", root + "/golden-images", "--jobs", "2",
                                              "--record", "never", "--artifacts", directory])
        let cases = FileManager.default.enumerator(atPath: root + "/Tests/Fixtures")!.compactMap { $0 as? String }.filter { $0.hasSuffix(".json") || $0.hasSuffix(".md") || $0.hasSuffix(".html") }
        XCTAssertTrue(cases.contains { $0.hasSuffix(".md") }, "Markdown cases are checked too")
        XCTAssertEqual(result.status, 0, result.stdoutText)
        XCTAssertEqual(result.stdoutText, "\(cases.count) passed, 0 failed\n")
    }

    func testRecordModeResolution() throws {
        let fallback = try GoldenHarness.effectiveMode(flag: nil, environment: [:])
        XCTAssertEqual(fallback.mode, .missing)
        XCTAssertFalse(fallback.explicit)
        XCTAssertEqual(try GoldenHarness.effectiveMode(flag: nil, environment: ["IPRASTER_RECORD": ""]).explicit, false)
        let fromEnvironment = try GoldenHarness.effectiveMode(flag: nil, environment: ["IPRASTER_RECORD": "all"])
        XCTAssertEqual(fromEnvironment.mode, .all)
        XCTAssertTrue(fromEnvironment.explicit)
        XCTAssertEqual(try GoldenHarness.effectiveMode(flag: .failed, environment: ["IPRASTER_RECORD": "all"]).mode, .failed)
        let ci = try GoldenHarness.effectiveMode(flag: .all, environment: ["CI": "true"])
        XCTAssertEqual(ci.mode, .never)
        XCTAssertNotNil(ci.warning)
        // With no mode asked for, CI still records nothing (the default, missing, once recorded under CI).
        let ciDefault = try GoldenHarness.effectiveMode(flag: nil, environment: ["CI": "true"])
        XCTAssertEqual(ciDefault.mode, .never)
        XCTAssertNil(ciDefault.warning)
        XCTAssertThrowsError(try GoldenHarness.effectiveMode(flag: nil, environment: ["IPRASTER_RECORD": "sometimes"]))
    }

    func testCheckNeverPassesByAccident() throws {
        let clean = ["CI": "", "IPRASTER_RECORD": ""]
        // A folder that does not exist, a file, an empty folder: usage errors.
        let empty = directory + "/empty"
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        try "x".write(toFile: directory + "/file.txt", atomically: true, encoding: .utf8)
        for fixtures in [directory + "/nowhere", directory + "/file.txt", empty] {
            let result = try TestEnvironment.run(["check", fixtures, "--golden", directory + "/golden"], environment: clean)
            XCTAssertEqual(result.status, 2, fixtures + ": " + result.stderr)
            XCTAssertTrue(result.stderr.contains("fixtures folder"), result.stderr)
        }
        // A misspelled option in a case's .args fails that case, naming the option.
        let fixtures = directory + "/fixtures"
        try FileManager.default.createDirectory(atPath: fixtures, withIntermediateDirectories: true)
        try Data(#"{"blocks": [{"type": "paragraph", "text": "x"}]}"#.utf8).write(to: URL(fileURLWithPath: fixtures + "/case.json"))
        try "--theem night\n".write(toFile: fixtures + "/case.args", atomically: true, encoding: .utf8)
        let misspelled = try TestEnvironment.run(["check", fixtures, "--golden", directory + "/golden"], environment: clean)
        XCTAssertEqual(misspelled.status, 1)
        XCTAssertTrue(misspelled.stdoutText.contains("unknown option \"--theem\" in case.args"), misspelled.stdoutText)
        // An option a golden case cannot honour is refused too, not ignored.
        try "--format svg\n".write(toFile: fixtures + "/case.args", atomically: true, encoding: .utf8)
        let ignored = try TestEnvironment.run(["check", fixtures, "--golden", directory + "/golden"], environment: clean)
        XCTAssertEqual(ignored.status, 1)
        XCTAssertTrue(ignored.stdoutText.contains("--format svg in case.args does not apply"), ignored.stdoutText)
        try FileManager.default.removeItem(atPath: fixtures + "/case.args")
        // The default mode records a missing golden but fails the run until it is verified.
        let first = try TestEnvironment.run(["check", fixtures, "--golden", directory + "/golden"], environment: clean)
        XCTAssertEqual(first.status, 1, first.stdoutText + first.stderr)
        XCTAssertTrue(first.stdoutText.hasSuffix("0 passed, 0 failed, 1 recorded\nrecorded 1 new golden; run again to verify\n"), first.stdoutText)
        XCTAssertTrue(FileManager.default.fileExists(atPath: directory + "/golden/case.png"))
        let second = try TestEnvironment.run(["check", fixtures, "--golden", directory + "/golden"], environment: clean)
        XCTAssertEqual(second.status, 0, second.stdoutText)
        // An invalid IPRASTER_RECORD is an error, not ignored.
        let invalid = try TestEnvironment.run(["check", fixtures, "--golden", directory + "/golden"], environment: ["CI": "", "IPRASTER_RECORD": "yes"])
        XCTAssertEqual(invalid.status, 2)
        XCTAssertTrue(invalid.stderr.contains("IPRASTER_RECORD must be"), invalid.stderr)
    }
}
