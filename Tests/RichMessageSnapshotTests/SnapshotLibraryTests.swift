import Foundation
import GoldenSupport
import ProcessSupport
import RichMessageRenderer
import XCTest

/// Issue 16, item 1: the RichMessageSnapshot library as another package uses it — the example package in
/// Examples/SnapshotExample, built against this checkout: a missing snapshot is recorded and fails, then
/// passes; a changed one fails with artifacts; under CI nothing is recorded.
final class SnapshotLibraryTests: XCTestCase {
    /// `swift ARGUMENTS` in `folder`, its standard output and error together (a build takes minutes).
    private func swift(_ arguments: [String], in folder: String, environment: [String: String]) throws -> (status: Int32, output: String) {
        let result = try TestEnvironment.runTool("/usr/bin/env", ["swift"] + arguments, environment: environment, currentDirectory: folder,
                                                 timeoutSeconds: 1_800)
        return (result.status, result.stdoutText + result.stderr)
    }

    func testTheExamplePackageRecordsPassesAndFails() throws {
        // The example, with its dependency pointing at this checkout wherever the copy lives.
        let package = try TestEnvironment.temporaryDirectory() + "/SnapshotExample"
        try FileManager.default.createDirectory(atPath: package, withIntermediateDirectories: true)
        for item in ["Package.swift", "Tests"] {  // not a .build folder a local run left behind
            try FileManager.default.copyItem(atPath: TestEnvironment.root + "/Examples/SnapshotExample/" + item, toPath: package + "/" + item)
        }
        let manifest = try String(contentsOfFile: package + "/Package.swift", encoding: .utf8)
        try manifest.replacingOccurrences(of: #"path: "../..""#, with: #"path: "\#(TestEnvironment.root)""#)
            .write(toFile: package + "/Package.swift", atomically: true, encoding: .utf8)
        // The committed snapshots are what the example's own runs compare with; this test starts without them.
        let snapshots = package + "/Tests/MessageSnapshotTests/__Snapshots__/MessageSnapshotTests"
        XCTAssertTrue(FileManager.default.fileExists(atPath: snapshots + "/testAnswer.png"), "the example ships its snapshots")
        try FileManager.default.removeItem(atPath: snapshots)
        let quiet = ["IPRASTER_RECORD": "", "IPRASTER_ARTIFACTS": ""]
        let build = try swift(["build", "--build-tests"], in: package, environment: quiet)
        XCTAssertEqual(build.status, 0, String(build.output.suffix(2000)))
        // CI: the missing snapshots fail and nothing is recorded.
        let ci = try swift(["test", "--skip-build"], in: package, environment: quiet.merging(["CI": "true"]) { _, new in new })
        XCTAssertNotEqual(ci.status, 0)
        XCTAssertTrue(ci.output.contains("missing golden"), String(ci.output.suffix(2000)))
        XCTAssertFalse(FileManager.default.fileExists(atPath: snapshots))
        // Outside CI: recorded, and the test fails until it is run again.
        let first = try swift(["test", "--skip-build"], in: package, environment: quiet.merging(["CI": ""]) { _, new in new })
        XCTAssertNotEqual(first.status, 0)
        XCTAssertTrue(first.output.contains("recorded the snapshot"), String(first.output.suffix(2000)))
        let recorded = try FileManager.default.contentsOfDirectory(atPath: snapshots).sorted()
        XCTAssertEqual(recorded.filter { $0.hasSuffix(".png") }, ["testAnswer.png", "testAnswerAtNight.night.png"])
        let second = try swift(["test", "--skip-build"], in: package, environment: quiet.merging(["CI": ""]) { _, new in new })
        XCTAssertEqual(second.status, 0, String(second.output.suffix(2000)))
        // A changed snapshot fails with the artifacts named; CI still does not re-record.
        var image = try PNGCodec.decode(try FileContents.read(snapshots + "/testAnswer.png"))
        for index in stride(from: 0, to: 2_000, by: 4) { image.pixels[index] = 255; image.pixels[index + 1] = 0 }
        try AtomicFile.write(try PNGCodec.encode(image, opaque: true), to: snapshots + "/testAnswer.png")
        let failed = try swift(["test", "--skip-build"], in: package, environment: quiet.merging(["CI": "true"]) { _, new in new })
        XCTAssertNotEqual(failed.status, 0)
        XCTAssertTrue(failed.output.contains("does not match: 500 pixels"), String(failed.output.suffix(2000)))
        let panels = package + "/.build/snapshot-artifacts/testAnswer.panels.png"
        XCTAssertTrue(failed.output.contains(panels), String(failed.output.suffix(2000)))
        XCTAssertTrue(FileManager.default.fileExists(atPath: panels))
        XCTAssertEqual(try PNGCodec.decode(try FileContents.read(snapshots + "/testAnswer.png")), image, "CI never records")
    }
}
