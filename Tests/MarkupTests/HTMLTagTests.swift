@testable import Markup
import XCTest

/// The raw tag tokens of Markdown's inline HTML: names and kinds from the token, attributes as libxml2's HTML
/// parser reads them (HTML's attribute syntax: three quotings, entities, case-insensitive names).
final class HTMLTagTests: XCTestCase {
    func testAttributesAreReadAsHTMLReadsThem() throws {
        let tag = try XCTUnwrap(HTMLTag(#"<TG-Emoji Emoji-ID="5368324170671202286" alt='a &amp; b' data-x=bare checked>"#))
        XCTAssertEqual(tag.name, "tg-emoji")
        XCTAssertFalse(tag.closing)
        XCTAssertFalse(tag.selfClosing)
        // A boolean attribute is there (libxml2 gives it its own name as the value, as `checked="checked"`).
        XCTAssertEqual(tag.attributes, ["emoji-id": "5368324170671202286", "alt": "a & b", "data-x": "bare", "checked": "checked"])
    }

    func testClosingSelfClosingAndTagsTheParserWouldMove() throws {
        let closing = try XCTUnwrap(HTMLTag("</b>"))
        XCTAssertEqual(closing.name, "b")
        XCTAssertTrue(closing.closing)
        let br = try XCTUnwrap(HTMLTag("<br/>"))
        XCTAssertEqual(br.name, "br")
        XCTAssertTrue(br.selfClosing)
        // A table row outside a table would be dropped by the parser; the token keeps its name and attributes.
        let row = try XCTUnwrap(HTMLTag(#"<tr class="x">"#))
        XCTAssertEqual(row.name, "tr")
        XCTAssertEqual(row.attributes, ["class": "x"])
        for notATag in ["<!-- note -->", "<>", "< b>", "plain", "<a"] { XCTAssertNil(HTMLTag(notATag), notATag) }
    }
}
