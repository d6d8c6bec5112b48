import Foundation
import GoldenSupport
import RichMessageRenderer
import XCTest

/// Exports that are interrupted, repeated or run from a terminal (issue 10): nothing half-written is left,
/// an earlier export survives an interrupted re-export, and a second export never mixes with the first.
final class RevealInterruptionTests: XCTestCase {
    private let fixture = TestEnvironment.root + "/Tests/RevealFixtures/emoji-stream.json"
    var directory = ""

    override func setUpWithError() throws {
        directory = try TestEnvironment.temporaryDirectory()
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// A message long enough that its export takes a few seconds at scale 3.
    private func writeLongMessage() throws -> String {
        let sentence = "Streaming answers reveal their text letter by letter while the bubble grows. "
        let blocks = (0..<12).map { _ in #"{"type": "paragraph", "text": "\#(String(repeating: sentence, count: 4))"}"# }
        let path = directory + "/long.json"
        try #"{"blocks": [\#(blocks.joined(separator: ","))]}"#.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    private func start(_ arguments: [String], environment: [String: String] = [:]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: TestEnvironment.executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, b in b }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Waits until `condition` holds (polling), at most `seconds`.
    private func wait(seconds: Double, until condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            usleep(20_000)
        }
        return condition()
    }

    private func listing(_ path: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
    }

    func testSIGINTDuringAnExportLeavesTheEarlierExportAndNothingElse() throws {
        let output = directory + "/frames"
        let first = try TestEnvironment.run(["reveal", fixture, "-o", output + "/", "--fps", "6"])
        XCTAssertEqual(first.status, 0, first.stderr)
        let before = listing(output)
        let beforeTimeline = try FileContents.read(output + "/timeline.json")
        let temporary = directory + "/tmp"
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        let process = try start(["reveal", try writeLongMessage(), "-o", output + "/", "--scale", "3", "--width", "600"],
                                environment: ["TMPDIR": temporary + "/"])
        XCTAssertTrue(wait(seconds: 30) { listing(output).contains { $0.hasPrefix(".ipraster-partial-") } }, "the export never started staging")
        // Let it write a few frames into the staging folder first.
        _ = wait(seconds: 5) { listing(output + "/" + (listing(output).first { $0.hasPrefix(".ipraster-partial-") } ?? "x")).count > 3 }
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .exit)
        XCTAssertEqual(process.terminationStatus, 128 + SIGINT)
        XCTAssertEqual(listing(output), before, "the earlier export is intact and no staging folder is left")
        XCTAssertEqual(try FileContents.read(output + "/timeline.json"), beforeTimeline)
        XCTAssertEqual(listing(temporary), [])
    }

    func testSIGTERMDuringAnAnimatedExportRemovesItsWorkFolder() throws {
        guard TestEnvironment.ffmpeg != nil else { throw XCTSkip("ffmpeg is not installed here (it is optional: apt-get install ffmpeg)") }
        let temporary = directory + "/tmp"
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        let process = try start(["reveal", try writeLongMessage(), "-o", directory + "/out.gif", "--scale", "3"],
                                environment: ["TMPDIR": temporary + "/"])
        XCTAssertTrue(wait(seconds: 30) { !listing(temporary).isEmpty }, "the export never started")
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 128 + SIGTERM)
        XCTAssertEqual(listing(temporary), [])
        XCTAssertEqual(listing(directory).filter { $0 != "tmp" && $0 != "long.json" }, [])
    }

    func testAShorterReExportLeavesNoStaleFrames() throws {
        let output = directory + "/frames"
        XCTAssertEqual(try TestEnvironment.run(["reveal", fixture, "-o", output + "/", "--fps", "30"]).status, 0)
        let long = listing(output).count
        XCTAssertEqual(try TestEnvironment.run(["reveal", fixture, "-o", output + "/", "--fps", "5"]).status, 0)
        let timeline = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: output + "/timeline.json"))) as! [String: Any]
        let count = timeline["frameCount"] as! Int
        XCTAssertLessThan(count + 1, long)
        XCTAssertEqual(listing(output), (0..<count).map { String(format: "frame_%05d.png", $0) } + ["timeline.json"])
    }

    func testAnAnimatedExportFromATerminalEnds() throws {
        guard TestEnvironment.ffmpeg != nil else { throw XCTSkip("ffmpeg is not installed here (it is optional: apt-get install ffmpeg)") }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else { throw XCTSkip("script (bsdutils) is not installed") }
        // `script` gives the tool a pseudo-terminal as stdin: ffmpeg once read it and was stopped forever.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", "'\(TestEnvironment.executable)' reveal '\(fixture)' -o '\(directory)/out.gif' --fps 10", "/dev/null"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let finished = wait(seconds: 120) { !process.isRunning }
        if !finished { process.terminate() }
        XCTAssertTrue(finished, "the export under a terminal did not end")
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        XCTAssertEqual(Array(try FileContents.read(directory + "/out.gif").prefix(6)), Array("GIF89a".utf8))
    }
}

