import Document
@testable import Markup
import XCTest

/// Rich HTML (`rich-markdown-facts.md` §2): the official tag list, nesting, spans, whitespace, unknown tags and
/// malformed HTML (a document or an error with a position, never a crash).
final class HTMLReaderTests: XCTestCase {
    private func blocks(_ html: String) throws -> [Block] { try HTMLReader.read(html).blocks }
    private func cell(_ text: String, header: Bool = false, align: TableCell.Align = .left, valign: TableCell.VAlign = .top, colspan: Int = 1, rowspan: Int = 1) -> TableCell {
        TableCell(text: .plain(text), header: header, align: align, valign: valign, colspan: colspan, rowspan: rowspan)
    }

    func testInlineTags() throws {
        let html = "<p><b>b</b><strong>s</strong><i>i</i><em>e</em><u>u</u><ins>n</ins><s>x</s><strike>y</strike><del>z</del><code>c</code>"
            + "<mark>m</mark><sub>1</sub><sup>2</sup><tg-spoiler>p</tg-spoiler></p>"
        let styles: [(RichText.InlineStyle, String)] = [(.bold, "b"), (.bold, "s"), (.italic, "i"), (.italic, "e"), (.underline, "u"), (.underline, "n"),
                                                        (.strikethrough, "x"), (.strikethrough, "y"), (.strikethrough, "z"), (.fixed, "c"), (.marked, "m"),
                                                        (.subscript, "1"), (.superscript, "2"), (.spoiler, "p")]
        XCTAssertEqual(try blocks(html), [.paragraph(.concat(styles.map { .styled($0.0, .plain($0.1)) }))])
        // Nesting, links by scheme, entities, emoji, time, math, references, <br> and collapsed white space.
        let rich = #"<p>a <b>bold <i>both</i></b> <a href="https://t.me">url</a> <a href="mailto:a@b.c">mail</a> <a href="tel:+1">tel</a> "#
            + ##"<a href="tg://user?id=42">user</a> <a href="#top">anchor</a> &amp;&#x41;&hellip; <tg-emoji emoji-id="5">👍</tg-emoji>"##
            + #"<img src="tg://emoji?id=6" alt="🔥"/> <tg-time unix="100" format="wDT">then</tg-time> <tg-math>x_1 < y</tg-math> "#
            + "<tg-reference name=\"r\">ref</tg-reference>\n\n  line<br>next</p>"
        guard case .paragraph(.concat(let parts))? = try blocks(rich).first else { return XCTFail("no paragraph") }
        XCTAssertTrue(parts.contains(.styled(.bold, .concat([.plain("bold "), .styled(.italic, .plain("both"))]))))
        XCTAssertTrue(parts.contains(.link(.url("https://t.me", instantView: false), .plain("url"))))
        XCTAssertTrue(parts.contains(.link(.email("a@b.c"), .plain("mail"))))
        XCTAssertTrue(parts.contains(.link(.phone("+1"), .plain("tel"))))
        XCTAssertTrue(parts.contains(.link(.textMention(userId: 42), .plain("user"))))
        XCTAssertTrue(parts.contains(.link(.anchorLink("top"), .plain("anchor"))))
        XCTAssertTrue(parts.contains(.plain(" &A… ")))
        XCTAssertTrue(parts.contains(.customEmoji(id: "5", alt: "👍")))
        XCTAssertTrue(parts.contains(.customEmoji(id: "6", alt: "🔥")))
        XCTAssertTrue(parts.contains(.date(DateText(fallback: .plain("then"), unixTime: 100, format: DateFormat(flags: "wDT")!))))
        let column = rich.distance(from: rich.startIndex, to: rich.range(of: "<tg-math")!.lowerBound) + 1
        XCTAssertTrue(parts.contains(.math(source: "x_1 < y", location: .text(line: 1, column: column))), "\(parts)")
        XCTAssertTrue(parts.contains(.anchor(name: "r", .plain("ref"))))
        XCTAssertEqual(parts.last, .plain(" line\nnext"), "white space collapses; <br> breaks")
    }

