import GoldenSupport
import XCTest
@testable import Layout

/// The OLD fitToWidth spacing table (`v2-layout-facts.md` Appendix A.2) and the sequence driver.
final class SpacingTableTests: XCTestCase {
    func testPairValues() {
        let cases: [(SpacingKind, SpacingKind, Double)] = [
            (.paragraph, .paragraph, 2), (.headingLike, .paragraph, 14), (.paragraph, .headingLike, 32), (.headingLike, .headingLike, 32),
            (.paragraph, .list, 14), (.list, .paragraph, 14), (.title, .paragraph, 34), (.authorDate, .paragraph, 34),
            (.kicker, .title, 16), (.paragraph, .title, 20), (.title, .authorDate, 18), (.paragraph, .authorDate, 20),
            (.divider, .paragraph, 21), (.paragraph, .divider, 21), (.blockQuote, .paragraph, 11), (.paragraph, .pullQuote, 14),
            (.formula, .paragraph, 19), (.paragraph, .formula, 19), (.headingLike, .formula, 10), (.list, .formula, 31),
            (.table, .formula, 20), (.headingLike, .list, 31), (.title, .list, 34), (.preformatted, .paragraph, 12),
            (.paragraph, .preformatted, 12), (.formula, .list, 10), (.table, .list, 10), (.paragraph, .table, 20),
            (.details, .details, 0), (.paragraph, .anchor, 0), (.paragraph, .cover, 0), (.relatedArticles, .paragraph, 0),
            (.divider, .divider, 21), (.blockQuote, .divider, 21), (.preformatted, .formula, 20),
        ]
        for (upper, lower, expected) in cases {
            XCTAssertEqual(SpacingTable.between(upper, lower, kind: .topLevel), expected, "\(upper) → \(lower)")
        }
    }

    func testEdges() {
        XCTAssertEqual(SpacingTable.between(nil, .headingLike, kind: .topLevel), 6)
        XCTAssertEqual(SpacingTable.between(nil, .paragraph, kind: .topLevel), 5)
        XCTAssertEqual(SpacingTable.between(nil, .table, kind: .topLevel), 10)
        XCTAssertEqual(SpacingTable.between(nil, .preformatted, kind: .topLevel), 10)
        XCTAssertEqual(SpacingTable.between(nil, .image, kind: .topLevel), 0)
        XCTAssertEqual(SpacingTable.between(nil, .details, kind: .topLevel), 0)
        XCTAssertEqual(SpacingTable.between(nil, .paragraph, kind: .cell), 0)
        XCTAssertEqual(SpacingTable.between(nil, .paragraph, kind: .detail), 4)
        XCTAssertEqual(SpacingTable.between(.paragraph, nil, kind: .topLevel), 5)
        XCTAssertEqual(SpacingTable.between(.thinking, nil, kind: .topLevel), 2)
        XCTAssertEqual(SpacingTable.between(.image, nil, kind: .topLevel), 2)
        XCTAssertEqual(SpacingTable.between(.collage, nil, kind: .topLevel), 0)
        XCTAssertEqual(SpacingTable.between(.paragraph, nil, kind: .list), 16)
        XCTAssertEqual(SpacingTable.between(.paragraph, nil, kind: .cell), 0)
        XCTAssertEqual(SpacingTable.between(nil, nil, kind: .topLevel), 0)
    }

    func testSequencePositionsUseTheTable() throws {
        let layout = try TestEnvironment.layout(#"""
        {"blocks": [{"type": "heading", "size": 3, "text": "Title"}, {"type": "paragraph", "text": "One"},
                    {"type": "paragraph", "text": "Two"}, {"type": "divider"}, {"type": "footer", "text": "End"}]}
        """#)
        let frames = layout.items.map(\.frame)
        XCTAssertEqual(frames[0].minY, 6, accuracy: 0.0001)                          // leading edge before a heading
        XCTAssertEqual(frames[1].minY - frames[0].maxY, 14, accuracy: 0.0001)        // heading → paragraph
        XCTAssertEqual(frames[2].minY - frames[1].maxY, 2, accuracy: 0.0001)         // paragraph → paragraph
        XCTAssertEqual(frames[3].minY - frames[2].maxY, 21, accuracy: 0.0001)        // paragraph → divider
        XCTAssertEqual(frames[4].minY - frames[3].maxY, 21, accuracy: 0.0001)        // divider → footer
        XCTAssertEqual(layout.page.height, frames[4].maxY + 5, accuracy: 0.0001)     // trailing edge
        // The divider: floor(B/2) wide, centred, 1 device pixel tall.
        XCTAssertEqual(frames[3], Rect(x: 80, y: frames[3].minY, width: 160, height: 0.5))
    }

    func testBlocksThatAddNoHeightAreTransparent() throws {
        let plain = try TestEnvironment.layout(#"{"blocks": [{"type": "paragraph", "text": "A"}, {"type": "paragraph", "text": "B"}]}"#)
        let anchored = try TestEnvironment.layout(#"""
        {"blocks": [{"type": "paragraph", "text": "A"}, {"type": "anchor", "name": "x"}, {"type": "paragraph", "text": ""},
                    {"type": "paragraph", "text": "B"}]}
        """#)
        XCTAssertEqual(anchored.items.filter { $0.kind == "text" }.map(\.frame), plain.items.map(\.frame))
        XCTAssertEqual(anchored.page.height, plain.page.height)
        XCTAssertEqual(anchored.items.first { $0.kind == "anchor" }?.frame.height, 0)
    }

    func testPlaceholderSpacesLikeAParagraph() throws {
        let layout = try TestEnvironment.layout(#"{"blocks": [{"type": "paragraph", "text": "A"}, {"type": "hologram"}]}"#)
        XCTAssertEqual(layout.items[1].kind, "unsupported")
        XCTAssertEqual(layout.items[1].frame.minY - layout.items[0].frame.maxY, 2, accuracy: 0.0001)
        XCTAssertEqual(layout.items[1].frame, Rect(x: 10, y: layout.items[1].frame.minY, width: 300, height: 36))
    }
}
