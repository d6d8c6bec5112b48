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

/// Glyph data against the table of `math-facts.md` §1 ("Selected glyph data", from HarfBuzz 6.0 and fontTools).
final class MathGlyphTests: XCTestCase {
    private var font: MathFont!

    override func setUpWithError() throws {
        font = try MathFont(file: MathFontTests.latinModernMath)
    }

    private func glyph(_ scalar: Unicode.Scalar) throws -> UInt32 { try XCTUnwrap(font.glyph(for: scalar), "no glyph for U+\(String(scalar.value, radix: 16))") }

    func testParenthesis() throws {
        let paren = try glyph("(")
        XCTAssertEqual(font.advance(paren), 389)
        XCTAssertEqual(font.ink(paren).minY, -248)
        XCTAssertEqual(font.ink(paren).maxY, 748)
        XCTAssertEqual(font.italicCorrection(paren), 0)
        XCTAssertEqual(font.topAccentAttachment(paren), 194, "no entry: half the advance")
        XCTAssertEqual(font.variants(paren, vertical: true).map(\.advance), [997, 1095, 1195, 1445, 1793, 2093, 2393, 2991])
        XCTAssertFalse(font.isExtendedShape(paren))
        let variants = font.variants(paren, vertical: true)
        XCTAssertFalse(font.isExtendedShape(variants[1].glyph), ".v1 is not an extended shape")
        XCTAssertTrue(font.isExtendedShape(variants[2].glyph), ".v2 and up are")
        let assembly = font.assembly(paren, vertical: true).parts
        XCTAssertEqual(assembly.map(\.startConnector), [0, 498, 249])
        XCTAssertEqual(assembly.map(\.endConnector), [249, 498, 0])
        XCTAssertEqual(assembly.map(\.fullAdvance), [1495, 498, 1495])
        XCTAssertEqual(assembly.map(\.isExtender), [false, true, false])
        XCTAssertEqual(assembly.map { font.advance($0.glyph) }, [875, 875, 875], "parts are 875 u wide")
    }

    func testIntegralSummationAndItalics() throws {
        let integral = try glyph("\u{222B}")
        XCTAssertEqual(font.advance(integral), 665)
        XCTAssertEqual(font.italicCorrection(integral), 332)
        XCTAssertEqual(font.variants(integral, vertical: true).map(\.advance), [1112, 2223])
        XCTAssertEqual(font.italicCorrection(font.variants(integral, vertical: true)[1].glyph), 591)
        let sum = try glyph("\u{2211}")
        XCTAssertEqual(font.advance(sum), 1056)
        XCTAssertEqual(font.topAccentAttachment(sum), 528)
        XCTAssertTrue(font.isExtendedShape(sum))
        XCTAssertEqual(font.assembly(sum, vertical: true).parts, [], "no assembly")
        let f = try glyph("\u{1D453}")
        XCTAssertEqual(font.advance(f), 490)
        XCTAssertEqual(font.italicCorrection(f), 90)
        XCTAssertEqual(font.topAccentAttachment(f), 464)
        let x = font.ink(try glyph("\u{1D465}"))
        XCTAssertEqual([x.minY, x.maxY], [-11, 442])
        XCTAssertEqual(font.advance(try glyph("\u{1D465}")), 572)
    }

    func testCombiningCircumflexAndCoverageHoles() throws {
        let hat = try glyph("\u{0302}")
        XCTAssertEqual(font.advance(hat), 0)
        XCTAssertEqual(font.ink(hat), MathFont.Ink(minX: -446, maxX: -82, minY: 587, maxY: 734))
        XCTAssertEqual(font.topAccentAttachment(hat), -264)
        XCTAssertEqual(font.variants(hat, vertical: false).map(\.advance), [365, 645, 769, 920, 1101, 1321, 1582, 1897])
        // Script lowercase and Cyrillic are missing; the italic h hole is filled by U+210E.
        XCTAssertNil(font.glyph(for: "\u{1D4B6}"))
        XCTAssertNil(font.glyph(for: "\u{0416}"))
        XCTAssertNotNil(font.glyph(for: "\u{210E}"))
        XCTAssertEqual(font.advance(try glyph(" ")), 332)
    }
}

/// Stretchy glyphs (`math-facts.md` §2.5), against the assemblies verified in §1: "'(' at target 7,000 u → 9
/// extender repeats, overlap 47.2 u, exact 7,000 u. '√' at 5,000 u → 5 repeats, overlap 106.7 u."
final class MathStretchTests: XCTestCase {
    private var font: MathFont!

    override func setUpWithError() throws {
        font = try MathFont(file: MathFontTests.latinModernMath)
    }

    func testAssembliesReachTheTargetExactly() throws {
        let paren = try XCTUnwrap(font.glyph(for: "("))
        guard case .assembly(let tall) = font.stretched(paren, to: 7000, vertical: true) else { return XCTFail("no assembly") }
        XCTAssertEqual(tall.parts.count, 2 + 9)
        XCTAssertEqual(tall.overlap, 47.2, accuracy: 1e-9)
        XCTAssertEqual(tall.size, 7000, accuracy: 1e-9)
        // Each part starts where the previous one ends, less the overlap: the top part's end is the assembly's top.
        XCTAssertEqual(tall.parts.last!.offset + 1495, 7000, accuracy: 1e-9)
        let radical = try XCTUnwrap(font.glyph(for: "\u{221A}"))
        guard case .assembly(let root) = font.stretched(radical, to: 5000, vertical: true) else { return XCTFail("no assembly") }
        XCTAssertEqual(root.parts.count, 2 + 5)
        XCTAssertEqual(root.overlap, 640.0 / 6, accuracy: 1e-9)
        XCTAssertEqual(root.size, 5000, accuracy: 1e-9)
    }

    func testTheGlyphOrTheFirstVariantBigEnough() throws {
        let paren = try XCTUnwrap(font.glyph(for: "("))
        // The base's ink is 996 tall (−248…748).
        XCTAssertEqual(font.stretched(paren, to: 900, vertical: true), .glyph(paren))
        let variants = font.variants(paren, vertical: true)
        XCTAssertEqual(font.stretched(paren, to: 1100, vertical: true), .glyph(variants[2].glyph), "the first variant of ≥ 1100: 1195")
        XCTAssertEqual(font.stretched(paren, to: 2991, vertical: true), .glyph(variants[7].glyph))
        // ⟨ has variants up to 3001 and no assembly: past that, the largest variant.
        let angle = try XCTUnwrap(font.glyph(for: "\u{27E8}"))
        XCTAssertEqual(font.stretched(angle, to: 5000, vertical: true), .glyph(font.variants(angle, vertical: true).last!.glyph))
        // A glyph with no construction stays itself.
        let x = try XCTUnwrap(font.glyph(for: "x"))
        XCTAssertEqual(font.stretched(x, to: 5000, vertical: true), .glyph(x))
    }
}
