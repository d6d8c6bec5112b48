import Document
import GoldenSupport
import Markup
import RichMessageRenderer
import XCTest

/// The plain-message fallback (issue 63): every payload goes through the Bot API-shaped validator
/// (`BotEntityRules.problems`: ranges in UTF-16 code units, nesting as the Bot API documents it, 4,096 units at most).
final class FallbackTests: XCTestCase {
    private func messages(_ blocks: [Block], limit: Int = BotMessage.maxLength, file: StaticString = #filePath, line: UInt = #line) -> (messages: [BotMessage], notes: [String]) {
        var writer = FallbackWriter()
        let messages = writer.messages(Document(blocks: blocks), limit: limit)
        for (index, message) in messages.enumerated() {
            XCTAssertEqual(BotEntityRules.problems(message), [], "payload \(index)", file: file, line: line)
            XCTAssertLessThanOrEqual(message.text.utf16.count, limit, file: file, line: line)
        }
        return (messages, writer.notes)
    }

    private func markdown(_ text: String) throws -> [Block] {
        try MarkdownReader.read(text, options: MarkupOptions(detectEntities: false)).blocks
    }

    /// The text an entity covers, read by UTF-16 offsets as the Bot API reads them.
    private func covered(_ entity: BotEntity, in message: BotMessage) -> String {
        let units = Array(message.text.utf16)
        return String(decoding: units[entity.offset..<entity.end], as: UTF16.self)
    }

    func testALongAnswerIsSplitAtBlocksAndLosesNoText() throws {
        let paragraphs = (1...60).map { "Paragraph \($0) of a long answer, with **bold \($0)** and a [link](https://example.com/\($0)). " + String(repeating: "More words here. ", count: 8) }
        let (messages, _) = messages(try markdown(paragraphs.joined(separator: "\n\n")))
        XCTAssertGreaterThan(messages.count, 2)
        let joined = messages.map(\.text).joined(separator: "\n\n")
        for (index, paragraph) in paragraphs.enumerated() {
            let plain = paragraph.replacingOccurrences(of: "**", with: "").replacingOccurrences(of: "[link](https://example.com/\(index + 1))", with: "link")
            XCTAssertTrue(joined.contains(plain.trimmingCharacters(in: .whitespaces)), "paragraph \(index + 1) is whole in one payload")
        }
        // Cut at block boundaries: no payload starts in the middle of a paragraph.
        for message in messages { XCTAssertTrue(message.text.hasPrefix("Paragraph "), String(message.text.prefix(40))) }
        let links = messages.flatMap { message in message.entities.filter { $0.type == "text_link" }.map { (covered($0, in: message), $0.url) } }
        XCTAssertEqual(links.count, 60)
        XCTAssertTrue(links.allSatisfy { $0.0 == "link" })
    }

    func testAParagraphLongerThanAPayloadIsCutAfterASentence() throws {
        let sentence = "This sentence is one of many in a very long paragraph. "
        let (messages, _) = messages(try markdown(String(repeating: sentence, count: 200)))
        XCTAssertGreaterThan(messages.count, 2)
        for message in messages { XCTAssertTrue(message.text.hasSuffix("paragraph."), String(message.text.suffix(30))) }
        XCTAssertEqual(messages.map { $0.text.components(separatedBy: "This sentence").count - 1 }.reduce(0, +), 200)
    }

    func testALongCodeBlockBecomesSeveralPreBlocksCutAtLines() throws {
        let code = (1...600).map { "let value\($0) = compute(\($0))" }.joined(separator: "\n")
        let (messages, _) = messages([.preformatted(.plain(code), language: "swift")])
        XCTAssertGreaterThan(messages.count, 3)
        var lines: [String] = []
        for message in messages {
            XCTAssertEqual(message.entities.count, 1)
            let entity = try XCTUnwrap(message.entities.first)
            XCTAssertEqual(entity.type, "pre")
            XCTAssertEqual(entity.language, "swift")
            XCTAssertEqual(entity.offset, 0)
            XCTAssertEqual(entity.length, message.text.utf16.count, "the pre block is the whole payload")
            lines += message.text.split(separator: "\n").map(String.init)
        }
        XCTAssertEqual(lines, code.split(separator: "\n").map(String.init), "cut between lines, none lost")
    }

