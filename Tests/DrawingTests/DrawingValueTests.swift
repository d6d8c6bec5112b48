import Drawing
import Foundation
import XCTest

/// The values layout hands to paint: a canvas is equal only with its bubble origin, a display page keeps what it is
/// given, and font files are mapped once per process whatever asks for them.
final class DrawingValueTests: XCTestCase {
    func testCanvasLimitsAndEquality() {
        // Cairo's image surfaces are at most 32767 pixels on a side; a PNG page at most 2²⁰ rows (README).
        XCTAssertEqual(Canvas.maxRasterSide, 32_767)
        XCTAssertEqual(Canvas.maxPageHeight, 1_048_576)
        let canvas = Canvas(width: 342, height: 60, scale: 2, pixelWidth: 684, pixelHeight: 120, bubbleOrigin: (x: 0, y: 0))
        var moved = canvas
        moved.bubbleOrigin = (x: 6, y: 0)
        XCTAssertEqual(canvas, canvas)
        XCTAssertNotEqual(canvas, moved, "the bubble origin is part of the canvas")
        let page = DisplayPage(list: Frame(), canvas: canvas, opaque: true)
        XCTAssertFalse(page.truncated, "a page is complete unless layout says otherwise")
        XCTAssertEqual(page.canvas, canvas)
    }
}
