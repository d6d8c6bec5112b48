import GoldenSupport
import XCTest
@testable import Layout

/// Inline attachments and character rects (`v2-layout-facts.md` §3.3, seed "Inline custom emoji"),
/// checked against metrics read from the font files and against the neighbours' glyph ink.
final class AttachmentGeometryTests: XCTestCase {
    let inter = "/usr/share/fonts/opentype/inter/Inter-Regular.otf"

    /// The layout's first item is not text: a broken precondition fails the test.
    private struct NotText: Error {}

    private func box(_ json: String, _ arguments: [String] = ["--reveal-rects"]) throws -> (LayoutItem, TextBox) {
        let layout = try TestEnvironment.layout(json, arguments)
        let item = try XCTUnwrap(layout.items.first { $0.kind == "text" })
        guard case .text(let box) = item.content else { throw NotText() }
        return (item, box)
    }

    private func paragraph(_ parts: String, rtl: Bool = false) -> String {
        #"{"blocks": [{"type": "paragraph", "text": [\#(parts)]}]\#(rtl ? #", "is_rtl": true"# : "")}"#
    }

    private let emoji = #"{"type": "custom_emoji", "custom_emoji_id": "5368324170671202286", "alternative_text": "👍"}"#

    func testCustomEmojiCellSizeAndCentring() throws {
        let (A, D) = try XCTUnwrap(FontTables(path: inter)).metrics(size: 17)
        let L = (A - D).rounded(.down)
        let (_, box) = try box(paragraph(#""Thumbs ", \#(emoji), " up""#))
        let line = try XCTUnwrap(box.lines.first)
        let cell = try XCTUnwrap(line.attachments.first)
        XCTAssertEqual(cell.kind, .customEmoji)
        XCTAssertEqual(cell.mediaId, "5368324170671202286")
        let size = A + D + 4 * 17 / 17
        XCTAssertEqual(cell.frame.width, size, accuracy: 0.001)
        XCTAssertEqual(cell.frame.height, size, accuracy: 0.001)
        // Centred on the L band: y = floorToScreenPixels(baseline − L/2 − size/2) at scale 2.
        XCTAssertEqual(cell.frame.minY, ((line.baseline - L / 2 - size / 2) * 2).rounded(.down) / 2, accuracy: 0.0001)
        // It does not inflate the line: the one-line item is still A + D tall... plus the cell's overhang
        // below baseline + K (extraDescent), which is 0 here.
        XCTAssertEqual(line.frame.height, L)
        XCTAssertEqual(cell.range, 7..<8)
        // The character rect of the placeholder is the whole cell.
        XCTAssertEqual(line.characterRects?[7], cell.frame)
        // The alternative text is drawn with the colour emoji font inside the cell.
        guard case .glyphs(let run, _)? = cell.drawing.items.first else { return XCTFail("no alt text drawn: \(cell.drawing.items)") }
        XCTAssertTrue(run.font.file.hasSuffix("NotoColorEmoji.ttf"), run.font.file)
    }

    /// The emoji's frame lies between the ink of the characters around it, in visual order.
    private func assertBetweenNeighbours(_ line: TextLine, _ cell: InlineAttachment, file: StaticString = #filePath, line number: UInt = #line) throws {
        let rects = try XCTUnwrap(line.characterRects)
        let index = cell.range.lowerBound - line.range.lowerBound
        let others = rects.enumerated().filter { $0.offset != index && $0.element.width > 0 }.map(\.element)
        let left = others.filter { $0.midX < cell.frame.midX }.map(\.maxX).max()
        let right = others.filter { $0.midX > cell.frame.midX }.map(\.minX).min()
        if let left { XCTAssertGreaterThanOrEqual(cell.frame.minX, left - 0.5, "overlaps the ink on its left", file: file, line: number) }
        if let right { XCTAssertLessThanOrEqual(cell.frame.maxX, right + 0.5, "overlaps the ink on its right", file: file, line: number) }
        XCTAssertGreaterThanOrEqual(cell.frame.minX, line.frame.minX - 0.01, file: file, line: number)
        XCTAssertLessThanOrEqual(cell.frame.maxX, line.frame.maxX + 0.01, file: file, line: number)
    }

    func testRTLAttachmentSitsAtItsLeftEdgeAtStartMiddleAndEnd() throws {
        for parts in [#"\#(emoji), " مرحبا بالعالم""#, #""مرحبا ", \#(emoji), " بالعالم""#, #""مرحبا بالعالم ", \#(emoji)"#] {
            let (_, box) = try box(paragraph(parts, rtl: true))
            let line = try XCTUnwrap(box.lines.first)
            XCTAssertTrue(line.rtl)
            let cell = try XCTUnwrap(line.attachments.first)
            try assertBetweenNeighbours(line, cell)
        }
        // Logical start of an RTL line = its right end; logical end = its left end.
        let (_, start) = try box(paragraph(#"\#(emoji), " مرحبا بالعالم""#, rtl: true))
        XCTAssertEqual(start.lines[0].attachments[0].frame.maxX, start.lines[0].frame.maxX, accuracy: 0.01)
        let (_, end) = try box(paragraph(#""مرحبا بالعالم ", \#(emoji)"#, rtl: true))
        XCTAssertEqual(end.lines[0].attachments[0].frame.minX, end.lines[0].frame.minX, accuracy: 0.01)
    }

    func testRTLAttachmentAtTheEndOfAWrappedLine() throws {
        // Sweep the text so that the emoji ends a wrapped line for some widths.
        var checked = 0
        for width in stride(from: 120, through: 240, by: 4) {
            let json = #"{"blocks": [{"type": "paragraph", "text": ["مرحبا بالعالم هذه فقرة ", \#(emoji), " عربية تلتف على عدة أسطر"]}], "is_rtl": true}"#
            let (_, box) = try box(json, ["--reveal-rects", "--width", String(width)])
            for line in box.lines {
                guard let cell = line.attachments.first else { continue }
                try assertBetweenNeighbours(line, cell)
                if cell.range.upperBound >= line.range.upperBound - 1 { checked += 1 }
            }
        }
        XCTAssertGreaterThan(checked, 0, "no width put the emoji at the end of a line")
    }

    func testInlineImageIsFittedAndCentred() throws {
        let json = #"{"_": "RichMessage", "photos": [], "documents": [], "blocks": [{"_": "PageBlockParagraph", "text": {"_": "TextConcat", "texts": [{"_": "TextPlain", "text": "Wide "}, {"_": "TextImage", "document_id": 7, "w": 600, "h": 200}, {"_": "TextPlain", "text": " and a small "}, {"_": "TextImage", "document_id": 8, "w": 20, "h": 20}, {"_": "TextPlain", "text": " icon"}]}}]}"#
        let (_, box) = try box(json)
        let images = box.lines.flatMap(\.attachments)
        XCTAssertEqual(images.count, 2)
        // Fitted into width × width (300 × 300), downscale only.
        XCTAssertEqual(images[0].frame.width, 300)
        XCTAssertEqual(images[0].frame.height, 100)
        XCTAssertEqual(images[1].frame.width, 20)
        let L = box.lineHeight
        for line in box.lines {
            for image in line.attachments {
                XCTAssertEqual(image.frame.minY, ((line.baseline - L / 2 - image.frame.height / 2) * 2).rounded(.down) / 2, accuracy: 0.0001)
            }
        }
        // The tall image grows extraDescent: the next line starts below the image's bottom edge region.
        let imageLine = try XCTUnwrap(box.lines.firstIndex { $0.attachments.contains { $0.frame.height == 100 } })
        if imageLine + 1 < box.lines.count {
            let K = max(0, box.lineHeight - 4)  // S = L at factor 1.0
            let extra = images[0].frame.maxY - (box.lines[imageLine].baseline + K)
            XCTAssertEqual(box.lines[imageLine + 1].frame.minY - box.lines[imageLine].frame.minY, L + box.lineHeight + extra, accuracy: 0.01)
        }
    }

    func testCharacterRectsAreInkInLogicalOrder() throws {
        let (item, box) = try box(paragraph(#""Hello עולם and مرحبا too""#))
        let line = try XCTUnwrap(box.lines.first)
        let rects = try XCTUnwrap(line.characterRects)
        XCTAssertEqual(rects.count, line.range.count)
        let text = Array("Hello עולם and مرحبا too".utf16)
        for (index, rect) in rects.enumerated() where rect.width > 0 {
            // Inside the line horizontally, around the baseline vertically.
            XCTAssertGreaterThanOrEqual(rect.minX, -1)
            XCTAssertLessThanOrEqual(rect.maxX, item.frame.width + 1)
            XCTAssertLessThan(rect.minY, line.baseline)
            XCTAssertGreaterThan(rect.maxY, line.baseline - box.lineHeight)
            // Ink, not advance: an "l" is much narrower than its advance box would be for "o".
            _ = text[index]
        }
        func xs(_ range: Range<Int>) -> [Double] { range.map { rects[$0].midX } }
        let hello = xs(0..<5), hebrew = xs(6..<10), arabic = xs(15..<20)
        XCTAssertEqual(hello, hello.sorted(), "LTR run: x increases")
        XCTAssertEqual(hebrew, hebrew.sorted(by: >), "RTL run: x decreases")
        XCTAssertEqual(arabic, arabic.sorted(by: >), "RTL run: x decreases")
        // Ink is tighter than the advance: "l" ink is narrower than the "o" ink.
        XCTAssertLessThan(rects[2].width, rects[4].width)
    }

    func testClusterInkGoesToItsFirstCharacterOnly() throws {
        // "e" + U+0301 is one cluster: the ink is on the "e", the combining mark gets a zero rect, so the
        // reveal cost counts the cluster once (v2-layout-facts §3.3 step 16).
        let (_, cafe) = try box(paragraph(#""caf\u0065\u0301 ok""#))
        let rects = try XCTUnwrap(cafe.lines.first?.characterRects)
        XCTAssertGreaterThan(rects[3].width, 0)
        XCTAssertEqual(rects[4], .zero)
        // A ZWJ family is one glyph: its first unit has the ink, the other ten units nothing.
        let (_, family) = try box(paragraph(#""👨‍👩‍👧‍👦!""#))
        let familyRects = try XCTUnwrap(family.lines.first?.characterRects)
        XCTAssertGreaterThan(familyRects[0].width, 10)
        XCTAssertTrue(familyRects[1..<11].allSatisfy { $0 == .zero })
        XCTAssertGreaterThan(familyRects[11].width, 0, "the \"!\" after it has its own ink")
    }

    func testCharacterRectsOnlyWhenRequested() throws {
        let (_, box) = try box(paragraph(#""plain""#), [])
        XCTAssertNil(box.lines.first?.characterRects)
    }

    func testSpoilersAreCoveredUnlessShown() throws {
        let json = paragraph(#""A ", {"type": "spoiler", "text": "secret phrase"}, " here""#)
        let (_, covered) = try box(json, [])
        let spoiler = try XCTUnwrap(covered.lines.first?.spoilers.first)
        XCTAssertEqual(spoiler.rect.maxY, covered.lines[0].baseline, accuracy: 0.0001)
        XCTAssertEqual(spoiler.rect.height, covered.lineHeight, accuracy: 0.0001)
        XCTAssertEqual(spoiler.dots.count, Int(spoiler.rect.width * (spoiler.rect.height + 2) * 0.25))
        XCTAssertTrue(spoiler.dots.allSatisfy { $0.x >= spoiler.rect.minX && $0.x + 1 <= spoiler.rect.maxX + 0.001 })
        let (_, again) = try box(json, [])
        XCTAssertEqual(again.lines[0].spoilers, covered.lines[0].spoilers, "the dust is deterministic")
        let (_, shown) = try box(json, ["--show-spoilers"])
        XCTAssertTrue(shown.lines[0].spoilers.isEmpty)
    }

    func testInlineButtonPillGeometry() throws {
        let (A, D) = try XCTUnwrap(FontTables(path: "/usr/share/fonts/opentype/inter/Inter-Medium.otf")).metrics(size: 15)
        let (_, box) = try box(paragraph(#""Run ", {"type": "button", "button": {"text": "Open CI", "url": "https://x"}}, " now""#))
        let line = try XCTUnwrap(box.lines.first)
        let button = try XCTUnwrap(line.attachments.first)
        XCTAssertEqual(button.kind, .button)
        // A 15 pt medium label with 1 pt above and below: ascent A + 1 above the baseline (§3.9, §3.3 step 10).
        XCTAssertEqual(button.frame.height, A + D + 2, accuracy: 0.001)
        XCTAssertEqual(button.frame.minY, line.baseline - (A + 1), accuracy: 0.001)
        // The pill: the cell rounded at half its height; the label starts 7 pt inside it.
        guard case .fill(let pill, _)? = button.drawing.items.first, case .glyphs(_, let pen)? = button.drawing.items.last else {
            return XCTFail("the button draws a pill and its label: \(button.drawing.items)")
        }
        XCTAssertEqual(pill, .roundedRect(button.frame, radius: button.frame.height / 2))
        XCTAssertEqual(pen.x, button.frame.minX + 7, accuracy: 0.001)
        // Here the pill fits the line box: lineAscent = max(L, A + 1 − T) stays L.
        XCTAssertEqual(line.frame.height, box.lineHeight)
    }
}
