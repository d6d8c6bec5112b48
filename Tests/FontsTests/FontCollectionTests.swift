import Drawing
import Foundation
import XCTest
@testable import Fonts

/// The font collection (issue 22): the Han region rule, the font index and its fallbacks, the cascades.
final class HanRegionTests: XCTestCase {
    func testLocalesChooseTheirRegion() {
        let expected: [(String, HanRegion)] = [
            ("zh", .simplifiedChinese), ("zh-CN", .simplifiedChinese), ("zh_SG", .simplifiedChinese), ("zh-Hans", .simplifiedChinese),
            ("zh-Hans-CN", .simplifiedChinese), ("zh-TW", .traditionalChinese), ("zh-Hant", .traditionalChinese), ("zh-Hant-TW", .traditionalChinese),
            ("zh-HK", .hongKong), ("zh-MO", .hongKong), ("zh-Hant-HK", .hongKong), ("ja", .japanese), ("ja-JP", .japanese), ("JA_jp", .japanese),
            ("ko", .korean), ("ko-KR", .korean), ("en", .simplifiedChinese), ("ru-RU", .simplifiedChinese), ("", .simplifiedChinese),
        ]
        for (locale, region) in expected { XCTAssertEqual(HanRegion(locale: locale), region, locale) }
    }

    func testOnlyCJKLocalesDecide() {
        for tag in ["zh", "zh-Hant", "zh-HK", "ja", "ja-JP", "ko", "KO_kr"] { XCTAssertNotNil(HanRegion(cjkLocale: tag), tag) }
        for tag in ["en", "ru-RU", "yue", "vi", "zhx", ""] { XCTAssertNil(HanRegion(cjkLocale: tag), tag) }
    }

    func testKanaAndHangulDecideForTheMessage() {
        func region(_ texts: String...) -> HanRegion {
            var tally = HanTally()
            for text in texts { tally.count(text) }
            return HanRegion.message(tally)
        }
        // Kana anywhere: Japanese, also for a paragraph of kanji only (README Decisions, "Han forms without --locale").
        XCTAssertEqual(region("漢字 かな", "漢字だけ"), .japanese)
        XCTAssertEqual(region("漢字 カナ"), .japanese)
        XCTAssertEqual(region("漢字", "한글"), .korean)
        // Both: more characters wins, a tie is Japanese.
        XCTAssertEqual(region("かな", "한국어"), .korean)
        XCTAssertEqual(region("かなかな", "한국어"), .japanese)
        XCTAssertEqual(region("かな", "한글"), .japanese)
        // Neither: Simplified Chinese, as iOS with an English system.
        XCTAssertEqual(region("漢字"), .simplifiedChinese)
        XCTAssertEqual(region("漢字", "Latin"), .simplifiedChinese)
        XCTAssertEqual(HanRegion.japanese.family(monospaced: false), "Noto Sans CJK JP")
        XCTAssertEqual(HanRegion.hongKong.family(monospaced: true), "Noto Sans Mono CJK HK")
    }
}