    func testABoldRunLongerThanAPayloadIsClosedAndReopened() throws {
        let words = String(repeating: "bold words ", count: 600).trimmingCharacters(in: .whitespaces)
        let (messages, _) = messages([.paragraph(.styled(.bold, .plain(words)))])
        XCTAssertEqual(messages.count, 2)
        for message in messages {
            XCTAssertEqual(message.entities.map(\.type), ["bold"])
            XCTAssertEqual(message.entities.first?.length, message.text.utf16.count)
        }
    }

    func testEmojiAndRTLTextAreCountedInUTF16AndNeverCutInsideAPair() throws {
        // 2 UTF-16 units per emoji, no space to cut at: the hard cut must fall between pairs.
        let (emoji, _) = messages([.paragraph(.plain(String(repeating: "😀", count: 3_000)))])
        XCTAssertEqual(emoji.count, 2)
        XCTAssertEqual(emoji.map { $0.text.count }.reduce(0, +), 3_000)
        XCTAssertTrue(emoji.allSatisfy { $0.text.unicodeScalars.allSatisfy { $0 == "😀" } })

        let text: RichText = .concat([.plain("مرحبا 👨‍👩‍👧 "), .styled(.bold, .plain("عالم")), .plain(" and "),
                                      .customEmoji(id: "5368324170671202286", alt: "👍"), .plain(" שלום "),
                                      .link(.url("https://t.me/x", instantView: false), .plain("קישור"))])
        let (messages, _) = messages([.paragraph(text)])
        let message = try XCTUnwrap(messages.first)
        XCTAssertEqual(message.entities.map(\.type), ["bold", "custom_emoji", "text_link"])
        XCTAssertEqual(message.entities.map { covered($0, in: message) }, ["عالم", "👍", "קישור"])
        XCTAssertEqual(message.entities[0].offset, "مرحبا 👨‍👩‍👧 ".utf16.count, "offsets count UTF-16 code units, not characters")
        XCTAssertEqual(message.entities[1].customEmojiId, "5368324170671202286")
    }

    func testNestedEntitiesFollowTheBotAPIsNestingRules() throws {
        // Bold around code, a link around a custom emoji and code: cut around what they may not contain.
        let text: RichText = .styled(.bold, .concat([.plain("run "), .styled(.fixed, .plain("make")), .plain(" then "),
            .link(.url("https://example.com", instantView: false), .concat([.plain("see "), .customEmoji(id: "1", alt: "🔥"), .plain(" docs "),
                .styled(.italic, .plain("now"))]))]))
        let (messages, _) = messages([.paragraph(text), .paragraph(.link(.url("javascript:alert(1)", instantView: false), .plain("unsafe")))])
        let message = try XCTUnwrap(messages.first)
        let pieces = message.entities.map { "\($0.type):\(covered($0, in: message))" }
        XCTAssertEqual(Set(pieces), ["bold:run ", "code:make", "bold: then see 🔥 docs now", "text_link:see ", "custom_emoji:🔥", "text_link: docs now", "italic:now"])
        XCTAssertFalse(message.entities.contains { $0.type == "text_link" && $0.url?.hasPrefix("javascript") == true }, "only http, https and tg links")
        XCTAssertTrue(message.text.hasSuffix("unsafe"))
    }

    func testTablesAreAlignedWhenNarrowAndRowsWhenWide() throws {
        func cell(_ text: String, header: Bool = false, align: TableCell.Align = .left) -> TableCell {
            TableCell(text: .plain(text), header: header, align: align, valign: .top, colspan: 1, rowspan: 1)
        }
        let narrow = TableBlock(title: .plain("Prices"), rows: [[cell("Item", header: true), cell("€", header: true, align: .right)],
                                                              [cell("Tea"), cell("3", align: .right)], [cell("茶"), cell("12", align: .right)]],
                                bordered: true, striped: false, compact: false)
        let (aligned, alignedNotes) = messages([.table(narrow)])
        let message = try XCTUnwrap(aligned.first)
        let pre = try XCTUnwrap(message.entities.first { $0.type == "pre" })
        // 茶 is two cells wide: it is padded like a two-letter word.
        XCTAssertEqual(covered(pre, in: message), "Item |  €\n-----+---\nTea  |  3\n茶   | 12")
        XCTAssertEqual(alignedNotes, ["table 1: an aligned monospace block (9 characters wide)"])

        let wide = TableBlock(title: .empty, rows: [[cell("Scenario", header: true), cell("Before the change", header: true), cell("After the change", header: true)],
                                                     [cell("Plain chat answer"), cell("41 ms"), cell("12 ms")]],
                              bordered: false, striped: false, compact: false)
        let (rows, rowNotes) = messages([.table(wide)])
        XCTAssertEqual(rows.first?.text, "• Plain chat answer · Before the change: 41 ms · After the change: 12 ms")
        XCTAssertEqual(rowNotes, ["table 1: one line a row (aligned it would be 56 characters wide, more than 40)"])
    }

