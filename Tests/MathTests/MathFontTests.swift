import Math
import XCTest

/// The formula typesetter's font (issue 13, first step): Latin Modern Math's MATH constants as HarfBuzz reads
/// them, checked against the values fontTools printed from the same file (`math-facts.md` §1).
final class MathFontTests: XCTestCase {
    static let latinModernMath = "/usr/share/texmf/fonts/opentype/public/lm-math/latinmodern-math.otf"

    /// fontTools 4.68 on latinmodern-math.otf (design units; em = 1000), in MATH field order.
    private static let fontTools: [Int] = [
        70, 50, 1300, 1300, 154, 250, 450, 664,
        247, 344, 200, 363, 289, 108, 250, 160, 344, 56,
        200, 111, 167, 600, 444, 677, 345, 686, 120, 280,
        111, 600, 200, 167, 394, 677, 345, 686, 40, 120, 40, 40, 120, 350, 96,
        120, 40, 40, 120, 40, 40, 50, 148, 40, 40, 278, -556, 60,
    ]

    func testLatinModernMathConstantsMatchFontTools() throws {
        let font = try MathFont(file: Self.latinModernMath)
        XCTAssertEqual(font.unitsPerEm, 1000)
        XCTAssertEqual(MathConstants.Name.allCases.count, 56)
        XCTAssertEqual(MathConstants.Name.allCases.map { font.constants[$0] }, Self.fontTools)
        XCTAssertEqual(font.minConnectorOverlap(vertical: true), 20)
        XCTAssertEqual(font.minConnectorOverlap(vertical: false), 20)
    }

    /// Lengths scale in floating point: AxisHeight 250 at 19.04 px is 4.76 px (HarfBuzz at a 26.6 scale would
    /// round it to 4.75, §1); percentages come back as fractions.
    func testValuesScaleInFloatingPoint() throws {
        let constants = try MathFont(file: Self.latinModernMath).constants
        XCTAssertEqual(constants.value(.axisHeight, size: 19.04), 4.76, accuracy: 1e-12)
        XCTAssertEqual(constants.value(.scriptPercentScaleDown, size: 19.04), 0.7)
        XCTAssertEqual(constants.value(.radicalKernAfterDegree, size: 10), -5.56, accuracy: 1e-12)
    }

    func testAFontWithoutAMathTableIsRefused() {
        XCTAssertThrowsError(try MathFont(file: "/usr/share/fonts/opentype/inter/Inter-Regular.otf")) { error in
            XCTAssertEqual(error as? MathFont.OpenError, .noMathTable(path: "/usr/share/fonts/opentype/inter/Inter-Regular.otf"))
        }
        XCTAssertThrowsError(try MathFont(file: "/nonexistent.otf")) { error in
            XCTAssertEqual(error as? MathFont.OpenError, .unreadable(path: "/nonexistent.otf"))
        }
    }
}
