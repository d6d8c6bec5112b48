import Drawing
import Foundation
import GoldenSupport
@testable import Layout
import RichMessageRenderer
import XCTest

/// Issue 22, world text: real words in 52 scripts draw with their script's own face in every text style, never
/// as missing-glyph boxes; Han takes the forms of the locale; a character no font draws is reported.
final class WorldTextTests: XCTestCase {
    /// (script, a word or two written in it, the file-name start of the face expected in sans styles, in serif
    /// styles). Words chosen for this test; Latin, Greek and Cyrillic are Inter's and Noto Serif's own.
    static let corpus: [(script: String, word: String, sans: String, serif: String)] = [
        ("Latin", "Hello world", "Inter", "NotoSerif-"),
        ("Greek", "Καλημέρα", "Inter", "NotoSerif-"),
        ("Cyrillic", "Привет", "Inter", "NotoSerif-"),
        ("Armenian", "Բարեւ", "NotoSansArmenian", "NotoSerifArmenian"),
        ("Georgian", "გამარჯობა", "NotoSansGeorgian", "NotoSerifGeorgian"),
        ("Hebrew", "שלום עולם", "NotoSansHebrew", "NotoSerifHebrew"),
        ("Arabic", "مرحبا بالعالم", "NotoSansArabic", "NotoSansArabic"),
        ("Syriac", "ܫܠܡܐ", "NotoSansSyriac", "NotoSansSyriac"),
        ("Thaana", "ދިވެހި", "NotoSansThaana", "NotoSansThaana"),
        ("NKo", "ߒߞߏ", "NotoSansNKo", "NotoSansNKo"),
        ("Devanagari", "नमस्ते दुनिया", "NotoSansDevanagari", "NotoSerifDevanagari"),
        ("Bengali", "বাংলা ভাষা", "NotoSansBengali", "NotoSerifBengali"),
        ("Gurmukhi", "ਪੰਜਾਬੀ", "NotoSansGurmukhi", "NotoSerifGurmukhi"),
        ("Gujarati", "ગુજરાતી", "NotoSansGujarati", "NotoSerifGujarati"),
        ("Oriya", "ଓଡ଼ିଆ", "NotoSansOriya", "NotoSansOriya"),
        ("Tamil", "தமிழ்", "NotoSansTamil", "NotoSerifTamil"),
        ("Telugu", "తెలుగు", "NotoSansTelugu", "NotoSerifTelugu"),
        ("Kannada", "ಕನ್ನಡ", "NotoSansKannada", "NotoSerifKannada"),
        ("Malayalam", "മലയാളം", "NotoSansMalayalam", "NotoSerifMalayalam"),
        ("Sinhala", "සිංහල", "NotoSansSinhala", "NotoSerifSinhala"),
        ("Thai", "ภาษาไทย", "NotoSansThai", "NotoSerifThai"),
        ("Lao", "ພາສາລາວ", "NotoSansLao", "NotoSerifLao"),
        ("Tibetan", "བོད་ཡིག", "NotoSerifTibetan", "NotoSerifTibetan"),
        ("Myanmar", "မြန်မာ", "NotoSansMyanmar", "NotoSerifMyanmar"),
        ("Khmer", "ភាសាខ្មែរ", "NotoSansKhmer", "NotoSerifKhmer"),
        ("Ethiopic", "አማርኛ", "NotoSansEthiopic", "NotoSerifEthiopic"),
        ("Cherokee", "ᏣᎳᎩ", "NotoSansCherokee", "NotoSansCherokee"),
        ("CanadianAboriginal", "ᐃᓄᒃᑎᑐᑦ", "NotoSansCanadianAboriginal", "NotoSansCanadianAboriginal"),
        ("Mongolian", "ᠮᠣᠩᠭᠣᠯ", "NotoSansMongolian", "NotoSansMongolian"),
        ("Yi", "ꆈꌠꉙ", "NotoSansYi", "NotoSansYi"),
        ("Javanese", "ꦧꦱꦗꦮ", "NotoSansJavanese", "NotoSansJavanese"),
        ("Balinese", "ᬩᬲᬩᬮᬶ", "NotoSansBalinese", "NotoSerifBalinese"),
        ("Sundanese", "ᮘᮞ ᮞᮥᮔ᮪ᮓ", "NotoSansSundanese", "NotoSansSundanese"),
        ("Tifinagh", "ⵜⴰⵎⴰⵣⵉⵖⵜ", "NotoSansTifinagh", "NotoSansTifinagh"),
        ("OlChiki", "ᱚᱞ ᱪᱤᱠᱤ", "NotoSansOlChiki", "NotoSansOlChiki"),
        ("Adlam", "𞤀𞤣𞤤𞤢𞤥", "NotoSansAdlam", "NotoSansAdlam"),
        ("Lisu", "ꓡꓲ ꓢꓴ", "NotoSansLisu", "NotoSansLisu"),
        ("Vai", "ꕙꔤ", "NotoSansVai", "NotoSansVai"),
        ("Bamum", "ꚠꚡꚢ", "NotoSansBamum", "NotoSansBamum"),
        ("MeeteiMayek", "ꯃꯤꯇꯩ ꯃꯌꯦꯛ", "NotoSansMeeteiMayek", "NotoSansMeeteiMayek"),
        ("Chakma", "𑄌𑄋𑄴𑄟𑄳𑄦", "NotoSansChakma", "NotoSansChakma"),
        ("HanifiRohingya", "𐴌𐴟𐴇𐴥𐴝𐴚𐴒𐴙𐴝", "NotoSansHanifiRohingya", "NotoSansHanifiRohingya"),
        ("TaiLe", "ᥖᥭᥰ", "NotoSansTaiLe", "NotoSansTaiLe"),
        ("NewTaiLue", "ᦟᦲᧅᦷ", "NotoSansNewTaiLue", "NotoSansNewTaiLue"),
        ("Cham", "ꨌꩌ", "NotoSansCham", "NotoSansCham"),
        ("Osage", "𐓏𐓘𐓻𐓘𐓻𐓟", "NotoSansOsage", "NotoSansOsage"),
        ("Samaritan", "ࠔࠌࠊࠓ", "NotoSansSamaritan", "NotoSansSamaritan"),
        ("Han", "中文汉字", "NotoSansCJK", "NotoSansCJK"),
        ("Hiragana", "ひらがな", "NotoSansCJK", "NotoSansCJK"),
        ("Katakana", "カタカナ", "NotoSansCJK", "NotoSansCJK"),
        ("Hangul", "한국어", "NotoSansCJK", "NotoSansCJK"),
        ("Bopomofo", "ㄅㄆㄇㄈ", "NotoSansCJK", "NotoSansCJK"),
    ]