    func testFormulasAreTheirTeXInCodeAndMediaAreListedWithCaptions() throws {
        let (messages, _) = messages([.paragraph(.concat([.plain("Euler: "), .math(source: "e^{i\\pi} + 1 = 0", location: nil)])),
                                      .formula(source: "\\int_0^1 x^2\\,dx", location: nil),
                                      .photo(mediaId: "p", caption: Caption(text: .plain("The Colosseum"), credit: .plain("A. T.")), spoiler: false, url: nil)])
        let message = try XCTUnwrap(messages.first)
        XCTAssertEqual(message.text, "Euler: e^{i\\pi} + 1 = 0\n\n\\int_0^1 x^2\\,dx\n\n[Photo] The Colosseum — A. T.")
        XCTAssertEqual(message.entities.map { "\($0.type):\(covered($0, in: message))" }, ["code:e^{i\\pi} + 1 = 0", "code:\\int_0^1 x^2\\,dx"])
    }

    /// Every golden case's message (every block kind, script and entity the project draws) makes valid payloads.
    func testEveryGoldenMessageMakesValidPayloads() throws {
        var cases = 0
        for testCase in try GoldenCaseLayout.all() {
            guard let document = try testCase.settings.decode(testCase.bytes, path: testCase.fixture).lastDocument else { continue }
            var writer = FallbackWriter()
            let messages = writer.messages(document)
            XCTAssertFalse(messages.isEmpty, testCase.name)
            for message in messages { XCTAssertEqual(BotEntityRules.problems(message), [], testCase.name) }
            // A smaller limit forces cuts through every kind of block.
            for message in writer.messages(document, limit: 120) {
                XCTAssertEqual(BotEntityRules.problems(message).filter { !$0.contains("more than 4096") }, [], "\(testCase.name) at 120")
                XCTAssertLessThanOrEqual(message.text.utf16.count, 120, testCase.name)
            }
            cases += 1
        }
        XCTAssertGreaterThan(cases, 100)
    }

    /// The validator itself refuses what the Bot API refuses.
    func testTheValidatorFindsWhatTheBotAPIRefuses() {
        let cases: [(BotMessage, String)] = [
            (BotMessage(text: String(repeating: "a", count: 4_097), entities: []), "more than 4096"),
            (BotMessage(text: "abcdef", entities: [BotEntity(type: "bold", offset: 0, length: 4), BotEntity(type: "italic", offset: 2, length: 4)]), "cross"),
            (BotMessage(text: "abcdef", entities: [BotEntity(type: "code", offset: 0, length: 6), BotEntity(type: "bold", offset: 1, length: 2)]), "may not contain"),
            (BotMessage(text: "abcdef", entities: [BotEntity(type: "blockquote", offset: 0, length: 6), BotEntity(type: "blockquote", offset: 1, length: 2)]), "may not contain"),
            (BotMessage(text: "abcdef", entities: [BotEntity(type: "text_link", offset: 0, length: 3, url: "file:///etc/passwd")]), "not http"),
            (BotMessage(text: "😀b", entities: [BotEntity(type: "bold", offset: 1, length: 2)]), "surrogate pair"),
            (BotMessage(text: "abc", entities: [BotEntity(type: "bold", offset: 2, length: 5)]), "not within"),
            (BotMessage(text: " abc", entities: []), "starts with white space"),
        ]
        for (message, expected) in cases {
            XCTAssertTrue(BotEntityRules.problems(message).contains { $0.contains(expected) }, "\(expected): \(BotEntityRules.problems(message))")
        }
        XCTAssertEqual(BotEntityRules.problems(BotMessage(text: "bold code", entities: [BotEntity(type: "bold", offset: 0, length: 4),
                                                                                          BotEntity(type: "code", offset: 5, length: 4)])), [])
    }
}