    func testBlockTags() throws {
        XCTAssertEqual(try blocks("<h2>H</h2><p>p</p><hr/><footer>f</footer><a name=\"top\"></a>"),
                       [.heading(level: 2, .plain("H")), .paragraph(.plain("p")), .divider, .footer(.plain("f")), .anchor(name: "top")])
        XCTAssertEqual(try blocks("<pre><code class=\"language-Swift\">let x = 1\n  y</code></pre>"), [.preformatted(.plain("let x = 1\n  y"), language: "swift")])
        XCTAssertEqual(try blocks("<tg-math-block>\\frac{a}{b}</tg-math-block>"), [.formula(source: "\\frac{a}{b}", location: .text(line: 1, column: 1))])
        XCTAssertEqual(try blocks("<blockquote>q<cite>c</cite></blockquote>"),
                       [.blockQuote(blocks: [.paragraph(.plain("q"))], credit: .plain("c"), collapsed: false)])
        XCTAssertEqual(try blocks("<blockquote expandable>long <b>q</b></blockquote>"),
                       [.blockQuote(blocks: [.paragraph(.concat([.plain("long "), .styled(.bold, .plain("q"))]))], credit: .empty, collapsed: true)])
        XCTAssertEqual(try blocks("<aside>pull<cite>who</cite></aside>"), [.pullQuote(.plain("pull"), credit: .plain("who"))])
        XCTAssertEqual(try blocks("<details open><summary>S <b>b</b></summary><p>body</p></details>"),
                       [.details(title: .concat([.plain("S "), .styled(.bold, .plain("b"))]), blocks: [.paragraph(.plain("body"))], open: true)])
        XCTAssertEqual(try blocks("<tg-thinking>hmm</tg-thinking>"), [.thinking(.plain("hmm"))])
        XCTAssertEqual(try blocks("bare <b>top</b> text"), [.paragraph(.concat([.plain("bare "), .styled(.bold, .plain("top")), .plain(" text")]))])
    }

