import GoldenSupport
import Images
import XCTest
@testable import Layout
@testable import Raster
import RichMessageRenderer

/// Pages are written as PNG painted in strips (no full-page surface) unless they draw raster images; the
/// pixels must be exactly those of the page painted on one canvas, for every golden case (emoji, groups,
/// tables, formulas, media …), and the bytes those of the whole canvas encoded at once.
final class StripRenderTests: XCTestCase {
    func testStripsPaintTheWholeCanvasPixels() throws {
        var tall = 0
        for testCase in try GoldenCaseLayout.all() {
            let layout = testCase.layout, settings = testCase.settings
            let media = TestEnvironment.pipeline.media(settings)
            let strips = try TestEnvironment.pipeline.renderer.png(layout, media: media)
            let whole = try TestEnvironment.pipeline.renderer.painted(layout, media: media)
            let image = whole.image()
            let decoded = try PNGCodec.decode(strips)
            let differing = stride(from: 0, to: min(decoded.pixels.count, image.pixels.count), by: 4).filter {
                decoded.pixels[$0..<($0 + 4)] != image.pixels[$0..<($0 + 4)]
            }
            XCTAssertTrue(decoded.width == image.width && decoded.height == image.height && differing.isEmpty,
                          "\(testCase.name): \(differing.count) pixels differ, first at row \((differing.first ?? 0) / 4 / max(1, image.width))")
            // The same pixels' bytes; the page's PNG also says its size (pHYs) and words (iTXt) before them.
            XCTAssertTrue(PNGChunks.withoutMetadata(strips) == (try PNGCodec.encode(image, opaque: layout.isOpaque)), "\(testCase.name): the bytes differ")
            XCTAssertEqual(PNGChunks(strips).types.prefix(3), ["IHDR", "pHYs", "iTXt"], testCase.name)
            if layout.canvas.pixelHeight > 512 && StripRenderer.canPaintInStrips(layout.displayList()) { tall += 1 }
        }
        XCTAssertGreaterThan(tall, 20, "cases painted in several strips")
    }
}
