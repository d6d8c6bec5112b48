import Foundation
import GoldenSupport
import Images
import Layout
import ProcessSupport
import RichMessageRenderer
import XCTest

/// Output that must never fail silently or leave anything behind (issue 10): full disks, closed pipes,
/// symlinks, FIFOs and devices as `-o`, control characters in messages.
final class CLIHardeningTests: XCTestCase {
    var directory = ""
    let message = #"{"blocks": [{"type": "paragraph", "text": "hello"}]}"#

    override func setUpWithError() throws {
        directory = try TestEnvironment.temporaryDirectory()
        try message.write(toFile: directory + "/in.json", atomically: true, encoding: .utf8)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// Runs the tool through the shell (for redirections the test harness's pipes cannot make).
    private func shell(_ command: String) throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.environment = ProcessInfo.processInfo.environment.merging(["IPRASTER": TestEnvironment.executable, "DIR": directory]) { _, b in b }
        let err = Pipe()
        process.standardError = err
        try process.run()
        let data = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    func testWritesToAFullDeviceAreEnvironmentErrorsForEveryCommand() throws {
        for command in [#""$IPRASTER" "$DIR/in.json" -o - > /dev/full"#, #""$IPRASTER" layout "$DIR/in.json" > /dev/full"#,
                        #""$IPRASTER" theme day > /dev/full"#, #""$IPRASTER" --help > /dev/full"#,
                        #""$IPRASTER" reveal "$DIR/in.json" --json > /dev/full"#, #""$IPRASTER" --version > /dev/full"#] {
            let result = try shell(command)
            XCTAssertEqual(result.status, 3, command + "\n" + result.stderr)
            XCTAssertTrue(result.stderr.contains("cannot write standard output: No space left on device"), command + "\n" + result.stderr)
            XCTAssertFalse(result.stderr.contains("Backtrac"), result.stderr)
        }
    }

    func testAClosedPipeEndsQuietly() throws {
        let result = try shell(#""$IPRASTER" layout "$DIR/in.json" | head -c 1 > /dev/null; exit ${PIPESTATUS:-0}"#)
        XCTAssertEqual(result.stderr, "")
        let status = try shell(#"set -o pipefail 2>/dev/null; "$IPRASTER" "$DIR/in.json" -o - --scale 4 | head -c 1 > /dev/null"#)
        XCTAssertFalse(status.stderr.contains("Backtrac"), status.stderr)
    }

    func testOutputOntoASymlinkWritesItsTargetAndKeepsTheLink() throws {
        let target = directory + "/target.png", link = directory + "/link.png"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "target.png")
        let result = try TestEnvironment.run([directory + "/in.json", "-o", link])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link), "target.png")
        XCTAssertNoThrow(try PNGCodec.decode(try FileContents.read(target)))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory).sorted(), ["in.json", "link.png", "target.png"])
    }

    func testOutputOntoAFIFOIsWrittenThroughAndTheFIFOStays() throws {
        let fifo = directory + "/out.fifo"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let result = try shell(#"cat "$DIR/out.fifo" > "$DIR/copy.png" & "$IPRASTER" "$DIR/in.json" -o "$DIR/out.fifo" --format png; s=$?; wait; exit $s"#)
        XCTAssertEqual(result.status, 0, result.stderr)
        var status = stat()
        XCTAssertEqual(lstat(fifo, &status), 0)
        XCTAssertEqual(status.st_mode & S_IFMT, S_IFIFO)
        XCTAssertNoThrow(try PNGCodec.decode(try FileContents.read(directory + "/copy.png")))
    }

    func testOutputOntoACharacterDeviceIsWrittenThrough() throws {
        let result = try TestEnvironment.run([directory + "/in.json", "-o", "/dev/null", "--format", "png"])
        XCTAssertEqual(result.status, 0, result.stderr)
        var status = stat()
        XCTAssertEqual(stat("/dev/null", &status), 0)
        XCTAssertEqual(status.st_mode & S_IFMT, S_IFCHR)
    }

    func testControlCharactersFromTheInputAreEscapedInMessages() throws {
        let type = "x\u{1B}[2J" + String(repeating: "y", count: 100_000)
        let json = #"{"blocks": [{"type": "\#(type.replacingOccurrences(of: "\u{1B}", with: "\\u001b"))"}]}"#
        let result = try TestEnvironment.run(["layout", "-"], stdin: Array(json.utf8))
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertFalse(result.stderr.contains("\u{1B}"))
        XCTAssertTrue(result.stderr.contains("\\u{1B}[2J"), result.stderr)
        XCTAssertLessThan(result.stderr.utf8.count, 400)
    }

    func testHugeNumbersInTheInputNeverTrap() throws {
        let inputs = [
            #"{"blocks": [{"type": "video", "video": {"file_id": "v", "file_unique_id": "u", "width": 10, "height": 10, "duration": 1e19}}]}"#,
            #"{"blocks": [{"type": "audio", "audio": {"file_id": "a", "file_unique_id": "u", "duration": 1e300}}]}"#,
            #"{"blocks": [{"type": "paragraph", "text": {"type": "date_time", "text": "x", "unix_time": -9223372036854775808, "date_time_format": "r"}}]}"#,
            #"{"blocks": [{"type": "table", "cells": [[{"text": "a", "align": "left", "valign": "top", "colspan": 100000000, "rowspan": 2147483647}]]}]}"#,
        ]
        for json in inputs {
            let result = try TestEnvironment.run(["-", "-o", directory + "/out.png"], stdin: Array(json.utf8), timeoutSeconds: 30)
            XCTAssertEqual(result.status, 0, json + "\n" + result.stderr)
        }
        // --now is bounded to years 1-9999 (its domain): the extreme value is a usage error, not a trap.
        let now = try TestEnvironment.run(["-", "-o", directory + "/out.png", "--now", "-9223372036854775808"], stdin: Array(inputs[2].utf8))
        XCTAssertEqual(now.status, 2, now.stderr)
        XCTAssertTrue(now.stderr.contains("--now: expected a whole number in -62135596800...253402300799"), now.stderr)
        let far = try TestEnvironment.run(["-", "-o", directory + "/out.png", "--now", "253402300799"], stdin: Array(inputs[2].utf8))
        XCTAssertEqual(far.status, 0, far.stderr)
    }

    /// Found by schemathesis (issue 56): an empty message without a bubble and with no margin is a page of 0 × 0
    /// points; its PNG trapped in memory (`-o -`, the service) and failed to a file. A canvas is at least a pixel a side.
    func testAnEmptyPageWithoutBubbleOrMarginIsOnePixel() throws {
        let directory = try TestEnvironment.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let arguments = ["-", "--from", "html", "--no-bubble", "--margin", "0"]
        let piped = try TestEnvironment.run(arguments + ["-o", "-"], stdin: [])
        XCTAssertEqual(piped.status, 0, piped.stderr)
        let image = try PNGCodec.decode(piped.stdout)
        XCTAssertEqual([image.width, image.height], [1, 1])
        let file = try TestEnvironment.run(arguments + ["-o", directory + "/e.png"], stdin: [])
        XCTAssertEqual(file.status, 0, file.stderr)
        XCTAssertEqual(try FileContents.read(directory + "/e.png"), piped.stdout)
    }

    func testTextWithoutBreakOpportunitiesEndsPromptly() throws {
        // 100,000 × "A" took 80 s; the guard here only catches a hang, it is not a benchmark.
        let json = #"{"blocks": [{"type": "heading", "size": 2, "text": "\#(String(repeating: "A", count: 100_000))"}]}"#
        let result = try TestEnvironment.run(["layout", "-", "--compact"], stdin: Array(json.utf8), timeoutSeconds: 60)
        XCTAssertEqual(result.status, 0, result.stderr)
    }
}

