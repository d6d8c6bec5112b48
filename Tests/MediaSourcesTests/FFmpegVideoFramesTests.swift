import Foundation
import Images
import MediaSources
import Raster
import XCTest

/// The ffmpeg frame source the tool hands to paint: a GIF's first frame as PNG bytes of the clip's size, and a
/// file ffmpeg cannot read is a media error (drawn as a placeholder by the store), never a crash.
final class FFmpegVideoFramesTests: XCTestCase {
    func testTheFirstFrameOfAClipIsAPNGOfItsSize() throws {
        guard let ffmpeg = FFmpegVideoFrames.ffmpeg else {
            throw XCTSkip("ffmpeg is not installed here (it is optional: apt-get install ffmpeg)")
        }
        let directory = NSTemporaryDirectory() + "ipraster-frames-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ffmpeg)
        process.arguments = ["-nostdin", "-loglevel", "error", "-f", "lavfi", "-i", "color=c=red:s=48x32:d=1", directory + "/clip.gif"]
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        let image = try PNGCodec.decode(try FFmpegVideoFrames().firstFrame(ofFile: directory + "/clip.gif"))
        XCTAssertEqual(image.width, 48)
        XCTAssertEqual(image.height, 32)
        XCTAssertGreaterThan(image.pixels[0], 200, "red")
        try Data("not a video".utf8).write(to: URL(fileURLWithPath: directory + "/broken.mp4"))
        XCTAssertThrowsError(try FFmpegVideoFrames().firstFrame(ofFile: directory + "/broken.mp4")) { error in
            XCTAssertTrue(error is MediaError, "\(error)")
        }
    }
}
