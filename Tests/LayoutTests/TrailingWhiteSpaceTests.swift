import GoldenSupport
import XCTest
@testable import Layout

/// Issue 38, item 1 (Decision "A wrapped line's width includes its trailing white space", v2-layout-facts §3.3:
/// CoreText's typographic width counts it). The three cases of the audit, with their numbers.
final class TrailingWhiteSpaceTests: XCTestCase {
    /// The first text-kind item holds no text box: a broken precondition fails the test.
    private struct NotText: Error { var kind: String }

    private func textItem(_ page: PageLayout) throws -> (LayoutItem, TextBox) {
        let item = try XCTUnwrap(page.items.first { $0.kind == "text" })
        guard case .text(let box) = item.content else { throw NotText(kind: item.kind) }
        return (item, box)
    }

    /// "Hello there friend" at --width 130 wraps after "there "; the bubble is as wide as that line with its space:
    /// 113 pt (108 without it).
    func testTheFitToWidthPageCountsTheSpaceAtTheWrap() throws {
        let json = #"{"blocks": [{"type": "paragraph", "text": "Hello there friend"}]}"#
        let page = try TestEnvironment.layout(json, ["--width", "130"])
        let (_, box) = try textItem(page)
        XCTAssertEqual(box.lines.count, 2)
        XCTAssertEqual(page.page.width, 113)
        // The first line is the words unwrapped plus a space's advance ("I I" less "II": no kerning around I).
        let width = { (text: String) in try self.textItem(try TestEnvironment.layout(#"{"blocks": [{"type": "paragraph", "text": "\#(text)"}]}"#)).1.lines[0].frame.width }
        let unwrapped = try textItem(try TestEnvironment.layout(#"{"blocks": [{"type": "paragraph", "text": "Hello there"}]}"#)).1
        let space = try width("I I") - width("II")
        XCTAssertGreaterThan(space, 3)
        XCTAssertEqual(box.lines[0].frame.width, unwrapped.lines[0].frame.width + space, accuracy: 0.05)
        // The last line has no space after it and keeps its width.
        XCTAssertEqual(box.lines[1].frame.width, try textItem(try TestEnvironment.layout(#"{"blocks": [{"type": "paragraph", "text": "friend"}]}"#)).1.lines[0].frame.width,
                       accuracy: 0.01)
    }

    /// Right-aligned (RTL page): a wrapped line's x is the item's width minus its width with the space, so its
    /// visible words end one space short of the right edge, as CoreText draws them.
    func testRightAlignedWrappedLinesLeaveTheirSpace() throws {
        let json = #"{"blocks": [{"type": "paragraph", "text": "Hello there friend"}]}"#
        let ltr = try textItem(try TestEnvironment.layout(json, ["--width", "130"])).1
        let (item, box) = try textItem(try TestEnvironment.layout(json, ["--width", "130", "--rtl"]))
        XCTAssertEqual(box.lines[0].frame.width, ltr.lines[0].frame.width, accuracy: 0.01, "the same width, space included")
        XCTAssertEqual(box.lines[0].frame.minX, item.frame.width - box.lines[0].frame.width, accuracy: 0.01)
        XCTAssertEqual(box.lines[1].frame.maxX, item.frame.width, accuracy: 0.01, "the last line ends at the edge")
    }

    /// Table minimize widths count the space after a word: "internationalization" / "a b" / "short words only
    /// here" share 299 pt as 171 / 42 / 86 (174 / 40 / 85 without).
    func testTableMinimumWidthsCountTheSpaceAfterAWord() throws {
        let cell = { (text: String) in #"{"align": "left", "valign": "top", "text": "\#(text)"}"# }
        let json = #"{"blocks": [{"type": "table", "is_bordered": true, "cells": [[\#(cell("internationalization")), \#(cell("a b")), \#(cell("short words only here"))]]}]}"#
        let page = try TestEnvironment.layout(json)
        let item = try XCTUnwrap(page.items.first)
        guard case .table(let table) = item.content else { return XCTFail("a table") }
        XCTAssertEqual(table.cells.map(\.frame.width), [171, 42, 86])
    }
}