/// Work stays bounded on absurd inputs up to 1 MB: each ends rendered or refused with a clear message
/// (the timeout only catches a hang; `scripts/bench` is where times are measured).
final class CLIBoundedWorkTests: XCTestCase {
    private func run(_ json: String, _ arguments: [String]) throws -> TestEnvironment.ProcessResult {
        try TestEnvironment.run(arguments, stdin: Array(json.utf8), timeoutSeconds: 60)
    }

    /// A page taller than a Cairo surface is painted in strips: 1,500 paragraphs make a 60,000-row PNG.
    func testATallPageRendersWhole() throws {
        let json = #"{"blocks": [\#((0..<1500).map { _ in #"{"type": "paragraph", "text": "tall"}"# }.joined(separator: ","))]}"#
        let result = try run(json, ["-", "-o", "-"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let image = try PNGCodec.decode(result.stdout)
        XCTAssertGreaterThan(image.height, LayoutOptions.maxRasterPixels)
    }

    /// Past the tallest PNG page (2²⁰ rows) the page is refused before it is painted, and the message says what works.
    func testAPageTallerThanAnyPNGIsRefusedBeforeItIsPainted() throws {
        let json = #"{"blocks": [\#((0..<50_000).map { _ in #"{"type": "divider"}"# }.joined(separator: ","))]}"#
        let result = try run(json, ["-", "-o", "-"])
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stdout.isEmpty)
        XCTAssertTrue(result.stderr.contains("more than 1048576 pt tall"), result.stderr)
        XCTAssertTrue(result.stderr.contains("no --scale makes it fit"), result.stderr)
        XCTAssertTrue(result.stderr.contains("SVG and PDF have no such limit"), result.stderr)
        // The geometry is still there.
        XCTAssertEqual(try run(json, ["layout", "-", "--compact"]).status, 0)
    }

    /// Strips are horizontal: a page wider than a surface is refused with a scale that fits.
    func testAPageThatFitsAtALowerScaleSaysWhichScale() throws {
        let json = #"{"blocks": [{"type": "paragraph", "text": "\#(String(repeating: "wide ", count: 3000))"}]}"#
        let result = try run(json, ["-", "-o", "-", "--width", "10000", "--scale", "4"])
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("--scale 3.2"), result.stderr)
        XCTAssertTrue(result.stderr.contains("or less fits"), result.stderr)
    }