    /// Every text box of a layout, nested ones (code, table cells, details) included.
    static func textBoxes(_ items: [LayoutItem]) -> [TextBox] {
        items.flatMap { item -> [TextBox] in
            switch item.content {
            case .text(let box): return [box]
            case .codeBlock(let code): return [code.text]
            case .table(let table): return table.cells.flatMap { textBoxes($0.items) }
            case .details(let details): return textBoxes(details.items)
            default: return []
            }
        }
    }

    /// The font files a box draws its glyphs with (base names).
    static func fontFiles(_ box: TextBox) -> Set<String> {
        Set(box.lines.flatMap { $0.runs.filter { !$0.glyphs.isEmpty }.map { ($0.font.file as NSString).lastPathComponent } })
    }

    /// A JSON string of a corpus word (none holds a quote or a backslash).
    static func json(_ value: String) -> String { "\"" + value + "\"" }

    /// One message with the word as a paragraph, an H3 heading (serif), bold text, a code block and a table cell.
    static func message(_ word: String) -> String {
        let text = json(word)
        return """
        {"blocks": [
          {"type": "paragraph", "text": \(text)},
          {"type": "heading", "size": 3, "text": \(text)},
          {"type": "paragraph", "text": {"type": "bold", "text": \(text)}},
          {"type": "pre", "text": \(text), "language": ""},
          {"type": "table", "cells": [[{"text": \(text), "align": "left", "valign": "top"}]], "is_bordered": true}
        ]}
        """
    }

    func testTheCorpusCoversFortyScripts() {
        XCTAssertGreaterThanOrEqual(Set(Self.corpus.map(\.script)).count, 40)
    }

