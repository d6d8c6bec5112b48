import Drawing
import Foundation
import GoldenSupport
import Layout
import ProcessSupport
@testable import MediaSources
import Raster
import RenderOptions
import RichMessageRenderer
import XCTest

/// Issue 41 on whole pages: stickers resolved once however often they appear, WebM alpha over the bubble, adaptive
/// emoji in their run's colour.
final class StickerPageTests: XCTestCase {
    private let files = TestEnvironment.root + "/Tests/Data/stickers/files"

    private func emoji(_ id: String, _ alt: String = "🙂") -> String {
        #"{"type": "custom_emoji", "custom_emoji_id": "\#(id)", "alternative_text": "\#(alt)"}"#
    }

    func testFiftyCopiesOfOneTGSDecodeItOnce() throws {
        let copies = Array(repeating: emoji("5000000000000000001"), count: 50).joined(separator: ", \" \", ")
        let layout = try TestEnvironment.layout(#"{"blocks": [{"type": "paragraph", "text": [\#(copies)]}]}"#)
        let cache = StickerCache(capacity: 64 << 20)
        let folder = MediaLookup(folder: files, stickerCache: cache)
        let page = MediaResolver.resolved(layout.displayPage(), source: folder)
        let rects = try XCTUnwrap(page.list.placedStickerCells)
        XCTAssertEqual(rects.count, 50)
        XCTAssertEqual(cache.decodes, 1, "one file, one decode")
        XCTAssertEqual(page.images.stickers.count, 1, "one cell size and colour: one bitmap")
        XCTAssertEqual(page.images.stickers.values.first?.width, 64, "17 pt text at scale 2")
        _ = MediaResolver.resolved(layout.displayPage(), source: MediaLookup(folder: files, stickerCache: cache))
        XCTAssertEqual(cache.decodes, 1, "another folder on the same files: still one decode (keyed by content)")
    }

    /// §4.7: around the WebM's square the bubble shows through; the adaptive heart takes the text colour in the
    /// text and the link colour in a link.
    func testWebMAlphaShowsTheBubbleAndAdaptiveEmojiTakeTheirRunsColour() throws {
        _ = try TestEnvironment.requireFFmpeg()
        let json = #"{"blocks": [{"type": "paragraph", "text": ["A ", \#(emoji("5000000000000000002")), " and ", \#(emoji("5000000000000000004")), " ", "#
            + #"{"type": "url", "url": "https://telegram.org", "text": ["link ", \#(emoji("5000000000000000004"))]}]}]}"#
        let layout = try TestEnvironment.layout(json, ["--media", files])
        let settings = try RenderOptions.parse(["--media", files]).settings
        let (page, warnings) = TestEnvironment.pipeline.displayPage(layout, settings: settings)
        XCTAssertEqual(warnings, [])
        let image = try TestEnvironment.pipeline.renderer.image(page)
        let rects = try XCTUnwrap(page.list.placedStickerCells)
        XCTAssertEqual(rects.map(\.cell.id), ["5000000000000000002", "5000000000000000004", "5000000000000000004"])
        let scale = page.canvas.scale
        XCTAssertEqual(Double(image.width), (page.canvas.width * scale).rounded(.up))
        func pixel(_ x: Double, _ y: Double) -> [UInt8] {
            let index = (Int(y * scale) * image.width + Int(x * scale)) * 4
            return Array(image.pixels[index..<index + 3])
        }
        let webm = rects[0].1
        // The day theme's incoming bubble is white (v2-render-facts, themes): the square's corners show it.
        XCTAssertEqual(pixel(webm.minX + 1, webm.minY + 1), [255, 255, 255], "transparent WebM pixels show the bubble")
        let centre = pixel(webm.midX, webm.midY)
        XCTAssertGreaterThan(Int(centre[1]), Int(centre[0]) + 60, "the square is green")
        // The heart's centre: the text colour (near black) in the text, the link colour (blue) in the link.
        let text = pixel(rects[1].1.midX, rects[1].1.midY), link = pixel(rects[2].1.midX, rects[2].1.midY)
        XCTAssertLessThan(text.map(Int.init).max() ?? 255, 40, "text colour: \(text)")
        XCTAssertGreaterThan(Int(link[2]), Int(link[0]) + 80, "link colour: \(link)")
        XCTAssertEqual(rects[1].0.tint, RGBA(r: 0, g: 0, b: 0, a: 1), "the day theme's text colour")
        XCTAssertNotEqual(rects[2].0.tint, rects[1].0.tint)
    }

    /// §3.3: SVG and PDF embed the sticker's bitmap at the app's raster size, scaled by the document.
    func testVectorOutputsEmbedTheStickerBitmap() throws {
        _ = try TestEnvironment.requireFFmpeg()
        let settings = try RenderOptions.parse(["--media", files]).settings
        let input = try FileContents.read(TestEnvironment.root + "/Tests/Fixtures/stickers/kinds.json")
        let svg = String(decoding: try TestEnvironment.pipeline.render(bytes: input, settings: settings, format: .svg).output, as: UTF8.self)
        let images = svg.components(separatedBy: "<image ").dropFirst().map { String($0.prefix { $0 != ">" }) }
        let stickers = images.filter { $0.contains(#"width="64""#) && $0.contains(#"height="64""#) }
        // A TGS, a WebM, a WebP and the adaptive PNG in three colours (the missing file's alt is a colour emoji glyph,
        // the only other image).
        XCTAssertEqual(stickers.count, 6, "\(images.map { $0.prefix(60) })")
        XCTAssertEqual(images.count, 7)
    }

    /// A Telethon page's own documents mark an emoji adaptive (`text_color`): its sticker is filled with the text
    /// colour without a sidecar.
    func testATelethonPageMarksItsAdaptiveEmoji() throws {
        let folder = try TestEnvironment.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // A purple ring under the page's emoji id; the page says text_color, so it is drawn in the text colour.
        try FileManager.default.copyItem(atPath: files + "/5000000000000000003.webp", toPath: folder + "/5368324170671202286.webp")
        let input = try FileContents.read(TestEnvironment.root + "/Tests/Data/samples/telethon/rich_message_chat.json")
        let settings = try RenderOptions.parse(["--media", folder]).settings
        let layout = try TestEnvironment.pipeline.page(input, path: nil, settings: settings)
        let (page, warnings) = TestEnvironment.pipeline.displayPage(layout, settings: settings)
        // The page's photo has no file in the folder: named (issue 57), the emoji drawn.
        XCTAssertEqual(warnings, ["media 5001: no file for it among the media given; its placeholder is drawn"])
        let cells = try XCTUnwrap(page.list.placedStickerCells)
        let cell = try XCTUnwrap(cells.first { $0.cell.id == "5368324170671202286" })
        XCTAssertTrue(cell.cell.adaptive)
        let bitmap = try XCTUnwrap(page.images.stickers[cell.cell])
        // The ring's right side (x = 84 of 100, mid height): opaque, and in the text colour, not purple.
        let pixel = bitmap.pixels[bitmap.height / 2 * bitmap.width + bitmap.width * 84 / 100]
        XCTAssertGreaterThan(pixel >> 24, 200)
        let tint = cell.cell.tint
        XCTAssertEqual(Double(pixel >> 16 & 0xFF), (tint.r * Double(pixel >> 24)).rounded(), accuracy: 2)
        XCTAssertEqual(Double(pixel & 0xFF), (tint.b * Double(pixel >> 24)).rounded(), accuracy: 2)
    }
}
