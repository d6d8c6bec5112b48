import Foundation
import GoldenSupport
import Images
import ProcessSupport
import RichMessageRenderer
import XCTest

/// `ipraster reveal` as a user runs it.
final class RevealCommandTests: XCTestCase {
    private let fixture = TestEnvironment.root + "/Tests/RevealFixtures/emoji-stream.json"

    func testSequenceWritesFramesAndTimelineAndNothingElse() throws {
        let directory = try TestEnvironment.temporaryDirectory()
        let result = try TestEnvironment.run(["reveal", fixture, "-o", directory + "/", "--fps", "12"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let files = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        let timeline = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: directory + "/timeline.json"))) as! [String: Any]
        let count = timeline["frameCount"] as! Int
        XCTAssertEqual(files.count, count + 1, "frames plus timeline.json, no staging leftovers")
        XCTAssertEqual(files.first, "frame_00000.png")
        XCTAssertEqual(files[count - 1], String(format: "frame_%05d.png", count - 1))
        let frames = timeline["frames"] as! [[String: Any]]
        XCTAssertEqual(frames.count, count)
        XCTAssertEqual(frames.last?["phase"] as? String, "done")
        XCTAssertEqual(frames.last?["statusOpacity"] as? Double, 1)
        // The last frame is what `render` draws.
        let render = try TestEnvironment.run([fixture, "-o", directory + "/render.png"])
        XCTAssertEqual(render.status, 0, render.stderr)
        let compare = try TestEnvironment.run(["compare", directory + "/render.png", directory + "/" + files[count - 1]])
        XCTAssertEqual(compare.status, 0, compare.stdoutText)
    }

    func testJsonAndAtAgreeWithTheSequence() throws {
        let json = try TestEnvironment.run(["reveal", fixture, "--json", "--fps", "30"])
        XCTAssertEqual(json.status, 0, json.stderr)
        let timeline = try JSONSerialization.jsonObject(with: Data(json.stdout)) as! [String: Any]
        let frames = timeline["frames"] as! [[String: Any]]
        let cursors = frames.map { $0["cursor"] as! Int }
        XCTAssertEqual(cursors, cursors.sorted())
        XCTAssertEqual(frames.first?["cursor"] as? Int, 0)
        let directory = try TestEnvironment.temporaryDirectory()
        let one = try TestEnvironment.run(["reveal", fixture, "--at", "1.0", "-o", directory + "/at.png"])
        XCTAssertEqual(one.status, 0, one.stderr)
        let image = try PNGCodec.decode(try FileContents.read(directory + "/at.png"))
        let piped = try TestEnvironment.run(["reveal", fixture, "--at", "1.0", "-o", "-"])
        XCTAssertEqual(piped.status, 0, piped.stderr)
        XCTAssertEqual(try PNGCodec.decode(piped.stdout), image, "stdout gets the same frame")
        let canvas = timeline["canvas"] as! [String: Any]
        XCTAssertEqual(image.width, canvas["pixelWidth"] as? Int)
        XCTAssertEqual(image.height, canvas["pixelHeight"] as? Int)
    }

    func testUsageErrors() throws {
        let directory = try TestEnvironment.temporaryDirectory()
        for (arguments, message) in [(["reveal", fixture, "-o", directory + "/one.png"], "--at"),
                                     (["reveal", fixture, "-o", directory + "/", "--fps", "0"], "--fps"),
                                     (["reveal", fixture, "--at", "-1", "-o", directory + "/x.png"], "--at"),
                                     (["reveal", fixture, "-o", directory + "/x.webm"], "format"),
                                     (["reveal", fixture], "-o")] {
            let result = try TestEnvironment.run(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertTrue(result.stderr.contains(message), result.stderr)
            XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory + "/one.png"))
    }

    func testAnimatedFormatsNeedFFmpeg() throws {
        let directory = try TestEnvironment.temporaryDirectory()
        // An empty PATH hides any installed ffmpeg: exit 3 with a message that says what to do.
        let result = try TestEnvironment.run(["reveal", fixture, "-o", directory + "/out.gif"], environment: ["PATH": "/nonexistent"])
        XCTAssertEqual(result.status, 3)
        XCTAssertTrue(result.stderr.contains("ffmpeg"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory + "/out.gif"))
    }

    func testAnimatedFormatsThroughAnInstalledFFmpeg() throws {
        _ = try TestEnvironment.requireFFmpeg()
        let directory = try TestEnvironment.temporaryDirectory()
        for format in ["gif", "apng", "mp4"] {
            let result = try TestEnvironment.run(["reveal", fixture, "-o", "\(directory)/out.\(format)", "--fps", "10"])
            XCTAssertEqual(result.status, 0, result.stderr)
        }
        let gif = try FileContents.read(directory + "/out.gif")
        XCTAssertEqual(Array(gif.prefix(6)), Array("GIF89a".utf8))
        // APNG: a PNG with an animation-control chunk that loops forever (num_plays 0).
        let apng = try FileContents.read(directory + "/out.apng")
        XCTAssertEqual(Array(apng.prefix(4)), [0x89, 0x50, 0x4E, 0x47])
        let actl = try XCTUnwrap((0..<apng.count - 12).first { apng[$0..<$0 + 4].elementsEqual("acTL".utf8) })
        XCTAssertEqual(Array(apng[actl + 8..<actl + 12]), [0, 0, 0, 0], "num_plays 0 = loop")
        let mp4 = try FileContents.read(directory + "/out.mp4")
        XCTAssertTrue(mp4[4..<8].elementsEqual("ftyp".utf8))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory).sorted(), ["out.apng", "out.gif", "out.mp4"])
    }

    /// Issue 16, item 5: GIF delays match the rate (whole centiseconds, said when the rate changes), --loop,
    /// --start-number.
    func testGIFDelaysLoopsAndStartNumbers() throws {
        _ = try TestEnvironment.requireFFmpeg()
        let directory = try TestEnvironment.temporaryDirectory()
        /// The delays of a GIF's frames (graphic control extensions) and its NETSCAPE loop count.
        func gif(_ file: String) throws -> (delays: Set<Int>, loop: Int?) {
            let bytes = try FileContents.read(file)
            func little(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
            var delays: Set<Int> = []
            for at in 0..<(bytes.count - 6) where bytes[at] == 0x21 && bytes[at + 1] == 0xF9 && bytes[at + 2] == 4 {
                delays.insert(little(at + 4))
            }
            let marker = Array("NETSCAPE2.0".utf8)
            let netscape = (0..<(bytes.count - 15)).first { Array(bytes[$0..<($0 + 11)]) == marker }
            return (delays, netscape.map { little($0 + 13) })
        }
        for (fps, delay, warned) in [("60", 2, true), ("30", 3, true), ("10", 10, false), ("25", 4, false)] {
            let result = try TestEnvironment.run(["reveal", fixture, "-o", "\(directory)/r\(fps).gif", "--fps", fps])
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertEqual(try gif("\(directory)/r\(fps).gif").delays, [delay], "--fps \(fps)")
            XCTAssertEqual(result.stderr.contains("GIF frame delays are whole hundredths"), warned, result.stderr)
        }
        XCTAssertEqual(try gif("\(directory)/r10.gif").loop, 0, "forever by default")
        XCTAssertEqual(try TestEnvironment.run(["reveal", fixture, "-o", directory + "/three.gif", "--fps", "10", "--loop", "3"]).status, 0)
        XCTAssertEqual(try gif(directory + "/three.gif").loop, 2, "3 plays = 2 repeats")
        XCTAssertEqual(try TestEnvironment.run(["reveal", fixture, "-o", directory + "/once.gif", "--fps", "10", "--loop", "1"]).status, 0)
        XCTAssertNil(try gif(directory + "/once.gif").loop, "played once: no loop extension")
        XCTAssertEqual(try TestEnvironment.run(["reveal", fixture, "-o", directory + "/two.apng", "--fps", "10", "--loop", "2"]).status, 0)
        let apng = try FileContents.read(directory + "/two.apng")
        let actl = try XCTUnwrap((0..<apng.count - 12).first { apng[$0..<$0 + 4].elementsEqual("acTL".utf8) })
        XCTAssertEqual(Array(apng[actl + 8..<actl + 12]), [0, 0, 0, 2], "num_plays 2")
        // A PNG sequence numbered from 100.
        let sequence = directory + "/seq/"
        XCTAssertEqual(try TestEnvironment.run(["reveal", fixture, "-o", sequence, "--fps", "5", "--start-number", "100"]).status, 0)
        let frames = try FileManager.default.contentsOfDirectory(atPath: sequence).filter { $0.hasPrefix("frame_") }.sorted()
        XCTAssertEqual(frames.first, "frame_00100.png")
        XCTAssertEqual(frames.count, (try JSONSerialization.jsonObject(with: Data(try FileContents.read(sequence + "timeline.json"))) as? [String: Any])?["frameCount"] as? Int)
        for bad in [["-o", directory + "/x.mp4", "--loop", "2"], ["-o", sequence, "--loop", "2"], ["-o", directory + "/y.gif", "--start-number", "3"]] {
            XCTAssertEqual(try TestEnvironment.run(["reveal", fixture] + bad).status, 2, "\(bad)")
        }
    }

    func testBadStreamTimeIsAnInputError() throws {
        let stream = #"[{"t": 1, "chat_id": 1, "draft_id": 1, "rich_message": {"blocks": [{"type": "paragraph", "text": "a"}]}},"#
            + #"{"t": 0.5, "chat_id": 1, "draft_id": 1, "rich_message": {"blocks": [{"type": "paragraph", "text": "ab"}]}}]"#
        let result = try TestEnvironment.run(["reveal", "-", "--json"], stdin: Array(stream.utf8))
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("$[1].t"), result.stderr)
    }
}