final class FontIndexTests: XCTestCase {
    private var directory = ""

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "ipraster-fonts-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: FontDirectory().configurationFile, toPath: directory + "/fonts.conf")
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: directory) }

    /// A font folder listing the real base faces of this checkout plus `extra` lines.
    private func folder(_ extra: [String]) throws -> FontDirectory {
        let base = try String(contentsOfFile: FontDirectory().listFile, encoding: .utf8).split(separator: "\n").filter { $0.hasSuffix("\tbase") }
        try ((base.map(String.init) + extra).joined(separator: "\n") + "\n").write(toFile: directory + "/fonts.list", atomically: true, encoding: .utf8)
        return FontDirectory(path: directory)
    }

    private static let devanagari = "/usr/share/fonts/truetype/noto/NotoSansDevanagari-Regular.ttf"
    private static let cjk = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"

    /// The faces read from the index are the faces fontconfig scans from the files: same families, styles, files,
    /// face indices and charsets.
    func testTheIndexGivesTheScannedFaces() throws {
        let fonts = try folder(["\(Self.devanagari)\tfonts-noto-core\tscript", "\(Self.cjk)\tfonts-noto-cjk\tcjk"])
        let scanned = try FontCollection(directory: fonts)
        XCTAssertFalse(scanned.indexIsCurrent)
        try FontCollection.writeIndex(for: fonts)
        let indexed = try FontCollection(directory: fonts)
        XCTAssertTrue(indexed.indexIsCurrent)
        func describe(_ collection: FontCollection) -> [String] {
            (collection.baseFaces + collection.loadCollection().faces).map { face in
                let samples: [Unicode.Scalar] = ["A", "\u{0915}", "\u{4E2D}", "\u{3042}", "\u{1F600}", "\u{222B}"]
                return "\(face.family)|\(face.file)#\(face.index)|\(face.weight)|\(face.slant)|" + samples.map { face.covers($0) ? "1" : "0" }.joined()
            }
        }
        XCTAssertEqual(describe(indexed), describe(scanned))
        XCTAssertEqual(indexed.loadCollection().faces.filter { $0.file == Self.cjk }.count, 10, "the ten faces of the collection file")
    }

    /// A record whose file changed since (size or time) is scanned again: a stale index costs time, not faces.
    func testAStaleRecordIsScanned() throws {
        let fonts = try folder(["\(Self.devanagari)\tfonts-noto-core\tscript"])
        try FontCollection.writeIndex(for: fonts)
        var text = try String(contentsOfFile: fonts.indexFile, encoding: .utf8)
        // Claim another size for the Devanagari file and give its pattern a family it does not have.
        let lines = text.split(separator: "\n").map { line -> String in
            var line = String(line)
            if line.hasPrefix("F\t\(Self.devanagari)\t") { line = "F\t\(Self.devanagari)\t1\t0.0" }
            if line.hasPrefix("P\t"), line.contains("NotoSansDevanagari") { line = line.replacingOccurrences(of: "Noto Sans Devanagari", with: "Wrong Family") }
            return line
        }
        text = lines.joined(separator: "\n") + "\n"
        try text.write(toFile: fonts.indexFile, atomically: true, encoding: .utf8)
        let collection = try FontCollection(directory: fonts)
        XCTAssertFalse(collection.indexIsCurrent)
        XCTAssertEqual(collection.loadCollection().faces.map(\.family), ["Noto Sans Devanagari"])
    }

    /// Not an index at all: every file is scanned.
    func testAGarbledIndexIsIgnored() throws {
        let fonts = try folder(["\(Self.devanagari)\tfonts-noto-core\tscript"])
        try "not an index\nF\tx\n".write(toFile: fonts.indexFile, atomically: true, encoding: .utf8)
        XCTAssertEqual(try FontCollection(directory: fonts).loadCollection().faces.map(\.family), ["Noto Sans Devanagari"])
    }

    func testAMissingBaseFaceIsAnEnvironmentError() throws {
        let fonts = try folder(["/nonexistent/Missing-Regular.ttf\tfonts-missing\tbase"])
        XCTAssertThrowsError(try FontCollection(directory: fonts)) { error in
            guard case .missingFile(let path, let package) = error as? FontSetError else { return XCTFail("\(error)") }
            XCTAssertEqual(path, "/nonexistent/Missing-Regular.ttf")
            XCTAssertEqual(package, "fonts-missing")
        }
    }

    func testAMissingCollectionFileIsListedNotFatal() throws {
        let fonts = try folder(["/nonexistent/NotoSansKlingon-Regular.ttf\tfonts-noto-extra\tscript", "\(Self.devanagari)\tfonts-noto-core\tscript"])
        let collection = try FontCollection(directory: fonts)
        XCTAssertEqual(collection.missingCollectionFiles.map(\.package), ["fonts-noto-extra"])
        XCTAssertEqual(collection.loadCollection().faces.map(\.family), ["Noto Sans Devanagari"])
    }

    func testAnUnknownRoleIsAListError() throws {
        let fonts = try folder(["\(Self.devanagari)\tfonts-noto-core\tfancy"])
        XCTAssertThrowsError(try FontCollection(directory: fonts)) { error in
            XCTAssertTrue("\(error)".contains("unknown role fancy"), "\(error)")
        }
    }
}

