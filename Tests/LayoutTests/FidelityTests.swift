import Foundation
import GoldenSupport
@testable import Layout
import XCTest

/// The fidelity fixes of issue 12, each on a minimal input, with the numbers the facts and the Decisions give.
final class FidelityTests: XCTestCase {
    private func item(_ json: String, kind: String, _ arguments: [String] = []) throws -> LayoutItem {
        let layout = try TestEnvironment.layout(json, arguments)
        return try XCTUnwrap(layout.items.first { $0.kind == kind }, "no \(kind) in \(layout.items.map(\.kind))")
    }

    private func lines(_ item: LayoutItem) -> [TextLine] {
        switch item.content {
        case .text(let box): return box.lines
        case .codeBlock(let code): return code.text.lines
        default: return []
        }
    }

    /// Decisions: "A trailing newline ends the last line; it never adds an empty line (paragraphs, code, cells)."
    func testATrailingNewlineAddsNoLine() throws {
        for (block, kind) in [(#"{"type": "paragraph", "text": "abc%@"}"#, "text"), (#"{"type": "pre", "text": "let x = 1%@", "language": ""}"#, "codeBlock")] {
            let plain = try item(#"{"blocks": [\#(block.replacingOccurrences(of: "%@", with: ""))]}"#, kind: kind)
            let ended = try item(#"{"blocks": [\#(block.replacingOccurrences(of: "%@", with: "\\n"))]}"#, kind: kind)
            XCTAssertEqual(lines(ended).count, 1, kind)
            XCTAssertEqual(ended.frame.height, plain.frame.height, kind)
        }
        let cell = #"{"type": "table", "cells": [[{"text": "a%@", "align": "left", "valign": "top"}]], "is_bordered": true}"#
        func rowHeight(_ text: String) throws -> Double {
            guard case .table(let table) = try item(#"{"blocks": [\#(cell.replacingOccurrences(of: "%@", with: text))]}"#, kind: "table").content else { return -1 }
            return table.cells[0].frame.height
        }
        XCTAssertEqual(try rowHeight("\\n"), try rowHeight(""))
        // Two newlines still end in one empty line: only the last newline is absorbed.
        XCTAssertEqual(lines(try item(#"{"blocks": [{"type": "paragraph", "text": "abc\n\n"}]}"#, kind: "text")).count, 2)
    }
}

/// Issue 12 #1: table minimum column widths split words only at space, newline and tab.
final class TableWordTests: XCTestCase {
    private func limits(_ texts: [String]) -> (min: [Double], max: [Double]) {
        let context = LayoutContext(fonts: TestEnvironment.pipeline.fonts, options: LayoutOptions(),
                                    colors: PageColors(message: Theme.day.incoming, isDark: false, outgoing: false, authorColor: nil), rtl: false)
        let row = texts.map { TableCell(text: .plain($0), header: false, align: .left, valign: .top, colspan: 1, rowspan: 1) }
        let limits = TableColumnSolver.limits(TableBlock(title: .empty, rows: [row], bordered: true, striped: false, compact: false),
                                              contentWidth: 300, padding: 26, context: context)
        return (limits.min, limits.max)
    }

    func testHyphensSlashesAndUnitsDoNotSplitAWord() {
        // One word each: the minimum is the whole word, as wide as the unwrapped cell.
        let (min, max) = limits(["Media-heavy", "path/to/file", "−71%"])
        XCTAssertEqual(min, max)
        // "41 ms" is two words: its minimum is the wider of "41" and "ms", less than the whole.
        let units = limits(["41 ms", "41", "ms"])
        XCTAssertEqual(units.min[0], Swift.max(units.max[1], units.max[2]))
        XCTAssertLessThan(units.min[0], units.max[0])
    }
}

/// Issue 12 #4: "Show more" is one line, cut with "…" to the bubble width less 2 × 10, never wider than the bubble.
final class ShowMoreTests: XCTestCase {
    private func showMore(_ text: String) throws -> (LayoutItem, Bubble) {
        let json = #"{"_": "RichMessage", "rtl": false, "part": true, "photos": [], "documents": [], "blocks": [{"_": "PageBlockParagraph", "text": {"_": "TextPlain", "text": "\#(text)"}}]}"#
        let layout = try TestEnvironment.layout(json, ["--no-status"])
        let item = try XCTUnwrap(layout.items.first { $0.kind == "showMore" }, "no Show more: \(layout.items.map(\.kind))")
        return (item, try XCTUnwrap(layout.bubble))
    }

    func testShowMoreIsCutToTheBubble() throws {
        let (item, bubble) = try showMore("Hi")
        guard case .showMore(let box) = item.content else { return XCTFail() }
        XCTAssertEqual(box.lines.count, 1)
        XCTAssertEqual(bubble.frame.width, Bubble.minimumSize.width, "a two-letter message keeps the smallest bubble")
        XCTAssertEqual(item.frame.minX, 10)
        XCTAssertLessThanOrEqual(item.frame.width, bubble.frame.width - 2 * 10)
        // End truncation: fewer glyphs than the 9 characters, the last one (the ellipsis) standing for the cut rest.
        let glyphs = box.lines[0].runs.flatMap(\.glyphs)
        XCTAssertLessThan(glyphs.count, 9)
        XCTAssertEqual(box.lines[0].runs.last?.clusters.last?.bytes ?? 0 > 1, true, "the ellipsis covers the cut characters")
    }

    func testShowMoreFitsWhole() throws {
        let (item, bubble) = try showMore("A message long enough that the link fits beside nothing.")
        guard case .showMore(let box) = item.content else { return XCTFail() }
        XCTAssertEqual(box.lines.count, 1)
        XCTAssertEqual(box.lines[0].runs.map(\.text).joined(), "Show more")
        XCTAssertLessThanOrEqual(item.frame.maxX, bubble.frame.width - 10)
    }
}

/// Issue 12 #5 (`v2-layout-facts.md` §2.2): the author/date line is right-aligned when the item just before it
/// is text holding an RTL line; natural (left) otherwise.
final class AuthorDateAlignmentTests: XCTestCase {
    private func authorDateLine(after paragraph: String) throws -> (LayoutItem, TextLine) {
        let json = #"""
        {"_": "Page", "url": "u", "rtl": null, "part": null, "v2": true, "views": null, "photos": [], "documents": [], "blocks": [
          {"_": "PageBlockParagraph", "text": {"_": "TextPlain", "text": "\#(paragraph)"}},
          {"_": "PageBlockAuthorDate", "author": {"_": "TextPlain", "text": "Rami"}, "published_date": "2026-03-14T15:09:26+00:00"}]}
        """#
        let layout = try TestEnvironment.layout(json, ["--width", "320"])
        let item = try XCTUnwrap(layout.items.first { $0.block == .authorDate }, "\(layout.items.map(\.block))")
        guard case .text(let box) = item.content, let line = box.lines.first else { throw NoLine() }
        return (item, line)
    }

    private struct NoLine: Error {}

    func testAfterAnRTLParagraphTheLineIsRightAligned() throws {
        let (item, line) = try authorDateLine(after: "مرحبا بالعالم")
        // Width B − 2H at (H, 0): the line ends at the right inset, B − H = 310.
        XCTAssertEqual(item.frame.minX + line.frame.maxX, 320 - 10, accuracy: 0.01)
        let (ltrItem, ltrLine) = try authorDateLine(after: "Hello world")
        XCTAssertEqual(ltrItem.frame.minX + ltrLine.frame.minX, 10, accuracy: 0.01)
    }
}

/// Issue 12 #7 and #13: inline button pills (`v2-layout-facts.md` §3.3 steps 1 and 15, §3.9).
final class InlineButtonTests: XCTestCase {
    private func tlParagraph(_ parts: [String], theme: String? = nil) throws -> TextBox {
        let json = #"{"_": "Page", "url": "u", "rtl": null, "part": null, "v2": true, "views": null, "photos": [], "documents": [], "blocks": [{"_": "PageBlockParagraph", "text": {"_": "TextConcat", "texts": [\#(parts.joined(separator: ","))]}}]}"#
        let layout = try TestEnvironment.layout(json, theme.map { ["--theme", $0] } ?? [])
        guard case .text(let box)? = layout.items.first?.content else { throw NotText() }
        return box
    }

    private struct NotText: Error {}

    private func button(_ label: String, style: String = "bg_primary") -> String {
        #"{"_": "TextButton", "text": {"_": "TextPlain", "text": "\#(label)"}, "style": {"_": "InlineButtonStyle", "\#(style)": true}, "type": {"_": "InlineButtonTypeCallback"}}"#
    }

    func testAPillStartingALineHangsSevenPointsIntoTheMargin() throws {
        let box = try tlParagraph([button("Open"), #"{"_": "TextPlain", "text": " the report"}"#])
        let line = try XCTUnwrap(box.lines.first)
        XCTAssertEqual(line.frame.minX, -7, "line x = −hang")
        XCTAssertEqual(line.attachments.first?.frame.minX, -7, "the pill's edge is 7 pt left of the text's")
        // A line that starts with text does not hang.
        let plain = try tlParagraph([#"{"_": "TextPlain", "text": "Run "}"#, button("Open")])
        XCTAssertEqual(plain.lines.first?.frame.minX, 0)
    }

    func testAdjacentPillsKeepThreePointsBetweenThem() throws {
        let box = try tlParagraph([#"{"_": "TextPlain", "text": "Pick: "}"#, button("Yes"), button("No")])
        let pills = box.lines.flatMap(\.attachments)
        XCTAssertEqual(pills.count, 2, "the spacer is not drawn")
        XCTAssertEqual(pills[1].frame.minX - pills[0].frame.maxX, 3, accuracy: 0.001)
    }

    func testPillsTakeTheThemesButtonColours() throws {
        let directory = try TestEnvironment.temporaryDirectory()
        let theme = directory + "/buttons.json"
        try Data(##"{"base": "day", "buttonDanger": "#112233", "buttonSuccess": "#445566"}"##.utf8).write(to: URL(fileURLWithPath: theme))
        let box = try tlParagraph([button("Delete", style: "bg_danger"), #"{"_": "TextPlain", "text": " or "}"#, button("Keep", style: "bg_success")], theme: theme)
        let pills = box.lines.flatMap(\.attachments)
        XCTAssertEqual(pills.count, 2)
        for (pill, hex) in zip(pills, ["#112233", "#445566"]) {
            guard case .fill(_, .solid(let fill))? = pill.drawing.items.first, case .glyphs(let label, _)? = pill.drawing.items.last else {
                return XCTFail("\(pill.drawing.items)")
            }
            XCTAssertEqual(fill, RGBA.hex(hex, alpha: 0.12), "the pill: the tint at 12 %")
            XCTAssertEqual(label.color, RGBA.hex(hex), "the label: the tint")
        }
    }
}

/// Issue 12 #8 (`v2-layout-facts.md` §3.3 step 13, `v2-render-facts.md` §5): strike lines and underlines of a
/// superscript sit where they sit for the line's plain text — floor(L/2 + 1) below the band top, and 2 pt below
/// the line's baseline — not moved up with the raised glyphs.
final class RaisedDecorationTests: XCTestCase {
    func testDecorationsUnderASuperscriptStayOnTheLineBand() throws {
        let json = #"{"blocks": [{"type": "paragraph", "text": [{"type": "underline", "text": {"type": "strikethrough", "text": "x"}}, {"type": "superscript", "text": {"type": "underline", "text": {"type": "strikethrough", "text": "2"}}}]}]}"#
        let layout = try TestEnvironment.layout(json)
        guard case .text(let box)? = layout.items.first?.content, let line = box.lines.first else { return XCTFail("no text") }
        let underlines = line.decorations.filter { $0.kind == .underline }.map(\.rect.minY)
        let strikes = line.decorations.filter { $0.kind == .strikethrough }.map(\.rect.minY)
        XCTAssertEqual(underlines, [line.baseline + 2, line.baseline + 2])
        let bandTop = line.baseline - box.lineHeight
        let strikeY = bandTop + (box.lineHeight / 2 + 1).rounded(.down)
        XCTAssertEqual(strikes, [strikeY, strikeY])
    }
}

/// Issue 12 #11 (Decisions, "Slideshows"): every photo and video is a page; without a file a page shows the
/// media placeholder colour, never black; a video page has its play badge; dots when there is more than one page.
final class SlideshowTests: XCTestCase {
    func testSlideshowPagesWithoutFiles() throws {
        let json = #"""
        {"blocks": [{"type": "slideshow", "blocks": [
          {"type": "video", "video": {"file_id": "Fclip", "file_unique_id": "clip", "width": 1280, "height": 720, "duration": 75}},
          {"type": "photo", "photo": [{"file_id": "Fone", "file_unique_id": "one", "width": 800, "height": 600}], "has_spoiler": true}]}]}
        """#
        let layout = try TestEnvironment.layout(json, ["--width", "320"])
        let item = try XCTUnwrap(layout.items.first { $0.kind == "slideshow" })
        guard case .slideshow(let slideshow) = item.content else { return XCTFail() }
        // The tallest page fitted into B: 800 × 600 → 320 × 240; 1280 × 720 → 320 × 180.
        XCTAssertEqual(item.frame.height, 240)
        XCTAssertEqual(slideshow.page.kind, .video)
        XCTAssertEqual(slideshow.page.placeholderColor, PageColors(message: Theme.day.incoming, isDark: false, outgoing: false, authorColor: nil).panelBackground)
        XCTAssertNotEqual(slideshow.page.placeholderColor, .black)
        // The play badge: max(18, min(50, floor(0.7 × min(320, 240)))) = 50, centred.
        XCTAssertEqual(slideshow.page.playBadge, Rect(x: 135, y: 95, width: 50, height: 50))
        // Two pages, two 6 pt dots 6 apart, centred, their centres 10 pt above the bottom.
        XCTAssertEqual(slideshow.dots, [Rect(x: 151, y: 227, width: 6, height: 6), Rect(x: 163, y: 227, width: 6, height: 6)])
    }

    func testASinglePageHasNoDotsAndHonoursItsSpoiler() throws {
        let json = #"{"blocks": [{"type": "slideshow", "blocks": [{"type": "photo", "photo": [{"file_id": "F", "file_unique_id": "u", "width": 800, "height": 600}], "has_spoiler": true}]}]}"#
        guard case .slideshow(let slideshow)? = try TestEnvironment.layout(json).items.first?.content else { return XCTFail() }
        XCTAssertEqual(slideshow.dots, [])
        XCTAssertTrue(slideshow.page.spoiler)
        XCTAssertFalse(slideshow.page.spoilerDots.isEmpty)
    }
}

/// Issue 12 #12 (Decisions, "Media state"): static renders show media as downloaded — no download or progress
/// affordance — and a photo with a link URL shows a 24 × 24 link badge at (w − 38, 14).
final class MediaStateTests: XCTestCase {
    func testALinkedPhotoHasItsBadgeAndFileRowsHaveNoDownloadBadge() throws {
        let json = try String(contentsOfFile: TestEnvironment.root + "/Tests/Fixtures/media/photo-link-badge.json", encoding: .utf8)
        let layout = try TestEnvironment.layout(json, ["--width", "320"])
        guard case .media(let photo)? = layout.items.first?.content else { return XCTFail("\(layout.items.map(\.kind))") }
        // 640 × 400 fitted into B = 320: w = 320.
        XCTAssertEqual(photo.linkBadge, Rect(x: 320 - 38, y: 14, width: 24, height: 24))
        let audio = try TestEnvironment.layout(#"{"blocks": [{"type": "audio", "audio": {"file_id": "a", "file_unique_id": "b", "duration": 75, "title": "T"}}]}"#)
        func choices(_ frame: Frame) -> Int {
            frame.items.reduce(0) { count, item in
                switch item {
                case .media(let choice): return count + 1 + choices(choice.present) + choices(choice.absent)
                case .group(let group): return count + choices(group.frame)
                default: return count
                }
            }
        }
        XCTAssertEqual(choices(audio.displayList()), 0, "nothing on the page depends on whether the audio file is there")
    }
}

/// Issue 12 #14 (Decisions): one pill per run of unsupported blocks; buttons rows take the NEW spacing; a marked
/// sub/superscript's pill moves with its glyphs; code blocks measure the mono font's cap height from "H".
final class DecisionsTests: XCTestCase {
    func testARunOfUnsupportedBlocksIsOnePill() throws {
        let json = #"{"blocks": [{"type": "hologram"}, {"type": "sparkles"}, {"type": "paragraph", "text": "between"}, {"type": "hologram"}]}"#
        let kinds = try TestEnvironment.layout(json).items.map(\.kind)
        XCTAssertEqual(kinds, ["unsupported", "text", "unsupported"])
    }

    func testButtonsRowsTakeTheNewSpacing() throws {
        let row = #"{"type": "buttons", "buttons": [{"text": "A", "callback_data": "a"}]}"#
        let layout = try TestEnvironment.layout(#"{"blocks": [{"type": "paragraph", "text": "above"}, \#(row), \#(row)]}"#)
        let text = try XCTUnwrap(layout.items.first { $0.kind == "text" })
        let rows = layout.items.filter { $0.kind == "buttonRow" }
        XCTAssertEqual(rows.count, 2)
        // paragraph → buttons: P 4 + base 8 + P 4 = 16; buttons → buttons: 4 + 4 = 8 (facts §1.5).
        XCTAssertEqual(rows[0].frame.minY - text.frame.maxY, 16, accuracy: 0.001)
        XCTAssertEqual(rows[1].frame.minY - rows[0].frame.maxY, 8, accuracy: 0.001)
    }

    func testAMarkedSuperscriptsPillMovesUpWithItsGlyphs() throws {
        let json = #"{"blocks": [{"type": "paragraph", "text": [{"type": "marked", "text": "x"}, {"type": "superscript", "text": {"type": "marked", "text": "2"}}, {"type": "subscript", "text": {"type": "marked", "text": "3"}}]}]}"#
        guard case .text(let box)? = try TestEnvironment.layout(json).items.first?.content, let line = box.lines.first else { return XCTFail() }
        let pills = line.decorations.filter { $0.kind == .marker }.map(\.rect)
        XCTAssertEqual(pills.count, 3)
        // Size 17: offsets round(17 × ±0.35) = ±6; a shifted pill's band is floor(0.85 · L) tall, moved by 0.6 · 6.
        let L = box.lineHeight
        let band = (0.85 * L * 2).rounded(.down) / 2
        let pillHeight = (band * 2.2).rounded(.down)
        let top = line.baseline - L
        XCTAssertEqual(pills[1].minY, (top - 0.6 * 6 + (band - pillHeight) / 2).rounded(.down), "superscript: up")
        XCTAssertEqual(pills[2].minY, (top + 0.6 * 6 + (band - pillHeight) / 2).rounded(.down), "subscript: down")
        XCTAssertLessThan(pills[1].minY, pills[0].minY)
    }

    /// DejaVu Sans Mono's OS/2 table is version 1 (no cap height); its "H" glyph tops out at 1493 of 2048 units
    /// (glyf table), so at 15 pt the cap height is 15 × 1493 / 2048.
    func testTheMonoFontsCapHeightIsTheInkTopOfH() {
        let metrics = TestEnvironment.pipeline.fonts.metrics(FontSpec(family: .mono, size: 15))
        XCTAssertEqual(metrics.capHeight, 15 * 1493 / 2048, accuracy: 1.0 / 64)
    }
}

/// Issue 12 #15: the layout JSON of a code block reports its text frame's real height, and its lines carry
/// `characterRects` under `--reveal-rects` like other text.
final class CodeBlockJSONTests: XCTestCase {
    func testCodeBlocksReportTheirTextHeightAndCharacterRects() throws {
        let layout = try TestEnvironment.layout(#"{"blocks": [{"type": "pre", "text": "let a = 1\nlet b = 2", "language": "swift"}]}"#, ["--reveal-rects"])
        let item = try XCTUnwrap(layout.items.first { $0.kind == "codeBlock" })
        guard case .codeBlock(let code) = item.content else { return XCTFail() }
        guard case .object(let members) = item.json(includeCharacterRects: true),
              case .array(let textFrame)? = members.first(where: { $0.0 == "textFrame" })?.1,
              case .array(let lines)? = members.first(where: { $0.0 == "lines" })?.1 else { return XCTFail("no textFrame or lines") }
        // Two lines: the second line's box bottom plus the mono font's descent (the line model's item height).
        let expected = code.text.lines[1].frame.maxY + code.text.font.descent
        guard case .number(let height) = textFrame[3] else { return XCTFail() }
        XCTAssertEqual(height, expected, accuracy: 0.001)
        XCTAssertGreaterThan(height, 0)
        for line in lines {
            guard case .object(let fields) = line, case .array(let rects)? = fields.first(where: { $0.0 == "characterRects" })?.1 else {
                return XCTFail("a code line without characterRects")
            }
            XCTAssertEqual(rects.count, 9, "one rect per character of \"let a = 1\"")
        }
    }
}

/// Issue 12 #3 (Decisions, "No inserted hyphens"): a word broken inside (code included) gains no hyphen glyph.
final class NoHyphenTests: XCTestCase {
    func testAWordBrokenInsideGainsNoHyphen() throws {
        let source = "send_rich_message_draft(chat_id=1)"
        for block in [#"{"type": "pre", "text": "\#(source)", "language": ""}"#, #"{"type": "paragraph", "text": "\#(source)"}"#] {
            let layout = try TestEnvironment.layout(#"{"blocks": [\#(block)]}"#, ["--width", "120"])
            let lines: [TextLine]
            switch layout.items.first?.content {
            case .codeBlock(let code)?: lines = code.text.lines
            case .text(let box)?: lines = box.lines
            default: return XCTFail("\(layout.items.map(\.kind))")
            }
            XCTAssertGreaterThan(lines.count, 1, "the word is broken")
            let runs = lines.flatMap(\.runs)
            // One glyph per character, and the lines' text is the source: nothing was inserted.
            XCTAssertEqual(runs.reduce(0) { $0 + $1.glyphs.count }, source.count)
            XCTAssertEqual(runs.map(\.text).joined(), source)
        }
    }
}
