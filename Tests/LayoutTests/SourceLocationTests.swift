import GoldenSupport
@testable import Layout
import XCTest

final class SourceLocationTests: XCTestCase {
    /// Formulas keep where they came from (issue 11: source locations); typeset ones warn about nothing, and
    /// ones that fail are named by that location (issue 13).
    func testFormulasCarryTheirSourceLocationIntoLayoutWarnings() throws {
        let json = #"{"blocks": [{"type": "paragraph", "text": ["Euler: ", {"type": "mathematical_expression", "expression": "e^{i\\pi} + 1 = 0"}]}, {"type": "mathematical_expression", "expression": "x^2"}]}"#
        let document = try XCTUnwrap(try InputDecoder.decode(bytes: Array(json.utf8)).lastDocument)
        XCTAssertEqual(document.blocks.last, .formula(source: "x^2", location: .jsonPath("$.blocks[1]")))
        guard case .paragraph(.concat(let parts))? = document.blocks.first else { return XCTFail("\(document.blocks)") }
        XCTAssertEqual(parts.last, .math(source: "e^{i\\pi} + 1 = 0", location: .jsonPath("$.blocks[0].text[1]")))
        XCTAssertEqual(try TestEnvironment.layout(json).warnings, [])
        let failing = json.replacingOccurrences(of: "x^2", with: #"x^\\\\"#)
        XCTAssertEqual(try TestEnvironment.layout(failing).warnings,
                       [#"at $.blocks[1]: cannot typeset the formula: character 3: unknown command \\; it is shown as its LaTeX source"#])
        // TL objects name their own paths.
        let tl = #"{"_": "Page", "url": "u", "rtl": null, "part": null, "v2": true, "views": null, "photos": [], "documents": [], "blocks": [{"_": "PageBlockMath", "source": "y"}]}"#
        XCTAssertEqual(try XCTUnwrap(try InputDecoder.decode(bytes: Array(tl.utf8)).lastDocument).blocks.first, .formula(source: "y", location: .jsonPath("$.blocks[0]")))
    }
}
