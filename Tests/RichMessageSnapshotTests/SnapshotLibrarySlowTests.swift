import CommandCatalog
import Foundation
import GoldenSupport
import Images
import ProcessSupport
import RichMessageRenderer
import XCTest

/// Issues 16 and 27, item 1: the RichMessageSnapshot library as another package uses it — the example package in
/// examples/swift-snapshot, built against this checkout. A missing snapshot is recorded and fails, then passes;
/// two unnamed snapshots of one test are numbered; same-named tests of two classes keep their snapshots and
/// failure images apart; a changed snapshot fails with artifacts and the diff tool's command; under CI nothing is
/// recorded (a record mode asked for is ignored with one warning); an old unnumbered snapshot is read as the first
/// and renamed when recorded; `.file` finds a fixture beside the test file; snapshots and fixtures are excluded.
final class SnapshotLibrarySlowTests: XCTestCase {
    /// `swift ARGUMENTS` in `folder`, its standard output and error together (a build takes minutes).
    private func swift(_ arguments: [String], in folder: String, environment: [String: String]) throws -> (status: Int32, output: String) {
        let result = try TestEnvironment.runTool("/usr/bin/env", ["swift"] + arguments, environment: environment, currentDirectory: folder,
                                                 timeoutSeconds: 1_800)
        return (result.status, result.stdoutText + result.stderr)
    }

