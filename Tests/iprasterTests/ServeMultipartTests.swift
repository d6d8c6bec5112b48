import Foundation
import GoldenSupport
import HTTPTestSupport
import Images
import ProcessSupport
import Raster
import XCTest

/// Issue 42, item 5: a request sends its message with its media in one `multipart/form-data` body.
final class ServeMultipartTests: XCTestCase {
    private let message = TestEnvironment.root + "/Tests/Fixtures/text/media-sticker-and-image.json"
    private let stickers = TestEnvironment.root + "/Tests/Data/stickers/files"
    private let image = TestEnvironment.root + "/Tests/Fixtures/text/media/9.png"

    /// A multipart body of `parts` (name, optional file name, optional type, bytes) and its Content-Type.
    private func multipart(_ parts: [(String, String?, String?, [UInt8])], boundary: String = "ipraster-test-boundary") -> (body: [UInt8], type: String) {
        var body: [UInt8] = []
        for (name, file, type, bytes) in parts {
            var head = "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"" + (file.map { "; filename=\"\($0)\"" } ?? "") + "\r\n"
            if let type { head += "Content-Type: \(type)\r\n" }
            body += Array((head + "\r\n").utf8) + bytes + Array("\r\n".utf8)
        }
        body += Array("--\(boundary)--\r\n".utf8)
        return (body, "multipart/form-data; boundary=\(boundary)")
    }

    /// The command line's PNG of the message with `files` (name → path) in a media folder.
    private func cli(_ files: [String: String]) throws -> [UInt8] {
        let folder = try TestEnvironment.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (name, path) in files { try FileManager.default.copyItem(atPath: path, toPath: folder + "/" + name) }
        let result = try TestEnvironment.run([message, "--media", folder, "-o", "-"])
        XCTAssertEqual(result.status, 0, result.stderr)
        return result.stdout
    }

    /// Issue 57, item 6: `format=gif|apng|mp4` on /render answers the command line's animation, bytes for bytes, with
    /// the emoji sent in the request; fps and duration with a still format are a warning, not a refusal.
    func testAnimatedAnswersAreTheCommandLinesFiles() throws {
        _ = try TestEnvironment.requireFFmpeg()
        let service = try ServiceProcess(["--workers", "1"])
        defer { _ = service.stop() }
        let tgs = try FileContents.read(stickers + "/5000000000000000001.tgs"), png = try FileContents.read(image)
        let (body, type) = multipart([("message", "message.json", nil, try FileContents.read(message)), ("9", "9.png", "image/png", png),
                                      ("5000000000000000001", nil, "application/x-tgsticker", tgs)])
        let folder = try TestEnvironment.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/media", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: image, toPath: folder + "/media/9.png")
        try FileManager.default.copyItem(atPath: stickers + "/5000000000000000001.tgs", toPath: folder + "/media/5000000000000000001.tgs")
        for (format, contentType, magic) in [("gif", "image/gif", Array("GIF89a".utf8)), ("mp4", "video/mp4", Array("ftyp".utf8))] {
            let answer = try service.request("POST", "/render?format=\(format)&fps=10&duration=0.5", body: body, type: type, timeout: 60)
            XCTAssertEqual(answer.status, 200, answer.text)
            XCTAssertEqual(answer.headers["content-type"], contentType)
            XCTAssertNotNil(answer.body.firstRange(of: magic), format)
            let file = folder + "/cli." + format
            let cli = try TestEnvironment.run([message, "--media", folder + "/media", "-o", file, "--fps", "10", "--duration", "0.5"])
            XCTAssertEqual(cli.status, 0, cli.stderr)
            XCTAssertTrue(answer.body == (try FileContents.read(file)), "\(format): the command line's bytes")
        }
        let still = try service.request("POST", "/render?format=png&fps=10", body: body, type: type)
        XCTAssertEqual(still.status, 200, still.text)
        XCTAssertTrue(still.headers["x-ipraster-warnings"]?.contains("fps apply to format=apng, gif or mp4: ignored for png") ?? false,
                      still.headers["x-ipraster-warnings"] ?? "")
        let tooLong = try service.request("POST", "/render?format=gif&duration=61", body: body, type: type)
        XCTAssertEqual(tooLong.status, 400, tooLong.text)
        XCTAssertTrue(tooLong.text.contains("--duration: expected a number in 0.01...60"), tooLong.text)
    }

    func testAMessageWithItsPhotoAndATGSEmojiRendersThem() throws {
        let service = try ServiceProcess(["--workers", "2"])
        defer { _ = service.stop() }
        let tgs = try FileContents.read(stickers + "/5000000000000000001.tgs"), png = try FileContents.read(image)
        let (body, type) = multipart([("message", "message.json", nil, try FileContents.read(message)), ("9", "9.png", "image/png", png),
                                      ("5000000000000000001", nil, "application/x-tgsticker", tgs)])
        let answer = try service.request("POST", "/render", body: body, type: type)
        XCTAssertEqual(answer.status, 200, answer.text)
        // The fixture's image 10 is left without a file on purpose: named, as the command line names it.
        XCTAssertEqual(answer.headers["x-ipraster-warnings"], #"["media 10: no file for it among the media given; its placeholder is drawn"]"#)
        let expected = try cli(["9.png": image, "5000000000000000001.tgs": stickers + "/5000000000000000001.tgs"])
        XCTAssertTrue(answer.body == expected, "the command line's bytes with the same files in --media")
        XCTAssertNotEqual(expected, try cli([:]), "the files change the picture")
    }

    func testTwoConcurrentRequestsWithDifferentFilesOfOneIdEachSeeTheirOwn() throws {
        let service = try ServiceProcess(["--workers", "2"])
        defer { _ = service.stop() }
        let json = try FileContents.read(message)
        let kinds = [("5000000000000000001.tgs", stickers + "/5000000000000000001.tgs"), ("5000000000000000001.webp", stickers + "/5000000000000000003.webp")]
        final class Answers: @unchecked Sendable { var bytes: [[UInt8]?] = [nil, nil, nil, nil] }
        let answers = Answers()
        let lock = NSLock()
        let requests = try kinds.map { multipart([("message", nil, "application/json", json), ("5000000000000000001", nil, nil, try FileContents.read($0.1))]) }
        DispatchQueue.concurrentPerform(iterations: 4) { index in
            let (body, type) = requests[index % 2]
            let answer = try? service.request("POST", "/render", body: body, type: type)
            lock.lock()
            answers.bytes[index] = answer?.status == 200 ? answer?.body : nil
            lock.unlock()
        }
        for index in 0..<4 {
            let (name, path) = kinds[index % 2]
            XCTAssertTrue(answers.bytes[index] == (try cli([name: path])), "request \(index) drew its own \(name)")
        }
        XCTAssertNotEqual(answers.bytes[0], answers.bytes[1])
    }

    func testSentMediaWinOverTheServicesFolderAndLimitsAre413() throws {
        let folder = try TestEnvironment.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: stickers + "/5000000000000000003.webp", toPath: folder + "/5000000000000000001.webp")
        let service = try ServiceProcess(["--workers", "1", "--media", folder])
        defer { _ = service.stop() }
        let json = try FileContents.read(message), tgs = try FileContents.read(stickers + "/5000000000000000001.tgs")
        let sent = try service.request("POST", "/render", body: multipart([("message", nil, "application/json", json), ("5000000000000000001", nil, nil, tgs)]).body,
                                       type: multipart([]).type)
        XCTAssertTrue(sent.body == (try cli(["5000000000000000001.tgs": stickers + "/5000000000000000001.tgs"])), "the sent TGS, not the folder's WebP")
        let plain = try service.request("POST", "/render", body: json, type: "application/json")
        XCTAssertTrue(plain.body == (try cli(["5000000000000000001.webp": stickers + "/5000000000000000003.webp"])), "the next request: the folder's again")
        // 51 parts: 413 JSON; a part without a name and a body without the message part: 400.
        let many = multipart([("message", nil, "application/json", json)] + (0..<50).map { ("m\($0)", nil, nil, [UInt8]("x".utf8)) })
        let tooMany = try service.request("POST", "/render", body: many.body, type: many.type)
        XCTAssertEqual(tooMany.status, 413)
        XCTAssertTrue(tooMany.text.contains("more than 50 parts"), tooMany.text)
        let noMessage = multipart([("9", nil, nil, [1, 2, 3])])
        let missing = try service.request("POST", "/render", body: noMessage.body, type: noMessage.type)
        XCTAssertEqual(missing.status, 400)
        XCTAssertTrue(missing.text.contains(#""location":"message""#), missing.text)
        let unnamed = try service.request("POST", "/render", body: Array("--b\r\nContent-Type: text/plain\r\n\r\nx\r\n--b--\r\n".utf8),
                                          type: "multipart/form-data; boundary=b")
        XCTAssertEqual(unnamed.status, 400)
        // A part's name is message or a media id (the document's propertyNames pattern): a path or a space is a 400.
        for name in ["../9", "a b", String(repeating: "a", count: 257)] {
            let odd = multipart([("message", nil, "application/json", json), (name, nil, nil, [1])])
            let answer = try service.request("POST", "/render", body: odd.body, type: odd.type)
            XCTAssertEqual(answer.status, 400, name)
            XCTAssertTrue(answer.text.contains("is not message or a media id"), answer.text)
        }
        let noBoundary = try service.request("POST", "/render", body: json, type: "multipart/form-data")
        XCTAssertEqual(noBoundary.status, 400)
        XCTAssertTrue(noBoundary.text.contains("boundary"), noBoundary.text)
    }

    /// A part over 16 MiB (under a larger --max-body) is 413 JSON naming the part.
    /// Issue 56: a worker killed at its deadline while ffprobe reads a WebM sticker the request sent leaves nothing
    /// behind: the sticker's copy (in the worker's own temporary folder, which the service removes) and the program
    /// (in the worker's process group, killed with it) are gone within 3 s of the 504. The ffprobe here is a stand-in
    /// on PATH that ignores SIGTERM and sleeps, as a stuck one would.
    func testAKilledWorkerLeavesNoFileAndNoProcess() throws {
        let folder = try TestEnvironment.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let bin = folder + "/bin", temporary = folder + "/tmp", pidFile = folder + "/ffprobe.pid"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        for program in ["ffprobe", "ffmpeg"] {
            try AtomicFile.write(Array("#!/bin/sh\ntrap '' TERM\necho $$ > \(pidFile)\nsleep 60\n".utf8), to: bin + "/" + program)
            chmod(bin + "/" + program, 0o755)
        }
        let path = bin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let service = try ServiceProcess(["--workers", "1", "--timeout", "2"], environment: ["PATH": path, "TMPDIR": temporary])
        defer { _ = service.stop() }
        let json = Array(#"{"blocks": [{"type": "paragraph", "text": ["a WebM ", {"type": "custom_emoji", "custom_emoji_id": "7", "alternative_text": "🟩"}]}]}"#.utf8)
        let webm = try FileContents.read(stickers + "/5000000000000000002.webm")
        let (body, type) = multipart([("message", nil, "application/json", json), ("7", nil, nil, webm)])
        let answer = try service.request("POST", "/render", body: body, type: type, timeout: 30)
        XCTAssertEqual(answer.status, 504, answer.text)
        let program = try XCTUnwrap(Int32(String(decoding: try FileContents.read(pidFile), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)))
        func leftovers() -> [String] {
            (FileManager.default.enumerator(atPath: temporary)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".webm") }
        }
        XCTAssertTrue(service.eventually(within: 3) { leftovers().isEmpty && kill(program, 0) != 0 },
                      "left: \(leftovers()), ffprobe \(program) \(kill(program, 0) == 0 ? "still runs" : "ended")")
    }

    /// Issue 56, the second line behind the media budgets: a worker whose memory passes --max-rss while it renders
    /// is stopped there (its memory is looked at every 100 ms), that request gets a JSON 500 naming the bound, and
    /// the next request is answered by its replacement. Six photos of 40 megapixels make a worker hold about 200 MB
    /// for a moment; --max-rss 100 stops it.
    func testAWorkerOverItsMemoryBoundFailsThatRequestOnly() throws {
        let service = try ServiceProcess(["--workers", "1", "--max-rss", "100", "--max-body", "4194304"])
        defer { _ = service.stop() }
        let photo = try PNGCodec.encode(RGBAImage(width: 6_400, height: 6_250, pixels: [UInt8](repeating: 90, count: 6_400 * 6_250 * 4)), opaque: true)
        let blocks = (0..<6).map { #"{"type": "photo", "photo": [{"file_id": "F\#($0)", "file_unique_id": "p\#($0)", "width": 6400, "height": 6250}]}"# }
        let json = Array("{\"blocks\": [\(blocks.joined(separator: ", "))]}".utf8)
        let (body, type) = multipart([("message", nil, "application/json", json)] + (0..<6).map { ("p\($0)", nil, nil, photo) })
        let answer = try service.request("POST", "/render", body: body, type: type, timeout: 60)
        XCTAssertEqual(answer.status, 500, answer.text)
        XCTAssertTrue(answer.error?.message.contains("over --max-rss 100 MB, and was stopped") == true, answer.text)
        let next = try service.request("POST", "/render", body: Array("*fine*".utf8), type: "text/markdown", timeout: 60)
        XCTAssertEqual(next.status, 200, "the replacement answers")
    }

    func testAnOversizedPartIs413() throws {
        let service = try ServiceProcess(["--workers", "1", "--max-body", "20000000"])
        defer { _ = service.stop() }
        let big = multipart([("message", nil, "text/markdown", Array("hi\n".utf8)), ("photo1", nil, nil, [UInt8](repeating: 7, count: (16 << 20) + 1))])
        let answer = try service.request("POST", "/render", body: big.body, type: big.type)
        XCTAssertEqual(answer.status, 413)
        XCTAssertEqual(answer.headers["content-type"], "application/json")
        XCTAssertTrue(answer.text.contains("part photo1 is larger than 16777216 bytes"), answer.text)
        XCTAssertTrue(answer.text.contains(#""location":"photo1""#), answer.text)
    }
}
