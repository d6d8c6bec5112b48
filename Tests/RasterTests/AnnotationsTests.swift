import GoldenSupport
import Images
import Layout
import RenderOptions
import RichMessageRenderer
import XCTest

/// Annotations (issue 60): word boxes measured against the ink of the rendered PNG, per script; reading order,
/// RTL visual order, table cells, attachments, determinism. The boxes are in the image's pixels, so the checks read
/// the pixels the renderer wrote: on a transparent page without bubble and status, every pixel with ink is text.
final class AnnotationsTests: XCTestCase {
    private static let bare = ["--no-bubble", "--background", "transparent", "--no-status"]

    private func render(_ json: String, _ arguments: [String] = [], clusters: Bool = false) throws -> (Annotations, RGBAImage) {
        var settings = try RenderOptions.parse(arguments).settings
        settings.layout.revealRects = true
        let result = try TestEnvironment.pipeline.render(bytes: Array(json.utf8), settings: settings, format: .png)
        return (Annotations(result.layout, options: settings.layout, clusters: clusters), try PNGCodec.decode(result.output))
    }

    private func paragraph(_ text: String) -> String {
        let escaped = text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"")
        return #"{"blocks": [{"type": "paragraph", "text": "\#(escaped)"}]}"#
    }

    /// Every inked pixel lies in a word or attachment box (± 1 px), and every word box is tight: ink within 1 px of
    /// each of its four edges, inside it.
    private func assertBoxesFitInk(_ annotations: Annotations, _ image: RGBAImage, _ label: String, file: StaticString = #filePath, line: UInt = #line) {
        let boxes = annotations.words.map(\.box) + annotations.attachments.map(\.box)
        XCTAssertFalse(annotations.words.isEmpty, "\(label): no words", file: file, line: line)
        func alpha(_ x: Int, _ y: Int) -> UInt8 { image.pixels[(y * image.width + x) * 4 + 3] }
        var uncovered = 0, inked = 0
        for y in 0..<image.height {
            for x in 0..<image.width where alpha(x, y) > 0 {
                inked += 1
                let covered = boxes.contains { b in x >= b.x - 1 && x < b.x + b.width + 1 && y >= b.y - 1 && y < b.y + b.height + 1 }
                if !covered { uncovered += 1 }
            }
        }
        XCTAssertGreaterThan(inked, 100, "\(label): the page has ink", file: file, line: line)
        XCTAssertEqual(uncovered, 0, "\(label): inked pixels outside every word box", file: file, line: line)
        for word in annotations.words {
            let b = word.box
            XCTAssertTrue(b.x >= 0 && b.y >= 0 && b.x + b.width <= image.width && b.y + b.height <= image.height, "\(label): \(word.text) \(b) inside the image",
                          file: file, line: line)
            guard b.width > 0, b.height > 0 else { XCTFail("\(label): \(word.text) has an empty box", file: file, line: line); continue }
            func inkInColumns(_ columns: ClosedRange<Int>) -> Bool {
                columns.contains { x in (b.y..<(b.y + b.height)).contains { y in x >= 0 && x < image.width && alpha(x, y) > 0 } }
            }
            func inkInRows(_ rows: ClosedRange<Int>) -> Bool {
                rows.contains { y in (b.x..<(b.x + b.width)).contains { x in y >= 0 && y < image.height && alpha(x, y) > 0 } }
            }
            XCTAssertTrue(inkInColumns(b.x...(b.x + 1)), "\(label): \(word.text)'s left edge \(b) has no ink", file: file, line: line)
            XCTAssertTrue(inkInColumns((b.x + b.width - 2)...(b.x + b.width - 1)), "\(label): \(word.text)'s right edge \(b) has no ink", file: file, line: line)
            XCTAssertTrue(inkInRows(b.y...(b.y + 1)), "\(label): \(word.text)'s top edge \(b) has no ink", file: file, line: line)
            XCTAssertTrue(inkInRows((b.y + b.height - 2)...(b.y + b.height - 1)), "\(label): \(word.text)'s bottom edge \(b) has no ink", file: file, line: line)
        }
    }

    func testWordBoxesCoverTheirInkInEveryScript() throws {
        let texts = [
            "Latin": "Ground truth, for every word: boxes (and punctuation) too! Quickly jumping foxes.",
            "Arabic": "مرحبا بالعالم، هذا نص عربي قصير للاختبار.",
            "Hebrew": "שלום עולם, זהו טקסט קצר בעברית לבדיקה.",
            "Thai": "ภาษาไทยเขียนติดกันโดยไม่มีช่องว่างระหว่างคำ",
            "Khmer": "ភាសាខ្មែរសរសេរជាប់គ្នាដោយគ្មានដកឃ្លា",
            "Chinese": "我们今天下午去公园散步，天气很好。",
            "Japanese": "今日はとてもいい天気ですね。散歩に行きましょう。",
        ]
        for (script, text) in texts.sorted(by: { $0.key < $1.key }) {
            for scale in ["1", "2"] {
                let (annotations, image) = try render(paragraph(text), Self.bare + ["--scale", scale])
                assertBoxesFitInk(annotations, image, "\(script) at scale \(scale)")
            }
        }
    }

    func testAFormulaLineHasWordsAndTheFormulaBox() throws {
        let json = #"{"blocks": [{"type": "paragraph", "text": ["Energy is ", {"type": "mathematical_expression", "expression": "E = mc^2"}, " and that is all."]}]}"#
        let (annotations, image) = try render(json, Self.bare)
        XCTAssertEqual(annotations.attachments.map(\.kind), ["formula"])
        XCTAssertEqual(annotations.attachments.first?.latex, "E = mc^2")
        XCTAssertFalse(annotations.words.contains { $0.text.contains("\u{FFFC}") }, "the formula's character is no word")
        XCTAssertEqual(annotations.words.map(\.text), ["Energy", "is", "and", "that", "is", "all", "."])
        assertBoxesFitInk(annotations, image, "formula line")
    }

    func testThaiAndChineseSplitIntoDictionaryWords() throws {
        let (thai, _) = try render(paragraph("ภาษาไทยง่ายนิดเดียว"), Self.bare)
        XCTAssertGreaterThan(thai.words.count, 2, "\(thai.words.map(\.text))")
        XCTAssertEqual(thai.words.map(\.text).joined(), "ภาษาไทยง่ายนิดเดียว", "the words are the text, cut at ICU's boundaries")
        let (chinese, _) = try render(paragraph("我们今天去公园"), Self.bare)
        XCTAssertTrue(chinese.words.contains { $0.text == "公园" }, "\(chinese.words.map(\.text))")
        XCTAssertTrue(chinese.words.allSatisfy { $0.text.count <= 3 }, "\(chinese.words.map(\.text))")
    }

    func testRTLAndMixedLinesListWordsLeftToRightWithLogicalText() throws {
        let (annotations, _) = try render(paragraph("שלום עולם ABC טוב"), Self.bare)
        XCTAssertEqual(annotations.lines.count, 1)
        XCTAssertTrue(annotations.lines[0].rtl)
        XCTAssertEqual(annotations.lines[0].text, "שלום עולם ABC טוב", "a line's text is logical")
        // Visual order, left to right: the logically last word is leftmost.
        XCTAssertEqual(annotations.words.map(\.text), ["טוב", "ABC", "עולם", "שלום"])
        let xs = annotations.words.map(\.box.x)
        XCTAssertEqual(xs, xs.sorted())
    }

    func testBoxesAreInImagePixelsWithMarginsAndScale() throws {
        let json = paragraph("Hello")
        let (atTwo, imageTwo) = try render(json)
        let (atThree, imageThree) = try render(json, ["--scale", "3"])
        XCTAssertEqual(atTwo.pixelWidth, imageTwo.width)
        XCTAssertEqual(atThree.pixelHeight, imageThree.height)
        XCTAssertEqual(atTwo.settings.scale, 2)
        XCTAssertEqual(atTwo.settings.theme, "day")
        XCTAssertEqual(atTwo.settings.width, 320)
        // The bubble starts 8 pt in (the margin) and the text 10 pt further (the inset): pixels at scale 2 are ≥ 36.
        let word = try XCTUnwrap(atTwo.words.first)
        XCTAssertGreaterThanOrEqual(word.box.x, 36)
        let wordThree = try XCTUnwrap(atThree.words.first)
        XCTAssertEqual(Double(wordThree.box.x), Double(word.box.x) * 1.5, accuracy: 2)
        XCTAssertEqual(Double(wordThree.box.width), Double(word.box.width) * 1.5, accuracy: 2)
    }

    func testBlocksAreInReadingOrderWithTheirLines() throws {
        let json = #"""
            {"blocks": [{"type": "heading", "size": 2, "text": "First"},
                        {"type": "paragraph", "text": "Second block"},
                        {"type": "list", "items": [{"blocks": [{"type": "paragraph", "text": "third"}]}, {"blocks": [{"type": "paragraph", "text": "fourth"}]}]},
                        {"type": "blockquote", "blocks": [{"type": "paragraph", "text": "fifth"}]}]}
            """#
        let (annotations, _) = try render(json)
        let texts = annotations.lines.map(\.text)
        XCTAssertEqual(Array(texts.prefix(2)), ["First", "Second block"])
        let order = ["First", "Second block", "third", "fourth", "fifth", "12:34"].compactMap { texts.firstIndex(of: $0) }
        XCTAssertEqual(order.count, 6, "\(texts)")
        XCTAssertEqual(order, order.sorted(), "lines follow the message's reading order: \(texts)")
        let blocks = annotations.lines.map(\.block)
        XCTAssertEqual(blocks, blocks.sorted(), "a line's block comes no earlier than the previous line's")
        XCTAssertEqual(annotations.blocks.last?.kind, "status")
        XCTAssertEqual(annotations.blocks.first?.block, "heading")
        let tops = annotations.blocks.filter { $0.parent == nil && $0.kind == "text" }.map(\.box.y)
        XCTAssertEqual(tops, tops.sorted())
    }

    func testTableCellsCarrySpansBoxesAndTheirText() throws {
        let json = #"""
            {"blocks": [{"type": "table", "bordered": true, "cells": [
              [{"align": "left", "valign": "top", "text": "Name", "is_header": true, "colspan": 2}, {"align": "left", "valign": "top", "text": "Value", "is_header": true}],
              [{"align": "left", "valign": "top", "text": "alpha", "rowspan": 2}, {"align": "left", "valign": "top", "text": "one"}, {"align": "left", "valign": "top", "text": "1"}],
              [{"align": "left", "valign": "top", "text": "two"}, {"align": "left", "valign": "top", "text": "2"}]]}]}
            """#
        let (annotations, _) = try render(json)
        XCTAssertEqual(annotations.cells.count, 7)
        let header = try XCTUnwrap(annotations.cells.first { $0.row == 0 && $0.column == 0 })
        XCTAssertEqual(header.columnSpan, 2)
        XCTAssertTrue(header.header)
        let alpha = try XCTUnwrap(annotations.cells.first { $0.row == 1 && $0.column == 0 })
        XCTAssertEqual(alpha.rowSpan, 2)
        let two = try XCTUnwrap(annotations.cells.first { $0.row == 2 && $0.column == 1 })
        XCTAssertEqual(two.rowSpan, 1)
        XCTAssertGreaterThan(alpha.box.height, two.box.height, "a cell over two rows is taller")
        let table = annotations.blocks[header.block]
        XCTAssertEqual(table.kind, "table")
        for cell in annotations.cells {
            XCTAssertTrue(cell.box.x >= table.box.x && cell.box.x + cell.box.width <= table.box.x + table.box.width, "\(cell)")
            XCTAssertEqual(cell.visibleBox, cell.box, "a table that fits shows its cells whole")
        }
        // Each cell's word lies in its cell's box, and its line's block points at the cell.
        for word in annotations.words where ["Name", "alpha", "two", "2"].contains(word.text) {
            let block = annotations.blocks[annotations.lines[word.line].block]
            let cell = try XCTUnwrap(block.cell.map { annotations.cells[$0] }, word.text)
            XCTAssertTrue(word.box.x >= cell.box.x && word.box.x + word.box.width <= cell.box.x + cell.box.width
                          && word.box.y >= cell.box.y && word.box.y + word.box.height <= cell.box.y + cell.box.height, "\(word.text) in \(cell.box)")
        }
    }

    func testCellsAnOverflowingTableHidesHaveNoVisibleBoxAndNoWords() throws {
        let row = (0..<8).map { #"{"align": "left", "valign": "top", "text": "column\#($0)"}"# }.joined(separator: ", ")
        let json = #"{"blocks": [{"type": "table", "bordered": true, "cells": [[\#(row)]]}]}"#
        let (annotations, image) = try render(json)
        let hidden = annotations.cells.filter { $0.visibleBox == nil }
        XCTAssertFalse(hidden.isEmpty, "the last columns are scrolled out")
        XCTAssertTrue(hidden.allSatisfy { $0.box.x >= image.width - 16 * 2 }, "\(hidden)")
        XCTAssertFalse(annotations.words.contains { $0.text == "column7" }, "words the clip hides are left out")
        XCTAssertTrue(annotations.words.allSatisfy { $0.box.x + $0.box.width <= image.width })
    }

    func testTheStatusTimesWordsAreWhereItsDigitsAreDrawn() throws {
        // Two times that differ in their last digits: every pixel that differs lies in the box of the word "34".
        let json = paragraph("A message with its time")
        let (annotations, first) = try render(json, ["--time", "12:34"])
        let (_, second) = try render(json, ["--time", "12:37"])
        let word = try XCTUnwrap(annotations.words.first { $0.text == "34" && annotations.blocks[annotations.lines[$0.line].block].kind == "status" })
        XCTAssertEqual(first.width, second.width)
        var differing = 0
        for y in 0..<first.height {
            for x in 0..<first.width where first.pixels[(y * first.width + x) * 4..<(y * first.width + x) * 4 + 4]
                != second.pixels[(y * first.width + x) * 4..<(y * first.width + x) * 4 + 4] {
                differing += 1
                let b = word.box
                XCTAssertTrue(x >= b.x - 1 && x <= b.x + b.width && y >= b.y - 1 && y <= b.y + b.height, "(\(x), \(y)) outside \(b)")
            }
        }
        XCTAssertGreaterThan(differing, 10)
    }

    func testCustomEmojiAndImagesAreAttachmentsWithTheirIds() throws {
        let json = #"{"blocks": [{"type": "paragraph", "text": ["Hi ", {"type": "custom_emoji", "custom_emoji_id": "5368324170671202286", "alternative_text": "👍"}, " there"]}]}"#
        let (annotations, _) = try render(json, Self.bare)
        XCTAssertEqual(annotations.attachments.map(\.kind), ["customEmoji"])
        XCTAssertEqual(annotations.attachments.first?.customEmojiId, "5368324170671202286")
        XCTAssertEqual(annotations.words.map(\.text), ["Hi", "there"])
        let emoji = annotations.attachments[0].box
        XCTAssertGreaterThan(emoji.x, annotations.words[0].box.x + annotations.words[0].box.width)
        XCTAssertLessThan(emoji.x + emoji.width, annotations.words[1].box.x)
    }

    func testClustersAreGraphemesWithTheirWords() throws {
        let (annotations, _) = try render(paragraph("ok नमस्ते"), Self.bare, clusters: true)
        let clusters = try XCTUnwrap(annotations.clusters)
        XCTAssertEqual(clusters.map(\.text).joined(), "okनमस्ते")
        XCTAssertEqual(clusters.first?.text, "o")
        XCTAssertEqual(clusters.first?.word, 0)
        XCTAssertTrue(clusters.contains { $0.text == "स्" || $0.text == "स्ते" || $0.text == "ते" }, "\(clusters.map(\.text))")
        XCTAssertNil(try render(paragraph("ok")).0.clusters, "clusters only when asked for")
    }

    func testSpoileredWordsAreMarkedHidden() throws {
        let json = #"{"blocks": [{"type": "paragraph", "text": ["open ", {"type": "spoiler", "text": "secret"}]}]}"#
        let (annotations, _) = try render(json, Self.bare)
        XCTAssertEqual(annotations.words.map(\.text), ["open", "secret"])
        XCTAssertEqual(annotations.words.map(\.hidden), [false, true])
    }

    func testTheSameInputGivesTheSameBytesAndNoPixelChanges() throws {
        let json = paragraph("Same bytes, every time: ภาษาไทย and عربي.")
        let (first, _) = try render(json)
        let (second, _) = try render(json)
        XCTAssertEqual(first.json().serialized(), second.json().serialized())
        // Asking for annotations (the glyphs' ink rects) changes no pixel.
        let plain = try TestEnvironment.pipeline.render(bytes: Array(json.utf8), settings: try RenderOptions.parse([]).settings, format: .png)
        var settings = try RenderOptions.parse([]).settings
        settings.layout.revealRects = true
        let annotated = try TestEnvironment.pipeline.render(bytes: Array(json.utf8), settings: settings, format: .png)
        XCTAssertEqual(plain.output, annotated.output)
    }
}