    private func pngs(_ folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".png") }.sorted()
    }

    /// Paints 500 pixels of a snapshot red, as a changed rendering would differ.
    private func damage(_ path: String) throws -> RGBAImage {
        var image = try PNGCodec.decode(try FileContents.read(path))
        for index in stride(from: 0, to: 2_000, by: 4) { image.pixels[index] = 255; image.pixels[index + 1] = 0 }
        try AtomicFile.write(try PNGCodec.encode(image, opaque: true), to: path)
        return image
    }

    /// `git ARGUMENTS` in `folder`.
    private func git(_ arguments: [String], in folder: String) throws {
        let result = try TestEnvironment.runTool("/usr/bin/env", ["git", "-c", "user.name=ipraster tests", "-c", "user.email=tests@ipraster.invalid"] + arguments,
                                                 currentDirectory: folder, timeoutSeconds: 600)
        XCTAssertEqual(result.status, 0, "git \(arguments.joined(separator: " ")): \(result.stderr)")
    }

    /// A git repository of this checkout's files as they are now (committed or not, less what .gitignore leaves
    /// out), tagged with the program's version: what a package resolves `from:` against (issue 59).
    private func taggedCopy(in folder: String) throws -> (url: String, version: String) {
        let repository = folder + "/remote/ipraster.git"  // the package identity is the URL's last component less .git
        let listed = try TestEnvironment.runTool("/usr/bin/env", ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                                                 currentDirectory: TestEnvironment.root)
        XCTAssertEqual(listed.status, 0, "the checkout is a git repository: \(listed.stderr)")
        for file in listed.stdout.split(separator: 0).map({ String(decoding: $0, as: UTF8.self) }) {
            let source = TestEnvironment.root + "/" + file
            guard FileManager.default.fileExists(atPath: source) else { continue }  // deleted, not yet committed
            try FileManager.default.createDirectory(atPath: repository + "/" + (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: source, toPath: repository + "/" + file)
        }
        let version = CommandSpec.version
        try git(["init", "-q"], in: repository)
        try git(["add", "-A"], in: repository)
        try git(["commit", "-q", "-m", "ipraster \(version)"], in: repository)
        try git(["tag", version], in: repository)
        return ("file://" + repository, version)
    }

    func testTheExamplePackageRecordsPassesAndFails() throws {
        // The example, depending on a tagged copy of this checkout by version, with the documented line.
        let work = try TestEnvironment.temporaryDirectory(), package = work + "/SnapshotExample"
        try FileManager.default.createDirectory(atPath: package, withIntermediateDirectories: true)
        for item in ["Package.swift", "Tests"] {  // not a .build folder a local run left behind
            try FileManager.default.copyItem(atPath: TestEnvironment.root + "/examples/swift-snapshot/" + item, toPath: package + "/" + item)
        }
        let documented = try String(contentsOfFile: TestEnvironment.root + "/docs/regression-ci.md", encoding: .utf8)
        let line = try XCTUnwrap(documented.split(separator: "\n").first { $0.contains(".package(url:") && $0.contains("from: \"") }, "regression-ci.md shows the dependency line")
        let documentedVersion = try XCTUnwrap(line.split(separator: "\"").dropFirst(3).first.map(String.init))
        let (url, version) = try taggedCopy(in: work)
        XCTAssertFalse(version.compare(documentedVersion, options: .numeric) == .orderedAscending, "the documented \(documentedVersion) is not after \(version)")
        let manifest = try String(contentsOfFile: package + "/Package.swift", encoding: .utf8)
        XCTAssertTrue(manifest.contains(#".package(name: "ipraster", path: "../..")"#))
        try manifest.replacingOccurrences(of: #".package(name: "ipraster", path: "../..")"#, with: #".package(url: "\#(url)", from: "\#(documentedVersion)")"#)
            .write(toFile: package + "/Package.swift", atomically: true, encoding: .utf8)
        // The committed snapshots are what the example's own runs compare with; this test starts without them.
        let tests = package + "/Tests/MessageSnapshotTests"
        let messages = tests + "/__Snapshots__/MessageSnapshotTests", replies = tests + "/__Snapshots__/ReplyTests"
        XCTAssertTrue(FileManager.default.fileExists(atPath: messages + "/testAnswer.1.png"), "the example ships its snapshots")
        try FileManager.default.removeItem(atPath: tests + "/__Snapshots__")
        let quiet = ["IPRASTER_RECORD": "", "IPRASTER_ARTIFACTS": "", "IPRASTER_DIFF_TOOL": ""]
        let local = quiet.merging(["CI": ""]) { _, new in new }, ci = quiet.merging(["CI": "true"]) { _, new in new }
        let build = try swift(["build", "--build-tests"], in: package, environment: quiet)
        XCTAssertEqual(build.status, 0, String(build.output.suffix(2000)))
        let resolved = try String(contentsOfFile: package + "/Package.resolved", encoding: .utf8)
        XCTAssertTrue(resolved.contains("\"version\" : \"\(version)\""), "resolved by version: \(resolved)")
        XCTAssertFalse(build.output.contains("unsafe"), String(build.output.suffix(2000)))
        let warnings = build.output.split(separator: "\n").filter { $0.contains("/checkouts/") && $0.contains("/Sources/") && $0.contains(": warning:") }
        XCTAssertEqual(warnings, [], "ipraster's sources build without warnings")

        // CI: the missing snapshots fail and nothing is recorded.
        let missing = try swift(["test", "--skip-build"], in: package, environment: ci)
        XCTAssertNotEqual(missing.status, 0)
        XCTAssertTrue(missing.output.contains("missing golden \(messages)/testTwoWidths.2.png"), String(missing.output.suffix(3000)))
        XCTAssertFalse(FileManager.default.fileExists(atPath: tests + "/__Snapshots__"))

        // Outside CI: recorded — the second unnamed snapshot of a test as .2 — and failing until run again.
        let first = try swift(["test", "--skip-build"], in: package, environment: local)
        XCTAssertNotEqual(first.status, 0)
        XCTAssertTrue(first.output.contains("recorded the snapshot \(messages)/testTwoWidths.2.png"), String(first.output.suffix(3000)))
        XCTAssertEqual(try pngs(messages), ["testAnswer.1.png", "testAnswerAtNight.night.png", "testFixture.1.png", "testTwoWidths.1.png", "testTwoWidths.2.png"])
        XCTAssertEqual(try pngs(replies), ["testAnswer.1.png", "testQuoteAtNight.night.png"])
        XCTAssertNotEqual(try FileContents.read(messages + "/testTwoWidths.1.png"), try FileContents.read(messages + "/testTwoWidths.2.png"))
        let second = try swift(["test", "--skip-build"], in: package, environment: local)
        XCTAssertEqual(second.status, 0, String(second.output.suffix(3000)))

        // Both testAnswer snapshots changed: each fails with its own artifacts under its file and class, and the
        // diff tool's command; CI still does not re-record.
        let recorded = try FileContents.read(messages + "/testAnswer.1.png")
        let changed = try damage(messages + "/testAnswer.1.png")
        _ = try damage(replies + "/testAnswer.1.png")
        let failed = try swift(["test", "--skip-build"], in: package, environment: ci.merging(["IPRASTER_DIFF_TOOL": "compare"]) { _, new in new })
        XCTAssertNotEqual(failed.status, 0)
        for (file, snapshot) in [("MessageSnapshotTests/MessageSnapshotTests", messages), ("ReplyTests/ReplyTests", replies)] {
            let artifacts = package + "/.build/snapshot-artifacts/" + file + "/testAnswer.1"
            XCTAssertTrue(failed.output.contains("snapshot \(snapshot)/testAnswer.1.png does not match: 500 pixels"), String(failed.output.suffix(3000)))
            XCTAssertTrue(failed.output.contains(artifacts + ".panels.png"), String(failed.output.suffix(3000)))
            XCTAssertTrue(failed.output.contains("compare \"\(snapshot)/testAnswer.1.png\" \"\(artifacts).actual.png\""), String(failed.output.suffix(3000)))
            for kind in ["expected", "actual", "diff", "panels"] {
                XCTAssertTrue(FileManager.default.fileExists(atPath: "\(artifacts).\(kind).png"), "\(file) \(kind)")
            }
        }
        XCTAssertEqual(try PNGCodec.decode(try FileContents.read(messages + "/testAnswer.1.png")), changed, "CI never records")

        // The first release's unnumbered name is read as .1 (with a note), and recording renames it.
        try FileManager.default.removeItem(atPath: messages + "/testAnswer.1.png")
        try AtomicFile.write(recorded, to: messages + "/testAnswer.png")
        let legacy = try swift(["test", "--skip-build", "--filter", "MessageSnapshotTests.MessageSnapshotTests"], in: package, environment: ci)
        XCTAssertEqual(legacy.status, 0, String(legacy.output.suffix(3000)))
        XCTAssertTrue(legacy.output.contains("\(messages)/testAnswer.png is read as \(messages)/testAnswer.1.png"), String(legacy.output.suffix(3000)))
        XCTAssertTrue(FileManager.default.fileExists(atPath: messages + "/testAnswer.png"), "CI does not rename")
        let renamed = try swift(["test", "--skip-build", "--filter", "MessageSnapshotTests.MessageSnapshotTests"], in: package,
                                environment: local.merging(["IPRASTER_RECORD": "all"]) { _, new in new })
        XCTAssertEqual(renamed.status, 0, String(renamed.output.suffix(3000)))
        XCTAssertEqual(try pngs(messages), ["testAnswer.1.png", "testAnswerAtNight.night.png", "testFixture.1.png", "testTwoWidths.1.png", "testTwoWidths.2.png"])
        XCTAssertEqual(try FileContents.read(messages + "/testAnswer.1.png"), recorded)

        // A record mode asked for under CI is ignored with one warning for the run, not one per snapshot.
        // (MessageSnapshotTests only: ReplyTests' snapshot is still the damaged one from above.)
        let ignored = try swift(["test", "--skip-build", "--filter", "MessageSnapshotTests.MessageSnapshotTests"], in: package,
                                environment: ci.merging(["IPRASTER_RECORD": "all"]) { _, new in new })
        XCTAssertEqual(ignored.status, 0, String(ignored.output.suffix(3000)))
        XCTAssertEqual(ignored.output.components(separatedBy: "record mode all ignored").count - 1, 1, String(ignored.output.suffix(3000)))
        // The package builds without SwiftPM's "found N file(s) which are unhandled" about snapshots or fixtures.
        XCTAssertFalse(build.output.contains("unhandled"), String(build.output.suffix(2000)))
    }
}
