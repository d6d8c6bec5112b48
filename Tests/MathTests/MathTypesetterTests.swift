import Drawing
@testable import Math
import XCTest

/// The typesetter against the worked numbers of `math-facts.md` §6 (LM Math, s₀ = 19.04 px, no `ssty`).
final class MathTypesetterTests: XCTestCase {
    private var typesetter: MathTypesetter!

    override func setUpWithError() throws {
        typesetter = MathTypesetter(font: try MathFont(file: MathFontTests.latinModernMath), baseSize: 19.04, color: .black)
    }

    private func box(_ latex: String, _ style: StyleState = StyleState(.text)) throws -> MathBox {
        try typesetter.layout(try LaTeXParser.parse(latex), style: style)
    }

    /// The baseline origins of the glyph runs, in order.
    private func origins(_ box: MathBox) -> [Point] {
        box.frame.items.compactMap { if case .glyphs(_, let origin) = $0 { return origin } else { return nil } }
    }

    private let unit = 19.04 / 1000

    /// `x^2`, T style: u = max(363, 0·0.7 + 108) = 363 u = 6.91 px; the superscript at x = 572 u; width 572 u +
    /// 500 u at S (0.7) + SpaceAfterScript 56 u ≈ 18.62 px. Cramped: u = 289 u.
    func testXSquared() throws {
        let xSquared = try box("x^2")
        let points = origins(xSquared)
        XCTAssertEqual(points.count, 2)
        XCTAssertEqual(points[1].x, 572 * unit, accuracy: 1e-9)
        XCTAssertEqual(-points[1].y, 363 * unit, accuracy: 1e-9)
        XCTAssertEqual(xSquared.width, (572 + 500 * 0.7 + 56) * unit, accuracy: 1e-9)
        XCTAssertEqual(xSquared.width, 18.62, accuracy: 0.01)
        XCTAssertEqual(xSquared.ascent, (363 + 666 * 0.7) * unit, accuracy: 1e-9, "the 2's ink top raised by u")
        let cramped = try box("x^2", StyleState(.text, cramped: true))
        XCTAssertEqual(-origins(cramped)[1].y, 289 * unit, accuracy: 1e-9)
    }

    /// Spacing (§3.4): a + b has medium spaces (4 mu = 4/18 em) around the Bin; a = b thick ones (5 mu);
    /// −b at the start is unary (no space).
    func testInterAtomSpacing() throws {
        let font = try MathFont(file: MathFontTests.latinModernMath)
        func advance(_ scalar: Unicode.Scalar) -> Double { Double(font.advance(font.glyph(for: scalar)!)) * unit }
        let a = advance("\u{1D44E}"), b = advance("\u{1D44F}")
        let medium = 4 * 19.04 / 18, thick = 5 * 19.04 / 18
        XCTAssertEqual(try box("a+b").width, a + advance("+") + b + 2 * medium, accuracy: 1e-9)
        XCTAssertEqual(try box("a=b").width, a + advance("=") + b + 2 * thick, accuracy: 1e-9)
        XCTAssertEqual(try box("-b").width, advance("\u{2212}") + b, accuracy: 1e-9)
        // In script style the parenthesised spaces go.
        XCTAssertEqual(try box("a=b", StyleState(.script)).width, (a + advance("=") + b) * 0.7, accuracy: 1e-9)
    }

    /// A subscript alone: v = max(SubscriptShiftDown 247, sub.ascent − SubscriptTopMax 344) = 247 u for "1".
    func testSubscript() throws {
        let x1 = try box("x_1")
        XCTAssertEqual(origins(x1)[1].y, 247 * unit, accuracy: 1e-9)
        XCTAssertEqual(origins(x1)[1].x, 572 * unit, accuracy: 1e-9)
    }

    func testUnbuiltConstructsSaySo() {
        XCTAssertThrowsError(try box(#"\frac12"#)) { XCTAssertEqual($0 as? MathTypesetter.Unsupported, .init(construct: "a fraction")) }
    }
}