    /// Paragraph, heading, bold, code and table cell: no missing glyph, and the script's face where one is expected
    /// (the serif face in the heading when Debian has one).
    func testEveryScriptDrawsWithItsFaceInEveryStyle() throws {
        for entry in Self.corpus {
            let layout = try TestEnvironment.layout(Self.message(entry.word))
            let boxes = Self.textBoxes(layout.items)
            XCTAssertEqual(boxes.count, 5, entry.script)
            for (index, box) in boxes.enumerated() {
                XCTAssertEqual(box.missingGlyphs, [], "\(entry.script), style \(index)")
                XCTAssertFalse(box.lines.flatMap(\.runs).flatMap(\.glyphs).contains(where: \.isMissing), "\(entry.script), style \(index)")
            }
            // Paragraph, bold and cell are sans; the H3 heading is serif; code is monospace (DejaVu or a fallback).
            for index in [0, 2, 4] {
                XCTAssertTrue(Self.fontFiles(boxes[index]).contains { $0.hasPrefix(entry.sans) },
                              "\(entry.script), style \(index): \(Self.fontFiles(boxes[index]))")
            }
            XCTAssertTrue(Self.fontFiles(boxes[1]).contains { $0.hasPrefix(entry.serif) }, "\(entry.script) heading: \(Self.fontFiles(boxes[1]))")
            XCTAssertEqual(layout.missingGlyphs, [], entry.script)
        }
    }

