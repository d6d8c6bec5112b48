import GoldenSupport
import XCTest
@testable import Document

final class DecoderTests: XCTestCase {
    private func decode(_ json: String, strict: Bool = false) throws -> DecodedInput {
        try InputDecoder.decode(bytes: Array(json.utf8), strict: strict)
    }

    private func assertDecodeError(_ json: String, path: String, contains text: String = "", strict: Bool = false,
                                   file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try decode(json, strict: strict), file: file, line: line) { error in
            guard let error = error as? DecodeError else { return XCTFail("not a DecodeError: \(error)", file: file, line: line) }
            XCTAssertEqual(error.path, path, file: file, line: line)
            XCTAssertTrue(text.isEmpty || error.message.contains(text), "\(error.message)", file: file, line: line)
        }
    }

    func testEverySharedSampleDecodes() throws {
        for folder in ["botapi", "telethon"] {
            let directory = try TestEnvironment.data("samples/" + folder)
            let files = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".json") }.sorted()
            XCTAssertFalse(files.isEmpty)
            for file in files {
                let data = try XCTUnwrap(FileManager.default.contents(atPath: directory + "/" + file))
                let input = try InputDecoder.decode(bytes: [UInt8](data))
                XCTAssertNotNil(input.lastDocument, file)
                XCTAssertFalse(input.lastDocument!.blocks.isEmpty, file)
                XCTAssertTrue(input.warnings.isEmpty, "\(file): \(input.warnings)")
            }
        }
    }

    func testBotAPIShapesAreDetected() throws {
        let rich = #"{"blocks": [{"type": "paragraph", "text": "hi"}]}"#
        for json in [rich, #"{"chat_id": 1, "rich_message": \#(rich)}"#,
                     #"{"message_id": 1, "rich_message": \#(rich)}"#,
                     #"{"update_id": 1, "message": {"message_id": 2, "rich_message": \#(rich)}}"#,
                     #"{"chat_id": 1, "rich_message": "{\"blocks\": [{\"type\": \"paragraph\", \"text\": \"hi\"}]}"}"#] {
            let input = try decode(json)
            XCTAssertEqual(input.format, .botAPI)
            XCTAssertEqual(input.lastDocument?.blocks, [.paragraph(.plain("hi"))], json)
        }
    }

    func testDraftStreamKeepsTimesAndIds() throws {
        let input = try decode(#"""
        [{"t": 0.0, "chat_id": 1, "draft_id": 7, "rich_message": {"blocks": [{"type": "thinking", "text": "…"}]}},
         {"t": 1.5, "chat_id": 1, "draft_id": 7, "rich_message": {"blocks": [{"type": "paragraph", "text": "a"}]}},
         {"chat_id": 1, "rich_message": {"blocks": [{"type": "paragraph", "text": "final"}]}}]
        """#)
        XCTAssertTrue(input.isStream)
        XCTAssertEqual(input.frames.map(\.kind), [.draft(id: "7"), .draft(id: "7"), .message])
        XCTAssertEqual(input.frames.map(\.time), [0.0, 1.5, nil])
        XCTAssertEqual(input.lastDocument?.blocks, [.paragraph(.plain("final"))])
    }

    func testEveryRichTextFormOfTheBotAPI() throws {
        let input = try decode(#"""
        {"blocks": [{"type": "paragraph", "text": [
          "plain", ["nested", "array"], {"type": "bold", "text": "b"}, {"type": "code", "text": "c"},
          {"type": "custom_emoji", "custom_emoji_id": "5368324170671202286", "alternative_text": "👍"},
          {"type": "date_time", "text": "t", "unix_time": 1787784300, "date_time_format": "wDT"},
          {"type": "text_mention", "text": "P", "user": {"id": 99, "is_bot": false, "first_name": "P"}},
          {"type": "reference_link", "text": "[1]", "reference_name": "n"}, {"type": "anchor", "name": "x"}]}]}
        """#)
        guard case .paragraph(.concat(let parts))? = input.lastDocument?.blocks.first else { return XCTFail("not a paragraph") }
        XCTAssertEqual(parts[0], .plain("plain"))
        XCTAssertEqual(parts[1], .concat([.plain("nested"), .plain("array")]))
        XCTAssertEqual(parts[2], .styled(.bold, .plain("b")))
        XCTAssertEqual(parts[3], .styled(.fixed, .plain("c")))
        XCTAssertEqual(parts[4], .customEmoji(id: "5368324170671202286", alt: "👍"))
        guard case .date(let date) = parts[5] else { return XCTFail("not a date") }
        XCTAssertEqual(date.unixTime, 1_787_784_300)
        XCTAssertTrue(date.format.dayOfWeek && date.format.longDate && date.format.longTime && !date.format.shortTime)
        XCTAssertEqual(parts[6], .link(.textMention(userId: 99), .plain("P")))
        XCTAssertEqual(parts[7], .link(.referenceLink("n"), .plain("[1]")))
        XCTAssertEqual(parts[8], .anchor(name: "x", .empty))
    }

    func testSendShapeListLabelsAreComputed() throws {
        let input = try decode(#"""
        {"blocks": [{"type": "list", "items": [
          {"blocks": [], "value": 3, "type": "1"}, {"blocks": [], "value": 3, "type": "a"},
          {"blocks": [], "value": 28, "type": "A"}, {"blocks": [], "value": 4, "type": "i"}, {"blocks": [], "value": 1994, "type": "I"}]},
          {"type": "list", "items": [{"blocks": []}, {"blocks": [], "label": "•", "has_checkbox": true, "is_checked": true}]}]}
        """#)
        guard case .list(let ordered)? = input.lastDocument?.blocks.first, case .list(let bullets)? = input.lastDocument?.blocks.last else {
            return XCTFail("lists not decoded")
        }
        XCTAssertEqual(ordered.items.map(\.label), ["3.", "c.", "AB.", "iv.", "MCMXCIV."])
        XCTAssertTrue(ordered.ordered)
        XCTAssertEqual(bullets.items.map(\.label), ["•", "•"])
        XCTAssertFalse(bullets.ordered)
        XCTAssertTrue(bullets.items[1].hasCheckbox && bullets.items[1].isChecked)
    }

    func testTelethonNullFlagsDatesBytesAndMediaPool() throws {
        let input = try decode(#"""
        {"_": "Page", "url": "u", "rtl": null, "part": true, "v2": false, "views": null,
         "photos": [{"_": "Photo", "id": 9007199254740993, "access_hash": 1, "file_reference": "AQI=", "date": 1700000000, "dc_id": 2,
                     "sizes": [{"_": "PhotoStrippedSize", "type": "i", "bytes": "AQID"}, {"_": "PhotoSize", "type": "x", "w": 800, "h": 600, "size": 1}]}],
         "documents": [],
         "blocks": [{"_": "PageBlockAuthorDate", "author": {"_": "TextPlain", "text": "me"}, "published_date": "2026-03-14T15:09:26+00:00"},
                    {"_": "PageBlockPhoto", "photo_id": 9007199254740993, "caption": {"_": "PageCaption", "text": {"_": "TextEmpty"}, "credit": {"_": "TextEmpty"}}, "spoiler": null, "url": null, "webpage_id": null},
                    {"_": "PageBlockOrderedList", "items": [{"_": "PageListOrderedItemText", "text": {"_": "TextPlain", "text": "x"}, "checkbox": null, "checked": null, "num": null, "value": null, "type": null}], "reversed": false, "start": 3, "type": "I"}]}
        """#)
        XCTAssertEqual(input.format, .telethon)
        let document = try XCTUnwrap(input.lastDocument)
        XCTAssertFalse(document.rtl)
        XCTAssertTrue(document.partial)
        XCTAssertEqual(document.blocks[0], .authorDate(author: .plain("me"), unixTime: 1_773_500_966))
        XCTAssertEqual(document.blocks[1], .photo(mediaId: "9007199254740993", caption: .none, spoiler: false, url: nil))
        let media = try XCTUnwrap(document.media["9007199254740993"])
        XCTAssertEqual(media.width, 800)
        XCTAssertEqual(media.strippedThumbnail, [1, 2, 3])
        guard case .list(let list) = document.blocks[2] else { return XCTFail("not a list") }
        XCTAssertEqual(list.items.map(\.label), ["III."])
    }

    func testTelethonStreamWithStopAction() throws {
        let rich = #"{"_": "RichMessage", "blocks": [{"_": "PageBlockParagraph", "text": {"_": "TextPlain", "text": "a"}}], "photos": [], "documents": [], "rtl": false, "part": true}"#
        let input = try decode(#"""
        [{"_": "UpdateUserTyping", "user_id": 1, "action": {"_": "SendMessageRichMessageDraftAction", "rich_message": \#(rich), "can_stop": true, "keep_on_stop": false, "random_id": 1234605616436508552}, "top_msg_id": null, "t": 0.0},
         {"_": "UpdateUserTyping", "user_id": 1, "action": {"_": "SendMessageStopDraftAction", "random_id": 1234605616436508552}, "top_msg_id": null, "t": 0.4}]
        """#)
        XCTAssertEqual(input.frames.map(\.kind), [.draft(id: "1234605616436508552"), .stop(id: "1234605616436508552")])
        XCTAssertNotNil(input.lastDocument)
    }

    func testUnknownTypesBecomePlaceholdersOrStrictErrors() throws {
        let json = #"{"blocks": [{"type": "hologram"}, {"type": "paragraph", "text": {"type": "sparkle", "text": "x"}}]}"#
        let input = try decode(json)
        XCTAssertEqual(input.lastDocument?.blocks.first, .unsupported(type: "hologram", location: .jsonPath("$.blocks[0]")))
        XCTAssertEqual(input.lastDocument?.blocks.last, .paragraph(.unknown(type: "sparkle", text: .plain("x"))))
        XCTAssertEqual(input.warnings.count, 2)
        XCTAssertTrue(input.warnings[0].contains("$.blocks[0]"), input.warnings[0])
        // Under --strict the input reads and is refused: a Refusal (unknown type), not a DecodeError.
        XCTAssertThrowsError(try decode(json, strict: true)) { error in
            let refusal = error as? Refusal
            XCTAssertEqual(refusal?.reason, .unknownType)
            XCTAssertEqual(refusal?.path, "$.blocks[0]")
            XCTAssertEqual(refusal?.message, "unknown block type \"hologram\"")
        }
    }

    func testNestingDeeperThan64IsACleanError() {
        var text = "\"x\""
        for _ in 0..<70 { text = #"{"type": "bold", "text": \#(text)}"# }
        assertDecodeError(#"{"blocks": [{"type": "paragraph", "text": \#(text)}]}"#, path: "$.blocks[0]" + String(repeating: ".text", count: 64),
                          contains: "nesting deeper than 64")
        var blocks = #"[{"type": "paragraph", "text": "x"}]"#
        for _ in 0..<70 { blocks = #"[{"type": "blockquote", "blocks": \#(blocks)}]"# }
        XCTAssertThrowsError(try decode(#"{"blocks": \#(blocks)}"#)) { error in
            XCTAssertTrue("\(error)".contains("nesting deeper than 64"), "\(error)")
        }
    }

    func testErrorsCarryTheJSONPath() {
        assertDecodeError(#"{"rich_message": {"blocks": [{"type": "paragraph"}]}}"#, path: "$.rich_message.blocks[0].text", contains: "missing required field")
        assertDecodeError(#"{"blocks": [{"type": "paragraph", "text": 5}]}"#, path: "$.blocks[0].text",
                          contains: "expected string, array or object with \"type\"")
        assertDecodeError(#"{"blocks": [{"type": "table", "cells": [[{"align": "middle", "valign": "top"}]]}]}"#,
                          path: "$.blocks[0].cells[0][0].align")
        assertDecodeError(#"{"blocks": {}}"#, path: "$.blocks", contains: "expected array")
        assertDecodeError(#"{"_": "RichMessage", "blocks": [{"_": "PageBlockParagraph"}]}"#, path: "$.blocks[0].text")
        assertDecodeError(#"{"hello": 1}"#, path: "$", contains: "not a rich message")
        assertDecodeError("[]", path: "$", contains: "empty array")
        assertDecodeError(#"{"blocks": [{"type": "paragraph", "text": {"type": "date_time", "text": "x", "unix_time": 1, "date_time_format": "q"}}]}"#,
                          path: "$.blocks[0].text.date_time_format")
    }
}

/// Fields the Bot API schema marks required are required (issue 10); the leniencies real clients need are
/// listed in `cli-contract.md` and tested here as accepted.
final class RequiredFieldTests: XCTestCase {
    private func path(_ json: String) -> String? {
        do {
            _ = try InputDecoder.decode(bytes: Array(json.utf8))
            return nil
        } catch {
            return (error as? DecodeError)?.path
        }
    }

    private func block(_ block: String) -> String { #"{"blocks": [\#(block)]}"# }

    func testMissingRequiredFieldsNameTheirPath() {
        XCTAssertEqual(path(block(#"{"type": "heading", "text": "x"}"#)), "$.blocks[0].size")
        XCTAssertEqual(path(block(#"{"type": "table", "cells": [[{"text": "a", "valign": "top"}]]}"#)), "$.blocks[0].cells[0][0].align")
        XCTAssertEqual(path(block(#"{"type": "table", "cells": [[{"text": "a", "align": "left"}]]}"#)), "$.blocks[0].cells[0][0].valign")
        XCTAssertEqual(path(block(#"{"type": "paragraph", "text": {"type": "date_time", "text": "x", "unix_time": 1}}"#)),
                       "$.blocks[0].text.date_time_format")
        XCTAssertEqual(path(block(##"{"type": "paragraph", "text": {"type": "hashtag", "text": "#a"}}"##)), "$.blocks[0].text.hashtag")
        XCTAssertEqual(path(block(#"{"type": "paragraph", "text": {"type": "mention", "text": "@a"}}"#)), "$.blocks[0].text.username")
        XCTAssertEqual(path(block(#"{"type": "video", "video": {"file_id": "f", "file_unique_id": "u", "width": 1, "height": 1}}"#)),
                       "$.blocks[0].video.duration")
        XCTAssertEqual(path(block(#"{"type": "photo", "photo": [{"file_id": "f", "file_unique_id": "u", "width": 1}]}"#)),
                       "$.blocks[0].photo[0].height")
        XCTAssertEqual(path(block(#"{"type": "audio", "audio": {"file_id": "f", "duration": 3}}"#)), "$.blocks[0].audio.file_unique_id")
    }

    func testTelethonRequiredFields() {
        func page(_ block: String) -> String { #"{"_": "RichMessage", "blocks": [\#(block)], "photos": [], "documents": []}"# }
        let emoji = #"{"_": "PageBlockParagraph", "text": {"_": "TextCustomEmoji", "document_id": 5}}"#
        XCTAssertEqual(path(page(emoji)), "$.blocks[0].text.alt")
        let image = #"{"_": "PageBlockParagraph", "text": {"_": "TextImage", "document_id": 5, "w": 10}}"#
        XCTAssertEqual(path(page(image)), "$.blocks[0].text.h")
        let caption = #"{"_": "PageBlockPhoto", "photo_id": 1, "caption": {"_": "PageCaption", "text": {"_": "TextEmpty"}}}"#
        XCTAssertEqual(path(page(caption)), "$.blocks[0].caption.credit")
        let map = #"{"_": "PageBlockMap", "geo": {"_": "GeoPoint", "lat": 1, "long": 2}, "w": 10, "h": 10, "caption": {"_": "PageCaption", "text": {"_": "TextEmpty"}, "credit": {"_": "TextEmpty"}}}"#
        XCTAssertEqual(path(page(map)), "$.blocks[0].zoom")
        let url = #"{"_": "PageBlockParagraph", "text": {"_": "TextUrl", "text": {"_": "TextPlain", "text": "x"}, "url": "https://a"}}"#
        XCTAssertEqual(path(page(url)), "$.blocks[0].text.webpage_id")
    }

    func testDocumentedLeniencies() {
        // Send shape: InputMedia* needs only `media`; list items carry no `label`; map dimensions are optional.
        XCTAssertNil(path(block(#"{"type": "video", "video": {"type": "video", "media": "file-id"}}"#)))
        XCTAssertNil(path(block(#"{"type": "list", "items": [{"blocks": [{"type": "paragraph", "text": "x"}]}]}"#)))
        XCTAssertNil(path(block(#"{"type": "map", "location": {"latitude": 1, "longitude": 2}}"#)))
        // A text mention needs only the user's id (the server ignores the rest).
        XCTAssertNil(path(block(#"{"type": "paragraph", "text": {"type": "text_mention", "text": "x", "user": {"id": 5}}}"#)))
    }
}

/// The input-format seam (issue 11, P4): formats are picked by name, extension or sniffing.
final class InputFormatTests: XCTestCase {
    /// A stand-in second format, as a Markdown front-end will be: it claims `.txt` and bytes starting "#".
    enum PlainHeadingFormat: InputFormat {
        static let name = "heading"
        static let fileExtensions = ["txt"]
        static func sniff(_ bytes: [UInt8]) -> Bool { bytes.first == UInt8(ascii: "#") }
        static func decode(_ bytes: [UInt8], options: DecodeOptions) throws -> DecodedInput {
            let text = String(decoding: bytes.drop { $0 == UInt8(ascii: "#") || $0 == 0x20 }, as: UTF8.self)
            let document = Document(blocks: [.heading(level: 1, .plain(text))])
            return DecodedInput(format: .botAPI, frames: [MessageFrame(kind: .message, time: nil, document: document)], warnings: [], isStream: false)
        }
    }

    let formats: [any InputFormat.Type] = [JSONMessageFormat.self, PlainHeadingFormat.self]

    func testJSONIsSniffedAfterByteOrderMarkAndWhiteSpace() {
        XCTAssertTrue(JSONMessageFormat.sniff(Array("\u{FEFF}  \n{\"blocks\": []}".utf8)))
        XCTAssertTrue(JSONMessageFormat.sniff(Array("[{}]".utf8)))
        XCTAssertFalse(JSONMessageFormat.sniff(Array("# Title".utf8)))
    }

    func testANewFormatIsOneTypeChosenByNameExtensionOrSniffing() throws {
        let heading = Array("# Hello".utf8)
        let sniffed = try InputFormats.decode(heading, formats: formats)
        XCTAssertEqual(sniffed.lastDocument?.blocks, [.heading(level: 1, .plain("Hello"))])
        XCTAssertEqual(try InputFormats.decode(Array("Hi".utf8), path: "notes.txt", formats: formats).lastDocument?.blocks,
                       [.heading(level: 1, .plain("Hi"))])
        let named = try XCTUnwrap(InputFormats.named("Heading", in: formats))
        XCTAssertEqual(try InputFormats.decode(heading, format: named, formats: formats).lastDocument?.blocks.count, 1)
        XCTAssertThrowsError(try InputFormats.decode(heading, format: JSONMessageFormat.self, formats: formats))
        XCTAssertNil(InputFormats.named("yaml", in: formats))
    }

    func testAPNGIsNotARichMessage() {
        XCTAssertThrowsError(try InputFormats.decode([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])) { error in
            XCTAssertTrue((error as? DecodeError)?.message.contains("PNG image") ?? false)
        }
    }
}
