@testable import Math
import XCTest

/// The symbol table generated from `math-facts.md` §5 (518 commands, the count the spec gives).
final class MathSymbolTableTests: XCTestCase {
    func testTheTableHoldsTheSpecsCommands() {
        XCTAssertEqual(MathSymbol.table.count, 518)
        XCTAssertEqual(MathSymbol.named("alpha"), MathSymbol(scalar: 0x03B1, kind: .atom(.ord), inLatinModernMath: true))
        XCTAssertEqual(MathSymbol.named("pm")?.kind, .atom(.bin))
        XCTAssertEqual(MathSymbol.named("cdot")?.scalar, "\u{22C5}")
        XCTAssertEqual(MathSymbol.named("ldots")?.kind, .atom(.inner))
        XCTAssertEqual(MathSymbol.named("colon")?.kind, .atom(.punct))
        XCTAssertEqual(MathSymbol.named("lvert"), MathSymbol(scalar: 0x007C, kind: .atom(.open), inLatinModernMath: true))
        XCTAssertEqual(MathSymbol.named("Vert")?.scalar, "\u{2016}")
        XCTAssertEqual(MathSymbol.named("{")?.kind, .atom(.open))
        XCTAssertNil(MathSymbol.named("frac"), "structure commands are not symbols")
    }

    /// The table's Latin Modern Math column agrees with the font's own cmap, entry by entry.
    func testTheCoverageColumnMatchesTheFont() throws {
        let font = try MathFont(file: MathFontTests.latinModernMath)
        let disagreeing = MathSymbol.table.filter { (font.glyph(for: $0.value.scalar) != nil) != $0.value.inLatinModernMath }.map(\.key).sorted()
        XCTAssertEqual(disagreeing, [])
    }
}
