import GoldenSupport
import XCTest
@testable import Layout

/// The V2 line model (`v2-layout-facts.md` §3) against metrics read from the font files themselves.
final class LineModelTests: XCTestCase {
    let inter = "/usr/share/fonts/opentype/inter/Inter-Regular.otf"
    let serif = "/usr/share/fonts/truetype/noto/NotoSerif-Regular.ttf"

    private func textItem(_ layout: PageLayout, _ index: Int = 0) throws -> (LayoutItem, TextBox) {
        let item = layout.items[index]
        guard case .text(let box) = item.content else { throw PreconditionFailure(message: "item \(index) is not text") }
        return (item, box)
    }

    func testOneLineParagraphIsAscentPlusDescent() throws {
        let (A, D) = try XCTUnwrap(FontTables(path: inter)).metrics(size: 17)
        let layout = try TestEnvironment.layout(#"{"blocks": [{"type": "paragraph", "text": "One line"}]}"#)
        let (item, box) = try textItem(layout)
        XCTAssertEqual(box.font.ascent, A, accuracy: 0.001)
        XCTAssertEqual(box.font.descent, D, accuracy: 0.001)
        XCTAssertEqual(item.frame.height, A + D, accuracy: 0.001)
        let L = (A - D).rounded(.down)
        XCTAssertEqual(box.lineHeight, L)
        let line = try XCTUnwrap(box.lines.first)
        // The line frame is the cap box: height L, top at T = A − L, baseline at its maxY = A.
        XCTAssertEqual(line.frame.height, L)
        XCTAssertEqual(line.frame.minY, A - L, accuracy: 0.001)
        XCTAssertEqual(line.baseline, line.frame.maxY, accuracy: 0.0001)
        XCTAssertEqual(line.baseline, A, accuracy: 0.001)
    }

    func testLinePitchIsLineHeightPlusSpacing() throws {
        let (A, D) = try XCTUnwrap(FontTables(path: inter)).metrics(size: 17)
        let L = (A - D).rounded(.down)
        let S = (L * 1.0).rounded(.down)  // paragraph factor 1.0 (README "Fonts and colours")
        let long = String(repeating: "word ", count: 40)
        let layout = try TestEnvironment.layout(#"{"blocks": [{"type": "paragraph", "text": "\#(long)"}]}"#)
        let (item, box) = try textItem(layout)
        XCTAssertGreaterThan(box.lines.count, 3)
        for (previous, next) in zip(box.lines, box.lines.dropFirst()) {
            XCTAssertEqual(next.frame.minY - previous.frame.minY, L + S, accuracy: 0.0001)
        }
        // extraDescent = max(0, D − (S − 4)) is 0 here, so height = last maxY + D.
        XCTAssertEqual(item.frame.height, box.lines.last!.frame.maxY + D, accuracy: 0.001)
        // Lines cover the text without gaps (UTF-16 ranges).
        XCTAssertEqual(box.lines.first?.range.lowerBound, 0)
        XCTAssertEqual(box.lines.last?.range.upperBound, long.utf16.count)
        for (previous, next) in zip(box.lines, box.lines.dropFirst()) { XCTAssertEqual(previous.range.upperBound, next.range.lowerBound) }
    }

    func testSerifHeaderTakesTheConsecutiveExtraDescentQuirk() throws {
        let (A, D) = try XCTUnwrap(FontTables(path: serif)).metrics(size: 19)
        let L = (A - D).rounded(.down), S = (L * 0.685).rounded(.down)
        let extra = max(0, D - max(0, S - 4))
        XCTAssertGreaterThan(extra, 0, "the header font must have extraDescent for this test")
        let layout = try TestEnvironment.layout(#"{"_": "Page", "url": "", "photos": [], "documents": [], "blocks": [{"_": "PageBlockHeader", "text": {"_": "TextPlain", "text": "A header long enough to wrap onto three lines of serif text here"}}]}"#)
        let (item, box) = try textItem(layout)
        XCTAssertGreaterThanOrEqual(box.lines.count, 2)
        // Each later line moves down by L + S + extraDescent plus, because the previous line also had
        // extraDescent, one more S (v2-layout-facts §3.3 step 14).
        for (previous, next) in zip(box.lines, box.lines.dropFirst()) {
            XCTAssertEqual(next.frame.minY - previous.frame.minY, L + S + extra + S, accuracy: 0.001)
        }
        XCTAssertEqual(item.frame.height, box.lines.last!.frame.maxY + extra + D, accuracy: 0.001)
    }

    func testFitToWidthShrinksNaturalTextAndRightAlignsRTL() throws {
        let layout = try TestEnvironment.layout(#"{"blocks": [{"type": "paragraph", "text": "Short"}]}"#)
        let (item, box) = try textItem(layout)
        XCTAssertEqual(item.frame.width, box.lines[0].frame.width, accuracy: 0.0001)
        XCTAssertEqual(layout.page.width, min((item.frame.maxX).rounded(.up) + 10, 320))

        let rtl = try TestEnvironment.layout(#"{"blocks": [{"type": "paragraph", "text": "مرحبا بالعالم"}], "is_rtl": true}"#)
        let (rtlItem, rtlBox) = try textItem(rtl)
        XCTAssertTrue(rtlBox.lines[0].rtl)
        XCTAssertEqual(rtlItem.frame.width, 300)  // right alignment keeps the bounding width B − 2H
        XCTAssertEqual(rtlBox.lines[0].frame.maxX, 300, accuracy: 0.001)
    }

    func testMetricsAndLineBreaksDoNotDependOnScale() throws {
        let json = #"{"blocks": [{"type": "paragraph", "text": "Scale independent text that wraps across a few lines of the bubble, with émoji 😀 and bold."}]}"#
        let layouts = try [1, 2, 3].map { try TestEnvironment.layout(json, ["--scale", String($0)]) }
        let boxes = try layouts.map { try textItem($0).1 }
        for box in boxes.dropFirst() {
            XCTAssertEqual(box.lines.map(\.range), boxes[0].lines.map(\.range))
            XCTAssertEqual(box.lines.map(\.frame), boxes[0].lines.map(\.frame))
            XCTAssertEqual(box.font, boxes[0].font)
        }
        for (scale, layout) in zip([1.0, 2.0, 3.0], layouts) {
            XCTAssertEqual(layout.canvas.pixelWidth, Int((layout.canvas.width * scale).rounded(.up)))
            XCTAssertEqual(layout.canvas.pixelHeight, Int((layout.canvas.height * scale).rounded(.up)))
        }
    }

    func testHermeticFontsResolveDigitsToInterAndEmojiToNoto() throws {
        var builder = RichTextBuilder(colors: PageColors(message: Theme.day.incoming, isDark: false, outgoing: false, authorColor: nil),
                                      environment: TextEnvironment(), fonts: TestEnvironment.pipeline.fonts)
        builder.append(.plain("123 #* ❤️ 😀 😀 ☺ ✔"), RichTextBuilder.baseStyle(.paragraph, colors: builder.colors))
        let measured = TestEnvironment.pipeline.fonts.measure(builder.output, width: nil)
        let text = Array(builder.output.text.utf8)
        var filesByCharacter: [String: Set<String>] = [:]
        for glyph in measured.lines.flatMap(\.glyphs) {
            var end = glyph.cluster + 1
            while end < text.count, text[end] & 0xC0 == 0x80 { end += 1 }
            let character = String(decoding: text[glyph.cluster..<end], as: UTF8.self)
            filesByCharacter[character, default: []].insert((measured.fonts[glyph.fontIndex].file as NSString).lastPathComponent)
        }
        for character in ["1", "2", "3", "#", "*"] {
            XCTAssertEqual(filesByCharacter[character], ["Inter-Regular.otf"], character)
        }
        XCTAssertEqual(filesByCharacter["😀"], ["NotoColorEmoji.ttf"])
        XCTAssertEqual(filesByCharacter["❤"], ["NotoColorEmoji.ttf"])
        // Spaces between symbols stay in the text font (pango-notes §5).
        XCTAssertEqual(filesByCharacter[" "], ["Inter-Regular.otf"])
        // Every glyph comes from a file of the hermetic list.
        let listed = Set(TestEnvironment.pipeline.fonts.files.map(\.path))
        XCTAssertTrue(measured.fonts.allSatisfy { listed.contains($0.file) }, "\(measured.fonts.map(\.file))")
    }
}

/// A broken precondition of a test (the fixture did not give the expected kind of item): the test fails.
private struct PreconditionFailure: Error {
    var message: String
}
