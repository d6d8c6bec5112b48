import Foundation
import GoldenSupport
import Raster
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
        let image = try PNGCodec.decode(try AtomicFile.read(directory + "/at.png"))
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
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/ffmpeg" }
        guard path.contains(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw XCTSkip("ffmpeg is not installed here (it is optional: apt-get install ffmpeg)")
        }
        let directory = try TestEnvironment.temporaryDirectory()
        for format in ["gif", "apng", "mp4"] {
            let result = try TestEnvironment.run(["reveal", fixture, "-o", "\(directory)/out.\(format)", "--fps", "10"])
            XCTAssertEqual(result.status, 0, result.stderr)
        }
        let gif = try AtomicFile.read(directory + "/out.gif")
        XCTAssertEqual(Array(gif.prefix(6)), Array("GIF89a".utf8))
        // APNG: a PNG with an animation-control chunk that loops forever (num_plays 0).
        let apng = try AtomicFile.read(directory + "/out.apng")
        XCTAssertEqual(Array(apng.prefix(4)), [0x89, 0x50, 0x4E, 0x47])
        let actl = try XCTUnwrap((0..<apng.count - 12).first { apng[$0..<$0 + 4].elementsEqual("acTL".utf8) })
        XCTAssertEqual(Array(apng[actl + 8..<actl + 12]), [0, 0, 0, 0], "num_plays 0 = loop")
        let mp4 = try AtomicFile.read(directory + "/out.mp4")
        XCTAssertTrue(mp4[4..<8].elementsEqual("ftyp".utf8))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory).sorted(), ["out.apng", "out.gif", "out.mp4"])
    }

    func testBadStreamTimeIsAnInputError() throws {
        let stream = #"[{"t": 1, "chat_id": 1, "draft_id": 1, "rich_message": {"blocks": [{"type": "paragraph", "text": "a"}]}},"#
            + #"{"t": 0.5, "chat_id": 1, "draft_id": 1, "rich_message": {"blocks": [{"type": "paragraph", "text": "ab"}]}}]"#
        let result = try TestEnvironment.run(["reveal", "-", "--json"], stdin: Array(stream.utf8))
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("$[1].t"), result.stderr)
    }
}
