import GoldenSupport
import Images
import Layout
import Raster
import RichMessageRenderer
@testable import Reveal
import XCTest

/// Issue 41, item 6: reveal exports and animated renders play custom emoji on one clock.
final class RevealStickerTests: XCTestCase {
    private let media = TestEnvironment.root + "/Tests/Data/stickers/files"
    private let twoCopies = #"""
    {"blocks": [{"type": "paragraph", "text": [{"type": "custom_emoji", "custom_emoji_id": "5000000000000000001", "alternative_text": "🟠"},
      " moves, and so does ", {"type": "custom_emoji", "custom_emoji_id": "5000000000000000001", "alternative_text": "🟠"}, "."]}]}
    """#

    /// Where the orange disc of the TGS is in the cell `rect` (points) of `image`: the centroid of its pixels, in
    /// pixels from the cell's corner (nil: no orange there).
    private func disc(_ image: RGBAImage, _ rect: Rect, scale: Double) -> (x: Double, y: Double)? {
        var sumX = 0.0, sumY = 0.0, count = 0.0
        for y in Int(rect.minY * scale)..<Int(rect.maxY * scale) {
            for x in Int(rect.minX * scale)..<Int(rect.maxX * scale) {
                let i = (y * image.width + x) * 4
                let (r, g, b) = (image.pixels[i], image.pixels[i + 1], image.pixels[i + 2])
                guard r > 200, g > 100, g < 190, b < 90 else { continue }
                sumX += Double(x) - rect.minX * scale
                sumY += Double(y) - rect.minY * scale
                count += 1
            }
        }
        return count > 0 ? (sumX / count, sumY / count) : nil
    }

    func testEmojiPlayInRevealFramesWithEveryCopyInStep() throws {
        let arguments = ["--media", media]
        let stream = try RevealFixtures.stream(json: twoCopies, arguments: arguments)
        let timeline = try RevealTimeline(stream: stream)
        let settings = try RevealFixtures.settings(arguments)
        let exporter = RevealExporter(timeline: timeline, fps: 30, renderer: TestEnvironment.pipeline.renderer, media: TestEnvironment.pipeline.media(settings))
        let cells = try XCTUnwrap(timeline.stream.finalLayout.displayList().placedStickerCells)
        XCTAssertEqual(cells.count, 2)
        // Both copies have entered by the end: 0.1 s and 0.5 s later their frames differ (the disc moved), and in each
        // moment both copies show the same frame.
        let end = timeline.endTime, scale = timeline.canvas.scale
        let early = try exporter.image(at: end + 0.1), late = try exporter.image(at: end + 0.5)
        let first = try XCTUnwrap(disc(early, cells[0].rect, scale: scale)), later = try XCTUnwrap(disc(late, cells[0].rect, scale: scale))
        XCTAssertGreaterThan(abs(first.x - later.x), 5, "the disc moved: \(first) → \(later)")
        for image in [early, late] {
            let one = try XCTUnwrap(disc(image, cells[0].rect, scale: scale)), two = try XCTUnwrap(disc(image, cells[1].rect, scale: scale))
            XCTAssertEqual(one.x, two.x, accuracy: 1, "two copies, one frame")
            XCTAssertEqual(one.y, two.y, accuracy: 1)
        }
        // The export's frames: after the text has settled, frames still change while the emoji play.
        var frames: [[UInt8]] = []
        try exporter.encodeFrames { _, bytes in frames.append(bytes) }
        XCTAssertEqual(frames.count, exporter.frameCount)
        let still = RevealExporter(timeline: try RevealTimeline(stream: try RevealFixtures.stream(json: twoCopies)), fps: 30,
                                   renderer: TestEnvironment.pipeline.renderer, media: nil)
        try still.encodeFrames { _, _ in }
        XCTAssertGreaterThan(exporter.lastExport.painted, still.lastExport.painted, "the emoji's frames are painted; the alt text's repeat")
    }

    /// A finished message as an animation: one loop of its longest emoji (1 s here) at the given rate; without
    /// stickers, one frame.
    func testAFinishedMessagePlaysOneLoopOfItsLongestEmoji() throws {
        let settings = try RevealFixtures.settings(["--media", media])
        let layout = try TestEnvironment.layout(twoCopies, ["--media", media])
        let animation = MessageAnimation(layout: layout, fps: 30, duration: nil, media: TestEnvironment.pipeline.media(settings))
        XCTAssertEqual(animation.stickerLoop, 1.0, accuracy: 1e-9, "60 frames at 60 fps, shown every second frame")
        XCTAssertEqual(animation.frameCount, 30)
        var frames: [[UInt8]] = []
        try animation.encodeFrames { _, bytes in frames.append(bytes) }
        XCTAssertEqual(frames.count, 30)
        XCTAssertNotEqual(frames[0], frames[15])
        let plain = MessageAnimation(layout: try TestEnvironment.layout(twoCopies), fps: 30, duration: nil, media: nil)
        XCTAssertEqual(plain.frameCount, 1, "no sticker files: one frame")
        XCTAssertEqual(MessageAnimation(layout: layout, fps: 30, duration: 2, media: TestEnvironment.pipeline.media(settings)).frameCount, 60)
    }
}
