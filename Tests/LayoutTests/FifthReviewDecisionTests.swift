import Drawing
import Foundation
import GoldenSupport
import XCTest
@testable import Layout

/// Issue 61 (README Decisions, fifth review): trailing white space of a wrapped RTL line at its left end (UAX #9 L1),
/// decorations over the whole cell of an emoji, inline image or formula, one-item collages and collage slots kept for
/// unresolvable items, and attachments listed wherever the layout JSON lists lines. Numbers are read from the layout
/// JSON, as an outside tool reads them.
final class FifthReviewDecisionTests: XCTestCase {
    private struct NotAnObject: Error {}

    /// The layout JSON of `json` under `arguments`, parsed.
    private func layoutJSON(_ json: String, _ arguments: [String] = []) throws -> [String: Any] {
        let page = try TestEnvironment.layout(json, arguments)
        let text = page.json(includeCharacterRects: arguments.contains("--reveal-rects")).serialized(pretty: false)
        guard let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else { throw NotAnObject() }
        return object
    }

    private func items(_ layout: [String: Any]) -> [[String: Any]] { layout["items"] as? [[String: Any]] ?? [] }
    private func rect(_ value: Any?) throws -> Rect {
        let numbers = try XCTUnwrap(value as? [Double], "a rectangle")
        XCTAssertEqual(numbers.count, 4)
        return Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
    }
    private func lines(_ item: [String: Any]) -> [[String: Any]] { item["lines"] as? [[String: Any]] ?? [] }
    private func attachments(_ item: [String: Any]) -> [[String: Any]] { item["attachments"] as? [[String: Any]] ?? [] }

    // MARK: - Trailing white space of a wrapped RTL line (UAX #9 rule L1)

    /// Arabic and Hebrew paragraphs wrapping right after a Latin word or a number that the next line continues: the
    /// line's space is drawn at its left end, so the line is a right-to-left line (its first run is the space) that
    /// ends at the item's right edge, the first glyph after the space stands one space's advance in, and "English"
    /// is one space from the word before it, not two. Before, the line started with its Latin run, flush left, with
    /// the two spaces' gap inside.
    func testTheTrailingSpaceOfAnRTLLineSitsAtItsLeftEnd() throws {
        let cases: [(text: String, ending: String, wordBefore: String)] = [
            ("كلمة هذا نص عربي يحتوي على English words continue here ثم نص عربي", "English ", "على"),
            ("كلمة كلمة كلمة نص عربي عن نظام iOS 18 beta release notes ثم نص عربي", "iOS 18 ", "نظام"),
            ("מילה מילה טקסט עברי קצר עם English words continue here ועוד מילים בעברית", "English ", "עם"),
            ("טקסט עברי קצר עם Swift 6 2024 release notes ועוד מילים בעברית", "Swift 6 2024 ", "עם"),
        ]
        for (text, ending, wordBefore) in cases {
            let json = #"{"blocks": [{"type": "paragraph", "text": "\#(text)"}]}"#
            let layout = try layoutJSON(json, ["--reveal-rects"])
            let item = try XCTUnwrap(items(layout).first)
            let itemWidth = try rect(item["frame"]).width
            let utf16 = Array(text.utf16)
            let wrapped = try XCTUnwrap(lines(item).first { line in
                guard let range = line["range"] as? [Int] else { return false }
                return String(decoding: utf16[range[0]..<range[1]], as: UTF16.self).hasSuffix(ending)
            }, "a line ends with \(ending.debugDescription): the text no longer wraps there")
            let frame = try rect(wrapped["frame"])
            let range = try XCTUnwrap(wrapped["range"] as? [Int])
            XCTAssertEqual(wrapped["rtl"] as? Bool, true, text)
            XCTAssertEqual(frame.maxX, itemWidth, accuracy: 0.01, "right-aligned: \(text)")
            // The space takes the first space's advance at the left (its glyph is not drawn: Pango empties a line's
            // final white space), so the line's first glyph starts one space's advance in.
            let page = try TestEnvironment.layout(json)
            guard case .text(let box) = try XCTUnwrap(page.items.first).content else { return XCTFail("a text item") }
            let line = try XCTUnwrap(box.lines.first { $0.range == range[0]..<range[1] })
            let glyphs = Self.glyphs(line).sorted { $0.x < $1.x }
            let space = try spaceAdvance()
            XCTAssertEqual(try XCTUnwrap(glyphs.first).x, space, accuracy: 0.01, "the first glyph after the space: \(text)")
            XCTAssertNotEqual(glyphs.first?.text, " ")
            // Ink: the leftmost ink is one space in; the Latin run is one space from the RTL word before it.
            let rects = try (wrapped["characterRects"] as? [Any] ?? []).map { try rect($0) }
            XCTAssertEqual(rects.count, range[1] - range[0])
            let inked = rects.filter { $0.width > 0 }
            let leftInk = try XCTUnwrap(inked.map(\.minX).min())
            XCTAssertGreaterThan(leftInk - frame.minX, space - 1.5, "nothing drawn in the space at the left end: \(text)")
            let latinStart = String(decoding: utf16[range[0]..<range[1]], as: UTF16.self).utf16.count - ending.utf16.count
            let latinRight = try XCTUnwrap(rects[latinStart..<(rects.count - 1)].filter { $0.width > 0 }.map(\.maxX).max())
            let beforeStart = latinStart - 1 - wordBefore.utf16.count
            let beforeLeft = try XCTUnwrap(rects[beforeStart..<(latinStart - 1)].filter { $0.width > 0 }.map(\.minX).min())
            XCTAssertGreaterThan(beforeLeft - latinRight, 0)
            XCTAssertLessThan(beforeLeft - latinRight, space + 2.5, "one space between the Latin run and \(wordBefore): \(text)")
        }
    }

