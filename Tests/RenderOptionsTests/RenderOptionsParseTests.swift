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
}
