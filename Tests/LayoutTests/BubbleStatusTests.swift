import GoldenSupport
import RichMessageRenderer
import XCTest
@testable import Layout

/// Bubble width/height, status placement and canvas (`README.md` "Decisions").
final class BubbleStatusTests: XCTestCase {
    private func paragraph(_ text: String) -> String { #"{"blocks": [{"type": "paragraph", "text": "\#(text)"}]}"# }

    func testStatusTrailsALastLineShorterThanTheBubble() throws {
        // The body is as wide as the widest line, so the status trails only a last line that leaves room.
        let layout = try TestEnvironment.layout(#"{"blocks": [{"type": "paragraph", "text": "A first line that is quite long"}, {"type": "paragraph", "text": "Short"}]}"#)
        let item = layout.items[1]
        guard case .text(let box) = item.content else { return XCTFail("not text") }
        let line = box.lines.last!
        XCTAssertEqual(layout.status.placement, .trailing)
        let status = try XCTUnwrap(layout.status.frame)
        let W = layout.bubble!.frame.width
        // Right-aligned to W − 10, bottom at anchorY = baseline + 5, 14 tall.
        XCTAssertEqual(status.maxX, W - 10, accuracy: 0.0001)
        let anchorY = item.frame.minY + line.baseline + 5
        XCTAssertEqual(status.maxY, anchorY, accuracy: 0.0001)
        XCTAssertEqual(status.height, 14)
        XCTAssertEqual(layout.bubble!.frame.height, max(layout.page.height + 2, anchorY + 1 + 6, 35), accuracy: 0.0001)
        // Width: the page, or the status row plus 2 × 10, whichever is wider (at least 40).
        XCTAssertEqual(W, max(layout.page.width, status.width + 20, 40), accuracy: 0.0001)
        // statusWidth = 5 + ceil(dateWidth) for incoming.
        guard let date = layout.status.text, let dateLine = date.lines.first else { return XCTFail("no date") }
        XCTAssertEqual(status.width, 5 + dateLine.frame.width.rounded(.up), accuracy: 0.0001)
    }

    /// Decisions (third review): the status never covers a list marker. A right-to-left list three levels deep
    /// leaves room for the status after its last line, but its innermost marker sits on that band.
    func testTheStatusNeverCoversARightToLeftListMarker() throws {
        func items(_ text: String, _ nested: String = "") -> String {
            #"{"type": "list", "items": [{"label": "•", "blocks": [{"type": "paragraph", "text": "\#(text)"}\#(nested.isEmpty ? "" : ", " + nested)]}]}"#
        }
        let json = #"{"is_rtl": true, "blocks": [{"type": "paragraph", "text": "שלום עולם, זוהי הודעה ארוכה מספיק כדי למלא את הבועה כולה"}, "#
            + items("א", items("ב", items("ג"))) + "]}"
        let layout = try TestEnvironment.layout(json)
        let status = try XCTUnwrap(layout.status.frame)
        let markers = layout.items.filter { $0.kind == "listMarker" }
        XCTAssertEqual(markers.count, 3)
        for marker in markers { XCTAssertFalse(marker.frame.intersects(status), "\(marker.frame) under the status \(status)") }
        XCTAssertEqual(layout.status.placement, .wrapped)
        // Left to right, the markers are on the other side: the same list lets the status trail.
        let ltr = try TestEnvironment.layout(#"{"blocks": [{"type": "paragraph", "text": "A first line that is long enough to fill the bubble"}, "#
            + items("a", items("b", items("c"))) + "]}")
        XCTAssertEqual(ltr.status.placement, .trailing)
    }

    func testStatusWrapsBelowAOneLineMessage() throws {
        // W = max(P, statusWidth + 20): the last line of a one-line message ends at P − 10, so no room.
        let layout = try TestEnvironment.layout(paragraph("Short"))
        XCTAssertEqual(layout.status.placement, .wrapped)
    }

    func testStatusWrapsBelowAFullLine() throws {
        let layout = try TestEnvironment.layout(paragraph("A line of text that fills the whole bubble width and then some more"))
        XCTAssertEqual(layout.status.placement, .wrapped)
        let status = try XCTUnwrap(layout.status.frame)
        let C = layout.page.height
        XCTAssertEqual(status.minY, C, accuracy: 0.0001)
        XCTAssertEqual(layout.bubble!.frame.height, max(C + 2, C + 14 + 6), accuracy: 0.0001)
    }

    func testStatusWrapsBelowANonTextBottomItem() throws {
        let layout = try TestEnvironment.layout(#"{"blocks": [{"type": "paragraph", "text": "Hi"}, {"type": "divider"}]}"#)
        XCTAssertEqual(layout.status.placement, .wrapped)
    }

    func testHiddenStatus() throws {
        let layout = try TestEnvironment.layout(paragraph("Short"), ["--no-status"])
        XCTAssertEqual(layout.status.placement, .hidden)
        XCTAssertNil(layout.status.frame)
        XCTAssertEqual(layout.bubble!.frame.height, max(layout.page.height + 2, 35), accuracy: 0.0001)
        XCTAssertEqual(layout.bubble!.frame.width, max(layout.page.width, 40), accuracy: 0.0001)
    }

    func testOutgoingStatusWidthAndTicks() throws {
        let layout = try TestEnvironment.layout(paragraph("Short"), ["--outgoing"])
        let status = try XCTUnwrap(layout.status.frame)
        let dateWidth = layout.status.text!.lines[0].frame.width.rounded(.up)
        XCTAssertEqual(status.width, 5 + dateWidth + 13, accuracy: 0.0001)
        XCTAssertEqual(layout.status.ticks.count, 2)
        XCTAssertEqual(layout.status.ticks[0].minX, dateWidth + 6, accuracy: 0.0001)
        XCTAssertEqual(layout.status.ticks[1].minX, dateWidth + 12, accuracy: 0.0001)
        XCTAssertEqual(layout.bubble?.tail, .right)
        XCTAssertEqual(layout.canvas.bubbleOrigin.x, 8)
    }

    func testCanvasHoldsMarginTailRoomAndBody() throws {
        let layout = try TestEnvironment.layout(paragraph("Short"), ["--margin", "12", "--scale", "3"])
        let body = layout.bubble!.frame
        XCTAssertEqual(layout.canvas.width, 12 + 6 + body.width + 12, accuracy: 0.0001)
        XCTAssertEqual(layout.canvas.height, 12 + body.height + 12, accuracy: 0.0001)
        XCTAssertEqual(layout.canvas.bubbleOrigin.x, 18)
        XCTAssertEqual(layout.canvas.bubbleOrigin.y, 12)
        XCTAssertEqual(layout.canvas.pixelWidth, Int((layout.canvas.width * 3).rounded(.up)))
    }

    func testNoBubbleCanvasIsThePagePlusMargin() throws {
        let layout = try TestEnvironment.layout(paragraph("Short"), ["--no-bubble"])
        XCTAssertNil(layout.bubble)
        XCTAssertNil(layout.background)
        XCTAssertEqual(layout.status.placement, .hidden)
        XCTAssertEqual(layout.canvas.width, layout.page.width + 16, accuracy: 0.0001)
        XCTAssertEqual(layout.canvas.height, layout.page.height + 16, accuracy: 0.0001)
    }

    func testMinimumBubbleSize() throws {
        let layout = try TestEnvironment.layout(#"{"blocks": [{"type": "anchor", "name": "a"}]}"#, ["--no-status"])
        XCTAssertEqual(layout.bubble!.frame.width, 40)
        XCTAssertEqual(layout.bubble!.frame.height, 35)
    }

    func testThemeColoursFollowTheDecisions() throws {
        XCTAssertEqual(Theme.night.incoming.fillTop, RGBA.hex("#1D1D1D", alpha: 0.9))
        XCTAssertEqual(Theme.day.outgoing.fillTop, RGBA.hex("#57B2E0"))
        XCTAssertEqual(Theme.day.outgoing.fillBottom, RGBA.hex("#0088FF"))
        XCTAssertEqual(Theme.dayClassic.outgoing.fillTop, RGBA.hex("#E1FFC7"))
        XCTAssertEqual(Theme.dayClassic.incoming.outline, RGBA.hex("#86A9C9", alpha: 0.5))
        XCTAssertNil(Theme.day.incoming.outline)
        XCTAssertEqual(Theme.dayClassic.outgoing.check, RGBA.hex("#19C700"))
        let colors = PageColors(message: Theme.dayClassic.incoming, isDark: false, outgoing: false, authorColor: nil)
        // separator = mix(secondary, main ×α 0.2, 0.3) = #396286 α0.48 (v2-render-facts §2.4)
        XCTAssertEqual(colors.separator.hexString, "#3962867A")
        XCTAssertEqual(colors.tableBorder, RGBA.black.withAlpha(0.1))
    }

    func testThemeFileOverridesABase() throws {
        let theme = try ThemeLoader.parse(bytes: Array(##"{"base": "night", "name": "brand", "incoming": {"primaryText": "#FF0000", "outline": null}}"##.utf8))
        XCTAssertEqual(theme.name, "brand")
        XCTAssertEqual(theme.incoming.primaryText, RGBA.hex("#FF0000"))
        XCTAssertEqual(theme.outgoing, Theme.night.outgoing)
        XCTAssertThrowsError(try ThemeLoader.parse(bytes: Array(##"{"incoming": {"primary": "#FF0000"}}"##.utf8))) { error in
            XCTAssertEqual((error as? DecodeError)?.path, "$.incoming.primary")
        }
    }
}

final class ThemeFileTests: XCTestCase {
    /// themes/*.json are the built-in themes written as files; they must not drift from the code.
    func testThemeFilesMatchTheBuiltInThemes() throws {
        for name in Theme.builtInNames {
            let path = TestEnvironment.root + "/themes/\(name).json"
            let loaded = try ThemeLoader.load(path)
            let builtIn = try XCTUnwrap(Theme.builtIn(name))
            XCTAssertEqual(ThemeLoader.json(loaded).serialized(), ThemeLoader.json(builtIn).serialized(), name)
        }
    }

    /// The files give exactly the built-in colours (alphas such as 0.65 have no exact "#RRGGBBAA" byte and are
    /// written as rgba()): a page renders to the same pixels with either (2 087 pixels once differed).
    func testAPageRendersTheSameWithAThemeFileAsWithItsBuiltInTheme() throws {
        let json = try String(contentsOfFile: TestEnvironment.root + "/Tests/Fixtures/table/bordered-header.json", encoding: .utf8)
        for name in Theme.builtInNames {
            for direction in [[], ["--outgoing"]] {
                let builtIn = try TestEnvironment.pipeline.renderer.image(try TestEnvironment.layout(json, ["--theme", name] + direction))
                let file = try TestEnvironment.pipeline.renderer.image(try TestEnvironment.layout(json, ["--theme", TestEnvironment.root + "/themes/\(name).json"] + direction))
                XCTAssertTrue(builtIn == file, "\(name) \(direction)")
            }
        }
        XCTAssertEqual(ThemeLoader.rgba("rgba(29, 29, 29, 0.9)"), RGBA(r: 29 / 255, g: 29 / 255, b: 29 / 255, a: 0.9))
        XCTAssertNil(ThemeLoader.rgba("rgba(300, 0, 0, 1)"))
        XCTAssertNil(ThemeLoader.rgba("rgba(0, 0, 0)"))
    }
}
