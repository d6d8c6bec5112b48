import Drawing
import RenderOptions
import RichMessageRenderer
import XCTest

/// The render options of `cli-contract.md` ("Render options"): both spellings, the documented ranges, named
/// errors, and everything else left in order for the command.
final class RenderOptionsParseTests: XCTestCase {
    func testOptionsSetTheirSettingsInBothSpellings() throws {
        let options = try RenderOptions.parse(["--width=360", "--scale", "3", "--theme", "night", "--outgoing", "--rtl", "--from", "markdown"])
        XCTAssertEqual(options.settings.layout.width, 360)
        XCTAssertEqual(options.settings.layout.scale, 3)
        XCTAssertTrue(options.settings.layout.theme.isDark)
        XCTAssertTrue(options.settings.layout.outgoing)
        XCTAssertTrue(options.settings.rtl)
        XCTAssertEqual(options.settings.inputFormat?.name, "markdown")
        XCTAssertEqual(options.remaining, [])
    }

    func testOtherArgumentsStayInOrder() throws {
        let options = try RenderOptions.parse(["page.json", "-o", "out.png", "--width", "300", "--unknown"])
        XCTAssertEqual(options.remaining, ["page.json", "-o", "out.png", "--unknown"])
        XCTAssertEqual(options.settings.layout.width, 300)
    }

    func testOutOfRangeAndUnknownValuesAreNamedErrors() {
        // --scale is 1…4 and --width 40…10000 (cli-contract.md).
        for arguments in [["--scale", "9"], ["--width", "20"], ["--width"], ["--from", "docx"], ["--math-delimiters", "some"],
                          ["--background", "red"], ["--author-color", "2.5"]] {
            XCTAssertThrowsError(try RenderOptions.parse(arguments), "\(arguments)") { error in
                XCTAssertTrue("\(error)".contains(arguments[0]), "the error names \(arguments[0]): \(error)")
            }
        }
    }

    /// The scanner every command uses: both spellings of a value, aliases, flags, and a flag given a value or an
    /// option missing its value as named errors; arguments of no table stay in order.
    func testTheScannerReadsATableInBothSpellings() throws {
        let table = [OptionSpec("--output", aliases: ["-o"], value: "FILE", help: "where"), OptionSpec("--json", help: "as JSON"),
                     OptionSpec("--fps", value: "N", help: "rate")]
        let scanned = try OptionScanner.scan(["in.json", "-o", "a.png", "--fps=30", "--json", "--other", "-", "--output", "b.png"], table: table)
        XCTAssertEqual(scanned.options.map(\.name), ["--output", "--fps", "--json", "--output"])
        XCTAssertEqual(scanned.options.map(\.value), ["a.png", "30", nil, "b.png"])
        XCTAssertEqual(scanned.rest, ["in.json", "--other", "-"])
        XCTAssertThrowsError(try OptionScanner.scan(["--json=1"], table: table)) { XCTAssertEqual(($0 as? OptionError)?.option, "--json") }
        XCTAssertThrowsError(try OptionScanner.scan(["x", "--fps"], table: table)) { XCTAssertEqual(($0 as? OptionError)?.option, "--fps") }
        // Words marked literal (after `--`) are never options.
        XCTAssertEqual(try OptionScanner.scan(["--json"], table: table, literal: { $0 == "--json" }).rest, ["--json"])
    }

    /// Every render option the table documents carries an effect, and applying it with a value other than the
    /// default changes the settings (a row without an effect would be documented and then ignored).
    func testEveryDocumentedRenderOptionChangesTheSettings() throws {
        let defaults = Self.dumped(RenderSettings())
        for option in RenderOptions.table {
            XCTAssertNotNil(option.effect, option.name)
            let value: String? = option.takesValue ? (sampleValue[option.name] ?? option.values.last) : nil
            var settings = RenderSettings()
            try option.apply(value, to: &settings)
            XCTAssertNotEqual(Self.dumped(settings), defaults, "\(option.name) \(value ?? "") changed nothing")
        }
    }

    private let sampleValue = ["--width": "300", "--scale": "3", "--time": "9:41", "--margin": "4", "--author-color": "3", "--theme": "night",
                               "--now": "0", "--timezone": "Europe/Berlin", "--media": "/tmp", "--table-offset": "10", "--locale": "ja",
                               "--redact": "[0-9]+", "--quality": "80"]

    private static func dumped(_ settings: RenderSettings) -> String {
        var text = ""
        dump(settings, to: &text)
        return text
    }

    /// The defaults `--help` shows are read from `RenderSettings()`; they are the contract's (cli-contract.md,
    /// "Render options": width 320, scale 2, margin 8, time 12:34, theme day, locale en, UTC, now 1767225600).
    func testTheShownDefaultsAreTheContractsDefaults() {
        let expected = ["--width": "320", "--scale": "2", "--margin": "8", "--time": "12:34", "--theme": "day", "--locale": "en",
                        "--timezone": "UTC", "--now": "1767225600", "--table-offset": "0", "--outgoing": "incoming"]
        for (name, shown) in expected { XCTAssertEqual(RenderOptions.option(name)?.defaultValue, shown, name) }
    }

    /// `--locale` takes a BCP 47 tag whose language Foundation knows, with well-formed subtags; anything else is a
    /// usage error naming the option. The Han region follows the tag (docs/rendering.md "Fonts and scripts").
    func testLocalesAreCheckedOnce() throws {
        let accepted: [(String, HanRegion)] = [("zh-Hant-TW", .traditionalChinese), ("pt-BR", .simplifiedChinese), ("sr-Latn", .simplifiedChinese),
                                               ("zh_HK", .hongKong), ("ja", .japanese), ("ko-KR", .korean), ("yue", .simplifiedChinese)]
        for (tag, region) in accepted {
            let settings = try RenderOptions.parse(["--locale", tag]).settings
            XCTAssertEqual(settings.layout.text.locale.identifier, tag)
            XCTAssertEqual(settings.layout.text.locale.hanRegion, region, tag)
        }
        for tag in ["xx-nonsense", "english", "", "en--US", "e", "zz", "en-US-toolongsubtag", "en US", "ja-JP\u{1B}", String(repeating: "en-", count: 40) + "x"] {
            XCTAssertThrowsError(try RenderOptions.parse(["--locale", tag]), tag) { error in
                XCTAssertEqual((error as? OptionError)?.option, "--locale", "\(error)")
            }
        }
    }

    /// A row names the commands it applies to; without a list it applies wherever its table is taken.
    func testRowsNameTheCommandsTheyApplyTo() {
        XCTAssertEqual(RenderOptions.option("--reveal-rects")?.applies(to: "render"), false)
        XCTAssertEqual(RenderOptions.option("--reveal-rects")?.applies(to: "layout"), true)
        XCTAssertEqual(RenderOptions.option("--format")?.applies(to: "layout"), false)
        XCTAssertEqual(RenderOptions.option("--width")?.applies(to: "reveal"), true)
    }
}
