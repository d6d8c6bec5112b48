import Document
import GoldenSupport
import Layout
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
