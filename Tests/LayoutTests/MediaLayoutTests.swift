import GoldenSupport
import XCTest
@testable import Layout

/// Block media geometry (`v2-layout-facts.md` §2.10–2.14, §4; seed "block media", "audio").
final class MediaLayoutTests: XCTestCase {
    let B = 320.0, H = 10.0

    func testFrameHelper() {
        // Wide: scaled to B, floored, and 4 pt of bleed.
        let wide = MediaLayout.frame(natural: (1280, 853), boundingWidth: B)
        XCTAssertEqual(wide.scaled.w, 320)
        XCTAssertEqual(wide.scaled.h, (853 * 0.25).rounded(.down))
        XCTAssertEqual(wide.frame, Rect(x: 0, y: 0, width: B + 4, height: 213))
        // Small: never upscaled, flush left, no bleed.
        let small = MediaLayout.frame(natural: (120, 90), boundingWidth: B)
        XCTAssertEqual(small.frame, Rect(x: 0, y: 0, width: 120, height: 90))
        // Exactly B − 1 wide still counts as filling the width.
        XCTAssertEqual(MediaLayout.frame(natural: (319, 100), boundingWidth: B).frame.width, B + 4)
        XCTAssertEqual(MediaLayout.frame(natural: (318, 100), boundingWidth: B).frame.width, 318)
        // Tall: no height cap in the OLD generation.
        let tall = MediaLayout.frame(natural: (640, 3000), boundingWidth: B)
        XCTAssertEqual(tall.frame.height, 1500)
        // A zero size keeps the width and the (zero) height.
        XCTAssertEqual(MediaLayout.frame(natural: (0, 0), boundingWidth: B).frame.height, 0)
    }

