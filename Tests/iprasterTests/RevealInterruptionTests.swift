import Foundation
import GoldenSupport
import ProcessSupport
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
        _ = try TestEnvironment.requireFFmpeg()
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
        _ = try TestEnvironment.requireFFmpeg()
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

    /// The children of `parent` by /proc: (pid, command name).
    private func children(of parent: pid_t) -> [(pid_t, String)] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> (pid_t, String)? in
            guard let pid = pid_t(entry), let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                  let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")") else { return nil }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 1, pid_t(fields[1]) == parent else { return nil }
            return (pid, String(stat[stat.index(after: open)..<close]))
        }
    }

    /// Ctrl-C while ffmpeg encodes: ffmpeg runs with default signal handling, so the tool and ffmpeg are gone within
    /// 2 s, and neither the output nor any temporary file is left.
    func testSIGINTWhileFFmpegEncodesEndsWithinTwoSeconds() throws {
        _ = try TestEnvironment.requireFFmpeg()
        let temporary = directory + "/tmp"
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        let process = try start(["reveal", try writeLongMessage(), "-o", directory + "/out.mp4", "--scale", "3"],
                                environment: ["TMPDIR": temporary + "/"])
        var ffmpeg: pid_t?
        XCTAssertTrue(wait(seconds: 30, until: {
            ffmpeg = self.children(of: process.processIdentifier).first { $0.1.hasPrefix("ffmpeg") }?.0
            return ffmpeg != nil
        }), "ffmpeg never started")
        let sent = Date()
        kill(process.processIdentifier, SIGINT)
        XCTAssertTrue(wait(seconds: 10) { !process.isRunning })
        let ended = Date()
        process.waitUntilExit()
        XCTAssertLessThan(ended.timeIntervalSince(sent), 2, "the interrupted export took too long to end")
        XCTAssertEqual(process.terminationStatus, 128 + SIGINT)
        if let ffmpeg { XCTAssertNotEqual(kill(ffmpeg, 0), 0, "ffmpeg is still running") }
        XCTAssertEqual(listing(temporary), [])
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory + "/out.mp4"))
    }

    /// What an export killed by SIGKILL left (a sequence's staging folder, an animation's temporary file, the older
    /// frames folder) is removed by the next export into the same place; a live process's work stays.
    func testTheNextExportRemovesAKilledExportsLeftovers() throws {
        let dead = Process()
        dead.executableURL = URL(fileURLWithPath: "/bin/true")
        try dead.run()
        dead.waitUntilExit()
        let gone = dead.processIdentifier, alive = ProcessInfo.processInfo.processIdentifier
        let output = directory + "/frames", temporary = directory + "/tmp"
        for folder in [output + "/.ipraster-partial-\(gone)", output + "/.ipraster-partial-\(alive)", temporary + "/ipraster-reveal-\(gone)"] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try Data("x".utf8).write(to: URL(fileURLWithPath: folder + "/frame_00000.png"))
        }
        try Data("x".utf8).write(to: URL(fileURLWithPath: temporary + "/ipraster-reveal.\(gone).1.gif"))
        XCTAssertEqual(try TestEnvironment.run(["reveal", fixture, "-o", output + "/", "--fps", "5"]).status, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: output + "/.ipraster-partial-\(gone)"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: output + "/.ipraster-partial-\(alive)"), "a running export's staging stays")
        if TestEnvironment.ffmpeg != nil {
            XCTAssertEqual(try TestEnvironment.run(["reveal", fixture, "-o", directory + "/out.gif", "--fps", "5"],
                                                   environment: ["TMPDIR": temporary + "/"]).status, 0)
            XCTAssertEqual(listing(temporary), [], "the killed animation's leftovers are gone")
        }
    }
}
