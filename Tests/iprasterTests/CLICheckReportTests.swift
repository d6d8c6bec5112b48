import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import GoldenSupport
import Images
import ProcessSupport
import RichMessageRenderer
import XCTest
@testable import Commands

/// Issue 16, item 2: `check` for CI — reporters (list, json, junit, html), shards, artifacts, render options
/// as defaults.
final class CLICheckReportTests: XCTestCase {
    var directory = ""
    let environment = ["CI": "", "IPRASTER_RECORD": "", "IPRASTER_ARTIFACTS": ""]

    override func setUpWithError() throws {
        directory = try TestEnvironment.temporaryDirectory()
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// Five cases under fixtures/ (two in a subfolder), their goldens recorded, then `broken` tampered with.
    private func suite() throws -> (fixtures: String, golden: String) {
        let fixtures = directory + "/project/fixtures", golden = directory + "/project/golden"
        try FileManager.default.createDirectory(atPath: fixtures + "/sub", withIntermediateDirectories: true)
        for name in ["alpha", "beta", "broken", "sub/gamma", "sub/delta"] {
            try #"{"blocks": [{"type": "paragraph", "text": "\#(name)"}]}"#.write(toFile: fixtures + "/\(name).json", atomically: true, encoding: .utf8)
        }
        let record = try TestEnvironment.run(["check", fixtures, "--golden", golden, "--record", "missing"], environment: environment)
        XCTAssertEqual(record.status, 0, record.stderr)
        var image = try PNGCodec.decode(try FileContents.read(golden + "/broken.png"))
        for index in stride(from: 0, to: 800, by: 4) { image.pixels[index] = 0 }
        try AtomicFile.write(try PNGCodec.encode(image, opaque: true), to: golden + "/broken.png")
        return (fixtures, golden)
    }

    /// Issue 37, item 3: reports travel. The JSON and JUnit reports take copies of the failing case's images into
    /// their own folders, JUnit attachment paths are relative to the current folder (GitLab's project folder,
    /// Jenkins' workspace: where CI resolves them), and no report names an absolute path.
    func testJSONAndJUnitReports() throws {
        let (fixtures, golden) = try suite()
        let reports = directory + "/reports"
        let result = try TestEnvironment.run(["check", fixtures, "--golden", golden, "--reporter", "json=\(reports)/check.json",
                                              "--reporter", "junit=\(reports)/junit.xml"], environment: environment, currentDirectory: directory)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stdoutText.hasSuffix("4 passed, 1 failed\n"), "the list stays on standard output: \(result.stdoutText)")
        // JSON: counts, one entry per case, artifact paths inside the report's folder.
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(try FileContents.read(reports + "/check.json"))) as? [String: Any])
        XCTAssertEqual(json["passed"] as? Int, 4)
        XCTAssertEqual(json["failed"] as? Int, 1)
        XCTAssertEqual(json["recorded"] as? Int, 0)
        let cases = try XCTUnwrap(json["cases"] as? [[String: Any]])
        XCTAssertEqual(cases.map { $0["name"] as? String }, ["alpha", "beta", "broken", "sub/delta", "sub/gamma"])
        let broken = try XCTUnwrap(cases.first { $0["name"] as? String == "broken" })
        XCTAssertEqual(broken["status"] as? String, "failed")
        XCTAssertEqual(broken["diffPixels"] as? Int, 200)
        XCTAssertGreaterThan(try XCTUnwrap(broken["diffRatio"] as? Double), 0)
        let artifacts = try XCTUnwrap(broken["artifacts"] as? [String: String])
        XCTAssertEqual(Set(artifacts.keys), ["expected", "actual", "diff", "panels"])
        for (kind, path) in artifacts {
            XCTAssertEqual(path, "check-artifacts/broken.\(kind).png")
            XCTAssertNoThrow(try PNGCodec.decode(try FileContents.read(reports + "/" + path)), path)
        }
        XCTAssertEqual(cases.first { $0["name"] as? String == "alpha" }?["diffPixels"] as? Int, 0)
        // JUnit: well-formed XML with one testcase per case and the failure on the broken one.
        let document = try XMLDocument(data: Data(try FileContents.read(reports + "/junit.xml")))
        let suite = try XCTUnwrap(try document.nodes(forXPath: "/testsuites/testsuite").first as? XMLElement)
        XCTAssertEqual(suite.attribute(forName: "tests")?.stringValue, "5")
        XCTAssertEqual(suite.attribute(forName: "failures")?.stringValue, "1")
        let testcases = try document.nodes(forXPath: "//testcase").compactMap { $0 as? XMLElement }
        XCTAssertEqual(testcases.count, 5)
        let failing = testcases.filter { !(($0.elements(forName: "failure")).isEmpty) }
        XCTAssertEqual(failing.map { $0.attribute(forName: "name")?.stringValue }, ["broken"])
        XCTAssertEqual(testcases.first { $0.attribute(forName: "name")?.stringValue == "sub/gamma" }?.attribute(forName: "classname")?.stringValue, "sub")
        // The failing case's images as GitLab and Jenkins read them: [[ATTACHMENT|path]] lines in its system-out, paths
        // relative to the job's folder (here the current one) and inside the report's folder.
        let brokenCase = try XCTUnwrap(testcases.first { $0.attribute(forName: "name")?.stringValue == "broken" })
        let out = try XCTUnwrap(brokenCase.elements(forName: "system-out").first?.stringValue)
        let attachments = Self.attachments(out)
        XCTAssertEqual(attachments.count, 4, out)
        for path in attachments {
            XCTAssertTrue(path.hasPrefix("reports/junit-artifacts/broken."), path)
            XCTAssertNoThrow(try PNGCodec.decode(try FileContents.read(directory + "/" + path)), path)
        }
        // --attachments-base moves the base.
        let based = try TestEnvironment.run(["check", fixtures, "--golden", golden, "--reporter", "junit=\(reports)/junit.xml",
                                             "--attachments-base", reports], environment: environment, currentDirectory: directory)
        XCTAssertEqual(based.status, 1, based.stderr)
        XCTAssertTrue(Self.attachments(try String(contentsOfFile: reports + "/junit.xml", encoding: .utf8)).allSatisfy { $0.hasPrefix("junit-artifacts/") })
        // No absolute path anywhere: not the machine's folders, not the golden's.
        for file in ["check.json", "junit.xml"] {
            let text = try String(contentsOfFile: reports + "/" + file, encoding: .utf8)
            XCTAssertFalse(text.contains(directory), "\(file) names the machine's folder: \(text)")
            XCTAssertFalse(text.contains(TestEnvironment.root), "\(file) names the checkout: \(text)")
        }
    }

    /// The `[[ATTACHMENT|path]]` paths of a JUnit text.
    static func attachments(_ text: String) -> [String] {
        (try? NSRegularExpression(pattern: #"\[\[ATTACHMENT\|([^\]]+)\]\]"#))?.matches(in: text, range: NSRange(text.startIndex..., in: text))
            .compactMap { Range($0.range(at: 1), in: text).map { String(text[$0]) } } ?? []
    }

    /// One-letter case names and folders (on which Foundation's `deletingLastPathComponent` traps) report normally.
    func testOneLetterNamesReport() throws {
        let fixtures = directory + "/short/f", golden = directory + "/short/g"
        try FileManager.default.createDirectory(atPath: fixtures + "/x", withIntermediateDirectories: true)
        for name in ["a", "x/b"] {
            try #"{"blocks": [{"type": "paragraph", "text": "short"}]}"#.write(toFile: fixtures + "/\(name).json", atomically: true, encoding: .utf8)
        }
        let result = try TestEnvironment.run(["check", fixtures, "--golden", golden, "--record", "missing", "--reporter", "junit=\(directory)/r/j.xml",
                                              "--reporter", "html=\(directory)/r/h.html"], environment: environment, currentDirectory: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(try String(contentsOfFile: directory + "/r/j.xml", encoding: .utf8).contains(#"name="x/b""#))
    }

    /// Masks (`--mask X,Y,W,H`, canvas points) hide a changed region and only it: the tampered golden's first 200
    /// pixels (scale 2) pass under a mask over them, and a mask over 20 of them leaves the other 180 counted.
    func testMasksHideAChangedRegionAndOnlyIt() throws {
        let (fixtures, golden) = try suite()
        func diffPixels(_ extra: [String]) throws -> (Int32, Int?) {
            let result = try TestEnvironment.run(["check", fixtures, "--golden", golden, "--grep", "^broken$", "--reporter", "json"] + extra,
                                                 environment: environment)
            let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any], result.stderr)
            return (result.status, try XCTUnwrap(json["cases"] as? [[String: Any]]).first?["diffPixels"] as? Int)
        }
        XCTAssertEqual(try diffPixels([]).1, 200)
        XCTAssertEqual(try diffPixels(["--mask", "0,0,10,0.5"]).1, 180, "20 device pixels of row 0 are masked")
        let covered = try diffPixels(["--mask", "0,0,10000,4"])
        XCTAssertEqual(covered.0, 0)
        XCTAssertEqual(covered.1, 0)
        // Far from the change, a mask changes nothing.
        XCTAssertEqual(try diffPixels(["--mask", "0,50,20,20"]).1, 200)
        // In the case's .args.
        try "--mask 0,0,10000,4\n".write(toFile: fixtures + "/broken.args", atomically: true, encoding: .utf8)
        XCTAssertEqual(try diffPixels([]).0, 0)
        for bad in ["1,2,3", "0,0,0,5", "a,b,c,d"] {
            XCTAssertEqual(try TestEnvironment.run(["check", fixtures, "--golden", golden, "--mask", bad], environment: environment).status, 2, bad)
        }
    }

    /// Issue 37, item 5: a mask over a time lets the layout comparison pass too. The time is on a middle line (neither
    /// the widest nor the last, so only that line's width changes) and its two values differ in width; without the
    /// mask the case fails on pixels and on the layout, with it it passes, and a mask elsewhere does not help.
    func testAMaskOverATimeInTextLetsTheLayoutPass() throws {
        let fixtures = directory + "/clock/fixtures", golden = directory + "/clock/golden"
        try FileManager.default.createDirectory(atPath: fixtures, withIntermediateDirectories: true)
        func write(_ time: String) throws {
            try "The nightly report for everyone on the team\\\nwas made at \(time) by the job\\\nand sent.\n"
                .write(toFile: fixtures + "/clock.md", atomically: true, encoding: .utf8)
        }
        try write("11:11")
        XCTAssertEqual(try TestEnvironment.run(["check", fixtures, "--golden", golden, "--record", "missing"], environment: environment).status, 0)
        // Where the time's line is, from the recorded layout: canvas origin + item + line (all in points).
        let dump = try String(contentsOfFile: golden + "/clock.layout.txt", encoding: .utf8).split(separator: "\n").map(String.init)
        let numbers = { (line: String) in line.split(separator: " ").compactMap { Double($0) } }
        let origin = try XCTUnwrap(dump.first?.split(separator: "=").last?.split(separator: ",").compactMap { Double($0) })
        let item = Array(try XCTUnwrap(dump.first { $0.hasPrefix("0 text") }.map(numbers)).dropFirst())  // x y w h after the id
        let lines = dump.filter { $0.hasPrefix("  line ") }.map(numbers)
        XCTAssertEqual(lines.count, 4, "the first sentence wraps once, then the time's line and the last: \(dump)")
        let widest = lines.map { $0[2] }.max() ?? 0
        XCTAssertLessThan(lines[2][2], widest, "the time's line is not the widest")
        let lineTop = origin[1] + item[1] + lines[2][1]
        let mask = "0,\(lineTop - 4),10000,\(lines[2][3] + 8)"

        try write("20:48")
        let plain = try TestEnvironment.run(["check", fixtures, "--golden", golden, "--reporter", "json"], environment: environment)
        XCTAssertEqual(plain.status, 1, "the time changed: \(plain.stderr)")
        XCTAssertTrue(plain.stdoutText.contains("layout differs at line 8"), plain.stdoutText)
        let masked = try TestEnvironment.run(["check", fixtures, "--golden", golden, "--mask", mask], environment: environment)
        XCTAssertEqual(masked.status, 0, "\(mask): \(masked.stdoutText)")
        let elsewhere = try TestEnvironment.run(["check", fixtures, "--golden", golden, "--mask", "0,\(origin[1] + item[1]),10000,10"], environment: environment)
        XCTAssertEqual(elsewhere.status, 1, "a mask over the first line does not excuse the third")
        // A change of geometry outside the mask still fails: the last line moved by a word.
        try "The nightly report for everyone on the team\\\nwas made at 20:48 by the job\\\nand sent at once.\n"
            .write(toFile: fixtures + "/clock.md", atomically: true, encoding: .utf8)
        XCTAssertEqual(try TestEnvironment.run(["check", fixtures, "--golden", golden, "--mask", mask], environment: environment).status, 1)
    }

    /// Issue 57, item 7: reports hold everything — a layout failure's dumps are copied beside JSON, JUnit and HTML
    /// reports and named relative to them (no reason points into .build/golden-artifacts); the HTML report shows each
    /// case's duration and the environment.
    func testReportsCarryTheLayoutDumpsDurationsAndTheEnvironment() throws {
        let fixtures = directory + "/dumps/fixtures", golden = directory + "/dumps/golden", reports = directory + "/dumps/reports"
        try FileManager.default.createDirectory(atPath: fixtures, withIntermediateDirectories: true)
        try "One line\n".write(toFile: fixtures + "/moved.md", atomically: true, encoding: .utf8)
        XCTAssertEqual(try TestEnvironment.run(["check", fixtures, "--golden", golden, "--record", "missing"], environment: environment).status, 0)
        try "One line, longer now\n".write(toFile: fixtures + "/moved.md", atomically: true, encoding: .utf8)
        let result = try TestEnvironment.run(["check", fixtures, "--golden", golden, "--reporter", "json=\(reports)/check.json",
                                              "--reporter", "junit=\(reports)/junit.xml", "--reporter", "html=\(reports)/check.html"], environment: environment)
        XCTAssertEqual(result.status, 1, result.stderr)
        for copy in ["check-artifacts/moved.layout.expected.txt", "check-artifacts/moved.layout.actual.txt", "junit-artifacts/moved.layout.actual.txt",
                     "check-files/moved.layout.expected.txt"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: reports + "/" + copy), copy)
        }
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: reports + "/check.json"))) as? [String: Any])
        let entry = try XCTUnwrap((json["cases"] as? [[String: Any]])?.first)
        XCTAssertEqual((entry["layoutArtifacts"] as? [String: String])?["layout.expected"], "check-artifacts/moved.layout.expected.txt")
        let reason = try XCTUnwrap(entry["reason"] as? String)
        XCTAssertFalse(reason.contains("golden-artifacts"), reason)
        let html = try String(contentsOfFile: reports + "/check.html", encoding: .utf8)
        XCTAssertTrue(html.contains("check-files/moved.layout.actual.txt"), "the dumps are linked")
        XCTAssertTrue(html.contains("<summary>Environment</summary>"), "the environment is shown")
        XCTAssertTrue(html.contains("<th align=left>decoder ffmpeg</th>"), "with the fingerprint's entries")
        XCTAssertNotNil(html.range(of: #"<small>[0-9]+\.[0-9]{2} s</small>"#, options: .regularExpression), "each case's duration")
        XCTAssertFalse(html.contains("golden-artifacts"))
        // merge-reports carries the dumps too, and checks their paths as it checks the images'.
        let merged = directory + "/dumps/merged"
        let merge = try TestEnvironment.run(["merge-reports", reports + "/check.json", "--reporter", "json=\(merged)/all.json"])
        XCTAssertEqual(merge.status, 1, merge.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: merged + "/all-artifacts/moved.layout.actual.txt"), merge.stderr)
        let hostile = directory + "/dumps/hostile.json"
        let text = try String(contentsOfFile: reports + "/check.json", encoding: .utf8)
            .replacingOccurrences(of: "check-artifacts/moved.layout.expected.txt", with: "../../../etc/passwd")
        try text.write(toFile: hostile, atomically: true, encoding: .utf8)
        let refused = try TestEnvironment.run(["merge-reports", hostile, "--reporter", "json=\(merged)/bad.json"])
        XCTAssertEqual(refused.status, 2, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("stays inside its report's folder"), refused.stderr)
    }

    /// Issue 57, item 7: `--reporter github` writes an annotation per failed case on its fixture file, with GitHub's
    /// escapes, then the list; it takes no file.
    func testTheGitHubReporterAnnotatesFailedCases() throws {
        let (fixtures, golden) = try suite()
        let result = try TestEnvironment.run(["check", fixtures, "--golden", golden, "--reporter", "github"], environment: environment)
        XCTAssertEqual(result.status, 1, result.stderr)
        let lines = result.stdoutText.split(separator: "\n").map(String.init)
        let annotations = lines.filter { $0.hasPrefix("::") }
        XCTAssertEqual(annotations.count, 1, result.stdoutText)
        let annotation = try XCTUnwrap(annotations.first)
        XCTAssertTrue(annotation.hasPrefix("::error file=\(fixtures)/broken.json,title=ipraster check%3A broken::"), annotation)
        XCTAssertFalse(annotation.dropFirst(2).contains("\n"))
        XCTAssertTrue(lines.contains { $0.hasPrefix("FAIL broken: ") }, "the list follows: \(result.stdoutText)")
        XCTAssertTrue(lines.contains("4 passed, 1 failed"), result.stdoutText)
        XCTAssertEqual(CheckReport.workflowData("50% done\r\nnext"), "50%25 done%0D%0Anext")
        XCTAssertEqual(CheckReport.workflowProperty("a:b,c"), "a%3Ab%2Cc")
        let withFile = try TestEnvironment.run(["check", fixtures, "--golden", golden, "--reporter", "github=x.txt"], environment: environment)
        XCTAssertEqual(withFile.status, 2)
        XCTAssertTrue(withFile.stderr.contains("the github reporter writes workflow commands to standard output"), withFile.stderr)
    }

    /// Issue 57, BAD 2: a time in a one-line paragraph of its own. The paragraph item shrinks to its line, so its width
    /// changes with the time: a mask over the item lets both pixels and layout pass (the item wholly inside a mask is
    /// compared without its width); without the mask the case fails.
    func testAMaskOverAOneLineParagraphLetsItsWidthChange() throws {
        let fixtures = directory + "/build/fixtures", golden = directory + "/build/golden"
        try FileManager.default.createDirectory(atPath: fixtures, withIntermediateDirectories: true)
        func write(_ time: String) throws {
            try "Every target of the project was built\n\nFinished at \(time), all green.\n"
                .write(toFile: fixtures + "/build.md", atomically: true, encoding: .utf8)
        }
        try write("12:00")
        XCTAssertEqual(try TestEnvironment.run(["check", fixtures, "--golden", golden, "--record", "missing"], environment: environment).status, 0)
        let dump = try String(contentsOfFile: golden + "/build.layout.txt", encoding: .utf8).split(separator: "\n").map(String.init)
        let numbers = { (line: String) in line.split(separator: " ").compactMap { Double($0) } }
        let origin = try XCTUnwrap(dump.first?.split(separator: "=").last?.split(separator: ",").compactMap { Double($0) })
        let item = Array(try XCTUnwrap(dump.first { $0.hasPrefix("1 text") }.map(numbers)).dropFirst())  // x y w h after the id
        XCTAssertEqual(dump.filter { $0.hasPrefix("  line ") }.count, 2, "two one-line paragraphs: \(dump)")
        let mask = "0,\(origin[1] + item[1] - 2),10000,\(item[3] + 4)"

        try write("13:45")
        let plain = try TestEnvironment.run(["check", fixtures, "--golden", golden], environment: environment)
        XCTAssertEqual(plain.status, 1, "the time changed: \(plain.stdoutText)")
        let masked = try TestEnvironment.run(["check", fixtures, "--golden", golden, "--mask", mask], environment: environment)
        XCTAssertEqual(masked.status, 0, "\(mask): \(masked.stdoutText)")
        // The mask excuses the item's width only: the first paragraph's text changed is still a failure.
        try "Every target of this project was built\n\nFinished at 13:45, all green.\n"
            .write(toFile: fixtures + "/build.md", atomically: true, encoding: .utf8)
        XCTAssertEqual(try TestEnvironment.run(["check", fixtures, "--golden", golden, "--mask", mask], environment: environment).status, 1)
    }

    /// Issue 57, BAD 2: "Updated at 12:00" is the message's widest line, so the bubble itself changes width and no mask
    /// helps; `--redact` lays the time out as a fixed box in the recorded and the compared render alike.
    func testRedactionKeepsAMessageWhoseWidestLineHoldsATime() throws {
        let fixtures = directory + "/updated/fixtures", golden = directory + "/updated/golden"
        try FileManager.default.createDirectory(atPath: fixtures, withIntermediateDirectories: true)
        func write(_ time: String) throws { try "Updated at \(time)\n".write(toFile: fixtures + "/updated.md", atomically: true, encoding: .utf8) }
        let redact = ["--redact", "[0-9]{1,2}:[0-9]{2}"]
        try write("1:00")
        XCTAssertEqual(try TestEnvironment.run(["check", fixtures, "--golden", golden, "--record", "missing"] + redact, environment: environment).status, 0)
        try write("23:59")
        let redacted = try TestEnvironment.run(["check", fixtures, "--golden", golden] + redact, environment: environment)
        XCTAssertEqual(redacted.status, 0, redacted.stdoutText + redacted.stderr)
        let plain = try TestEnvironment.run(["check", fixtures, "--golden", golden], environment: environment)
        XCTAssertEqual(plain.status, 1, "without --redact the time is drawn: \(plain.stdoutText)")
        // The same through render: two times, one image.
        let first = directory + "/a.png", second = directory + "/b.png"
        try write("1:00")
        XCTAssertEqual(try TestEnvironment.run([fixtures + "/updated.md", "-o", first] + redact).status, 0)
        try write("23:59")
        XCTAssertEqual(try TestEnvironment.run([fixtures + "/updated.md", "-o", second] + redact).status, 0)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: first)), try Data(contentsOf: URL(fileURLWithPath: second)))
        let bad = try TestEnvironment.run([fixtures + "/updated.md", "-o", first, "--redact", "(unclosed"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("--redact: \"(unclosed\" is not a regular expression"), bad.stderr)
    }

    /// Three shards' JSON reports merged are one full run's report: the same cases in the same order with the same
    /// statuses, pixel counts and reasons, and the artifacts copied beside the merged report.
    func testMergedShardReportsEqualAFullRun() throws {
        let (fixtures, golden) = try suite()
        let reports = directory + "/reports"
        XCTAssertEqual(try TestEnvironment.run(["check", fixtures, "--golden", golden, "--reporter", "json=\(reports)/full/check.json"],
                                               environment: environment).status, 1)
        var shards: [String] = []
        for index in 1...3 {
            let path = "\(reports)/shard-\(index)/check.json"
            _ = try TestEnvironment.run(["check", fixtures, "--golden", golden, "--shard", "\(index)/3", "--reporter", "json=\(path)"], environment: environment)
            shards.append(path)
        }
        let merged = try TestEnvironment.run(["merge-reports"] + shards.reversed() + ["--reporter", "json=\(reports)/merged/check.json",
                                              "--reporter", "junit=\(reports)/merged/junit.xml", "--reporter", "html=\(reports)/merged/check.html"])
        XCTAssertEqual(merged.status, 1, merged.stderr)
        XCTAssertTrue(merged.stdoutText.hasSuffix("4 passed, 1 failed\n"), merged.stdoutText)
        func load(_ path: String) throws -> [String: Any] {
            try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(try FileContents.read(path))) as? [String: Any])
        }
        let full = try load(reports + "/full/check.json"), joined = try load(reports + "/merged/check.json")
        for key in ["passed", "failed", "recorded"] { XCTAssertEqual(full[key] as? Int, joined[key] as? Int, key) }
        let fullCases = try XCTUnwrap(full["cases"] as? [[String: Any]]), joinedCases = try XCTUnwrap(joined["cases"] as? [[String: Any]])
        XCTAssertEqual(joinedCases.count, fullCases.count)
        for (a, b) in zip(fullCases, joinedCases) {
            for key in ["name", "status", "reason"] { XCTAssertEqual(a[key] as? String, b[key] as? String, key) }
            XCTAssertEqual(a["diffPixels"] as? Int, b["diffPixels"] as? Int)
            XCTAssertEqual(a["diffRatio"] as? Double, b["diffRatio"] as? Double)
            XCTAssertEqual(Set((a["artifacts"] as? [String: String] ?? [:]).keys), Set((b["artifacts"] as? [String: String] ?? [:]).keys))
        }
        // The merged report's images are its own copies, relative to it.
        let broken = try XCTUnwrap(joinedCases.first { $0["name"] as? String == "broken" })
        for (_, path) in try XCTUnwrap(broken["artifacts"] as? [String: String]) {
            XCTAssertTrue(path.hasPrefix("check-artifacts/"), path)
            XCTAssertNoThrow(try PNGCodec.decode(try FileContents.read(reports + "/merged/" + path)), path)
        }
        XCTAssertTrue(try String(contentsOfFile: reports + "/merged/junit.xml", encoding: .utf8).contains(#"tests="5" failures="1""#))
        XCTAssertTrue(FileManager.default.fileExists(atPath: reports + "/merged/check.html"))
        // A case in two reports is refused.
        XCTAssertEqual(try TestEnvironment.run(["merge-reports", shards[0], shards[0]]).status, 2)
        XCTAssertEqual(try TestEnvironment.run(["merge-reports", fixtures + "/alpha.json"]).status, 2)
    }

    /// Issue 37, item 4: reports come from other machines. A case name or artifact kind that would leave the output
    /// folder, an absolute artifact path, one that climbs out of its report's folder and one that leaves it through a
    /// symbolic link are exit 2 naming the report and the field, before anything is written; an artifact inside the
    /// folder that is not a PNG (a text file, a FIFO) is left out with a warning; markup in every string field reaches
    /// the HTML escaped, so the page has no element or attribute the report injected.
    func testMergeReportsTreatsReportsAsUntrustedInput() throws {
        let root = directory + "/hostile"
        try FileManager.default.createDirectory(atPath: root + "/out", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/shard", withIntermediateDirectories: true)
        let png = try PNGCodec.encode(RGBAImage(width: 2, height: 2, fill: (255, 0, 0, 255)), opaque: true)
        try Data(png).write(to: URL(fileURLWithPath: root + "/shard/expected.png"))
        try "secret".write(toFile: root + "/secret.txt", atomically: true, encoding: .utf8)
        try Data(png).write(to: URL(fileURLWithPath: root + "/outside.png"))
        try FileManager.default.createSymbolicLink(atPath: root + "/shard/link.png", withDestinationPath: "../outside.png")
        try "not an image".write(toFile: root + "/shard/notes.txt", atomically: true, encoding: .utf8)
        func report(_ name: String, _ cases: String) throws -> String {
            let path = root + "/shard/" + name + ".json"
            try #"{"passed": 0, "failed": 1, "recorded": 0, "cases": ["# .appending(cases).appending("]}").write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
        let refused: [(String, String, String)] = [
            (#"{"name": "../../../escape", "status": "failed", "artifacts": {"expected": "expected.png"}}"#, "$.cases[0].name", "a case name"),
            (#"{"name": "a", "status": "failed", "artifacts": {"../../x": "expected.png"}}"#, "$.cases[0].artifacts", "unknown artifact kind"),
            (#"{"name": "a", "status": "failed", "artifacts": {"x\" onerror=\"alert(1)": "expected.png"}}"#, "$.cases[0].artifacts", "unknown artifact kind"),
            (#"{"name": "a", "status": "failed", "artifacts": {"expected": "/etc/passwd"}}"#, "$.cases[0].artifacts.expected", "relative to its report"),
            (#"{"name": "a", "status": "failed", "artifacts": {"actual": "../secret.txt"}}"#, "$.cases[0].artifacts.actual", "inside its report's folder"),
            (#"{"name": "a", "status": "failed", "artifacts": {"diff": "sub/../../outside.png"}}"#, "$.cases[0].artifacts.diff", "inside its report's folder"),
            (#"{"name": "a", "status": "failed", "artifacts": {"expected": "link.png"}}"#, "$.cases[0].artifacts.expected", "inside its report's folder"),
            // Every field is typed: a wrong type is refused with the field's path, not passed over.
            (#"{"name": "a", "status": "failed", "diffRatio": "0.5"}"#, "$.cases[0].diffRatio", "expected number, found string"),
            (#"{"name": "a", "status": "failed", "artifacts": ["expected.png"]}"#, "$.cases[0].artifacts", "expected object, found array"),
            (#"{"name": "a", "status": "failed", "artifacts": {"expected": 7}}"#, "$.cases[0].artifacts.expected", "expected string, found number"),
            (#"{"name": "a", "status": "failed"}, 3"#, "$.cases[1]", "expected object, found number"),
            (#"{"name": "a", "status": "lost"}"#, "$.cases[0]", "needs \"name\" and a \"status\""),
        ]
        for (index, (cases, field, message)) in refused.enumerated() {
            let path = try report("refused-\(index)", cases)
            let result = try TestEnvironment.run(["merge-reports", path, "--reporter", "html=\(root)/out/r\(index).html", "--reporter", "json=\(root)/out/r\(index).json"])
            XCTAssertEqual(result.status, 2, "\(cases): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(field) && result.stderr.contains(message), result.stderr)
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: root + "/out"), [], "nothing is written for a refused report")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory + "/escape.expected.png"))
        // Markup everywhere, and an artifact that points at a secret beside the report.
        let markup = #"<img src=x onerror=alert(1)>"#
        let path = try report("markup", #"{"name": "\#(markup)", "status": "failed", "reason": "<script>alert(2)</script> & \"", "#
                                + #""artifacts": {"expected": "expected.png", "actual": "notes.txt", "diff": "fifo"}}"#)
        XCTAssertEqual(mkfifo(root + "/shard/fifo", 0o600), 0, "a FIFO named by a report must not block the merge")
        let result = try TestEnvironment.run(["merge-reports", path, "--reporter", "html=\(root)/out/page.html", "--reporter", "json=\(root)/out/page.json"])
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("missing or not a PNG"), result.stderr)
        let page = try String(contentsOfFile: root + "/out/page.html", encoding: .utf8)
        XCTAssertFalse(page.contains("<img src=x"), "the name's markup is escaped")
        XCTAssertFalse(page.contains("<script>alert"), "the reason's markup is escaped")
        XCTAssertTrue(page.contains("&lt;script&gt;alert(2)&lt;/script&gt; &amp; &quot;"))
        // The page's own elements only: one image (the expected one; no overlay without an actual), one script.
        XCTAssertEqual(page.components(separatedBy: "<img").count - 1, 1, page)
        XCTAssertEqual(page.components(separatedBy: "<script").count - 1, 1, page)
        // Read as HTML (tags, then their attributes, quoted values skipped): no event-handler attribute anywhere.
        let tags = try NSRegularExpression(pattern: #"<([a-zA-Z][a-zA-Z0-9]*)((?:\s+[^\s=>"']+(?:=(?:"[^"]*"|'[^']*'|[^\s>]*))?)*)\s*>"#)
        let attribute = try NSRegularExpression(pattern: #"\s+([^\s=>"']+)(?:=(?:"[^"]*"|'[^']*'|[^\s>]*))?"#)
        for tag in tags.matches(in: page, range: NSRange(page.startIndex..., in: page)) {
            let attributes = String(page[Range(tag.range(at: 2), in: page)!])
            for match in attribute.matches(in: attributes, range: NSRange(attributes.startIndex..., in: attributes)) {
                let name = String(attributes[Range(match.range(at: 1), in: attributes)!])
                XCTAssertFalse(name.lowercased().hasPrefix("on"), "an injected \(name) attribute")
            }
        }
        let copied = try XCTUnwrap(FileManager.default.enumerator(atPath: root + "/out")).compactMap { $0 as? String }
        for file in copied {
            guard let bytes = FileManager.default.contents(atPath: root + "/out/" + file) else { continue }  // a folder
            XCTAssertNotEqual(bytes, Data("secret".utf8), "\(file) is the secret")
        }
        XCTAssertTrue(copied.contains { $0.hasSuffix(".expected.png") }, "\(copied)")
        XCTAssertFalse(copied.contains { $0.hasSuffix(".actual.png") }, "\(copied)")
    }

    /// Issue 37, item 3: two CI jobs run shards 1/2 and 2/2 in their own folders; only their report folders are
    /// uploaded, and a third job merges them where no `.build` exists. The merged JSON, JUnit and HTML list every case
    /// and show the failing one's images, and the JUnit attachment paths resolve from the merging job's folder.
    func testUploadedShardReportFoldersMergeWithTheirImages() throws {
        let (fixtures, golden) = try suite()
        let merging = directory + "/merging"
        for index in 1...2 {
            let job = directory + "/job-\(index)"
            try FileManager.default.createDirectory(atPath: job, withIntermediateDirectories: true)
            let run = try TestEnvironment.run(["check", fixtures, "--golden", golden, "--shard", "\(index)/2", "--artifacts", job + "/.build/golden-artifacts",
                                               "--reporter", "json=reports/check.json", "--reporter", "junit=reports/junit.xml"],
                                              environment: environment, currentDirectory: job)
            XCTAssertLessThanOrEqual(run.status, 1, run.stderr)
            try FileManager.default.createDirectory(atPath: merging + "/downloaded", withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: job + "/reports", toPath: merging + "/downloaded/shard-\(index)")
            try FileManager.default.removeItem(atPath: job)  // the job's machine is gone
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: merging + "/.build"))
        let merged = try TestEnvironment.run(["merge-reports", "downloaded/shard-1", "downloaded/shard-2", "--reporter", "json=merged/check.json",
                                              "--reporter", "junit=merged/junit.xml", "--reporter", "html=merged/check.html"],
                                             environment: environment, currentDirectory: merging)
        XCTAssertEqual(merged.status, 1, merged.stderr)
        XCTAssertFalse(merged.stderr.contains("warning"), merged.stderr)
        XCTAssertTrue(merged.stdoutText.hasSuffix("4 passed, 1 failed\n"), merged.stdoutText)
        // JSON: every case; the failing one's four images copied beside the merged report.
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(try FileContents.read(merging + "/merged/check.json"))) as? [String: Any])
        let cases = try XCTUnwrap(json["cases"] as? [[String: Any]])
        XCTAssertEqual(cases.compactMap { $0["name"] as? String }, ["alpha", "beta", "broken", "sub/delta", "sub/gamma"])
        let images = try XCTUnwrap(cases.first { $0["name"] as? String == "broken" }?["artifacts"] as? [String: String])
        XCTAssertEqual(Set(images.keys), ["expected", "actual", "diff", "panels"])
        for (_, path) in images { XCTAssertNoThrow(try PNGCodec.decode(try FileContents.read(merging + "/merged/" + path)), path) }
        // JUnit: five test cases, the failure's attachments resolve from the job's folder.
        let junit = try String(contentsOfFile: merging + "/merged/junit.xml", encoding: .utf8)
        XCTAssertTrue(junit.contains(#"tests="5" failures="1""#), junit)
        let attachments = Self.attachments(junit)
        XCTAssertEqual(attachments.count, 4, junit)
        for path in attachments {
            XCTAssertFalse(path.hasPrefix("/") || path.contains(".."), path)
            XCTAssertNoThrow(try PNGCodec.decode(try FileContents.read(merging + "/" + path)), path)
        }
        // HTML: a section per case, and every image it shows is in its folder.
        let page = try String(contentsOfFile: merging + "/merged/check.html", encoding: .utf8)
        XCTAssertEqual(page.components(separatedBy: "<section").count - 1, 5)
        let sources = try NSRegularExpression(pattern: #"<img alt="[^"]*" src="([^"]+)""#).matches(in: page, range: NSRange(page.startIndex..., in: page))
            .compactMap { Range($0.range(at: 1), in: page).map { String(page[$0]) } }
        XCTAssertEqual(Set(sources).count, 3, "expected, actual, diff: \(sources)")
        for source in Set(sources) {
            XCTAssertNoThrow(try PNGCodec.decode(try FileContents.read(merging + "/merged/" + (source.removingPercentEncoding ?? source))), source)
        }
        for file in ["check.json", "junit.xml", "check.html"] {
            XCTAssertFalse(try String(contentsOfFile: merging + "/merged/" + file, encoding: .utf8).contains(directory), file)
        }
        // A folder without a report is exit 2 naming it; nothing half-made is left.
        try FileManager.default.createDirectory(atPath: merging + "/empty", withIntermediateDirectories: true)
        let empty = try TestEnvironment.run(["merge-reports", "empty", "--reporter", "json=out/x.json"], environment: environment, currentDirectory: merging)
        XCTAssertEqual(empty.status, 2, empty.stderr)
        XCTAssertTrue(empty.stderr.contains("empty") && empty.stderr.contains("no JSON report"), empty.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: merging + "/out"))
    }

    /// A run that records new goldens exits 1 (they are not verified yet), and its JUnit says so: every recorded case is
    /// a failure with its reason, so a CI test tab is red when the job is.
    func testARecordingRunIsAFailureInJUnitToo() throws {
        let fixtures = directory + "/fresh/fixtures", golden = directory + "/fresh/golden"
        try FileManager.default.createDirectory(atPath: fixtures, withIntermediateDirectories: true)
        for name in ["one", "two"] {
            try #"{"blocks": [{"type": "paragraph", "text": "\#(name)"}]}"#.write(toFile: fixtures + "/\(name).json", atomically: true, encoding: .utf8)
        }
        let report = directory + "/fresh/junit.xml"
        let result = try TestEnvironment.run(["check", fixtures, "--golden", golden, "--reporter", "junit=\(report)"], environment: environment)
        XCTAssertEqual(result.status, 1)
        let document = try XMLDocument(data: Data(try FileContents.read(report)))
        let suite = try XCTUnwrap(try document.nodes(forXPath: "/testsuites/testsuite").first as? XMLElement)
        XCTAssertEqual(suite.attribute(forName: "failures")?.stringValue, "2")
        let failures = try document.nodes(forXPath: "//testcase/failure").compactMap { $0 as? XMLElement }
        XCTAssertEqual(failures.map { $0.attribute(forName: "type")?.stringValue }, ["recorded", "recorded"])
        XCTAssertTrue(failures.allSatisfy { $0.attribute(forName: "message")?.stringValue?.contains("recorded") == true })
        // Recording on purpose (an explicit mode) passes, and so does its report.
        try FileManager.default.removeItem(atPath: golden)
        let explicit = try TestEnvironment.run(["check", fixtures, "--golden", golden, "--record", "missing", "--reporter", "junit=\(report)"],
                                               environment: environment)
        XCTAssertEqual(explicit.status, 0)
        XCTAssertTrue(try String(contentsOfFile: report, encoding: .utf8).contains(#"failures="0""#))
    }

    /// --grep and --grep-invert select cases by name (before sharding); a selection of none warns, writes empty reports
    /// and exits 0; --update is --record failed.
    func testGrepSelectsCasesAndUpdateRerecordsFailures() throws {
        let (fixtures, golden) = try suite()
        func names(_ extra: [String]) throws -> (Int32, [String], String) {
            let result = try TestEnvironment.run(["check", fixtures, "--golden", golden, "--reporter", "json"] + extra, environment: environment)
            let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any], result.stderr)
            return (result.status, try XCTUnwrap(json["cases"] as? [[String: Any]]).compactMap { $0["name"] as? String }, result.stderr)
        }
        XCTAssertEqual(try names(["--grep", "^sub/"]).1, ["sub/delta", "sub/gamma"])
        XCTAssertEqual(try names(["--grep-invert", "^sub/|broken"]).1, ["alpha", "beta"])
        XCTAssertEqual(try names(["--grep", "a", "--grep-invert", "^sub/"]).1, ["alpha", "beta"])
        XCTAssertEqual(try names(["--grep", "^sub/", "--shard", "1/2"]).1, ["sub/delta"], "shards split the selection")
        let (status, none, warning) = try names(["--grep", "nothing-like-this"])
        XCTAssertEqual(status, 0)
        XCTAssertEqual(none, [])
        XCTAssertTrue(warning.contains("no case matches --grep nothing-like-this"), warning)
        XCTAssertEqual(try TestEnvironment.run(["check", fixtures, "--golden", golden, "--grep", "("], environment: environment).status, 2)
        // --update rewrites the broken golden and exits 0 (every failure was re-recorded, as Playwright's -u), after which
        // everything passes; under CI nothing is re-recorded and it exits 1.
        XCTAssertEqual(try TestEnvironment.run(["check", fixtures, "--golden", golden, "--update"], environment: environment.merging(["CI": "true"]) { $1 }).status, 1)
        XCTAssertEqual(try TestEnvironment.run(["check", fixtures, "--golden", golden, "--update"], environment: environment).status, 0)
        XCTAssertEqual(try TestEnvironment.run(["check", fixtures, "--golden", golden], environment: environment).status, 0)
        XCTAssertEqual(try TestEnvironment.run(["check", fixtures, "--golden", golden, "--update", "--record", "all"], environment: environment).status, 2)
    }

    func testTheHTMLReportSurvivesBeingMoved() throws {
        let (fixtures, golden) = try suite()
        let result = try TestEnvironment.run(["check", fixtures, "--golden", golden, "--report", directory + "/out/report.html"], environment: environment)
        XCTAssertEqual(result.status, 1)
        // Uploaded as an artifact and opened elsewhere: move the folder, then every image must resolve from the page.
        try FileManager.default.moveItem(atPath: directory + "/out", toPath: directory + "/moved")
        try FileManager.default.removeItem(atPath: directory + "/project/.build")
        let page = try String(contentsOfFile: directory + "/moved/report.html", encoding: .utf8)
        let sources = try NSRegularExpression(pattern: #"src="([^"]+)""#).matches(in: page, range: NSRange(page.startIndex..., in: page))
            .map { String(page[Range($0.range(at: 1), in: page)!]) }
        XCTAssertEqual(Set(sources).count, 3, "expected, actual and diff of the failing case")
        for source in sources {
            XCTAssertFalse(source.contains(":"), "relative, not file:// (\(source))")
            XCTAssertNoThrow(try PNGCodec.decode(try FileContents.read(directory + "/moved/" + (source.removingPercentEncoding ?? source))), source)
        }
        for label in ["expected", "actual", "diff"] { XCTAssertTrue(page.contains("<figcaption>\(label)</figcaption>"), label) }
        // Every case is one element with its status; a status menu, a text filter and the overlay's slider are there.
        let cases = try NSRegularExpression(pattern: #"<section class="case [^"]*" data-status="([a-z]+)" data-name="([^"]+)">"#)
            .matches(in: page, range: NSRange(page.startIndex..., in: page))
            .map { (String(page[Range($0.range(at: 2), in: page)!]), String(page[Range($0.range(at: 1), in: page)!])) }
        XCTAssertEqual(cases.map(\.0), ["alpha", "beta", "broken", "sub/delta", "sub/gamma"])
        XCTAssertEqual(cases.map(\.1), ["passed", "passed", "failed", "passed", "passed"])
        XCTAssertTrue(page.contains("<select id=status>"), "status filter")
        for status in ["all", "failed", "recorded", "passed"] { XCTAssertTrue(page.contains("<option value=\(status)>"), status) }
        XCTAssertTrue(page.contains("<input id=filter type=search"), "text filter")
        XCTAssertEqual(page.components(separatedBy: "<input type=range").count - 1, 1, "one slider, for the failing case")
        XCTAssertTrue(page.contains("<div class=overlay>"), "the overlay view")
    }

    func testShardsPartitionTheCases() throws {
        let (fixtures, golden) = try suite()
        var seen: [String] = []
        for index in 1...3 {
            let result = try TestEnvironment.run(["check", fixtures, "--golden", golden, "--shard", "\(index)/3", "--reporter", "json"],
                                                 environment: environment)
            let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any], result.stderr)
            let names = try XCTUnwrap(json["cases"] as? [[String: Any]]).compactMap { $0["name"] as? String }
            XCTAssertEqual(names.count, index <= 2 ? 2 : 1, "5 cases in 3 shards: 2, 2, 1")
            seen += names
        }
        XCTAssertEqual(seen, ["alpha", "beta", "broken", "sub/delta", "sub/gamma"], "each case once, in order")
        for bad in ["0/3", "4/3", "1/0", "x"] {
            XCTAssertEqual(try TestEnvironment.run(["check", fixtures, "--golden", golden, "--shard", bad], environment: environment).status, 2, bad)
        }
    }

    func testArtifactsLiveBesideTheGoldensAndAreClearedWhenACasePasses() throws {
        let (fixtures, golden) = try suite()
        // Run from another directory: the artifacts go to <golden's parent>/.build/golden-artifacts.
        let result = try TestEnvironment.run(["check", fixtures, "--golden", golden], environment: environment, currentDirectory: directory)
        XCTAssertEqual(result.status, 1)
        let panels = directory + "/project/.build/golden-artifacts/broken.panels.png"
        XCTAssertTrue(FileManager.default.fileExists(atPath: panels))
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory + "/.build"))
        // Accepting the change makes the case pass (and --record failed exits 0: every failure was re-recorded); its
        // old artifacts go.
        XCTAssertEqual(try TestEnvironment.run(["check", fixtures, "--golden", golden, "--record", "failed"], environment: environment).status, 0)
        XCTAssertEqual(try TestEnvironment.run(["check", fixtures, "--golden", golden], environment: environment).status, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: panels))
        // The layout's artifacts too (issue 37, item 6): a changed layout golden leaves them, the restored one clears them.
        let layoutGolden = golden + "/alpha.layout.txt", layoutArtifact = directory + "/project/.build/golden-artifacts/alpha.layout.actual.txt"
        let original = try String(contentsOfFile: layoutGolden, encoding: .utf8)
        try (original + "a line the layout does not have\n").write(toFile: layoutGolden, atomically: true, encoding: .utf8)
        XCTAssertEqual(try TestEnvironment.run(["check", fixtures, "--golden", golden], environment: environment).status, 1)
        XCTAssertTrue(FileManager.default.fileExists(atPath: layoutArtifact))
        try original.write(toFile: layoutGolden, atomically: true, encoding: .utf8)
        XCTAssertEqual(try TestEnvironment.run(["check", fixtures, "--golden", golden], environment: environment).status, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: layoutArtifact), "stale layout artifacts are removed when the case passes")
    }

    func testRenderOptionsAreDefaultsThatACasesArgsOverride() throws {
        let (fixtures, golden) = try suite()
        // Every golden was recorded in the day theme: --theme night makes every case differ…
        let night = try TestEnvironment.run(["check", fixtures, "--golden", golden, "--theme", "night"], environment: environment)
        XCTAssertTrue(night.stdoutText.hasSuffix("0 passed, 5 failed\n"), night.stdoutText)
        // …except one whose .args asks for the day theme again.
        try "--theme day\n".write(toFile: fixtures + "/alpha.args", atomically: true, encoding: .utf8)
        let overridden = try TestEnvironment.run(["check", fixtures, "--golden", golden, "--theme", "night"], environment: environment)
        XCTAssertTrue(overridden.stdoutText.hasSuffix("1 passed, 4 failed\n"), overridden.stdoutText)
        XCTAssertEqual(try TestEnvironment.run(["check", fixtures, "--golden", golden, "--no-such-option"], environment: environment).status, 2)
    }
}