final class CascadeTests: XCTestCase {
    private var collection: FontCollection { get throws { try FontCollection.shared() } }

    func testSansTextTriesNotoSansCJKThenTheScriptsThenSymbolsAndEmoji() throws {
        let order = try collection.cascade(for: .sans, region: .japanese)
        XCTAssertEqual(Array(order.prefix(4)), ["Noto Sans", "Noto Sans CJK JP", "Noto Sans Arabic", "Noto Sans Hebrew"])
        for family in ["Noto Sans Devanagari", "Noto Sans Ethiopic", "Noto Serif Tibetan", "Noto Sans CJK JP", "Noto Sans Symbols2", "Noto Color Emoji"] {
            XCTAssertTrue(order.contains(family), family)
        }
        XCTAssertFalse(order.contains("Noto Sans CJK SC"), "one region's face")
        XCTAssertFalse(order.contains("Noto Serif Devanagari"), "a script with a sans face does not fall to its serif one")
        XCTAssertFalse(order.contains("Inter"))
        let index = { (family: String) in order.firstIndex(of: family) ?? -1 }
        XCTAssertLessThan(index("Noto Sans CJK JP"), index("Noto Sans Devanagari"))
        XCTAssertLessThan(index("Noto Sans Devanagari"), index("Noto Serif Tibetan"))
        XCTAssertLessThan(index("Noto Serif Tibetan"), index("Noto Sans Symbols"))
        XCTAssertLessThan(index("Noto Sans Symbols"), index("Noto Color Emoji"))
    }

    func testSerifTextTriesTheScriptsSerifFacesFirst() throws {
        let order = try collection.cascade(for: .serif, region: .simplifiedChinese)
        let index = { (family: String) in order.firstIndex(of: family) ?? Int.max }
        XCTAssertLessThan(index("Noto Serif Devanagari"), index("Noto Sans Devanagari"))
        XCTAssertLessThan(index("Noto Serif Hebrew"), index("Noto Sans Hebrew"))
        XCTAssertTrue(order.contains("Noto Sans CJK SC"), "Han is sans in every style (no Noto Serif CJK)")
        XCTAssertFalse(order.contains("Noto Serif"), "the style's own face is not in its cascade")
    }

    func testCodeTriesTheMonospacedCJKFaceFirst() throws {
        let order = try collection.cascade(for: .mono, region: .korean)
        XCTAssertEqual(order.first, "Noto Sans Mono CJK KR")
        XCTAssertTrue(order.contains("Noto Sans Devanagari"))
    }

    func testFormulasTrySymbolsThenSerifThenScripts() throws {
        let order = try collection.formulaCascade(region: .hongKong)
        XCTAssertEqual(Array(order.prefix(4)), ["Noto Sans Math", "Noto Sans Symbols", "Noto Sans Symbols2", "Noto Serif"])
        XCTAssertEqual(try collection.formulaFace(for: "\u{2605}", region: .hongKong)?.family, "Noto Sans Symbols2")
        XCTAssertEqual(try collection.formulaFace(for: "\u{0915}", region: .hongKong)?.family, "Noto Serif Devanagari")
        XCTAssertEqual(try collection.formulaFace(for: "\u{4E2D}", region: .hongKong)?.family, "Noto Sans CJK HK")
        XCTAssertNil(try collection.formulaFace(for: "\u{0378}", region: .hongKong))
    }

    /// What the README lists as synthesised follows from the faces Debian ships.
    func testSynthesisedStylesAreTheFacesDebianLacks() throws {
        let synthesised = try collection.synthesised
        XCTAssertTrue(synthesised.bold.contains("Noto Sans Syriac"))
        XCTAssertFalse(synthesised.bold.contains("Noto Sans Devanagari"))
        XCTAssertTrue(synthesised.italic.contains("Noto Sans CJK SC"))
        XCTAssertTrue(synthesised.italic.contains("Noto Sans Arabic"))
        XCTAssertFalse(synthesised.italic.contains("Inter"))
        XCTAssertFalse(synthesised.italic.contains("Noto Sans"))
    }
}
