import GoldenSupport
import XCTest
@testable import Layout

/// Issue 38, item 7: three Decisions of the fourth review checked against the code (each held; these tests keep it).
final class FourthReviewDecisionTests: XCTestCase {
    private func layout(markdown: String) throws -> PageLayout {
        try TestEnvironment.layout(markdown, ["--from", "markdown"])
    }

    /// "List markers snap to pixels in list-local coordinates": a marker's offset from its item's text is the same
    /// wherever the list stands on the page (snapped before the list is placed), and a list at an integral y has
    /// its markers on device pixels (scale 2).
    func testListMarkersSnapInListLocalCoordinates() throws {
        func offsets(_ page: PageLayout) -> [Double] {
            let markers = page.items.filter { $0.kind == "listMarker" }
            let texts = page.items.enumerated().filter { $0.offset > 0 && page.items[$0.offset - 1].kind == "listMarker" }.map(\.element)
            return zip(markers, texts).map { $0.frame.minY - $1.frame.minY }
        }
        let list = "- one\n- two\n- three\n"
        let alone = try layout(markdown: list)
        let below = try layout(markdown: "A paragraph whose height is not a whole number of pixels.\n\n" + list)
        XCTAssertEqual(offsets(alone).count, 3)
        XCTAssertEqual(offsets(alone), offsets(below))
        let markers = alone.items.filter { $0.kind == "listMarker" }
        for marker in markers { XCTAssertEqual((marker.frame.minY * 2).rounded(), marker.frame.minY * 2, accuracy: 1e-9) }
        let markerIndex = try XCTUnwrap(below.items.firstIndex { $0.kind == "listMarker" })
        let firstText = below.items[markerIndex + 1]
        XCTAssertNotEqual((firstText.frame.minY * 2).rounded(), firstText.frame.minY * 2, "the second list starts off the pixel grid, so the check means something")
    }

    /// "An image or video that ends the page keeps the trailing gap 2" (Appendix A, fitToWidth).
    func testMediaThatEndThePageKeepTheGapTwo() throws {
        for block in [#"{"type": "photo", "photo": [{"file_id": "p", "file_unique_id": "p", "width": 1000, "height": 500}]}"#,
                      #"{"type": "video", "video": {"file_id": "v", "file_unique_id": "v", "width": 1280, "height": 720, "duration": 3}}"#] {
            let page = try TestEnvironment.layout(#"{"blocks": [{"type": "paragraph", "text": "x"}, \#(block)]}"#)
            let media = try XCTUnwrap(page.items.last)
            XCTAssertEqual(page.page.height, media.frame.maxY + 2, accuracy: 1e-9, block)
        }
    }

    /// "'Line box' in the inflated-line rule is the line frame's height (lineAscent)": a last line holding a custom
    /// emoji keeps the status's 5 pt pad (an emoji cannot inflate it); a display sum with limits raises the line frame past
    /// ascent + descent + 1, and the pad is 0.
    func testOnlyALineFrameTallerThanTheFontDropsTheStatusPad() throws {
        func pad(_ markdown: String) throws -> Double? {
            // A long first paragraph, so the status trails the short last line instead of wrapping below it.
            let page = try layout(markdown: "A first paragraph long enough to set the width\n\n" + markdown)
            guard page.status.placement == .trailing, let status = page.status.frame, let item = page.items.last,
                  case .text(let box) = item.content, let line = box.lines.last else { return nil }
            return status.maxY - (item.frame.minY + line.baseline)
        }
        XCTAssertEqual(try XCTUnwrap(try pad("Hi ![👍](tg://emoji?id=5368324170671202286)\n")), 5, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(try pad("Hi\n")), 5, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(try pad("$\\displaystyle\\sum_{k=1}^{n}\\frac{k^2}{k+1}$\n")), 0, accuracy: 1e-9)
    }
}
