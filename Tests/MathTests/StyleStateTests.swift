import Math
import XCTest

/// Style transitions and sizes (`math-facts.md` §3.2).
final class StyleStateTests: XCTestCase {
    func testTransitions() {
        let d = StyleState(.display), t = StyleState(.text), s = StyleState(.script), ss = StyleState(.scriptScript)
        XCTAssertEqual(d.superscript, StyleState(.script))
        XCTAssertEqual(s.superscript, StyleState(.scriptScript))
        XCTAssertEqual(StyleState(.text, cramped: true).superscript, StyleState(.script, cramped: true), "cramped only if the parent is")
        XCTAssertEqual(t.subscript, StyleState(.script, cramped: true), "subscripts are always cramped")
        XCTAssertEqual(d.numerator, StyleState(.text))
        XCTAssertEqual(t.numerator, StyleState(.script))
        XCTAssertEqual(ss.numerator, StyleState(.scriptScript))
        XCTAssertEqual(d.denominator, StyleState(.text, cramped: true))
        XCTAssertEqual(t.crampedSame, StyleState(.text, cramped: true))
        XCTAssertTrue(StyleState(.display, cramped: true).isDisplay)
        XCTAssertTrue(ss.isTight)
        XCTAssertFalse(t.isTight)
    }

    /// With s₀ = 19.04 px: S = 13.328 px and SS = 9.52 px (LM: 70 % and 50 %, both of s₀).
    func testSizes() throws {
        let constants = try MathFont(file: MathFontTests.latinModernMath).constants
        XCTAssertEqual(StyleState(.text).size(base: 19.04, constants: constants), 19.04)
        XCTAssertEqual(StyleState(.script).size(base: 19.04, constants: constants), 13.328, accuracy: 1e-9)
        XCTAssertEqual(StyleState(.scriptScript).size(base: 19.04, constants: constants), 9.52, accuracy: 1e-9)
    }
}