    /// In a left-to-right paragraph the space that ends a line inside an Arabic run goes to the right end: the gap
    /// between the Latin text and the Arabic is one space, and the line starts at x 0.
    func testTheTrailingSpaceOfAnLTRLineSitsAtItsRightEnd() throws {
        let text = "Left to right: عربي كلمات قليلة هنا ومزيد من الكلمات العربية في السطر التالي"
        let json = #"{"blocks": [{"type": "paragraph", "text": "\#(text)"}]}"#
        let page = try TestEnvironment.layout(json)
        guard case .text(let box) = try XCTUnwrap(page.items.first).content else { return XCTFail("a text item") }
        let first = try XCTUnwrap(box.lines.first)
        XCTAssertGreaterThan(box.lines.count, 1, "the text wraps")
        XCTAssertFalse(first.rtl)
        XCTAssertEqual(first.frame.minX, 0)
        let glyphs = Self.glyphs(first).sorted { $0.x < $1.x }
        let right = try XCTUnwrap(glyphs.filter { $0.advance > 0 }.map { $0.x + $0.advance }.max())
        // (The space is shaped in the Arabic face, whose space is a little narrower than Inter's.)
        let space = try spaceAdvance()
        XCTAssertEqual(first.frame.width - right, space, accuracy: 0.5, "the space ends the line on the right")
        // After ":" comes one space, then the Arabic run.
        let colon = try XCTUnwrap(glyphs.firstIndex { $0.text == ":" })
        XCTAssertEqual(glyphs[colon + 1].text, " ")
        XCTAssertNotEqual(glyphs[colon + 2].text, " ")
    }