    func testListsAndTables() throws {
        XCTAssertEqual(try blocks(#"<ol start="3" type="i"><li>a</li><li value="9">b</li></ol>"#),
                       [.list(ListBlock(items: [ListItem(blocks: [.paragraph(.plain("a"))], label: "iii."), ListItem(blocks: [.paragraph(.plain("b"))], label: "ix.")],
                                        ordered: true))])
        XCTAssertEqual(try blocks(#"<ol reversed type="A"><li>a</li><li>b</li></ol>"#).first.flatMap { block -> [String]? in
            if case .list(let list) = block { return list.items.map(\.label) } else { return nil }
        }, ["B.", "A."])
        XCTAssertEqual(try blocks(#"<ul><li><input type="checkbox" checked>done</li><li><input type="checkbox">todo</li></ul>"#),
                       [.list(ListBlock(items: [ListItem(blocks: [.paragraph(.plain("done"))], label: "•", hasCheckbox: true, isChecked: true),
                                                ListItem(blocks: [.paragraph(.plain("todo"))], label: "•", hasCheckbox: true, isChecked: false)], ordered: false))])
        let table = #"<table bordered compact><caption>T</caption><tr><th colspan="2" align="center">H</th></tr>"#
            + #"<tr><td rowspan="2" valign="middle">a</td><td align="right">b</td></tr><tr><td>c</td></tr></table>"#
        XCTAssertEqual(try blocks(table), [.table(TableBlock(title: .plain("T"), rows: [[cell("H", header: true, align: .center, colspan: 2)],
                                                                                        [cell("a", valign: .middle, rowspan: 2), cell("b", align: .right)],
                                                                                        [cell("c")]],
                                                             bordered: true, striped: false, compact: true))])
    }

    func testMediaFiguresCollagesMapsAndButtons() throws {
        let options = MarkupOptions(mediaBindings: ["c": "KEY"])
        let result = try HTMLReader.read(#"<figure><img src="tg://photo?id=c" tg-spoiler/><figcaption>The <b>C</b> at sunset<cite>A.</cite></figcaption></figure>"#
                                         + #"<video src="https://x.org/v.mp4"></video><tg-document src="https://x.org/a.pdf"></tg-document>"#
                                         + #"<tg-collage><img src="https://x.org/1.jpg"/><img src="https://x.org/2.jpg"/><figcaption>two</figcaption></tg-collage>"#
                                         + #"<figure><tg-map lat="41.89" long="12.49" zoom="16"/><figcaption>Here</figcaption></figure>"#
                                         + #"<tg-button-row align="center"><tg-button type="url" url="https://t.me" style="primary">Open</tg-button></tg-button-row>"#,
                                         options: options)
        XCTAssertEqual(result.blocks[0], .photo(mediaId: "KEY", caption: Caption(text: .concat([.plain("The "), .styled(.bold, .plain("C")), .plain(" at sunset")]),
                                                                                 credit: .plain("A.")), spoiler: true, url: nil))
        XCTAssertEqual(result.blocks[1], .video(mediaId: "https://x.org/v.mp4", caption: .none, spoiler: false))
        XCTAssertEqual(result.blocks[2], .document(mediaId: "https://x.org/a.pdf", caption: .none))
        XCTAssertEqual(result.blocks[3], .collage([.photo(mediaId: "https://x.org/1.jpg", caption: .none, spoiler: false, url: nil),
                                                   .photo(mediaId: "https://x.org/2.jpg", caption: .none, spoiler: false, url: nil)], caption: Caption(text: .plain("two"))))
        XCTAssertEqual(result.blocks[4], .map(MapBlock(latitude: 41.89, longitude: 12.49, zoom: 16, width: 600, height: 300, caption: Caption(text: .plain("Here")))))
        XCTAssertEqual(result.blocks[5], .buttonRow(ButtonRow(buttons: [Button(label: .plain("Open"), style: .primary, action: .url("https://t.me"))], alignment: .center)))
        XCTAssertEqual(result.blocks.count, 6)
    }

    /// Issue 35: a media file name of dots only (`.`, `..`, `./`) has no extension; it trapped on a force-unwrap.
    func testMediaNamesOfDotsOnlyAreMediaWithoutAnExtension() throws {
        let html = try HTMLReader.read(#"<img src="."><video src=".."></video><img src="./"><tg-document src="a/.."></tg-document>"#).blocks
        XCTAssertEqual(html, [.photo(mediaId: ".", caption: .none, spoiler: false, url: nil), .video(mediaId: "..", caption: .none, spoiler: false),
                              .photo(mediaId: "./", caption: .none, spoiler: false, url: nil), .document(mediaId: "a/..", caption: .none)])
        let markdown = try MarkdownReader.read("![x](.)\n\n![y](..)\n\n![z](./)\n").blocks.map(\.withoutLocations)
        XCTAssertEqual(markdown.count, 3, "\(markdown)")
        for (block, id) in zip(markdown, [".", "..", "./"]) {
            guard case .photo(let mediaId, _, _, _) = block else { return XCTFail("\(block) is not a photo") }
            XCTAssertEqual(mediaId, id)
        }
    }

    func testUnknownTagsAndMalformedHTML() throws {
        let unknown = try HTMLReader.read("<p>a <blink>b</blink></p>\n<section><p>c</p></section>")
        XCTAssertEqual(unknown.blocks, [.paragraph(.plain("a b")), .paragraph(.plain("c"))])
        XCTAssertEqual(unknown.warnings, ["1:6: unsupported tag <blink> dropped (its content is kept)", "2:1: unsupported tag <section> dropped (its content is kept)"])
        // Unclosed and overlapping tags recover as a browser does: a document, never a crash.
        guard case .paragraph(let overlapping)? = try blocks("<p><b>bold <i>both</b> italic</i>").first else { return XCTFail("no paragraph") }
        XCTAssertEqual(overlapping.plainText, "bold both italic")
        XCTAssertFalse(try blocks("<ul><li>a<li>b</ul><table><tr><td>x").isEmpty)
        let deepEmpty = String(repeating: "<blockquote>", count: 200) + String(repeating: "</blockquote>", count: 200)
        let deepInline = "<p>" + String(repeating: "<b>", count: 200) + String(repeating: "</b>", count: 200) + "</p>"
        for garbage in ["<", "</p>", "<<<>>>", "<a href=", "<tg-map lat=1>", String(repeating: "<b>", count: 5_000), deepEmpty, deepInline] {
            do { _ = try HTMLReader.read(garbage) } catch let error as MarkupError { XCTAssertGreaterThan(error.line, 0, garbage) }
        }
        // A map without coordinates is an input error with its position.
        XCTAssertThrowsError(try HTMLReader.read("<p>x</p>\n  <tg-map zoom=\"3\"/>")) { error in
            XCTAssertEqual(error as? MarkupError, MarkupError(line: 2, column: 3, message: "<tg-map> needs lat and long"))
        }
    }
}
