import Foundation
import GoldenSupport
import Images
import ProcessSupport
import RichMessageRenderer
import XCTest

/// Issue 16, item 4: `--media` also takes GIF, MP4 and WebM files, drawn by their first frame through ffmpeg;
/// without ffmpeg, a warning and the placeholder.
final class CLIVideoMediaTests: XCTestCase {
    var directory = ""

    override func setUpWithError() throws {
        directory = try TestEnvironment.temporaryDirectory()
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    private func ffmpeg() throws -> String { try TestEnvironment.requireFFmpeg() }

    /// A one-second clip of one colour made by ffmpeg.
    private func clip(_ name: String, colour: String, _ codec: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try ffmpeg())
        process.arguments = ["-nostdin", "-loglevel", "error", "-f", "lavfi", "-i", "color=c=\(colour):s=160x120:d=1"] + codec
            + [directory + "/media/" + name]
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, name)
    }

    /// Pixels of the render close to `rgb`.
    private func count(_ image: RGBAImage, _ rgb: (Int, Int, Int)) -> Int {
        stride(from: 0, to: image.pixels.count, by: 4).filter {
            abs(Int(image.pixels[$0]) - rgb.0) < 40 && abs(Int(image.pixels[$0 + 1]) - rgb.1) < 40 && abs(Int(image.pixels[$0 + 2]) - rgb.2) < 40
        }.count
    }

    func testFirstFramesOfGIFMP4AndWebM() throws {
        try FileManager.default.createDirectory(atPath: directory + "/media", withIntermediateDirectories: true)
        try clip("red.gif", colour: "red", ["-frames:v", "3"])
        try clip("blue.mp4", colour: "blue", ["-c:v", "libx264", "-pix_fmt", "yuv420p"])
        try clip("lime.webm", colour: "lime", ["-c:v", "libvpx-vp9"])
        for (id, rgb) in [("red", (255, 0, 0)), ("blue", (0, 0, 255)), ("lime", (0, 255, 0))] {
            let message = #"{"blocks": [{"type": "photo", "photo": [{"file_id": "F", "file_unique_id": "\#(id)", "width": 160, "height": 120}]}]}"#
            let input = directory + "/\(id).json"
            try message.write(toFile: input, atomically: true, encoding: .utf8)
            let drawn = try TestEnvironment.run([input, "-o", directory + "/\(id).png", "--media", directory + "/media"])
            XCTAssertEqual(drawn.status, 0, drawn.stderr)
            XCTAssertEqual(drawn.stderr, "", id)
            // 160 × 120 points at scale 2, less the rounded corners.
            XCTAssertGreaterThan(count(try PNGCodec.decode(try FileContents.read(directory + "/\(id).png")), rgb), 60_000, id)
            // Without ffmpeg: a warning naming what to install, and the placeholder.
            let hidden = try TestEnvironment.run([input, "-o", directory + "/\(id)-none.png", "--media", directory + "/media"],
                                                 environment: ["PATH": "/nonexistent"])
            XCTAssertEqual(hidden.status, 0, hidden.stderr)
            XCTAssertTrue(hidden.stderr.contains("needs ffmpeg") && hidden.stderr.contains("apt-get install ffmpeg"), hidden.stderr)
            XCTAssertLessThan(count(try PNGCodec.decode(try FileContents.read(directory + "/\(id)-none.png")), rgb), 100, id)
        }
    }
}
