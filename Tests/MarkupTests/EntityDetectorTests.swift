import Document
import Markup
import XCTest

/// Issue 23 item 4: entities are found over the whole text of a paragraph, whatever its styles, never inside
/// code or links, and a found entity is one link whose text is the whole entity.
final class EntityDetectorTests: XCTestCase {
    /// (kind, text) of every link in `text`, in order.
    private func links(_ text: RichText) -> [(RichText.Link, String)] {
        switch text {
        case .link(let link, let inner): return [(link, inner.plainText)] + links(inner)
        case .concat(let parts): return parts.flatMap(links)
        case .styled(_, let inner), .anchor(_, let inner), .unknown(_, let inner): return links(inner)
        default: return []
        }
    }

    private func found(_ text: RichText) -> [String] {
        links(EntityDetector.detect(text)).map { "\($0.0):\($0.1)" }
    }

    func testBareDomainsAndTelegramLinks() {
        XCTAssertEqual(found(.plain("See telegram.org, t.me/durov and example.com:8080/path?q=1.")),
                       ["autoUrl:telegram.org", "autoUrl:t.me/durov", "autoUrl:example.com:8080/path?q=1"])
        XCTAssertEqual(found(.plain("mail security@telegram.org or call +1 555 123 4567")),
                       ["autoEmail:security@telegram.org", "autoPhone:+1 555 123 4567"])
        // Not domains: unknown top-level names, file names with a capitalised extension, version numbers.
        XCTAssertEqual(found(.plain("test.abd v1.2.3 report.Pdf")), [])
    }

    func testAStyleBoundaryIsNoWordStart() {
        // `**$12**/mo`: the slash follows a digit in the text, so it starts no command.
        let price = RichText.concat([.styled(.bold, .plain("$12")), .plain("/mo")])
        XCTAssertEqual(found(price), [])
        XCTAssertEqual(EntityDetector.detect(price), price, "a text without entities comes back as it was")
        // `**@dur**ov` is one mention, across the boundary.
        XCTAssertEqual(found(.concat([.styled(.bold, .plain("@dur")), .plain("ov")])), ["mention:@durov"])
    }

    func testAnEntityAcrossStylesIsOneLinkAroundThem() {
        let text = RichText.concat([.plain("go "), .styled(.bold, .plain("tele")), .plain("gram.org now")])
        let detected = EntityDetector.detect(text)
        XCTAssertEqual(detected, .concat([.plain("go "), .link(.autoUrl, .concat([.styled(.bold, .plain("tele")), .plain("gram.org")])), .plain(" now")]))
        XCTAssertEqual(detected.plainText, text.plainText)
        // Inside one style, the link goes inside it.
        XCTAssertEqual(EntityDetector.detect(.styled(.italic, .plain("ask @durov"))),
                       .styled(.italic, .concat([.plain("ask "), .link(.mention, .plain("@durov"))])))
    }

    func testNeverInsideCodeOrLinks() {
        let text = RichText.concat([.styled(.fixed, .plain("t.me/x")), .plain(" "), .link(.url("https://a.org", instantView: false), .plain("see b.org")),
                                    .plain(" and #tag")])
        XCTAssertEqual(found(text), ["url(\"https://a.org\", instantView: false):see b.org", "hashtag:#tag"])
        // A candidate that runs into code is not cut short: it is dropped.
        XCTAssertEqual(found(.concat([.plain("tele"), .styled(.fixed, .plain("gram.org"))])), [])
    }

    func testMarkdownAndHTMLDetectUnlessTurnedOff() throws {
        let markdown = "Docs at core.telegram.org/bots/api, news in **@telegram**, price **$12**/mo #release"
        let blocks = try MarkdownReader.read(markdown).blocks
        guard case .paragraph(let text)? = blocks.first else { return XCTFail("\(blocks)") }
        XCTAssertEqual(links(text).map { "\($0.0):\($0.1)" }, ["autoUrl:core.telegram.org/bots/api", "mention:@telegram", "hashtag:#release"])
        let off = try MarkdownReader.read(markdown, options: MarkupOptions(detectEntities: false)).blocks
        guard case .paragraph(let plain)? = off.first else { return XCTFail("\(off)") }
        XCTAssertTrue(links(plain).isEmpty)
        let html = try HTMLReader.read("<p>write to <b>a@b.co</b> or <code>c@d.co</code></p>").blocks
        guard case .paragraph(let htmlText)? = html.first else { return XCTFail("\(html)") }
        XCTAssertEqual(links(htmlText).map { "\($0.0):\($0.1)" }, ["autoEmail:a@b.co"])
    }