    func testPhotoCaptionAndCreditOffsets() throws {
        let page = try TestEnvironment.layout(#"{"blocks": [{"type": "photo", "photo": [{"file_id": "f", "file_unique_id": "u", "width": 1280, "height": 960}], "caption": {"text": "Caption", "credit": "Credit"}}]}"#)
        let photo = page.items[0], caption = page.items[1], credit = page.items[2]
        XCTAssertEqual(photo.kind, "image")
        XCTAssertEqual(photo.frame, Rect(x: 0, y: 0, width: B + 4, height: 240), "first media block: 0 above")
        XCTAssertEqual(caption.frame.minY, 240 + 14, "caption 14 below the un-bled height")
        XCTAssertEqual(caption.frame.minX, H)
        XCTAssertEqual(credit.frame.minY, caption.frame.maxY + 10, accuracy: 0.0001, "credit 10 below the caption")
        guard case .text(let box) = credit.content else { return XCTFail() }
        XCTAssertEqual(box.font.size, 13)
        guard case .media(let media) = photo.content else { return XCTFail() }
        XCTAssertEqual(media.bleed, 4)
        XCTAssertEqual(media.lookupIds, ["u", "f"])
        // The status never overlays media: it sits beside or below the caption text.
        XCTAssertGreaterThanOrEqual(page.status.frame!.minY, photo.frame.maxY)
        let bare = try TestEnvironment.layout(#"{"blocks": [{"type": "photo", "photo": [{"file_id": "f", "file_unique_id": "u", "width": 1280, "height": 960}]}]}"#)
        XCTAssertEqual(bare.status.placement, .wrapped, "below media that ends the page")
        XCTAssertEqual(bare.status.frame!.minY, bare.page.height)
    }

    func testSendShapePhotoUsesTheDefaultAspect() throws {
        let page = try TestEnvironment.layout(#"{"blocks": [{"type": "photo", "photo": {"type": "photo", "media": "https://example.com/a.jpg"}}]}"#)
        XCTAssertEqual(page.items[0].frame.height, (960 * B / 1280).rounded(.down))
    }

    func testMapFallbackAndPin() throws {
        let page = try TestEnvironment.layout(#"{"blocks": [{"type": "map", "location": {"latitude": 1, "longitude": 2}, "zoom": 14, "width": 0, "height": 0}]}"#)
        // 600 × 300 scaled to B; a map is not in the OLD table's media row, so 5 above it.
        XCTAssertEqual(page.items[0].frame, Rect(x: 0, y: 5, width: B + 4, height: 160))
        guard case .media(let map) = page.items[0].content, let pin = map.pin else { return XCTFail("no pin") }
        XCTAssertEqual(pin.minY, (160 * 0.5 - 10 - pin.height / 2).rounded(.down), "item-local")
        XCTAssertEqual(pin.midX, B / 2, accuracy: 0.6)
    }

    func testAudioRowFrame() throws {
        let page = try TestEnvironment.layout(#"{"blocks": [{"type": "paragraph", "text": "x"}, {"type": "audio", "audio": {"file_id": "a", "file_unique_id": "b", "duration": 75, "performer": "P", "title": "T"}}]}"#)
        let row = try XCTUnwrap(page.items.first { $0.kind == "audio" })
        XCTAssertEqual(row.frame.minX, 0)
        XCTAssertEqual(row.frame.width, B, "full width, no bleed")
        XCTAssertEqual(row.frame.height, 44)
        guard case .fileRow(let file) = row.content else { return XCTFail() }
        XCTAssertEqual(file.control, Rect(x: 3, y: 0, width: 44, height: 44))
        XCTAssertEqual(file.titleOrigin.x, 55)
        XCTAssertEqual(file.subtitle?.lines.first?.range, 0..<"1:15 · P".utf16.count, "m:ss · performer")
        XCTAssertEqual(file.subtitleOrigin.y, file.titleOrigin.y + (file.title!.lines[0].frame.maxY + file.title!.font.descent) - 1, accuracy: 0.001)
    }

    /// Appendix B branches against hand-computed frames (maxSize 320 × 320, spacing 1).
    func testMosaicTwoItems() {
        // "ww", average (1 + 1.9 + 2) / 2 = 2.45 > 1.4 and a₁ − a₀ < 0.2: stacked.
        var result = MosaicLayout.layout(sizes: [(190, 100), (200, 100)], maxSize: (320, 320))
        let h = min(320 / 1.9, 320 / 2.0, (320 - 1) / 2).rounded(.down)
        XCTAssertEqual(result.cells.map(\.frame), [Rect(x: 0, y: 0, width: 320, height: h), Rect(x: 0, y: h + 1, width: 320, height: h)])
        // "qq": side by side, each (320 − 1) / 2 wide.
        result = MosaicLayout.layout(sizes: [(100, 100), (100, 100)], maxSize: (320, 320))
        XCTAssertEqual(result.cells[0].frame, Rect(x: 0, y: 0, width: 159.5, height: 159))
        XCTAssertEqual(result.cells[1].frame.minX, 160.5)
        XCTAssertTrue(result.cells[1].position.contains(.right))
        // "nw": secondWidth = floor(min(159.5, round(319 / 0.5 / (2 + 1/1.5))))...
        result = MosaicLayout.layout(sizes: [(50, 100), (150, 100)], maxSize: (320, 320))
        let second = min(0.5 * 319, (319 / 0.5 / (1 / 0.5 + 1 / 1.5)).rounded()).rounded(.down)
        XCTAssertEqual(result.cells[1].frame.width, second)
        XCTAssertEqual(result.cells[0].frame.width, 320 - second - 1)
    }

    func testMosaicThreeAndFourItems() {
        // First narrow: a full-height left column and two stacked on the right.
        var result = MosaicLayout.layout(sizes: [(60, 100), (100, 100), (100, 100)], maxSize: (320, 320))
        XCTAssertEqual(result.cells[0].frame.height, 320)
        XCTAssertEqual(result.cells[1].frame.minX, result.cells[0].frame.maxX + 1)
        XCTAssertEqual(result.cells[2].frame.minY, result.cells[1].frame.maxY + 1)
        // Otherwise: a wide top row and two below.
        result = MosaicLayout.layout(sizes: [(200, 100), (100, 100), (100, 100)], maxSize: (320, 320))
        XCTAssertEqual(result.cells[0].frame, Rect(x: 0, y: 0, width: 320, height: min(320 / 2.0, 319 * 0.66).rounded(.down)))
        XCTAssertEqual(result.cells[1].frame.width, 159.5)
        // Four, starting wide: top row then three.
        result = MosaicLayout.layout(sizes: [(200, 100), (100, 100), (100, 100), (100, 100)], maxSize: (320, 320))
        XCTAssertEqual(result.cells[0].frame.width, 320)
        XCTAssertEqual(result.cells[3].frame.maxX, 320, accuracy: 0.0001)
        XCTAssertTrue(result.cells[3].position.contains(.right))
        // Four, starting narrow: left column then three stacked.
        result = MosaicLayout.layout(sizes: [(50, 100), (100, 100), (100, 100), (100, 100)], maxSize: (320, 320))
        XCTAssertEqual(result.cells[0].frame.height, 320)
        XCTAssertEqual(result.cells[3].frame.maxY, 320, accuracy: 0.0001)
    }

    func testMosaicManyItemsAndForcedCalculation() {
        let seven = MosaicLayout.layout(sizes: Array(repeating: (100, 100), count: 7), maxSize: (320, 320))
        XCTAssertEqual(seven.cells.count, 7)
        // Every row's last cell reaches the same right edge, rows are 1 apart, no cell overlaps.
        let rights = seven.cells.filter { $0.position.contains(.right) }.map(\.frame.maxX)
        XCTAssertEqual(Set(rights).count, 1)
        for (i, a) in seven.cells.enumerated() {
            for b in seven.cells[(i + 1)...] {
                let overlaps = a.frame.minX < b.frame.maxX && b.frame.minX < a.frame.maxX && a.frame.minY < b.frame.maxY && b.frame.minY < a.frame.maxY
                XCTAssertFalse(overlaps)
            }
        }
        // An aspect over 2 forces the row search even for two items.
        let forced = MosaicLayout.layout(sizes: [(500, 100), (100, 100)], maxSize: (320, 320))
        XCTAssertGreaterThan(forced.size.h, 0)
        // One item: no branch handles it (zero frames, size 0).
        XCTAssertEqual(MosaicLayout.layout(sizes: [(100, 100)], maxSize: (320, 320)).size.h, 0)
    }

    /// Issue 38, item 2 (Decision "Mosaic rows"): rows hold at most 3 items. Five squares at 320: rows of 2 and 3
    /// (159.5 and 106 high, rounded up: 160 + 1 + 106 = 267), not one photo over four thumbnails.
    func testMosaicRowsHoldAtMostThreeItems() {
        let five = MosaicLayout.layout(sizes: Array(repeating: (100, 100), count: 5), maxSize: (320, 320))
        let rows = Dictionary(grouping: five.cells, by: \.frame.minY).sorted { $0.key < $1.key }.map(\.value.count)
        XCTAssertEqual(rows, [2, 3])
        XCTAssertEqual(five.size.h, 267)
        // Every split of 5 to 12 items keeps the rule: 4 only in the middle of three rows, when the items are tall.
        XCTAssertEqual(MosaicLayout.layout(sizes: Array(repeating: (100, 100), count: 14), maxSize: (320, 320)).cells.count, 14,
                       "past four rows of three, rows of three")
        for count in 5...14 {
            for aspect in [0.5, 1.0, 1.6] {
                let cells = MosaicLayout.layout(sizes: Array(repeating: (100 * aspect, 100), count: count), maxSize: (320, 320)).cells
                let rows = Dictionary(grouping: cells, by: \.frame.minY).sorted { $0.key < $1.key }.map(\.value.count)
                for (index, n) in rows.enumerated() {
                    let allowed = rows.count == 3 && index == 1 && aspect < 0.85 ? 4 : 3
                    XCTAssertLessThanOrEqual(n, allowed, "\(count) items of aspect \(aspect): rows \(rows)")
                }
            }
        }
    }

    func testCollageCellsBleedOnTheRightEdgeOnly() throws {
        let photo = { (id: String) in #"{"type": "photo", "photo": [{"file_id": "\#(id)", "file_unique_id": "\#(id)", "width": 100, "height": 100}]}"# }
        let page = try TestEnvironment.layout(#"{"blocks": [{"type": "collage", "blocks": [\#(photo("a")), \#(photo("b"))], "caption": {"text": "c"}}]}"#)
        let cells = page.items.filter { $0.kind == "image" }
        XCTAssertEqual(cells.count, 2)
        guard case .media(let left) = cells[0].content, case .media(let right) = cells[1].content else { return XCTFail() }
        XCTAssertEqual(left.bleed, 0)
        XCTAssertEqual(right.bleed, 4)
        XCTAssertEqual(cells[1].frame.maxX, B + 4, accuracy: 0.0001)
        let caption = page.items.first { $0.kind == "text" }!
        XCTAssertEqual(caption.frame.minY, cells[0].frame.maxY + 14, accuracy: 0.6)
    }

    /// Issue 38, item 3 (Decision "Unresolvable media"): a Telethon photo or video whose id is not in the page's
    /// `photos`/`documents` draws nothing — caption and credit included — with a warning naming the id; the text
    /// around it stays, and a send-shape photo without dimensions keeps its 1280×960 placeholder.
    func testUnresolvableMediaDrawNothing() throws {
        let caption = #"{"_": "PageCaption", "text": {"_": "TextPlain", "text": "caption"}, "credit": {"_": "TextPlain", "text": "credit"}}"#
        let paragraph = { (text: String) in #"{"_": "PageBlockParagraph", "text": {"_": "TextPlain", "text": "\#(text)"}}"# }
        let page = try TestEnvironment.layout(#"{"_": "Page", "url": "", "photos": [], "documents": [], "blocks": [\#(paragraph("before")), "#
            + #"{"_": "PageBlockPhoto", "photo_id": 777, "caption": \#(caption)}, {"_": "PageBlockVideo", "video_id": 888, "caption": \#(caption)}, "#
            + #"{"_": "PageBlockCollage", "items": [{"_": "PageBlockPhoto", "photo_id": 779, "caption": \#(caption)}], "caption": \#(caption)}, "#
            + #"\#(paragraph("after"))]}"#)
        XCTAssertEqual(page.items.map(\.kind), ["text", "text"], "only the two paragraphs")
        for (what, id) in [("photo", "777"), ("video", "888"), ("photo", "779")] {
            XCTAssertTrue(page.warnings.contains { $0.contains("\(what) \(id) is not in the page's") && $0.contains("nothing is drawn") }, "\(page.warnings)")
        }
        // A send-shape photo (InputMediaPhoto, no dimensions) is in the document: the documented 1280×960 placeholder.
        let sent = try TestEnvironment.layout(#"{"chat_id": 1, "rich_message": {"blocks": [{"type": "photo", "photo": {"type": "photo", "media": "https://example.com/a.jpg"}}]}}"#)
        let photo = try XCTUnwrap(sent.items.first { $0.kind == "image" })
        XCTAssertEqual(photo.frame.height, (960 * B / 1280).rounded(.down))
        XCTAssertTrue(sent.warnings.allSatisfy { !$0.contains("nothing is drawn") })
    }

    /// Issue 38, item 4 (Decision "Media inside an OLD multi-block quote"): a 1000×500 photo in a quote of two blocks
    /// is flush with the fill from the bar's inner edge (H + 3 = 13) to B − H = 310, 297 × 148, with no 4 pt bleed;
    /// in RTL from H = 10 to B − H − 3 = 307. Its caption starts where the quote's text does.
    func testMediaInAMultiBlockQuoteAreFlushWithTheFill() throws {
        let photo = #"{"type": "photo", "photo": [{"file_id": "q", "file_unique_id": "q", "width": 1000, "height": 500}], "caption": {"text": "under"}}"#
        let json = #"{"blocks": [{"type": "blockquote", "blocks": [{"type": "paragraph", "text": "Quoted text"}, \#(photo)]}]}"#
        for rtl in [false, true] {
            let page = try TestEnvironment.layout(json, rtl ? ["--rtl"] : [])
            let fill = try XCTUnwrap(page.items.first { $0.block == .blockquote && $0.kind != "text" && $0.frame.height > 20 })
            XCTAssertEqual(fill.frame.minX, H)
            XCTAssertEqual(fill.frame.maxX, B - H)
            let image = try XCTUnwrap(page.items.first { $0.kind == "image" })
            guard case .media(let view) = image.content else { return XCTFail("a media item") }
            XCTAssertEqual(view.bleed, 0)
            XCTAssertEqual(image.frame, Rect(x: rtl ? H : H + 3, y: image.frame.minY, width: B - 2 * H - 3, height: (500 * (B - 2 * H - 3) / 1000).rounded(.down)))
            let text = page.items.filter { $0.kind == "text" }
            XCTAssertEqual(text.count, 2, "the paragraph and the caption")
            if !rtl { XCTAssertEqual(text[1].frame.minX, text[0].frame.minX, "the caption starts where the quote's text does") }
        }
    }

    func testPlaceholderHeights() throws {
        let page = try TestEnvironment.layout(#"{"_": "Page", "url": "", "photos": [], "documents": [], "blocks": [{"_": "PageBlockRelatedArticles", "title": {"_": "TextEmpty"}, "articles": [{"_": "PageRelatedArticle", "url": "a", "webpage_id": 0}]}, {"_": "PageBlockChannel", "channel": {"_": "Channel", "title": "x"}}]}"#)
        XCTAssertEqual(page.items.map(\.frame.height), [80, 60])
        XCTAssertEqual(page.items[0].frame.width, B + 4)
    }
}
