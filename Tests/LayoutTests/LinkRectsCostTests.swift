import Document
import GoldenSupport
@testable import Layout
import XCTest

/// Issue 35: placing the rectangles of a paragraph's links visits each glyph a bounded number of times, whatever
/// the number of links (it walked every line for every link: 48,000 links took minutes), and gives every link its
/// rectangles.
final class LinkRectsCostTests: XCTestCase {
    private func paragraph(links count: Int) -> String {
        let parts = (0..<count).map { "{\"type\": \"url\", \"text\": \"link \($0)\", \"url\": \"https://example.com/\($0)\"}, \" and \"" }
        return "{\"blocks\": [{\"type\": \"paragraph\", \"text\": [" + parts.joined(separator: ", ") + ", \"end\"]}]}"
    }

    private func layout(links count: Int) throws -> (layout: PageLayout, glyphVisits: Int) {
        let counter = WorkCounter()
        let layout = try WorkCounter.$current.withValue(counter) { try TestEnvironment.layout(paragraph(links: count)) }
        return (layout, counter[.linkRects])
    }

    func testLinkRectanglesCostLinearWork() throws {
        let small = try layout(links: 500), large = try layout(links: 1500)
        XCTAssertGreaterThan(small.glyphVisits, 500 * 6, "every glyph of every link is visited")
        let ratio = Double(large.glyphVisits) / Double(small.glyphVisits)
        XCTAssertLessThanOrEqual(ratio, 3.3, "\(small.glyphVisits) → \(large.glyphVisits) glyph visits for three times the links")
        guard case .text(let box)? = large.layout.items.first?.content else { return XCTFail("no text") }
        let links = box.entities.filter { $0.target != nil }
        XCTAssertEqual(links.count, 1500)
        XCTAssertTrue(links.allSatisfy { !$0.rects.isEmpty && $0.rects.allSatisfy { $0.width > 10 } }, "each link has its rectangles")
        // Rectangles follow the text: a later link is on the same line further right, or on a later line.
        for (a, b) in zip(links, links.dropFirst()) {
            let first = a.rects[0], second = b.rects[0]
            XCTAssertTrue(second.minY > first.minY || (second.minY == first.minY && second.minX > first.minX), "\(a.range) then \(b.range)")
        }
    }
}

/// Issue 35: a paragraph with more style runs than `FontSet.runsPerSegment` is measured in parts (Pango's attribute
/// list is quadratic in its length), each part ending at a run boundary with a line break; no text is lost.
final class RunSegmentTests: XCTestCase {
    func testSegmentsAreCutAtEveryLimitthRunStart() {
        let runs = Array(stride(from: 0, to: 100, by: 10))
        XCTAssertEqual(FontSet.runSegments([0..<100], runs: runs, limit: 3), [0..<30, 30..<60, 60..<90, 90..<100])
        XCTAssertEqual(FontSet.runSegments([0..<45, 46..<100], runs: runs, limit: 3), [0..<30, 30..<45, 46..<70, 70..<100])
        XCTAssertEqual(FontSet.runSegments([0..<100], runs: runs, limit: 10), [0..<100], "no more runs than the limit: one part")
    }

    func testAParagraphOfManyRunsKeepsAllItsTextAndBreaksAtEachPart() throws {
        // 12,000 bold words between plain ones: 24,000 runs, so three parts of at most 8,192 runs each.
        let words = (0..<12_000).map { #"{"type": "bold", "text": "b\#($0)"}, " p ""#}.joined(separator: ", ")
        let layout = try TestEnvironment.layout(#"{"blocks": [{"type": "paragraph", "text": ["# + words + #", "end"]}]}"#)
        guard case .text(let box)? = layout.items.first?.content else { return XCTFail("no text") }
        let ranges = box.lines.map(\.range)
        XCTAssertEqual(ranges.first?.lowerBound, 0)
        for (a, b) in zip(ranges, ranges.dropFirst()) { XCTAssertEqual(a.upperBound, b.lowerBound, "lines follow each other without a gap") }
        let length = (0..<12_000).reduce(3) { $0 + "b\($1)".utf16.count + 3 }
        XCTAssertEqual(ranges.last?.upperBound, length, "every character is on a line")
    }
}
