import Foundation
import GoldenSupport
import ProcessSupport
import XCTest

/// Issue 41, item 6: `ipraster answer.json -o answer.gif|.apng|.mp4` plays the message's custom emoji; still outputs
/// and bad sticker files as the issue says.
final class RenderAnimationTests: XCTestCase {
    private let media = TestEnvironment.root + "/Tests/Data/stickers/files"
    private let kinds = TestEnvironment.root + "/Tests/Fixtures/stickers/kinds.json"
    private let plain = TestEnvironment.root + "/Tests/Fixtures/text/custom-emoji.json"

    /// The frames of an animation, decoded by ffmpeg into PNG files.
    private func frames(of path: String) throws -> [[UInt8]] {
        let folder = try TestEnvironment.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try TestEnvironment.runTool(try XCTUnwrap(TestEnvironment.ffmpeg), ["-v", "error", "-i", path, folder + "/f%04d.png"])
        XCTAssertEqual(result.status, 0, result.stderr)
        return try FileManager.default.contentsOfDirectory(atPath: folder).sorted().map { try FileContents.read(folder + "/" + $0) }
    }

    func testAGIFOfAFinishedMessagePlaysItsEmoji() throws {
        _ = try TestEnvironment.requireFFmpeg()
        let directory = try TestEnvironment.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let gif = directory + "/kinds.gif"
        let result = try TestEnvironment.run([kinds, "--media", media, "-o", gif, "--fps", "20"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(Array(try FileContents.read(gif).prefix(6)), Array("GIF89a".utf8))
        let played = try frames(of: gif)
        XCTAssertEqual(played.count, 20, "one loop of the longest emoji (1 s) at 20 fps")
        XCTAssertNotEqual(played[0], played[10], "the emoji move")
        // The same message without sticker files is one frame; an MP4 of it a still of 1 s.
        let still = directory + "/still.gif"
        XCTAssertEqual(try TestEnvironment.run([plain, "-o", still]).status, 0)
        XCTAssertEqual(try frames(of: still).count, 1)
        let movie = directory + "/still.mp4"
        let verbose = try TestEnvironment.run([plain, "-o", movie, "--fps", "10", "-v"])
        XCTAssertEqual(verbose.status, 0)
        XCTAssertEqual(try frames(of: movie).count, 10)
        // Issue 57: -v says the file's real size (it said 0 bytes for GIF and MP4).
        let size = try FileContents.read(movie).count
        XCTAssertTrue(verbose.stderr.contains(", \(size) bytes,"), verbose.stderr)
        let apng = directory + "/kinds.png"
        XCTAssertEqual(try TestEnvironment.run([kinds, "--media", media, "-o", apng, "--format", "apng", "--duration", "0.5", "--fps", "10"]).status, 0)
        XCTAssertEqual(try frames(of: apng).count, 5, "--duration")
    }

    /// Issue 63: an animation carries the message's alt text as a still does, each in its format's place.
    func testEveryAnimationCarriesTheAltText() throws {
        let ffmpeg = try TestEnvironment.requireFFmpeg()
        let directory = try TestEnvironment.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let message = #"{"blocks": [{"type": "heading", "size": 2, "text": "Notes"}, {"type": "paragraph", "text": "Frames, über alles."}]}"#
        try Data(message.utf8).write(to: URL(fileURLWithPath: directory + "/m.json"))
        let text = "Notes\n\nFrames, über alles."
        for format in ["apng", "gif", "mp4"] {
            let result = try TestEnvironment.run(["m.json", "-o", "m.\(format)", "--duration", "0.1", "--locale", "de"], currentDirectory: directory)
            XCTAssertEqual(result.status, 0, result.stderr)
        }
        // APNG: the iTXt "Description" chunk right after IHDR, in German.
        let apng = try FileContents.read(directory + "/m.apng")
        XCTAssertEqual(String(decoding: apng[37..<41], as: UTF8.self), "iTXt")
        let chunk = Array("Description".utf8) + [0, 0, 0] + Array("de".utf8) + [0, 0] + Array(text.utf8)
        XCTAssertEqual(Array(apng[41..<(41 + chunk.count)]), chunk)
        let pngcheck = try TestEnvironment.requireProgram("pngcheck", package: "pngcheck")
        XCTAssertEqual(try TestEnvironment.runTool(pngcheck, [directory + "/m.apng"]).status, 0, "the chunk's CRC and place are valid")
        // GIF: a Comment Extension (0x21 0xFE) whose sub-blocks hold the text; ffmpeg still decodes the file.
        let gif = try FileContents.read(directory + "/m.gif")
        let start = try XCTUnwrap((0..<(gif.count - 1)).first { gif[$0] == 0x21 && gif[$0 + 1] == 0xFE })
        XCTAssertEqual(Int(gif[start + 2]), text.utf8.count)
        XCTAssertEqual(Array(gif[(start + 3)..<(start + 3 + text.utf8.count)]), Array(text.utf8))
        XCTAssertGreaterThanOrEqual(try frames(of: directory + "/m.gif").count, 3)
        // MP4: the title and description tags, as ffprobe reads them.
        let ffprobe = (ffmpeg as NSString).deletingLastPathComponent + "/ffprobe"
        let probe = try TestEnvironment.runTool(ffprobe, ["-v", "error", "-show_entries", "format_tags=title,description", "-of", "json", directory + "/m.mp4"])
        let tags = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(probe.stdout)) as? [String: Any])?["format"] as? [String: Any])["tags"] as? [String: String]
        XCTAssertEqual(tags?["title"], "Notes")
        XCTAssertEqual(tags?["description"], text)
        // --no-alt-text: none of them.
        let plain = try TestEnvironment.run(["m.json", "-o", "plain.apng", "--duration", "0.1", "--no-alt-text"], currentDirectory: directory)
        XCTAssertEqual(plain.status, 0, plain.stderr)
        XCTAssertEqual(String(decoding: try FileContents.read(directory + "/plain.apng")[37..<41], as: UTF8.self), "pHYs")
    }

    func testAnimatedOutputsAreForOneMessageAndNeedFFmpeg() throws {
        let directory = try TestEnvironment.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let batch = try TestEnvironment.run([kinds, plain, "-o", directory + "/", "--format", "gif"])
        XCTAssertEqual(batch.status, 2)
        XCTAssertTrue(batch.stderr.contains("one message at a time"), batch.stderr)
        let fps = try TestEnvironment.run([kinds, "-o", directory + "/a.png", "--fps", "10"])
        XCTAssertEqual(fps.status, 2)
        XCTAssertTrue(fps.stderr.contains("--fps is for animated outputs"), fps.stderr)
        let bad = try TestEnvironment.run([kinds, "-o", directory + "/a.x", "--format", "avif"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("expected png, webp, svg, pdf, apng, gif or mp4"), bad.stderr)
        let missing = try TestEnvironment.run([kinds, "--media", media, "-o", directory + "/a.gif"], environment: ["PATH": "/nonexistent"])
        XCTAssertEqual(missing.status, 3)
        XCTAssertTrue(missing.stderr.contains("needs ffmpeg"), missing.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory + "/a.gif"))
    }

    /// A bad sticker file: the alternative text with one warning, exit 0; exit 2 under --strict with nothing written.
    func testABadStickerFileWarnsAndIsRefusedUnderStrict() throws {
        let folder = try TestEnvironment.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: TestEnvironment.root + "/Tests/Data/stickers/hostile/bomb.tgs", toPath: folder + "/5000000000000000001.tgs")
        let out = folder + "/out.png"
        let lenient = try TestEnvironment.run([kinds, "--media", folder, "-o", out])
        XCTAssertEqual(lenient.status, 0, lenient.stderr)
        let warnings = lenient.stderr.split(separator: "\n").filter { $0.contains("custom emoji 5000000000000000001") }
        XCTAssertEqual(warnings.count, 1, lenient.stderr)
        XCTAssertTrue(warnings.first?.contains("decompresses to more than") == true)
        try FileManager.default.removeItem(atPath: out)
        let strict = try TestEnvironment.run([kinds, "--media", folder, "-o", out, "--strict"])
        XCTAssertEqual(strict.status, 2)
        XCTAssertTrue(strict.stderr.contains("custom emoji 5000000000000000001: decompresses"), strict.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))
    }
}