    /// Without the collection (a font folder listing the base faces only) the same words are boxes, reported and
    /// drawn differently: the assertions above can fail.
    func testWithoutTheCollectionTheWordsAreBoxes() throws {
        let directory = try TestEnvironment.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let fonts = FontDirectory()
        let list = try String(contentsOfFile: fonts.listFile, encoding: .utf8).split(separator: "\n").filter { $0.hasSuffix("\tbase") }
        try (list.joined(separator: "\n") + "\n").write(toFile: directory + "/fonts.list", atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(atPath: fonts.configurationFile, toPath: directory + "/fonts.conf")
        let baseOnly = RenderPipeline(fonts: try FontSet(directory: FontDirectory(path: directory)))
        var settings = RenderSettings()
        settings.layout.bubble = false
        for entry in Self.corpus where ["Devanagari", "Han", "Thai", "Ethiopic", "Hangul"].contains(entry.script) {
            let text = #"{"blocks": [{"type": "paragraph", "text": "# + Self.json(entry.word) + "}]}"
            let input = try settings.decode(Array(text.utf8), path: nil)
            let boxes = try baseOnly.layout(input, settings: settings)
            let drawn = try TestEnvironment.pipeline.layout(input, settings: settings)
            XCTAssertFalse(boxes.missingGlyphs.isEmpty, entry.script)
            XCTAssertEqual(drawn.missingGlyphs, [], entry.script)
            XCTAssertNotEqual(try baseOnly.renderer.image(boxes).pixels, try TestEnvironment.pipeline.renderer.image(drawn).pixels, entry.script)
        }
    }

    // MARK: - Characters several scripts share

    /// The danda (U+0964) belongs to Devanagari, Bengali and a dozen more: it is drawn with the face of the script
    /// around it, not with the first face in the cascade that has it.
    func testSharedPunctuationTakesTheFaceOfItsScript() throws {
        for (word, face) in [("বাংলা।", "NotoSansBengali"), ("हिन्दी।", "NotoSansDevanagari"), ("ਪੰਜਾਬੀ।", "NotoSansGurmukhi")] {
            let layout = try TestEnvironment.layout(#"{"blocks": [{"type": "paragraph", "text": "# + Self.json("abc " + word) + "}]}")
            let box = try XCTUnwrap(Self.textBoxes(layout.items).first)
            let scriptRuns = box.lines.flatMap(\.runs).filter { !($0.font.file as NSString).lastPathComponent.hasPrefix("Inter") }
            XCTAssertEqual(Set(scriptRuns.map { ($0.font.file as NSString).lastPathComponent }), [face + "-Regular.ttf"], word)
        }
    }

    /// Digits, "#" and "*" next to fallback text and emoji stay Inter's (the emoji font has them too).
    func testDigitsBesideFallbackTextAndEmojiStayInter() throws {
        let layout = try TestEnvironment.layout(#"{"blocks": [{"type": "paragraph", "text": "مرحبا 123 #* 😀 中文 456"}]}"#)
        let runs = Self.textBoxes(layout.items).flatMap { $0.lines.flatMap(\.runs) }
        for run in runs {
            let name = (run.font.file as NSString).lastPathComponent
            let text = run.text.filter { !$0.isWhitespace }
            if text.contains(where: { "0123456789#*".contains($0) }) { XCTAssertEqual(name, "Inter-Regular.otf", "\(text) from \(name)") }
            if text.contains("😀") { XCTAssertEqual(name, "NotoColorEmoji.ttf") }
        }
        XCTAssertEqual(Set(runs.map { ($0.font.file as NSString).lastPathComponent }),
                       ["Inter-Regular.otf", "NotoSansArabic-Regular.ttf", "NotoColorEmoji.ttf", "NotoSansCJK-Regular.ttc"])
    }

    /// CJK punctuation some script faces also carry (Noto Sans Yi has "。") is drawn with the CJK face, after Latin
    /// text and after Han alike.
    func testCJKPunctuationComesFromTheCJKFace() throws {
        for text in ["PyTorch。", "学习。常用", "「引用」，结束。"] {
            let layout = try TestEnvironment.layout(#"{"blocks": [{"type": "paragraph", "text": "# + Self.json(text) + "}]}")
            let files = Set(Self.textBoxes(layout.items).flatMap { $0.lines.flatMap(\.runs) }.map { ($0.font.file as NSString).lastPathComponent })
            XCTAssertTrue(files.isSubset(of: ["Inter-Regular.otf", "NotoSansCJK-Regular.ttc"]), "\(text): \(files)")
        }
    }

    // MARK: - Han by locale

    /// The Noto Sans CJK face index of a region's family in its collection file.
    static func cjkFace(_ family: String) throws -> Int {
        try XCTUnwrap(TestEnvironment.pipeline.fonts.collection.faces(of: family).first?.index, family)
    }

    /// The face indices the Han text of a layout is drawn with.
    static func hanFaces(_ layout: PageLayout) -> Set<Int> {
        Set(textBoxes(layout.items).flatMap { $0.lines.flatMap(\.runs) }.filter { $0.font.file.contains("NotoSansCJK") || $0.font.file.contains("NotoSansMonoCJK") }
            .map(\.font.faceIndex))
    }

    func testHanFollowsTheLocale() throws {
        let message = #"{"blocks": [{"type": "paragraph", "text": "直骨写"}]}"#
        for (locale, family) in [("en", "Noto Sans CJK SC"), ("zh-Hans", "Noto Sans CJK SC"), ("zh-CN", "Noto Sans CJK SC"), ("zh-SG", "Noto Sans CJK SC"),
                                 ("zh-TW", "Noto Sans CJK TC"), ("zh-Hant", "Noto Sans CJK TC"), ("zh-HK", "Noto Sans CJK HK"),
                                 ("zh-MO", "Noto Sans CJK HK"), ("ja", "Noto Sans CJK JP"), ("ja-JP", "Noto Sans CJK JP"), ("ko-KR", "Noto Sans CJK KR")] {
            XCTAssertEqual(Self.hanFaces(try TestEnvironment.layout(message, ["--locale", locale])), [try Self.cjkFace(family)], locale)
        }
        // The forms really differ: 直 and 骨 are drawn differently in Japanese and Simplified Chinese.
        var settings = RenderSettings()
        settings.layout.bubble = false
        let images = try ["ja", "zh-Hans"].map { locale -> [UInt8] in
            settings.layout.text.locale = try TextLocale(locale)
            let layout = try TestEnvironment.pipeline.layout(try settings.decode(Array(message.utf8), path: nil), settings: settings)
            return try TestEnvironment.pipeline.renderer.image(layout).pixels
        }
        XCTAssertNotEqual(images[0], images[1])
    }

    /// The Han region is chosen once per message (README Decisions, fourth review, "Han forms without `--locale`"):
    /// kana anywhere makes every paragraph Japanese, Hangul Korean; with both, the script with more characters (a tie:
    /// Japanese). Code takes the monospaced face of the same region.
    func testKanaAndHangulChooseTheRegionOfTheMessage() throws {
        func faces(_ paragraphs: [String], _ locale: String = "en") throws -> Set<Int> {
            let blocks = paragraphs.map { #"{"type": "paragraph", "text": "# + Self.json($0) + "}" }.joined(separator: ", ")
            return Self.hanFaces(try TestEnvironment.layout(#"{"blocks": ["# + blocks + "]}", ["--locale", locale]))
        }
        let japanese = try Self.cjkFace("Noto Sans CJK JP"), korean = try Self.cjkFace("Noto Sans CJK KR")
        // The second paragraph has no kana (no Hangul): it takes the message's region all the same.
        XCTAssertEqual(try faces(["直骨 ひらがな", "直骨写"]), [japanese])
        XCTAssertEqual(try faces(["直骨写", "直骨 한국어"]), [korean])
        // Both: more characters win, a tie is Japanese (without a CJK locale; an English or Russian one is none).
        XCTAssertEqual(try faces(["直骨 ひらがな", "한국어 한국어"]), [korean])
        XCTAssertEqual(try faces(["直骨 ひらがな", "한국어"]), [japanese])
        XCTAssertEqual(try faces(["直骨 ひら", "한국"], "ru"), [japanese])
        // Neither: Simplified Chinese.
        XCTAssertEqual(try faces(["直骨", "写"], "fr"), [try Self.cjkFace("Noto Sans CJK SC")])
        let code = try TestEnvironment.layout(#"{"blocks": [{"type": "pre", "text": "let 名前 = 1", "language": ""}, {"type": "paragraph", "text": "かな"}]}"#)
        XCTAssertEqual(Self.hanFaces(code), [try Self.cjkFace("Noto Sans Mono CJK JP"), japanese])
    }

    /// A given Chinese, Japanese or Korean locale decides over the message's kana and Hangul (README Decisions, fifth
    /// review, "A given CJK locale decides Han forms"): the Han of a message with kana takes the locale's forms.
    func testACJKLocaleDecidesOverKana() throws {
        func faces(_ paragraphs: [String], _ locale: String) throws -> Set<Int> {
            let blocks = paragraphs.map { #"{"type": "paragraph", "text": "# + Self.json($0) + "}" }.joined(separator: ", ")
            return Self.hanFaces(try TestEnvironment.layout(#"{"blocks": ["# + blocks + "]}", ["--locale", locale]))
        }
        for (locale, family) in [("zh-Hant", "Noto Sans CJK TC"), ("zh-Hans", "Noto Sans CJK SC"), ("zh-TW", "Noto Sans CJK TC"),
                                 ("zh-HK", "Noto Sans CJK HK"), ("ko", "Noto Sans CJK KR"), ("ja", "Noto Sans CJK JP")] {
            XCTAssertEqual(try faces(["直骨 ひらがな", "東京都渋谷区直通"], locale), [try Self.cjkFace(family)], locale)
            XCTAssertEqual(try faces(["直骨 한국어"], locale), [try Self.cjkFace(family)], locale)
        }
        // The formula's Han follows the locale too: the PNG under zh-Hant differs from the one under ja.
        let message = #"{"blocks": [{"type": "paragraph", "text": "今日は晴れです。"}, "#
            + #"{"type": "mathematical_expression", "expression": "\\text{直線} = 1"}]}"#
        let pngs = try ["ja", "zh-Hant", "ko"].map { locale -> [UInt8] in
            var settings = RenderSettings()
            settings.layout.text.locale = try TextLocale(locale)
            let layout = try TestEnvironment.pipeline.layout(try settings.decode(Array(message.utf8), path: nil), settings: settings)
            return try TestEnvironment.pipeline.encode(layout, as: .png, settings: settings).bytes
        }
        XCTAssertNotEqual(pngs[0], pngs[1])
        XCTAssertNotEqual(pngs[0], pngs[2])
        XCTAssertNotEqual(pngs[1], pngs[2])
    }

    /// A Japanese message whose second paragraph (and formula) has no kana renders byte for byte as with `--locale ja`:
    /// the region is the message's, not the paragraph's; so does it under a locale that is not CJK.
    func testAJapaneseMessageRendersAsWithItsLocale() throws {
        let message = #"{"blocks": [{"type": "paragraph", "text": "今日は晴れです。"}, {"type": "paragraph", "text": "東京都渋谷区直通"}, "#
            + #"{"type": "mathematical_expression", "expression": "\\text{直線} = 1"}]}"#
        let pngs = try [nil, "ja", "de-DE"].map { locale -> [UInt8] in
            var settings = RenderSettings()
            settings.embedsAltText = false  // which says the language: the locale's tag
            if let locale { settings.layout.text.locale = try TextLocale(locale) }
            let layout = try TestEnvironment.pipeline.layout(try settings.decode(Array(message.utf8), path: nil), settings: settings)
            XCTAssertEqual(layout.formulaFailures.count, 0)
            return try TestEnvironment.pipeline.encode(layout, as: .png, settings: settings).bytes
        }
        XCTAssertEqual(pngs[0], pngs[1])
        XCTAssertEqual(pngs[0], pngs[2], "kana make the message Japanese under a locale that is not CJK")
        // Without the kana, the second paragraph alone is Chinese: its forms differ, so the comparison above can fail.
        var settings = RenderSettings()
        let alone = #"{"blocks": [{"type": "paragraph", "text": "東京都渋谷区直通"}]}"#
        settings.layout.text.locale = try TextLocale("ja")
        let japanese = try TestEnvironment.pipeline.renderer.image(try TestEnvironment.pipeline.layout(try settings.decode(Array(alone.utf8), path: nil), settings: settings)).pixels
        settings.layout.text.locale = .english
        let chinese = try TestEnvironment.pipeline.renderer.image(try TestEnvironment.pipeline.layout(try settings.decode(Array(alone.utf8), path: nil), settings: settings)).pixels
        XCTAssertNotEqual(japanese, chinese)
    }

    /// One font set lays out the same text under two locales in turn: nothing cached keeps the first one's forms.
    func testTheLocaleIsNotCachedAway() throws {
        let message = #"{"blocks": [{"type": "paragraph", "text": "骨"}]}"#
        for _ in 0..<2 {
            XCTAssertEqual(Self.hanFaces(try TestEnvironment.layout(message, ["--locale", "ko"])), [try Self.cjkFace("Noto Sans CJK KR")])
            XCTAssertEqual(Self.hanFaces(try TestEnvironment.layout(message, ["--locale", "zh-HK"])), [try Self.cjkFace("Noto Sans CJK HK")])
        }
    }

    // MARK: - Synthesised styles

    func testMissingBoldAndItalicFacesAreSynthesised() throws {
        let json = #"{"blocks": [{"type": "paragraph", "text": [{"type": "bold", "text": "ܫܠܡܐ नमस्ते"}, " ", {"type": "italic", "text": "中文 Hello"}]}]}"#
        let runs = Self.textBoxes(try TestEnvironment.layout(json).items).flatMap { $0.lines.flatMap(\.runs) }
        func run(_ prefix: String, italic: Bool = false) throws -> FontKey {
            try XCTUnwrap(runs.first { ($0.font.file as NSString).lastPathComponent.hasPrefix(prefix) }?.font, prefix)
        }
        // Syriac has no bold face: emboldened; Devanagari has one: drawn with it.
        XCTAssertTrue(try run("NotoSansSyriac-Regular").embolden)
        XCTAssertFalse(try run("NotoSansDevanagari-Bold").embolden)
        // Noto Sans CJK has no italic: slanted; Inter has an italic face: upright outlines of that face.
        XCTAssertEqual(try run("NotoSansCJK").slant, 0.2, accuracy: 1e-9)
        XCTAssertEqual(try run("Inter-Italic").slant, 0)
    }

    // MARK: - Characters no font draws

    func testCharactersNoFontDrawsAreReportedWithTheirPlace() throws {
        let json = #"{"blocks": [{"type": "paragraph", "text": "fine"}, {"type": "paragraph", "text": "a\u0378b\u0379 c"}, {"type": "paragraph", "text": "\u0378 again"}]}"#
        let layout = try TestEnvironment.layout(json)
        XCTAssertEqual(layout.missingGlyphs, [0x378, 0x379])
        XCTAssertTrue(layout.warnings.contains("no font draws U+0378 (at $.blocks[1], $.blocks[2]), U+0379 (at $.blocks[1]); they are drawn as boxes"), "\(layout.warnings)")
        let boxes = Self.textBoxes(layout.items)
        XCTAssertEqual(boxes[1].missingGlyphs, [MissingGlyph(codePoint: 0x378, range: 1..<2), MissingGlyph(codePoint: 0x379, range: 3..<4)])
        XCTAssertEqual(boxes[0].missingGlyphs, [])
        // In the layout JSON, per text item, with UTF-16 ranges.
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(layout.json().serialized().utf8)) as? [String: Any])
        let items = try XCTUnwrap(object["items"] as? [[String: Any]])
        let missing = try XCTUnwrap(items[1]["missingGlyphs"] as? [[String: Any]])
        XCTAssertEqual(missing.map { $0["codePoint"] as? String }, ["U+0378", "U+0379"])
        XCTAssertEqual(missing.map { $0["range"] as? [Int] }, [[1, 2], [3, 4]])
        XCTAssertNil(items[0]["missingGlyphs"])
        // --strict: an input error at the first place.
        XCTAssertThrowsError(try TestEnvironment.layout(json, ["--strict"])) { error in
            XCTAssertEqual((error as? Refusal)?.reason, .missingGlyph)
            XCTAssertEqual((error as? Refusal)?.path, "$.blocks[1]")
            XCTAssertEqual((error as? Refusal)?.message, "no font draws U+0378, U+0379")
        }
    }

    /// A listed collection file that is not installed leaves its characters undrawn, and the warning names its package.
    func testAMissingCollectionFileIsNamedInTheWarning() throws {
        let directory = try TestEnvironment.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let fonts = FontDirectory()
        var list = try String(contentsOfFile: fonts.listFile, encoding: .utf8).split(separator: "\n").filter { $0.hasSuffix("\tbase") }.map(String.init)
        list.append("/nonexistent/NotoSansThai-Regular.ttf\tfonts-noto-core\tscript")
        try (list.joined(separator: "\n") + "\n").write(toFile: directory + "/fonts.list", atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(atPath: fonts.configurationFile, toPath: directory + "/fonts.conf")
        let pipeline = RenderPipeline(fonts: try FontSet(directory: FontDirectory(path: directory)))
        let settings = RenderSettings()
        let input = try settings.decode(Array(#"{"blocks": [{"type": "paragraph", "text": "ภาษาไทย"}]}"#.utf8), path: nil)
        let layout = try pipeline.layout(input, settings: settings)
        XCTAssertEqual(layout.missingGlyphs.first, 0x0E20)
        XCTAssertTrue(layout.warnings.contains { $0.hasPrefix("no font draws U+0E20") && $0.hasSuffix("(some listed font files are not installed: apt-get install fonts-noto-core)") },
                      "\(layout.warnings)")
    }

    func testMarkdownNamesTheLineOfTheBlock() throws {
        var settings = RenderSettings()
        settings.inputFormat = RenderSettings.markdownFormat
        let input = try settings.decode(Array("# Title\n\nText\n\n- item \u{378}\n".utf8), path: nil)
        let layout = try TestEnvironment.pipeline.layout(input, settings: settings)
        XCTAssertTrue(layout.warnings.contains { $0.hasPrefix("no font draws U+0378 (at 5:1)") }, "\(layout.warnings)")
    }

    func testAPageWithEveryCharacterDrawnWarnsNothing() throws {
        let layout = try TestEnvironment.layout(Self.message("中文 हिन्दी ภาษาไทย"))
        XCTAssertFalse(layout.warnings.contains { $0.contains("no font draws") })
    }

    // MARK: - Formulas

    func testFormulasFallBackThroughTheSymbolAndScriptFaces() throws {
        let typesetter = try XCTUnwrap(TestEnvironment.pipeline.formulas)
        func files(_ latex: String, region: HanRegion = .simplifiedChinese) throws -> [String] {
            let formula = try typesetter.typeset(latex, display: true, size: 19, color: .black, hanRegion: region).get()
            XCTAssertEqual(formula.missingCodePoints, [], latex)
            return formula.frame.glyphRuns.map { ($0.font.file as NSString).lastPathComponent }
        }
        XCTAssertEqual(try files(#"\triangleleft"#), ["latinmodern-math.otf"])
        XCTAssertEqual(try files(#"\triangleright"#), ["latinmodern-math.otf"])
        XCTAssertEqual(try files(#"\bigstar"#), ["NotoSansSymbols2-Regular.ttf"])
        XCTAssertEqual(try files(#"\blacklozenge"#), ["NotoSansMath-Regular.ttf"])
        XCTAssertEqual(try files(#"\text{Привет}"#), ["NotoSerif-Regular.ttf"])
        XCTAssertEqual(try files(#"\text{हिन्दी}"#), ["NotoSerifDevanagari-Regular.ttf"])
        XCTAssertEqual(try files(#"\text{ภาษาไทย}"#), ["NotoSerifThai-Regular.ttf"])
        XCTAssertEqual(try files(#"\text{ܫܠܡܐ}"#), ["NotoSansSyriac-Regular.ttf"], "no serif Syriac: the sans face")
        let han = try typesetter.typeset(#"\text{中文}"#, display: true, size: 19, color: .black, hanRegion: .japanese).get()
        XCTAssertEqual(han.frame.glyphRuns.map(\.font.faceIndex), [try Self.cjkFace("Noto Sans CJK JP")])
    }

    func testAFormulaReportsWhatNoFontDraws() throws {
        let json = #"{"blocks": [{"type": "mathematical_expression", "expression": "x + \\text{\u0378}"}, {"type": "paragraph", "text": [{"type": "mathematical_expression", "expression": "\\text{\u0379}"}]}]}"#
        let layout = try TestEnvironment.layout(json)
        XCTAssertEqual(layout.missingGlyphs, [0x378, 0x379])
        XCTAssertThrowsError(try TestEnvironment.layout(json, ["--strict"]))
        guard case .formula(let view) = layout.items[0].content else { return XCTFail("\(layout.items.map(\.kind))") }
        XCTAssertEqual(view.missingGlyphs, [MissingGlyph(codePoint: 0x378, range: 10..<11)])
        XCTAssertEqual(Self.textBoxes(layout.items).first?.missingGlyphs.map(\.codePoint), [0x379])
    }

    // MARK: - Right to left

    func testRTLOptionSetsTheDirectionInputsDoNotGive() throws {
        var settings = RenderSettings()
        settings.rtl = true
        settings.inputFormat = RenderSettings.markdownFormat
        XCTAssertEqual(try settings.decode(Array("# مرحبا".utf8), path: nil).lastDocument?.rtl, true)
        settings.inputFormat = RenderSettings.htmlFormat
        XCTAssertEqual(try settings.decode(Array("<p>مرحبا</p>".utf8), path: nil).lastDocument?.rtl, true)
        settings.inputFormat = nil
        XCTAssertEqual(try settings.decode(Array(#"{"blocks": [{"type": "paragraph", "text": "a"}]}"#.utf8), path: nil).lastDocument?.rtl, true)
        XCTAssertEqual(try settings.decode(Array(#"{"blocks": [], "is_rtl": false}"#.utf8), path: nil).lastDocument?.rtl, false,
                       "an explicit is_rtl wins")
        XCTAssertEqual(try settings.decode(Array(#"{"blocks": [], "is_rtl": null}"#.utf8), path: nil).lastDocument?.rtl, true)
        settings.rtl = false
        XCTAssertEqual(try settings.decode(Array(#"{"blocks": []}"#.utf8), path: nil).lastDocument?.rtl, false)
        XCTAssertEqual(try TestEnvironment.layout(#"{"blocks": [{"type": "paragraph", "text": "שלום"}]}"#, ["--rtl"]).page.rtl, true)
    }
}

private extension Frame {
    /// Every glyph run the frame draws, groups included.
    var glyphRuns: [GlyphRun] { placedGlyphRuns.map(\.run) }
}
