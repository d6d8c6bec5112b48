import GoldenSupport
import Images
import XCTest
@testable import Layout
@testable import Raster
import RichMessageRenderer

final class RenderTests: XCTestCase {
    let json = #"{"blocks": [{"type": "heading", "size": 2, "text": "Title"}, {"type": "paragraph", "text": ["Some ", {"type": "bold", "text": "bold"}, " text 😀"]}]}"#

    func testPixelSizeEqualsTheLayoutCanvasAtEveryScale() throws {
        for scale in ["1", "2", "3", "1.5"] {
            let layout = try TestEnvironment.layout(json, ["--scale", scale])
            let image = try TestEnvironment.pipeline.renderer.image(layout)
            XCTAssertEqual(image.width, layout.canvas.pixelWidth, scale)
            XCTAssertEqual(image.height, layout.canvas.pixelHeight, scale)
            let png = try PNGCodec.decode(try TestEnvironment.pipeline.renderer.encode(layout, as: .png))
            XCTAssertEqual(png, image)
        }
    }

    func testRenderingIsDeterministicInProcess() throws {
        let layout = try TestEnvironment.layout(json)
        let first = try TestEnvironment.pipeline.renderer.encode(layout, as: .png)
        let second = try TestEnvironment.pipeline.renderer.encode(try TestEnvironment.layout(json), as: .png)
        XCTAssertEqual(first, second)
    }

    func testOpaqueBackgroundIsRGBAndTransparentIsRGBA() throws {
        let opaque = try TestEnvironment.pipeline.renderer.encode(try TestEnvironment.layout(json), as: .png)
        let transparent = try TestEnvironment.pipeline.renderer.encode(try TestEnvironment.layout(json, ["--background", "transparent"]), as: .png)
        XCTAssertEqual(opaque[25], 2, "colour type RGB")
        XCTAssertEqual(transparent[25], 6, "colour type RGBA")
        let decoded = try PNGCodec.decode(transparent)
        XCTAssertEqual(decoded.pixels[3], 0, "the corner outside the bubble is transparent")
    }

    func testTextIsPaintedWhereLayoutPutsIt() throws {
        let layout = try TestEnvironment.layout(#"{"blocks": [{"type": "paragraph", "text": "HHHH"}]}"#, ["--no-status", "--scale", "1"])
        let image = try TestEnvironment.pipeline.renderer.image(layout)
        guard case .text(let box) = layout.items[0].content else { return XCTFail("not text") }
        let origin = layout.canvas.bubbleOrigin
        let baseline = Int(origin.y + layout.items[0].frame.minY + box.lines[0].baseline)
        let x0 = Int(origin.x + layout.items[0].frame.minX)
        func dark(_ x: Int, _ y: Int) -> Bool { let i = (y * image.width + x) * 4; return image.pixels[i] < 128 }
        // Ink of "H" just above the baseline, none just below it (H has no descender).
        XCTAssertTrue((x0..<(x0 + 12)).contains { dark($0, baseline - 2) })
        XCTAssertFalse((x0..<(x0 + 40)).contains { dark($0, baseline + 2) })
    }

    func testPNGRoundTripAndErrors() throws {
        var image = RGBAImage(width: 3, height: 2)
        for index in 0..<image.pixels.count { image.pixels[index] = UInt8(index * 10 % 256) }
        XCTAssertEqual(try PNGCodec.decode(try PNGCodec.encode(image, opaque: false)), image)
        XCTAssertThrowsError(try PNGCodec.decode([1, 2, 3]))
        let png = try PNGCodec.encode(image, opaque: false)
        XCTAssertThrowsError(try PNGCodec.decode(Array(png.prefix(png.count - 20))))
    }

    func testVectorFormats() throws {
        let layout = try TestEnvironment.layout(json)
        let svg = try TestEnvironment.pipeline.renderer.encode(layout, as: .svg)
        XCTAssertTrue(String(decoding: svg.prefix(100), as: UTF8.self).contains("<svg"))
        let pdf = try TestEnvironment.pipeline.renderer.encode(layout, as: .pdf)
        XCTAssertEqual(Array(pdf.prefix(5)), Array("%PDF-".utf8))
        XCTAssertEqual(pdf, try TestEnvironment.pipeline.renderer.encode(layout, as: .pdf), "PDF output is reproducible")
    }
}

final class RenderIndependenceTests: XCTestCase {
    /// What was drawn before must not change a render: colour emoji at another size used to alter later
    /// emoji through Cairo's shared FreeType face state.
    func testEmojiRenderDoesNotDependOnEarlierRenders() throws {
        let small = #"{"blocks": [{"type": "paragraph", "text": "Emoji 😀 🎉 at 17 pt"}]}"#
        let big = #"{"blocks": [{"type": "heading", "size": 1, "text": "😀 🎉 at 19 pt"}, {"type": "paragraph", "text": ["custom ", {"type": "custom_emoji", "custom_emoji_id": "1", "alternative_text": "😀"}]}]}"#
        let renderer = TestEnvironment.pipeline.renderer
        let before = try renderer.encode(try TestEnvironment.layout(small), as: .png)
        _ = try renderer.encode(try TestEnvironment.layout(big), as: .png)
        _ = try renderer.encode(try TestEnvironment.layout(big, ["--scale", "3"]), as: .png)
        let after = try renderer.encode(try TestEnvironment.layout(small), as: .png)
        XCTAssertEqual(before, after)
    }
}
