import Drawing
import GoldenSupport
import Images
import XCTest
@testable import Layout
@testable import Raster
import RichMessageRenderer

/// The frame encoder reuses a surface and the compressed bands of earlier frames: its output must be what a
/// fresh encoder gives for the same frame, and decode to what the renderer paints.
final class FrameEncoderTests: XCTestCase {
    func testReusedBandsGiveTheBytesOfAFreshEncoder() throws {
        let shortJSON = #"{"blocks": [{"type": "paragraph", "text": "Short"}]}"#
        let longJSON = #"{"blocks": [{"type": "heading", "size": 1, "text": "Title"}, {"type": "paragraph", "text": "A longer paragraph that wraps onto a few lines of text in the bubble, long enough to fill several bands of rows of pixels at scale two."}]}"#
        for background in [[], ["--background", "transparent"]] {
            let long = try TestEnvironment.layout(longJSON, background)
            // Frames of one canvas (the long page's), painted with either page's content.
            var short = try TestEnvironment.layout(shortJSON, background)
            short.canvas = long.canvas
            XCTAssertGreaterThan(long.canvas.pixelHeight, 3 * 64, "several bands of 64 rows")
            let pages = [long, short, long, long, short]
            let reused = FrameEncoder(canvas: long.canvas, opaque: long.isOpaque)
            for (index, page) in pages.enumerated() {
                let bytes = try reused.png(page.displayList(), level: PNGCodec.fastCompressionLevel)
                let fresh = try FrameEncoder(canvas: long.canvas, opaque: long.isOpaque)
                    .png(page.displayList(), level: PNGCodec.fastCompressionLevel)
                XCTAssertEqual(bytes, fresh, "frame \(index), \(background)")
                XCTAssertEqual(try PNGCodec.decode(bytes), try TestEnvironment.pipeline.renderer.image(page), "frame \(index), \(background)")
            }
        }
    }
}