    /// The advance of a space in a paragraph's Inter 17: "I I" less "II" (no kerning around I).
    private func spaceAdvance() throws -> Double {
        func width(_ text: String) throws -> Double {
            let page = try TestEnvironment.layout(#"{"blocks": [{"type": "paragraph", "text": "\#(text)"}]}"#)
            guard case .text(let box) = try XCTUnwrap(page.items.first).content else { throw NotAnObject() }
            return try XCTUnwrap(box.lines.first).frame.width
        }
        return try width("I I") - width("II")
    }

    /// Each glyph of a line with the text of its cluster ("" for a cluster's further glyphs), its x and advance.
    static func glyphs(_ line: TextLine) -> [(text: String, x: Double, advance: Double)] {
        var result: [(text: String, x: Double, advance: Double)] = []
        for run in line.runs {
            var bytes = Array(run.text.utf8)[...]
            var glyph = 0
            for cluster in run.clusters {
                let text = String(decoding: bytes.prefix(cluster.bytes), as: UTF8.self)
                bytes = bytes.dropFirst(cluster.bytes)
                for index in 0..<cluster.glyphs where glyph + index < run.glyphs.count {
                    let positioned = run.glyphs[glyph + index]
                    result.append((index == 0 ? text : "", positioned.x, positioned.advance))
                }
                glyph += cluster.glyphs
            }
        }
        return result
    }

    // MARK: - Decorations cover attachments

    /// A Telethon page of one paragraph of `parts`.
    private static func telethon(_ parts: [String]) -> String {
        let paragraph = #"{"_": "PageBlockParagraph", "text": {"_": "TextConcat", "texts": [\#(parts.joined(separator: ", "))]}}"#
        return #"{"_": "Page", "url": "", "photos": [], "documents": [], "blocks": [\#(paragraph)]}"#
    }
    private static func plain(_ text: String) -> String { #"{"_": "TextPlain", "text": "\#(text)"}"# }
    private static let emoji = #"{"_": "TextCustomEmoji", "document_id": 5, "alt": "🔥"}"#
    private static let image = #"{"_": "TextImage", "document_id": 8, "w": 20, "h": 20}"#
    private static let formula = #"{"_": "TextMath", "source": "x^2+1"}"#
    private static func styled(_ type: String, _ parts: String..., extra: String = "") -> String {
        #"{"_": "\#(type)", "text": {"_": "TextConcat", "texts": [\#(parts.joined(separator: ", "))]}\#(extra)}"#
    }

    /// The one line of the item's decorations of `kind`, and its one attachment's frame.
    private func decorated(_ item: [String: Any], _ kind: String) throws -> (decorations: [Rect], cell: Rect) {
        let line = try XCTUnwrap(lines(item).first)
        let decorations = try (line["decorations"] as? [[String: Any]] ?? []).filter { $0["kind"] as? String == kind }.map { try rect($0["frame"]) }
        let cell = try rect(try XCTUnwrap(attachments(item).first)["frame"])
        return (decorations, cell)
    }

    /// A marked run ending with an emoji, an image or a formula fills 2 pt past the cell's right edge; one starting
    /// with an emoji starts 2 pt before its left edge (v2-render-facts §5's pill of x − 2, width + 4).
    func testMarkedFillsCoverTheCell() throws {
        for attachment in [Self.emoji, Self.image, Self.formula] {
            let ending = try layoutJSON(Self.telethon([Self.plain("before "), Self.styled("TextMarked", Self.plain("marked "), attachment), Self.plain(" after")]))
            let (pills, cell) = try decorated(try XCTUnwrap(items(ending).first), "marker")
            XCTAssertEqual(pills.count, 1, attachment)
            XCTAssertEqual(try XCTUnwrap(pills.first).maxX, cell.maxX + 2, accuracy: 0.001, attachment)
            let starting = try layoutJSON(Self.telethon([Self.plain("before "), Self.styled("TextMarked", attachment, Self.plain(" marked")), Self.plain(" after")]))
            let (startPills, startCell) = try decorated(try XCTUnwrap(items(starting).first), "marker")
            XCTAssertEqual(try XCTUnwrap(startPills.first).minX, startCell.minX - 2, accuracy: 0.001, attachment)
        }
    }

    /// Underlines (a link's too) and strike lines run to the cell's right edge (rounded up to a whole point, as
    /// for glyphs); a link's click rectangle covers the cell.
    func testUnderlinesAndStrikeLinesCoverTheCell() throws {
        for attachment in [Self.emoji, Self.image, Self.formula] {
            for (style, kind) in [("TextUnderline", "underline"), ("TextStrike", "strikethrough")] {
                let layout = try layoutJSON(Self.telethon([Self.plain("before "), Self.styled(style, Self.plain("styled "), attachment), Self.plain(" after")]))
                let (rules, cell) = try decorated(try XCTUnwrap(items(layout).first), kind)
                XCTAssertEqual(rules.count, 1, "\(style) \(attachment)")
                XCTAssertEqual(try XCTUnwrap(rules.first).maxX, cell.maxX.rounded(.up), accuracy: 0.001, "\(style) \(attachment)")
            }
            // A link underlined (the link colour is the text colour in no built-in theme, so underline it): the rule and
            // the entity's rectangle both reach the cell's end.
            let link = Self.styled("TextUrl", Self.plain("link "), attachment, extra: #", "url": "https://telegram.org", "webpage_id": 0"#)
            let page = try TestEnvironment.layout(Self.telethon([Self.plain("a "), Self.styled("TextUnderline", link), Self.plain(" after")]))
            guard case .text(let box) = try XCTUnwrap(page.items.first).content else { return XCTFail("a text item") }
            let cell = try XCTUnwrap(box.lines.first?.attachments.first).frame
            let underline = try XCTUnwrap(box.lines.first?.decorations.first { $0.kind == .underline })
            XCTAssertEqual(underline.rect.maxX, cell.maxX.rounded(.up), accuracy: 0.001, attachment)
            let target = try XCTUnwrap(box.entities.first { $0.target == "https://telegram.org" })
            XCTAssertEqual(try XCTUnwrap(target.rects.map(\.maxX).max()), cell.maxX, accuracy: 0.001, attachment)
        }
    }

    /// A spoiler's cover runs over an emoji inside it, and dust falls on the emoji's cell (the dust is drawn above
    /// custom emoji, FrameBuilder+Text).
    func testSpoilerCoversTheCellWithDust() throws {
        for attachment in [Self.emoji, Self.image, Self.formula] {
            let json = Self.telethon([Self.plain("open "), Self.styled("TextSpoiler", Self.plain("hidden "), attachment, Self.plain(" words")), Self.plain(" open")])
            let layout = try layoutJSON(json)
            let item = try XCTUnwrap(items(layout).first)
            let line = try XCTUnwrap(lines(item).first)
            let covers = try (line["spoilers"] as? [Any] ?? []).map { try rect($0) }
            let cell = try rect(try XCTUnwrap(attachments(item).first)["frame"])
            XCTAssertEqual(covers.count, 1, "one cover across the cell: \(attachment)")
            let cover = try XCTUnwrap(covers.first)
            XCTAssertLessThanOrEqual(cover.minX, cell.minX, attachment)
            XCTAssertGreaterThanOrEqual(cover.maxX, cell.maxX, attachment)
            let page = try TestEnvironment.layout(json)
            guard case .text(let box) = try XCTUnwrap(page.items.first).content else { return XCTFail("a text item") }
            let dots = box.lines.flatMap(\.spoilers).flatMap(\.dots)
            XCTAssertTrue(dots.contains { $0.x >= cell.minX && $0.x + 1 <= cell.maxX }, "dust over the cell: \(attachment)")
        }
        // An emoji alone under a spoiler gets its cover too (before: no glyph, no cover).
        let alone = try layoutJSON(Self.telethon([Self.styled("TextSpoiler", Self.emoji), Self.plain(" open")]))
        let item = try XCTUnwrap(items(alone).first)
        let cover = try rect(try XCTUnwrap((lines(item).first?["spoilers"] as? [Any])?.first))
        let cell = try rect(try XCTUnwrap(attachments(item).first)["frame"])
        XCTAssertEqual(cover.minX, cell.minX.rounded(.down), accuracy: 0.001)
        XCTAssertEqual(cover.maxX, cell.maxX.rounded(.up), accuracy: 0.001)
    }

    /// A button inside a marked run is not text: the fill stops at its pill.
    func testButtonsAreNotCovered() throws {
        let json = #"{"blocks": [{"type": "paragraph", "text": [{"type": "marked", "text": ["marked ", "#
            + #"{"type": "button", "button": {"text": "Go", "url": "https://telegram.org"}}]}]}]}"#
        let page = try TestEnvironment.layout(json)
        guard case .text(let box) = try XCTUnwrap(page.items.first).content else { return XCTFail("a text item") }
        let line = try XCTUnwrap(box.lines.first)
        let button = try XCTUnwrap(line.attachments.first { $0.kind == .button })
        let pill = try XCTUnwrap(line.decorations.first { $0.kind == .marker })
        XCTAssertLessThanOrEqual(pill.rect.maxX, button.frame.minX + 2 + 0.001)
    }

    // MARK: - Collages

    private static func collage(_ ids: [Int]) -> String {
        let items = ids.map { #"{"_": "PageBlockPhoto", "photo_id": \#($0), "caption": {"_": "PageCaption", "text": {"_": "TextEmpty"}, "credit": {"_": "TextEmpty"}}}"# }
        return #"{"_": "PageBlockCollage", "items": [\#(items.joined(separator: ", "))], "caption": {"_": "PageCaption", "text": {"_": "TextPlain", "text": "the caption"}, "credit": {"_": "TextEmpty"}}}"#
    }
    private static func photo(_ id: Int, _ w: Int, _ h: Int) -> String {
        #"{"_": "Photo", "id": \#(id), "access_hash": 1, "file_reference": "AQI=", "date": 1700000000, "dc_id": 2, "sizes": [{"_": "PhotoSize", "type": "x", "w": \#(w), "h": \#(h), "size": 1}]}"#
    }
    private static func page(photos: [String], _ block: String) -> String {
        #"{"_": "Page", "url": "", "photos": [\#(photos.joined(separator: ", "))], "documents": [], "blocks": [\#(block)]}"#
    }

    /// A collage of one photo is laid out as that photo alone: its frame fills the width with the 4 pt bleed (B + 4
    /// wide, 1000 × 500 → 320 × 160), the collage's caption 14 pt below, and a warning; not an error under --strict.
    func testAOneItemCollageIsTheSingleMedia() throws {
        let json = Self.page(photos: [Self.photo(1, 1000, 500)], Self.collage([1]))
        for arguments in [[], ["--strict"]] {
            let layout = try layoutJSON(json, arguments)
            let image = try XCTUnwrap(items(layout).first { $0["kind"] as? String == "image" })
            XCTAssertEqual(try rect(image["frame"]), Rect(x: 0, y: 0, width: 324, height: 160))
            XCTAssertEqual(image["bleed"] as? Double, 4)
            let caption = try XCTUnwrap(items(layout).first { $0["block"] as? String == "caption" })
            XCTAssertEqual(try rect(caption["frame"]).minY, 160 + 14, accuracy: 0.6)
            let warnings = layout["warnings"] as? [String] ?? []
            XCTAssertTrue(warnings.contains { $0.contains("a collage of one item is laid out as a single photo") }, "\(warnings)")
        }
        // The same photo as a photo block has the same frame.
        let single = try layoutJSON(Self.page(photos: [Self.photo(1, 1000, 500)],
                                              #"{"_": "PageBlockPhoto", "photo_id": 1, "caption": {"_": "PageCaption", "text": {"_": "TextEmpty"}, "credit": {"_": "TextEmpty"}}}"#))
        XCTAssertEqual(try rect(try XCTUnwrap(items(single).first)["frame"]), Rect(x: 0, y: 0, width: 324, height: 160))
    }

    /// An unresolvable item keeps its slot: the other two photos keep the frames of the full collage of three, where
    /// the missing one is a square (aspect 1, §2.14), the slot draws nothing and the warning names the id.
    func testAnUnresolvableCollageItemKeepsItsSlot() throws {
        let missing = try layoutJSON(Self.page(photos: [Self.photo(1, 300, 450), Self.photo(3, 640, 400)], Self.collage([1, 2, 3])))
        let full = try layoutJSON(Self.page(photos: [Self.photo(1, 300, 450), Self.photo(2, 400, 400), Self.photo(3, 640, 400)], Self.collage([1, 2, 3])))
        let missingFrames = try items(missing).filter { $0["kind"] as? String == "image" }.map { try rect($0["frame"]) }
        let fullFrames = try items(full).filter { $0["kind"] as? String == "image" }.map { try rect($0["frame"]) }
        XCTAssertEqual(fullFrames.count, 3)
        XCTAssertEqual(missingFrames, [fullFrames[0], fullFrames[2]])
        XCTAssertEqual(try items(missing).filter { $0["block"] as? String == "caption" }.map { try rect($0["frame"]) },
                       try items(full).filter { $0["block"] as? String == "caption" }.map { try rect($0["frame"]) }, "the caption stays where it was")
        let warnings = missing["warnings"] as? [String] ?? []
        XCTAssertTrue(warnings.contains { $0.contains("photo 2 is not in the page's photos") }, "\(warnings)")
        // No item resolves: nothing is drawn, as for a single photo.
        let none = try layoutJSON(Self.page(photos: [], Self.collage([1, 2])))
        XCTAssertTrue(items(none).isEmpty)
    }

    // MARK: - Attachments wherever lines are

    /// A code block with a custom emoji and a details title with one list the emoji with its frame beside their lines.
    func testCodeBlocksAndDetailsTitlesListTheirAttachments() throws {
        let json = #"{"_": "Page", "url": "", "photos": [], "documents": [], "blocks": ["#
            + #"{"_": "PageBlockPreformatted", "text": {"_": "TextConcat", "texts": [\#(Self.plain("let x = ")), \#(Self.emoji)]}, "language": "swift"}, "#
            + #"{"_": "PageBlockDetails", "open": true, "title": {"_": "TextConcat", "texts": [\#(Self.plain("Title ")), \#(Self.emoji)]}, "#
            + #""blocks": [{"_": "PageBlockParagraph", "text": \#(Self.plain("body"))}]}]}"#
        let layout = try layoutJSON(json)
        let code = try XCTUnwrap(items(layout).first { $0["kind"] as? String == "codeBlock" })
        XCTAssertEqual(lines(code).count, 1)
        let codeEmoji = try XCTUnwrap(attachments(code).first)
        XCTAssertEqual(codeEmoji["kind"] as? String, "customEmoji")
        XCTAssertEqual(codeEmoji["range"] as? [Int], [8, 9])
        XCTAssertEqual(codeEmoji["mediaId"] as? String, "5")
        let details = try XCTUnwrap(items(layout).first { $0["kind"] as? String == "details" })
        let title = try XCTUnwrap(details["title"] as? [String: Any])
        XCTAssertEqual(lines(title).count, 1)
        let titleEmoji = try XCTUnwrap(attachments(title).first)
        XCTAssertEqual(titleEmoji["range"] as? [Int], [6, 7])
        let cell = try rect(titleEmoji["frame"])
        XCTAssertGreaterThan(cell.width, 10)
        XCTAssertEqual(cell.width, cell.height)
    }
}
