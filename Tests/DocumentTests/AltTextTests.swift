@testable import Document
import XCTest

/// Issue 63 (first step): a message's alt text, in reading order, block by block.
final class AltTextTests: XCTestCase {
    private func paragraph(_ text: String) -> Block { .paragraph(.plain(text)) }

    func testEveryBlockKindInReadingOrder() {
        let inline = RichText.concat([.plain("Area "), .math(source: "\\pi r^2", location: nil), .plain(", see "),
                                      .customEmoji(id: "5", alt: "👉"), .plain(" "), .styled(.spoiler, .plain("the answer")),
                                      .plain(" and "), .styled(.bold, .link(.url("https://a.b", instantView: false), .plain("this")))])
        let nested = ListBlock(items: [ListItem(blocks: [paragraph("inner")], label: "•")], ordered: false)
        let list = ListBlock(items: [ListItem(blocks: [paragraph("first\nsecond line"), .list(nested)], label: "1."),
                                     ListItem(blocks: [paragraph("done")], label: "2.", hasCheckbox: true, isChecked: true),
                                     ListItem(blocks: [paragraph("open")], label: "3.", hasCheckbox: true)], ordered: true)
        let cell = { (text: String, header: Bool) in TableCell(text: .plain(text), header: header, align: .left, valign: .top, colspan: 1, rowspan: 1) }
        let table = TableBlock(title: .plain("Prices"), rows: [[cell("Item", true), cell("Cost", true)], [cell("Tea", false), cell("2 €", false)]],
                               bordered: true, striped: false, compact: false)
        let document = Document(blocks: [
            .heading(level: 1, .plain("Title")), .paragraph(inline), .list(list), .table(table),
            .blockQuote(blocks: [paragraph("quoted\ntwice")], credit: .plain("Ada"), collapsed: false),
            .preformatted(.plain("let x = 1\nprint(x)"), language: "swift"), .divider,
            .photo(mediaId: "p", caption: Caption(text: .plain("A cat"), credit: .plain("Bob")), spoiler: false, url: nil),
            .video(mediaId: "v", caption: Caption(), spoiler: false),
            .formula(source: "E = mc^2", location: nil),
            .details(title: .plain("More"), blocks: [paragraph("hidden")], open: false),
            .details(title: .plain("Shown"), blocks: [paragraph("visible")], open: true),
            .buttonRow(ButtonRow(buttons: [Button(label: .plain("OK"), style: .primary, action: .callback)], alignment: .center)),
        ])
        XCTAssertEqual(AltText.of(document), """
            Title

            Area \\pi r^2, see 👉 [spoiler] and this

            1. first
               second line
               • inner
            [x] done
            [ ] open

            Prices

            Item | Cost
            Tea | 2 €

            > quoted
            > twice
            > — Ada

            let x = 1
            print(x)

            [photo: A cat — Bob]

            [video]

            formula: E = mc^2

            More

            Shown

            visible

            [button: OK]
            """)
    }

    func testSpoilersReadAsTextWhenShownAndEmptyMessagesAreEmpty() {
        let document = Document(blocks: [.paragraph(.styled(.spoiler, .plain("secret")))])
        XCTAssertEqual(AltText.of(document), "[spoiler]")
        XCTAssertEqual(AltText.of(document, showSpoilers: true), "secret")
        XCTAssertEqual(AltText.of(Document(blocks: [.divider, .anchor(name: "a"), .paragraph(.plain(" "))])), "")
    }
}
