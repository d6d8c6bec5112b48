import Document
@testable import Markup
import XCTest

/// The 25 Telegram-specific examples of `rich-markdown-facts.md` §4.2, with their expected blocks, and the seed's
/// strict-math cases ("Formulas trigger rich messages"). Compose mode (`.md` files) unless a case says otherwise.
final class TelegramExamplesTests: XCTestCase {
    /// Entity detection is off unless a test is about it, so expectations show the structure alone.
    private func blocks(_ markdown: String, loose: Bool = false, entities: Bool = false) throws -> [Block] {
        try MarkdownReader.read(markdown, options: MarkupOptions(looseMathDelimiters: loose, detectEntities: entities)).blocks
    }

    private func paragraph(_ parts: RichText...) -> Block { .paragraph(parts.count == 1 ? parts[0] : .concat(parts)) }
    private func math(_ source: String, _ line: Int, _ column: Int) -> RichText { .math(source: source, location: .text(line: line, column: column)) }
    private func item(_ text: String, label: String = "•", checkbox: Bool = false, checked: Bool = false) -> ListItem {
        ListItem(blocks: [.paragraph(.plain(text))], label: label, hasCheckbox: checkbox, isChecked: checked)
    }

    func testInlineStyles() throws {
        // 1, 2
        XCTAssertEqual(try blocks("**a** __b__ *c* _d_"), [paragraph(.styled(.bold, .plain("a")), .plain(" "), .styled(.bold, .plain("b")), .plain(" "),
                                                                     .styled(.italic, .plain("c")), .plain(" "), .styled(.italic, .plain("d")))])
        XCTAssertEqual(try blocks("~~s~~ ==m== ||p||"), [paragraph(.styled(.strikethrough, .plain("s")), .plain(" "), .styled(.marked, .plain("m")),
                                                                  .plain(" "), .styled(.spoiler, .plain("p")))])
        // A single tilde is not a strike (only ~~ is documented).
        XCTAssertEqual(try blocks("~a~"), [paragraph(.plain("~a~"))])
        // Unpaired delimiters stay text; inline HTML tags style their (Markdown) content.
        XCTAssertEqual(try blocks("a == b"), [paragraph(.plain("a == b"))])
        XCTAssertEqual(try blocks("<u>In **md**</u>"), [paragraph(.styled(.underline, .concat([.plain("In "), .styled(.bold, .plain("md"))])))])
        XCTAssertEqual(try blocks("H<sub>2</sub>O a<br>b"), [paragraph(.plain("H"), .styled(.subscript, .plain("2")), .plain("O a\nb"))])
    }

    func testHeadingsCodeAndDividers() throws {
        // 3, 4, 5
        XCTAssertEqual(try blocks("# T\n###### U"), [.heading(level: 1, .plain("T")), .heading(level: 6, .plain("U"))])
        XCTAssertEqual(try blocks("```python\n  print(1)\n```"), [.preformatted(.plain("  print(1)"), language: "python")])
        XCTAssertEqual(try blocks("---"), [.divider])
    }

    func testLineBreaks() throws {
        // 6, 7
        XCTAssertEqual(try blocks("a\nb"), [paragraph(.plain("a b"))])
        XCTAssertEqual(try blocks("a  \nb"), [paragraph(.plain("a\nb"))])
    }

    func testQuotes() throws {
        // 8, 9
        XCTAssertEqual(try blocks("> p1\n>\n> p2"), [.blockQuote(blocks: [paragraph(.plain("p1")), paragraph(.plain("p2"))], credit: .empty, collapsed: false)])
        XCTAssertEqual(try blocks("> a\n>> b"), [.blockQuote(blocks: [paragraph(.plain("a")),
                                                                     .blockQuote(blocks: [paragraph(.plain("b"))], credit: .empty, collapsed: false)],
                                                            credit: .empty, collapsed: false)])
    }

    func testLists() throws {
        // 10, 11, 12, 13
        XCTAssertEqual(try blocks("- [ ] t\n- [x] d"), [.list(ListBlock(items: [item("t", checkbox: true), item("d", checkbox: true, checked: true)], ordered: false))])
        XCTAssertEqual(try blocks("1. a\n2. b"), [.list(ListBlock(items: [item("a", label: "1."), item("b", label: "2.")], ordered: true))])
        XCTAssertEqual(try blocks("3. a\n4. b"), [.list(ListBlock(items: [item("a", label: "3."), item("b", label: "4.")], ordered: true))])
        XCTAssertEqual(try blocks("- a\n  - b"), [.list(ListBlock(items: [ListItem(blocks: [paragraph(.plain("a")), .list(ListBlock(items: [item("b")], ordered: false))],
                                                                               label: "•")], ordered: false))])
        // A checkbox is orthogonal to numbering; a bare [x] is a checkbox (iOS).
        XCTAssertEqual(try blocks("1. [x] a"), [.list(ListBlock(items: [item("a", label: "1.", checkbox: true, checked: true)], ordered: true))])
        XCTAssertEqual(try blocks("- [x]"), [.list(ListBlock(items: [ListItem(blocks: [], label: "•", hasCheckbox: true, isChecked: true)], ordered: false))])
        // Changing the bullet starts a new list (CommonMark).
        XCTAssertEqual(try blocks("- one\n* two").count, 2)
    }