    func testLongDigitRunsAreOneScan() {
        // 800 card-like groups in a row are one run of digits and spaces: too many digits for a card, and no
        // card starts inside it.
        let text = String(repeating: "4111 1111 1111 1111 ", count: 800)
        XCTAssertTrue(EntityFinder(text).entities().isEmpty)
        XCTAssertEqual(EntityFinder("pay 4111 1111 1111 1111 now").entities().map(\.kind), [.bankCard])
    }
}

/// Which JSON inputs are scanned: the send shape (method parameters, `InputRichMessage`) unless it turns
/// detection off; never a received message.
final class SendShapeDetectionTests: XCTestCase {
    private func linkCount(_ json: String) throws -> Int {
        let decoded = try InputDecoder.decode(bytes: Array(json.utf8))
        var count = 0
        for block in decoded.frames[0].document?.blocks ?? [] {
            _ = block.mappingTexts { text in
                func walk(_ t: RichText) {
                    switch t {
                    case .link(_, let inner): count += 1; walk(inner)
                    case .concat(let parts): parts.forEach(walk)
                    case .styled(_, let inner), .anchor(_, let inner): walk(inner)
                    default: break
                    }
                }
                walk(text)
                return text
            }
        }
        return count
    }

    private let paragraph = #"{"type": "paragraph", "text": "see telegram.org"}"#

    func testSendShapesAreScanned() throws {
        XCTAssertEqual(try linkCount(#"{"chat_id": 1, "rich_message": {"blocks": [\#(paragraph)]}}"#), 1)
        XCTAssertEqual(try linkCount(#"{"chat_id": 1, "draft_id": 5, "rich_message": {"blocks": [\#(paragraph)]}}"#), 1)
        XCTAssertEqual(try linkCount(#"{"blocks": [\#(paragraph)], "skip_entity_detection": false}"#), 1)
        // A list item without a label is the send shape's.
        XCTAssertEqual(try linkCount(#"{"blocks": [{"type": "list", "items": [{"blocks": [\#(paragraph)]}]}]}"#), 1)
        XCTAssertEqual(try linkCount(#"{"_": "InputRichMessage", "blocks": [{"_": "PageBlockParagraph", "text": {"_": "TextPlain", "text": "see telegram.org"}}]}"#), 1)
    }

    func testTurnedOffOrReceivedAreNot() throws {
        XCTAssertEqual(try linkCount(#"{"chat_id": 1, "rich_message": {"blocks": [\#(paragraph)], "skip_entity_detection": true}}"#), 0)
        XCTAssertEqual(try linkCount(#"{"message_id": 7, "date": 0, "chat": {"id": 1, "type": "private"}, "rich_message": {"blocks": [\#(paragraph)]}}"#), 0)
        XCTAssertEqual(try linkCount(#"{"update_id": 1, "message": {"message_id": 7, "rich_message": {"blocks": [\#(paragraph)]}}}"#), 0)
        XCTAssertEqual(try linkCount(#"{"blocks": [{"type": "list", "items": [{"label": "•", "blocks": [\#(paragraph)]}]}]}"#), 0)
        XCTAssertEqual(try linkCount(#"{"blocks": [\#(paragraph)]}"#), 0, "bare blocks with no shape evidence are taken as received")
        XCTAssertEqual(try linkCount(#"{"_": "InputRichMessage", "noautolink": true, "blocks": [{"_": "PageBlockParagraph", "text": {"_": "TextPlain", "text": "see telegram.org"}}]}"#), 0)
        XCTAssertEqual(try linkCount(#"{"_": "RichMessage", "blocks": [{"_": "PageBlockParagraph", "text": {"_": "TextPlain", "text": "see telegram.org"}}]}"#), 0)
    }
}
