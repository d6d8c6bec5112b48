import CCairo
import Drawing
import GoldenSupport
import XCTest
@testable import Layout
@testable import Raster
import RichMessageRenderer

/// Paint leaves out what a strip cannot show and sets plain clips only around the items that need them
/// (`FrameExtents`, `FramePainter.ItemClip`). Glyph runs drawn without a clip that covers them fully must give the
/// page's pixels but where two glyphs' antialiased edges overlap: through a clip Cairo adds the glyphs into one
/// mask, without one it composites them one over the other. For every golden case.
final class ClipElisionTests: XCTestCase {
    func testGlyphsInsideTheirClipsPaintAsThroughThem() throws {
        for testCase in try GoldenCaseLayout.all() {
            let layout = testCase.layout, settings = testCase.settings
            let page = TestEnvironment.pipeline.displayPage(layout, settings: settings).page
            let elided = try TestEnvironment.pipeline.renderer.painted(page).image()
            // Every clip set around all of its group's items, as the display list says.
            let canvas = try CairoCanvas(pixelWidth: layout.canvas.pixelWidth, pixelHeight: layout.canvas.pixelHeight)
            cairo_scale(canvas.cr, layout.canvas.scale, layout.canvas.scale)
            FramePainter(glyphs: GlyphPainter(), images: page.images, scale: layout.canvas.scale).paint(page.list, cr: canvas.cr)
            try canvas.check()
            let plain = PaintedPage(canvas: canvas, opaque: layout.isOpaque).image()
            XCTAssertEqual(elided.pixels.count, plain.pixels.count, testCase.name)
            var largest = 0, differing = 0
            for index in 0..<min(elided.pixels.count, plain.pixels.count) where elided.pixels[index] != plain.pixels[index] {
                largest = max(largest, abs(Int(elided.pixels[index]) - Int(plain.pixels[index])))
                differing += 1
            }
            // Measured over the golden cases: 3 pages differ, in 6 channel values each, by at most 5.
            XCTAssertLessThanOrEqual(largest, 16, "\(testCase.name): a channel differs by \(largest)")
            XCTAssertLessThanOrEqual(differing, 64, "\(testCase.name): \(differing) channel values differ")
        }
    }

    private func roundedRect(_ rect: Rect, radius: Double) -> ConvexPolygon? {
        ConvexPolygon(.roundedRect(rect, radius: radius), transform: .identity)
    }

    func testARoundedRectangleHoldsWhatIsClearOfItsCorners() throws {
        let polygon = try XCTUnwrap(roundedRect(Rect(x: 0, y: 0, width: 100, height: 60), radius: 16))
        XCTAssertTrue(polygon.contains(Rect(x: 10, y: 20, width: 80, height: 20)), "clear of the corners")
        XCTAssertTrue(polygon.contains(Rect(x: 20, y: 1, width: 60, height: 10)), "along the top edge, between the corners")
        XCTAssertFalse(polygon.contains(Rect(x: 1, y: 1, width: 10, height: 10)), "in a rounded corner")
        XCTAssertFalse(polygon.contains(Rect(x: 20, y: 0.2, width: 60, height: 10)), "closer than the inset to an edge")
        XCTAssertFalse(polygon.contains(Rect(x: 90, y: 20, width: 20, height: 10)), "across an edge")
    }

    func testOnlyConvexOutlinesOfLinesAndArcsAreTold() {
        // An L shape turns both ways; two rectangles are two sub-paths; a curve's outline is not followed.
        let ell = Path([.move(Point(x: 0, y: 0)), .line(Point(x: 10, y: 0)), .line(Point(x: 10, y: 5)), .line(Point(x: 5, y: 5)),
                        .line(Point(x: 5, y: 10)), .line(Point(x: 0, y: 10)), .close])
        XCTAssertNil(ConvexPolygon(ell, transform: .identity))
        XCTAssertNil(ConvexPolygon(.rects([Rect(x: 0, y: 0, width: 5, height: 5), Rect(x: 10, y: 0, width: 5, height: 5)]), transform: .identity))
        let curved = Path([.move(Point(x: 0, y: 0)), .curve(Point(x: 5, y: -5), Point(x: 10, y: -5), Point(x: 15, y: 0)), .close])
        XCTAssertNil(ConvexPolygon(curved, transform: .identity))
        XCTAssertNotNil(ConvexPolygon(.rect(Rect(x: 0, y: 0, width: 5, height: 5)), transform: .identity))
    }

    func testTheOutlineFollowsTheGroupTransform() throws {
        // A 40 × 20 rectangle scaled by 2 and moved by (100, 50) covers (100, 50)–(180, 90) on the page.
        let transform = cairo_matrix_t.identity.then(Transform([.translate(x: 100, y: 50), .scale(x: 2, y: 2)]))
        let polygon = try XCTUnwrap(ConvexPolygon(.rect(Rect(x: 0, y: 0, width: 40, height: 20)), transform: transform))
        XCTAssertTrue(polygon.contains(Rect(x: 101, y: 51, width: 78, height: 38)))
        XCTAssertFalse(polygon.contains(Rect(x: 101, y: 51, width: 80, height: 38)))
        XCTAssertEqual(transform.bounds(of: Rect(x: 0, y: 0, width: 40, height: 20)), Rect(x: 100, y: 50, width: 80, height: 40))
    }

    /// A run's box holds the ink Cairo draws for it: a glyph run painted alone on a blank canvas leaves no pixel
    /// outside the box `FrameExtents` gives it.
    func testAGlyphRunsBoxHoldsItsInk() throws {
        let page = try TestEnvironment.layout(#"{"blocks": [{"type": "paragraph", "text": "Quick jumps ÅÉ gqpy — وَقْت 漢字 👍"}]}"#)
        let runs = page.displayList().placedGlyphRuns
        XCTAssertGreaterThan(runs.count, 3)
        let scale = 2.0, glyphs = GlyphPainter()
        for (run, origin) in runs {
            let extents = FrameExtents(Frame([.glyphs(run, origin: origin)]), glyphs: glyphs)
            let box = try XCTUnwrap(extents.items.first?.box)
            guard box.width > 0, !run.text.allSatisfy(\.isWhitespace) else { continue }  // white space: no ink to hold
            let canvas = try CairoCanvas(pixelWidth: page.canvas.pixelWidth, pixelHeight: page.canvas.pixelHeight)
            cairo_scale(canvas.cr, scale, scale)
            FramePainter(glyphs: glyphs, images: MediaImages(), scale: scale).paint(Frame([.glyphs(run, origin: origin)]), cr: canvas.cr)
            let image = PaintedPage(canvas: canvas, opaque: false).image()
            var inked = 0
            for y in 0..<image.height {
                for x in 0..<image.width where image.pixels[(y * image.width + x) * 4 + 3] != 0 {
                    inked += 1
                    let inside = Double(x) >= box.minX * scale && Double(x + 1) <= box.maxX * scale
                        && Double(y) >= box.minY * scale && Double(y + 1) <= box.maxY * scale
                    XCTAssertTrue(inside, "\(run.text): pixel (\(x), \(y)) outside \(box)")
                    if !inside { return }
                }
            }
            XCTAssertGreaterThan(inked, 0, "\(run.text) drew nothing")
        }
    }
}
