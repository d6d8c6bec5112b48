import GoldenSupport
import RenderOptions
import XCTest
@testable import Layout
import RichMessageRenderer

/// A page's repeated measurements come from `MeasureMemo`: the layout must be exactly the one measured afresh
/// every time, for every golden case (tables, lists, buttons, formulas, world text …), down to each glyph's
/// position in the display list.
final class MeasureMemoTests: XCTestCase {
    func testRememberedMeasurementsGiveTheSameLayoutAsFreshOnes() throws {
        let pipeline = TestEnvironment.pipeline
        defer { pipeline.engine.remembersMeasurements = true }
        for testCase in try GoldenCaseLayout.all() {
            pipeline.engine.remembersMeasurements = false
            let fresh = try pipeline.layout(try testCase.settings.decode(testCase.bytes, path: testCase.fixture), settings: testCase.settings)
            XCTAssertTrue(testCase.layout.displayList() == fresh.displayList(), "\(testCase.name): the display lists differ")
            XCTAssertEqual(testCase.layout.json().serialized(), fresh.json().serialized(), "\(testCase.name): the layouts differ")
            pipeline.engine.remembersMeasurements = true
        }
    }

    /// A table asks for each cell unwrapped, at the cell limit and at its column width: a short cell is laid out once.
    func testATableCellIsLaidOutOnce() throws {
        final class Counter: TextShaper {
            let base: any TextShaper
            var calls = 0
            init(_ base: any TextShaper) { self.base = base }
            func measure(_ text: AttributedText, width: Double?, inkRects: Bool, ellipsize: Bool, wholeWords: Bool) -> MeasuredParagraph {
                calls += 1
                return base.measure(text, width: width, inkRects: inkRects, ellipsize: ellipsize, wholeWords: wholeWords)
            }
            func metrics(_ spec: FontSpec) -> FontMetrics { base.metrics(spec) }
            func covers(_ spec: FontSpec, _ scalar: Unicode.Scalar) -> Bool { base.covers(spec, scalar) }
        }
        let cell = { (text: String) in #"{"text": "\#(text)", "align": "left", "valign": "top"}"# }
        let json = #"{"blocks": [{"type": "table", "is_bordered": true, "cells": [[\#(cell("Approach")), \#(cell("Time"))], [\#(cell("None")), \#(cell("3.8 s"))]]}]}"#
        var counts: [Bool: Int] = [:]
        for remember in [false, true] {
            let counter = Counter(TestEnvironment.pipeline.fonts)
            let engine = LayoutEngine(shaper: counter)
            engine.remembersMeasurements = remember
            let document = try RenderOptions.parse([]).settings.decode(Array(json.utf8), path: "table.json")
            _ = engine.layout(try XCTUnwrap(document.frames.last?.document), options: LayoutOptions())
            counts[remember] = counter.calls
        }
        // Four cells, three requests each, against one Pango layout each; and the status time, once either way.
        XCTAssertEqual(counts[false], 4 * 3 + 1)
        XCTAssertEqual(counts[true], 4 + 1)
    }
}
