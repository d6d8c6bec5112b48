import Foundation
import GoldenSupport
import Layout
import Raster
import RichMessageRenderer
import XCTest

/// Issue 23 item 4: the layout JSON lists each text item's entities with UTF-16 ranges, and a PDF makes links
/// and link-like entities clickable where their text lies.
final class LinkAreaTests: XCTestCase {
    /// A sent message: its text is scanned for entities as the server would.
    private static let message = #"""
    {"chat_id": 1, "rich_message": {"blocks": [
      {"type": "paragraph", "text": ["😀 see telegram.org, ask @durov, ", {"type": "bold", "text": "bold"}, " and ",
                                     {"type": "url", "text": "the docs", "url": "https://core.telegram.org/bots/api"}, "."]}]}}
    """#

    func testTheLayoutJSONListsEntitiesWithUTF16Ranges() throws {
        let layout = try TestEnvironment.layout(Self.message)
        guard case .text(let box)? = layout.items.first?.content else { return XCTFail("no text item") }
        // "😀" is two UTF-16 units: "telegram.org" starts at 2 + " see ".count = 7.
        let text = "😀 see telegram.org, ask @durov, bold and the docs."
        func range(_ part: String) -> Range<Int> {
            let start = text.range(of: part)!.lowerBound
            let offset = text.utf16.distance(from: text.utf16.startIndex, to: start)
            return offset..<offset + part.utf16.count
        }
        XCTAssertEqual(box.entities.map(\.type), ["url", "mention", "bold", "text_link"])
        XCTAssertEqual(box.entities.map(\.range), [range("telegram.org"), range("@durov"), range("bold"), range("the docs")])
        XCTAssertEqual(box.entities[0].range, 7..<19)
        XCTAssertEqual(box.entities.map(\.target), ["https://telegram.org", "https://t.me/durov", nil, "https://core.telegram.org/bots/api"])
        let json = layout.json().serialized(pretty: false)
        XCTAssertTrue(json.contains(#""entities":[{"type":"url","range":[7, 19]}"#), json)
        XCTAssertTrue(json.contains(#"{"type":"text_link","range":[\#(range("the docs").lowerBound), \#(range("the docs").upperBound)],"url":"https://core.telegram.org/bots/api"}"#), json)
    }

    func testAPDFLinksEachEntityWhereItsTextIs() throws {
        let layout = try TestEnvironment.layout(Self.message)
        let pdf = String(decoding: try TestEnvironment.pipeline.renderer.encode(layout, as: .pdf), as: UTF8.self)
        // Each link annotation's object, its keys in any order (the file is rewritten by qpdf: TaggedPDF).
        let rectPattern = try NSRegularExpression(pattern: #"/Rect \[ ([0-9. ]+) \]"#), uriPattern = try NSRegularExpression(pattern: #"/URI \(([^)]*)\)"#)
        func first(_ pattern: NSRegularExpression, in text: String) -> String? {
            pattern.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)).flatMap { Range($0.range(at: 1), in: text) }.map { String(text[$0]) }
        }
        let annotations = pdf.components(separatedBy: "endobj").filter { $0.contains("/Subtype /Link") }.compactMap { object -> (rect: [Double], uri: String)? in
            guard let rect = first(rectPattern, in: object), let uri = first(uriPattern, in: object) else { return nil }
            return (rect.split(separator: " ").map { Double($0)! }, uri)
        }
        XCTAssertEqual(annotations.map(\.uri), ["https://telegram.org", "https://t.me/durov", "https://core.telegram.org/bots/api"])
        // Each area lies over its entity's glyphs: inside the page, over the text item's lines (PDF y is up).
        guard case .text(let box)? = layout.items.first?.content, let item = layout.items.first else { return XCTFail() }
        let origin = layout.canvas.bubbleOrigin
        for (annotation, entity) in zip(annotations, box.entities.filter { $0.target != nil }) {
            XCTAssertEqual(entity.rects.count, 1, "one line each")
            let expected = entity.rects[0].offsetBy(dx: origin.x + item.frame.x, dy: origin.y + item.frame.y)
            XCTAssertEqual(annotation.rect[0], expected.minX.rounded(.down), accuracy: 1, annotation.uri)
            XCTAssertEqual(annotation.rect[2], expected.maxX.rounded(.up), accuracy: 1, annotation.uri)
            XCTAssertEqual(annotation.rect[3], layout.canvas.height - expected.minY, accuracy: 1, annotation.uri)
            XCTAssertGreaterThan(expected.width, 20, "an area as wide as its text")
        }
    }

    /// Issue 35: a PDF keeps only links to the web, Telegram, mail and phone, and places in the document; a link that
    /// would run script or open a local file is drawn as text without an action.
    func testAPDFKeepsOnlySafeLinkSchemes() throws {
        let targets = ["https://telegram.org/a", "http://example.com/b", "tg://resolve?domain=x", "mailto:a@b.co", "tel:+123456789", "#details",
                       "javascript:alert(1)", " JavaScript:alert(2)", "file:///etc/passwd", "data:text/html,x", "ftp://host/file", "ton://x",
                       "vbscript:x", "relative/path", "\\u0001javascript:x"]
        let parts = targets.enumerated().flatMap { index, url -> [String] in
            [#"{"type": "url", "text": "link \#(index)", "url": "\#(url)"}"#, #"" ""#]
        }
        let message = #"{"blocks": [{"type": "paragraph", "text": ["# + parts.joined(separator: ", ") + "]}]}"
        let layout = try TestEnvironment.layout(message)
        guard case .text(let box)? = layout.items.first?.content else { return XCTFail("no text item") }
        XCTAssertEqual(box.entities.compactMap(\.target).count, targets.count, "every target is in the layout")
        let pdf = String(decoding: try TestEnvironment.pipeline.renderer.encode(layout, as: .pdf), as: UTF8.self)
        let uris = try NSRegularExpression(pattern: #"/URI \(([^)]*)\)"#).matches(in: pdf, range: NSRange(pdf.startIndex..., in: pdf))
            .compactMap { Range($0.range(at: 1), in: pdf).map { String(pdf[$0]) } }
        // A place in the document stays a fragment-only URI, which readers resolve against the PDF itself.
        XCTAssertEqual(uris, ["https://telegram.org/a", "http://example.com/b", "tg://resolve?domain=x", "mailto:a@b.co", "tel:+123456789", "#details"])
        XCTAssertEqual(pdf.components(separatedBy: "/Subtype /Link").count - 1, 6, "no other link annotation")
        for unsafe in ["javascript", "JavaScript", "file:", "data:", "ftp:", "ton:", "vbscript", "relative/path"] {
            XCTAssertFalse(pdf.contains(unsafe), unsafe)
        }
        XCTAssertFalse(LinkArea(uri: "\u{01}javascript:x", rects: []).isSafeTarget)
        XCTAssertTrue(LinkArea(uri: "HTTPS://X.ORG", rects: []).isSafeTarget)
    }
}