    func testTables() throws {
        // 14, 15
        func cell(_ text: String, _ align: TableCell.Align, header: Bool) -> TableCell {
            TableCell(text: .plain(text), header: header, align: align, valign: .top, colspan: 1, rowspan: 1)
        }
        XCTAssertEqual(try blocks("| H1 | H2 |\n|:---|:---:|\n| l | c |"),
                       [.table(TableBlock(title: .empty, rows: [[cell("H1", .left, header: true), cell("H2", .center, header: true)],
                                                                [cell("l", .left, header: false), cell("c", .center, header: false)]],
                                          bordered: true, striped: true, compact: false))])
        XCTAssertEqual(try blocks("Title\n| a |\n|---|\n| 1 |"), [paragraph(.plain("Title | a | |---| | 1 |"))])
        // After a blank line it is a table; short rows are padded.
        guard case .table(let padded)? = try blocks("x\n\n| a | b |\n|---|---|\n| 1 |").last else { return XCTFail("no table") }
        XCTAssertEqual(padded.rows[1].count, 2)
    }

    func testFormulas() throws {
        // 16, 19, 20
        XCTAssertEqual(try blocks("$x$"), [paragraph(math("x", 1, 1))])
        XCTAssertEqual(try blocks("the answer is $x$."), [paragraph(.plain("the answer is "), math("x", 1, 15), .plain("."))])
        XCTAssertEqual(try blocks("$$E = mc^2$$"), [.formula(source: "E = mc^2", location: .text(line: 1, column: 1))])
        XCTAssertEqual(try blocks("```math\nE = mc^2\n```"), [.formula(source: "E = mc^2", location: .text(line: 1, column: 1))])
        XCTAssertEqual(try blocks("a\n$$\nE = mc^2\n$$\nb"), [paragraph(.plain("a")), .formula(source: "E = mc^2", location: .text(line: 2, column: 1)),
                                                              paragraph(.plain("b"))])
        // The formula source is raw LaTeX: no emphasis, no unescaping inside.
        XCTAssertEqual(try blocks(#"$a_1 *b* c_2 \{x\}$"#), [paragraph(math(#"a_1 *b* c_2 \{x\}"#, 1, 1))])
        XCTAssertEqual(try blocks(#"\(x^2\) and `$y$`"#), [paragraph(math("x^2", 1, 1), .plain(" and "), .styled(.fixed, .plain("$y$")))])
    }

    /// The seed's strict detection (compose mode) and the server's looser pairing (bot mode), 17 and 18.
    func testStrictAndLooseDollarPairing() throws {
        for text in ["$5-$10", "$FOO=$BAR", "cost$5$total"] {
            XCTAssertEqual(try blocks(text), [paragraph(.plain(text))], text)
        }
        XCTAssertEqual(try blocks("($x$)"), [paragraph(.plain("("), math("x", 1, 2), .plain(")"))])
        XCTAssertEqual(try blocks("$ x$"), [paragraph(.plain("$ x$"))], "a space after the opener")
        XCTAssertEqual(try blocks(#"\$x$"#), [paragraph(.plain("$x$"))], "an escaped opener")
        XCTAssertEqual(try blocks("API shows $395k vs UI $483k", loose: true), [paragraph(.plain("API shows "), math("395k vs UI", 1, 11), .plain("483k"))])
        XCTAssertEqual(try blocks("API shows $395k vs UI $483k"), [paragraph(.plain("API shows $395k vs UI $483k"))])
        XCTAssertEqual(try blocks("$5-$10", loose: true), [paragraph(math("5-", 1, 1), .plain("10"))])
    }

    func testEntitiesLinksAndMedia() throws {
        // 21, 22, 23, 24
        let emoji = RichText.customEmoji(id: "5368324170671202286", alt: "👍")
        XCTAssertEqual(try blocks("[👍](tg://emoji?id=5368324170671202286)"), [paragraph(emoji)])
        XCTAssertEqual(try blocks("![👍](tg://emoji?id=5368324170671202286)"), [paragraph(emoji)])
        var format = DateFormat()
        format.dayOfWeek = true
        format.longDate = true
        format.shortTime = true
        format.longTime = true
        XCTAssertEqual(try blocks("![22:45 tomorrow](tg://time?unix=1647531900&format=wDT)"),
                       [paragraph(.date(DateText(fallback: .plain("22:45 tomorrow"), unixTime: 1647531900, format: DateFormat(flags: "wDT")!)))])
        XCTAssertEqual(try blocks("[u](tg://user?id=123456789) [e](mailto:user@example.com) [p](tel:+123456789)"),
                       [paragraph(.link(.textMention(userId: 123456789), .plain("u")), .plain(" "), .link(.email("user@example.com"), .plain("e")),
                                  .plain(" "), .link(.phone("+123456789"), .plain("p")))])
        let result = try MarkdownReader.read(#"![](https://telegram.org/example/photo.jpg "Photo caption")"#)
        XCTAssertEqual(result.blocks, [.photo(mediaId: "https://telegram.org/example/photo.jpg", caption: Caption(text: .plain("Photo caption")), spoiler: false, url: nil)])
        XCTAssertEqual(result.media["https://telegram.org/example/photo.jpg"]?.kind, .photo)
        // Bound tg:// media take the registered key; videos and documents by extension.
        let bound = try MarkdownReader.read("![](tg://video?id=walk)\n![](https://x.org/a.zip)", options: MarkupOptions(mediaBindings: ["walk": "FILE"]))
        XCTAssertEqual(bound.blocks, [.video(mediaId: "FILE", caption: .none, spoiler: false), .document(mediaId: "https://x.org/a.zip", caption: .none)])
        XCTAssertEqual(try blocks("[top](#intro)"), [paragraph(.link(.anchorLink("intro"), .plain("top")))])
    }

    func testDetailsAndFootnotes() throws {
        // 25
        XCTAssertEqual(try blocks("<details open><summary>S **b**</summary>\n\n- x\n\n</details>"),
                       [.details(title: .concat([.plain("S "), .styled(.bold, .plain("b"))]), blocks: [.list(ListBlock(items: [item("x")], ordered: false))], open: true)])
        XCTAssertEqual(try blocks("Text[^n].\n\n[^n]: Def"),
                       [paragraph(.plain("Text"), .link(.referenceLink("1"), .plain("[1]")), .plain(".")),
                        paragraph(.anchor(name: "1", .plain("[1] ")), .plain("Def"))])
        let collage = try blocks("<tg-collage>\n\n![](a.jpg)\n![](b.mp4)\n\n</tg-collage>")
        XCTAssertEqual(collage, [.collage([.photo(mediaId: "a.jpg", caption: .none, spoiler: false, url: nil), .video(mediaId: "b.mp4", caption: .none, spoiler: false)],
                                          caption: .none)])
    }

    /// Automatic entities (facts §1.1; TDLib's detector as the model), on by default and off with
    /// `skip_entity_detection`; never inside links or code.
    func testEntityDetection() throws {
        let text = "Ping @durov about #release and $USD, run /start@mybot, see https://t.me/x (ok), mail a.b@c.org, "
            + "call +1 555 010 0100, card 4242 4242 4242 4242. Not: x@y, #123, $usd, 1234 `@code` [@link](https://t.me)"
        guard case .paragraph(.concat(let parts))? = try blocks(text, entities: true).first else { return XCTFail("no paragraph") }
        let links = parts.compactMap { part -> String? in
            guard case .link(let kind, let inner) = part else { return nil }
            return "\(kind):\(inner.plainText)"
        }
        XCTAssertEqual(links, ["mention:@durov", "hashtag:#release", "cashtag:$USD", "botCommand:/start@mybot", "autoUrl:https://t.me/x",
                               "autoEmail:a.b@c.org", "autoPhone:+1 555 010 0100", "bankCard:4242 4242 4242 4242",
                               "url(\"https://t.me\", instantView: false):@link"])
        XCTAssertTrue(parts.contains(.styled(.fixed, .plain("@code"))))
        // The official sample's escaped line-initial hash is a hashtag, not a heading.
        XCTAssertEqual(try blocks("\\#hashtag", entities: true), [paragraph(.link(.hashtag, .plain("#hashtag")))])
        XCTAssertEqual(try MarkdownReader.read("@durov").blocks, [paragraph(.link(.mention, .plain("@durov")))], "on by default")
    }

    /// Rich HTML elements inside Markdown text are read as Rich HTML (facts §1.2).
    func testInlineHTMLElements() throws {
        let text = #"Hi <tg-emoji emoji-id="5">👍</tg-emoji> at <tg-time unix="100" format="t">noon</tg-time>, <tg-math>x_1 *y*</tg-math>, "#
            + #"<a href="tel:+1">call</a> <img src="tg://emoji?id=7" alt="🔥"/>."#
        var format = DateFormat()
        format.shortTime = true
        XCTAssertEqual(try blocks(text), [paragraph(.plain("Hi "), .customEmoji(id: "5", alt: "👍"), .plain(" at "),
                                                    .date(DateText(fallback: .plain("noon"), unixTime: 100, format: format)), .plain(", "),
                                                    .math(source: "x_1 *y*", location: .text(line: 1, column: 90)), .plain(", "),
                                                    .link(.phone("+1"), .plain("call")), .plain(" "), .customEmoji(id: "7", alt: "🔥"), .plain("."))])
    }

    func testWarningsNameLineAndColumn() throws {
        let result = try MarkdownReader.read("ok\n\nsee <blink>x</blink>")
        XCTAssertEqual(result.warnings.first, "3:5: unsupported tag <blink> dropped (its text is kept)")
        XCTAssertEqual(result.blocks, [paragraph(.plain("ok")), paragraph(.plain("see x"))])
    }
}