    func testTextsOverTheLineLimitAreRefusedInEveryMode() throws {
        let words = String(repeating: "word ", count: 200_000)
        let json = #"{"blocks": [{"type": "paragraph", "text": "\#(words)"}]}"#
        for arguments in [["layout", "-", "--width", "40"], ["-", "-o", "-", "--format", "svg", "--width", "40"]] {
            let result = try run(json, arguments)
            XCTAssertEqual(result.status, 2, result.stderr)
            XCTAssertTrue(result.stderr.contains("more than 20000 lines"), result.stderr)
        }
    }

    func testOneMegabyteShapesEndWithAResultOrAClearRefusal() throws {
        let shapes: [(String, [String])] = [
            (#"{"blocks": [{"type": "paragraph", "text": "\#(String(repeating: "A", count: 999_000))"}]}"#, ["layout", "-", "--width", "40"]),
            (#"{"blocks": [{"type": "pre", "text": "\#(String(repeating: "let x = 1\\n", count: 90_000))"}]}"#, ["layout", "-"]),
            (#"{"blocks": [{"type": "paragraph", "text": {"type": "spoiler", "text": "\#(String(repeating: "secret ", count: 140_000))"}}]}"#, ["-", "-o", "-"]),
            (#"{"blocks": [{"type": "paragraph", "text": [\#((0..<13_000).map { #"{"type": "custom_emoji", "custom_emoji_id": "\#($0)", "alternative_text": "😀"}"# }.joined(separator: ","))]}]}"#,
             ["layout", "-", "--width", "40"]),
        ]
        for (json, arguments) in shapes {
            XCTAssertLessThanOrEqual(json.utf8.count, 1_100_000)
            let result = try run(json, arguments + ["--compact"].filter { _ in arguments.first == "layout" })
            XCTAssertTrue(result.status == 0 || (result.status == 2 && result.stderr.contains("ipraster: error: ")),
                          "\(arguments): \(result.status) \(result.stderr.prefix(300))")
        }
    }
}

/// Inputs that once crashed paint, hid corruption or made reveal frames quadratic (issue 10).
final class CLIPaintHardeningTests: XCTestCase {
    var directory = ""

    override func setUpWithError() throws {
        directory = try TestEnvironment.temporaryDirectory()
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: directory)
    }

    func testCompareRefusesAPNGWithACorruptAncillaryChunk() throws {
        let good = try FileContents.read(TestEnvironment.root + "/golden-images/text/divider.png")
        // A tRNS chunk with a wrong CRC right after IHDR (8-byte signature + 25-byte IHDR chunk).
        let chunk: [UInt8] = [0, 0, 0, 6] + Array("tRNS".utf8) + [0, 0, 0, 0, 0, 0] + [0xDE, 0xAD, 0xBE, 0xEF]
        var bad = good
        bad.insert(contentsOf: chunk, at: 33)
        try AtomicFile.write(good, to: directory + "/good.png")
        try AtomicFile.write(bad, to: directory + "/bad.png")
        let result = try TestEnvironment.run(["compare", directory + "/good.png", directory + "/bad.png"])
        XCTAssertEqual(result.status, 2, result.stdoutText + result.stderr)
        XCTAssertTrue(result.stderr.contains("corrupt"), result.stderr)
    }

    func testAPhotoThinnerThanAPixelWithAFileRenders() throws {
        let media = directory + "/media"
        try FileManager.default.createDirectory(atPath: media, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: TestEnvironment.root + "/golden-images/text/divider.png", toPath: media + "/u1.png")
        let json = #"{"blocks": [{"type": "photo", "has_spoiler": true, "photo": [{"file_id": "f1", "file_unique_id": "u1", "width": 1000000, "height": 100}]}]}"#
        let result = try TestEnvironment.run(["-", "-o", directory + "/out.png", "--media", media], stdin: Array(json.utf8))
        XCTAssertEqual(result.status, 0, result.stderr)
    }

    func testARevealFrameOfAHugeClusterEnds() throws {
        // 'a' + 80,000 combining marks: each mark is a character with ink and a snippet; every snippet once
        // redrew the whole line, ~15 s per frame and quadratic. The guard only catches a hang.
        let json = #"{"blocks": [{"type": "paragraph", "text": "a\#(String(repeating: "\u{301}", count: 80_000)) tail"}]}"#
        let result = try TestEnvironment.run(["reveal", "-", "--at", "0.5", "-o", directory + "/frame.png"], stdin: Array(json.utf8),
                                             timeoutSeconds: 60)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertNoThrow(try PNGCodec.decode(try FileContents.read(directory + "/frame.png")))
    }
}
