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
        XCTAssertEqual(options.settings.inputFormat, "markdown")
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

    /// Every render option the table documents is one `apply` knows (a table entry without a setting would be
    /// documented and then refused).
    func testEveryDocumentedRenderOptionSetsSomething() throws {
        for option in RenderOptions.table {
            let value: String? = option.takesValue ? (option.values.first ?? sampleValue[option.name]) : nil
            var settings = RenderSettings()
            XCTAssertNoThrow(try RenderOptions.apply(option.name, value, to: &settings), option.name)
        }
    }

    private let sampleValue = ["--width": "300", "--scale": "2", "--time": "9:41", "--margin": "4", "--author-color": "3",
                               "--now": "0", "--timezone": "UTC", "--media": "/tmp", "--table-offset": "10"]
}
