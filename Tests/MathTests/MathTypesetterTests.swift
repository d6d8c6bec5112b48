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
        // §6 gives the numbers without ssty; with it (issue 13) the '2' is two.st (glyph 1013: advance 569, ink
        // 0…664, read with fontTools 4.68 from the ssty alternate lookup).
        guard case .glyphs(let two, _) = xSquared.frame.items[1] else { return XCTFail() }
        XCTAssertEqual(two.glyphs[0].id, 1013)
        XCTAssertEqual(xSquared.width, (572 + 569 * 0.7 + 56) * unit, accuracy: 1e-9)
        XCTAssertEqual(xSquared.width, 19.54, accuracy: 0.01)
        XCTAssertEqual(xSquared.ascent, (363 + 664 * 0.7) * unit, accuracy: 1e-9, "the 2's ink top raised by u")
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
        // A letter ending the list takes no italic correction (LuaTeX with OpenType fonts; TeX §755 would add 𝑏's 14 u).
        let bIC = 0.0
        XCTAssertEqual(try box("a+b").width, a + advance("+") + b + bIC + 2 * medium, accuracy: 1e-9)
        XCTAssertEqual(try box("a=b").width, a + advance("=") + b + bIC + 2 * thick, accuracy: 1e-9)
        XCTAssertEqual(try box("-b").width, advance("\u{2212}") + b + bIC, accuracy: 1e-9)
        // In script style the parenthesised spaces go; the letters take their ssty forms (fontTools: a.st 620, b.st
        // 502; '=' has none).
        XCTAssertEqual(try box("a=b", StyleState(.script)).width, (620 + 778 + 502) * 0.7 * unit, accuracy: 1e-9)
    }

    /// A subscript alone: v = max(SubscriptShiftDown 247, sub.ascent − SubscriptTopMax 344) = 247 u for "1".
    func testSubscript() throws {
        let x1 = try box("x_1")
        XCTAssertEqual(origins(x1)[1].y, 247 * unit, accuracy: 1e-9)
        XCTAssertEqual(origins(x1)[1].x, 572 * unit, accuracy: 1e-9)
    }

    /// An accent below (\utilde): its ink top UnderbarVerticalGap below the base's ink, the base's width kept.
    func testAccentBelow() throws {
        let x = try box("x")
        let accented = try box(#"\utilde{x}"#)
        XCTAssertEqual(accented.width, x.width, accuracy: 1e-9)
        XCTAssertGreaterThan(accented.descent, x.descent + 0.1 * 19.04)
        XCTAssertEqual(accented.ascent, x.ascent, accuracy: 1e-9)
    }

    func testAListThatDrawsTooMuchIsRefused() {
        let many = String(repeating: "x", count: MathTypesetter.maxDrawnItems + 1)
        XCTAssertThrowsError(try box(many)) { XCTAssertEqual($0 as? MathTypesetter.TooLarge, MathTypesetter.TooLarge()) }
    }

    /// The rule of a fraction: its fill rect.
    private func rule(_ box: MathBox) -> Rect? {
        for item in box.frame.items { if case .fill(let path, _) = item, case .rect(let rect)? = path.elements.first { return rect } }
        return nil
    }

    /// `\frac{1}{2}`, D style: numerator shift max(677, 250 + 20 + 120 + 0) = 677 u; denominator shift
    /// max(686, 120 + 20 + 666 − 250) = 686 u; the bar from 230 to 270 u, 500 u wide; ascent 677 + 666 = 1343 u,
    /// descent 686 u; 0.12 em of null delimiter space on each side.
    func testDisplayFraction() throws {
        let half = try box(#"\frac{1}{2}"#, StyleState(.display))
        let points = origins(half)
        XCTAssertEqual(-points[0].y, 677 * unit, accuracy: 1e-9)
        XCTAssertEqual(points[1].y, 686 * unit, accuracy: 1e-9)
        let bar = try XCTUnwrap(rule(half))
        XCTAssertEqual(-bar.maxY, 230 * unit, accuracy: 1e-9)
        XCTAssertEqual(-bar.minY, 270 * unit, accuracy: 1e-9)
        XCTAssertEqual(bar.width, 500 * unit, accuracy: 1e-9)
        XCTAssertEqual(bar.minX, 0.12 * 19.04, accuracy: 1e-9)
        XCTAssertEqual(half.ascent, 1343 * unit, accuracy: 1e-9)
        XCTAssertEqual(half.descent, 686 * unit, accuracy: 1e-9)
        XCTAssertEqual(half.width, (500 + 2 * 120) * unit, accuracy: 1e-9)
    }

    /// `\frac{1}{2}`, T style: the digits at S (70 %); numerator shift max(394, 250 + 20 + 40 + 0) = 394 u;
    /// denominator shift max(345, 40 + 20 + 466.2 − 250) = 345 u.
    func testInlineFraction() throws {
        let half = try box(#"\frac{1}{2}"#)
        let points = origins(half)
        XCTAssertEqual(-points[0].y, 394 * unit, accuracy: 1e-9)
        XCTAssertEqual(points[1].y, 345 * unit, accuracy: 1e-9)
        guard case .glyphs(let run, _) = half.frame.items[0] else { return XCTFail() }
        XCTAssertEqual(run.font.size, 19.04 * 0.7, accuracy: 1e-9)
        // \dfrac inline is the display fraction.
        XCTAssertEqual(-origins(try box(#"\dfrac{1}{2}"#))[0].y, 677 * unit, accuracy: 1e-9)
    }

    /// `\sqrt{x}`, T style (§3.8, worked by hand): the radicand 𝑥 in T′ (ink 442 above, 11 below); gap 50, rule 40,
    /// so the target is 543 u; the base √ (ink −960…40, 1000 u) is taller, so the gap grows by (1000 − 543)/2 to
    /// 278.5; the bar's top at 442 + 278.5 + 40 = 760.5 u, ascent + RadicalExtraAscender 40 = 800.5 u, descent
    /// 1000 − 760.5 = 239.5 u, width 833 + 572 u; the surd's ink top on the bar's top edge.
    func testSquareRoot() throws {
        let root = try box(#"\sqrt{x}"#)
        XCTAssertEqual(root.ascent, 800.5 * unit, accuracy: 1e-9)
        XCTAssertEqual(root.descent, 239.5 * unit, accuracy: 1e-9)
        XCTAssertEqual(root.width, (833 + 572) * unit, accuracy: 1e-9)
        let bar = try XCTUnwrap(rule(root))
        XCTAssertEqual(-bar.minY, 760.5 * unit, accuracy: 1e-9)
        XCTAssertEqual(bar.height, 40 * unit, accuracy: 1e-9)
        XCTAssertEqual(bar.minX, 833 * unit, accuracy: 1e-9)
        // The surd's baseline is raised so its ink top (40 u) meets the bar's top: 760.5 − 40 u.
        XCTAssertEqual(-origins(root)[0].y, 720.5 * unit, accuracy: 1e-9)
        // A tall radicand takes a variant or the assembly: the surd covers it.
        let tall = try box(#"\sqrt{\frac{\frac{1}{2}}{\frac{3}{4}}}"#, StyleState(.display))
        let tallBar = try XCTUnwrap(rule(tall))
        XCTAssertGreaterThan(tall.descent + -tallBar.minY, 2000 * unit, "the surd spans the stacked fractions")
    }

    /// The first glyph run's glyph id.
    private func firstGlyph(_ box: MathBox) -> UInt32? {
        for item in box.frame.items { if case .glyphs(let run, _) = item { return run.glyphs.first?.id } }
        return nil
    }

    /// `\big` … `\Bigg` (§3.10): with LM the picks are ( .v1 (1095), .v4 (1793), .v6 (2393), .v7 (2991).
    func testBigDelimiters() throws {
        let font = try MathFont(file: MathFontTests.latinModernMath)
        let variants = font.variants(try XCTUnwrap(font.glyph(for: "(")), vertical: true)
        XCTAssertEqual(firstGlyph(try box(#"\bigl("#)), variants[1].glyph)
        XCTAssertEqual(firstGlyph(try box(#"\Bigl("#)), variants[4].glyph)
        XCTAssertEqual(firstGlyph(try box(#"\biggl("#)), variants[6].glyph)
        XCTAssertEqual(firstGlyph(try box(#"\Biggl("#)), variants[7].glyph)
    }

    /// `\left( \frac{a}{b} \right)`, D style (§6): δ = max(H − axis, D + axis), S = max(1.802 δ, 2δ − 0.5 em); the
    /// parenthesis is the first variant of ≥ S, centred on the axis: its ink centre at AxisHeight.
    func testLeftRightAroundAFraction() throws {
        let fraction = try box(#"\frac{a}{b}"#, StyleState(.display))
        let axis = 250 * unit
        let delta = max(fraction.ascent - axis, fraction.descent + axis)
        let required = max(2 * delta * 0.901, 2 * delta - 0.5 * 19.04) / unit
        let font = try MathFont(file: MathFontTests.latinModernMath)
        let expected = try XCTUnwrap(font.variants(try XCTUnwrap(font.glyph(for: "(")), vertical: true).first { Double($0.advance) >= required })
        let wrapped = try box(#"\left( \frac{a}{b} \right)"#, StyleState(.display))
        XCTAssertEqual(firstGlyph(wrapped), expected.glyph)
        let ink = font.ink(expected.glyph)
        let origin = origins(wrapped)[0]
        XCTAssertEqual(-origin.y + Double(ink.maxY + ink.minY) / 2 * unit, axis, accuracy: 1e-9, "centred on the axis")
        // \middle grows to the same size as the outer pair; '.' is 0.12 em of empty space.
        let middled = try box(#"\left. a \middle| \frac{a}{b} \right."#, StyleState(.display))
        let bar = try XCTUnwrap(font.glyph(for: "|"))
        XCTAssertNotEqual(middled.frame.items.compactMap { item -> UInt32? in
            if case .glyphs(let run, _) = item { return run.glyphs.first?.id } else { return nil }
        }.first { font.variants(bar, vertical: true).map(\.glyph).contains($0) && $0 != bar }, nil, "the middle bar is a grown variant")
        XCTAssertEqual(origins(middled)[0].x, 0.12 * 19.04, accuracy: 1e-9, "the null delimiter before 'a'")
    }

    /// e-TeX's `\middle` is Close toward what precedes it and Open toward what follows (issue 40, defect 6): no space
    /// on either side, and a Bin next to it is Ord. LuaLaTeX: `\left\{x\middle|x>0\right\}` is 81.03 pt wide at
    /// 19.04 pt, the same as an Ord bar between the x's; a Rel bar would add two thick spaces (10.58 pt).
    func testMiddleIsCloseBeforeAndOpenAfter() throws {
        let middled = try box(#"\left. x \middle| x \right."#, StyleState(.display))
        let ordinary = try box(#"\left. x {|} x \right."#, StyleState(.display))
        XCTAssertEqual(middled.width, ordinary.width, accuracy: 1e-9)
        let plus = try box(#"{+}"#, StyleState(.display)).width
        XCTAssertEqual(try box(#"\left. x \middle| + x \right."#, StyleState(.display)).width, middled.width + plus, accuracy: 1e-9,
                       "a + after \\middle is Ord: no medium spaces")
        XCTAssertEqual(try box(#"\left. x + \middle| x \right."#, StyleState(.display)).width, middled.width + plus, accuracy: 1e-9,
                       "a + before \\middle is Ord")
        XCTAssertEqual(try box(#"\left\{x\middle|x>0\right\}"#, StyleState(.display)).width, 81.025, accuracy: 81.025 * 0.02, "LuaLaTeX's width")
    }

    /// `\sum_{i=1}^n`, D style (§6): summation.v1 (1401 ≥ 1300), ink −450…950, centred (shift 0); the upper limit's
    /// baseline max(111, 200 + n's descent) above the ink top 950, the lower's max(600, 167 + its ascent) below the
    /// ink bottom −450; all centred on the widest box.
    func testSumWithLimits() throws {
        let font = try MathFont(file: MathFontTests.latinModernMath)
        let sumVariant = font.variants(try XCTUnwrap(font.glyph(for: "\u{2211}")), vertical: true)[1]
        XCTAssertEqual(sumVariant.advance, 1401)
        let sum = try box(#"\sum_{i=1}^n"#, StyleState(.display))
        let points = origins(sum)
        guard case .glyphs(let opRun, _) = sum.frame.items[0] else { return XCTFail() }
        XCTAssertEqual(opRun.glyphs[0].id, sumVariant.glyph)
        XCTAssertEqual(points[0].y, 0, accuracy: 1e-9, "already centred on the axis")
        // The limits in their ssty forms (fontTools): n.st ink −10…441; i.st top 663, '=' 367, one.st 664.
        let upper = max(111, 200 + 0.7 * 10)
        XCTAssertEqual(-points[1].y, (950 + upper) * unit, accuracy: 1e-9)
        let lower = max(600, 167 + 0.7 * 664)
        XCTAssertEqual(points[2].y, (450 + lower) * unit, accuracy: 1e-9, "the lower limit's first glyph")
        // Inline (T), the same input takes scripts; \limits forces limits.
        XCTAssertEqual(try box(#"\sum_{i=1}^n"#).width, try box(#"\sum\nolimits_{i=1}^n"#).width)
        XCTAssertNotEqual(try box(#"\sum\limits_{i=1}^n"#).ascent, try box(#"\sum_{i=1}^n"#).ascent)
    }

    /// `\int_0^1`, D style (§6): integral.v1 (2223, ic 591); the subscript at x = advance − 591, the superscript at x = advance.
    func testIntegralScripts() throws {
        let font = try MathFont(file: MathFontTests.latinModernMath)
        let integral = font.variants(try XCTUnwrap(font.glyph(for: "\u{222B}")), vertical: true)[1]
        let advance = Double(font.advance(integral.glyph)) * unit
        let box = try box(#"\int_0^1"#, StyleState(.display))
        let points = origins(box)
        XCTAssertEqual(points[1].x, advance, accuracy: 1e-9, "superscript")
        XCTAssertEqual(points[2].x, advance - 591 * unit, accuracy: 1e-9, "subscript tucked in by the italic correction")
    }

    /// `\hat{x}` (§3.11): the accent's attachment (−264 u for the combining circumflex) meets 𝑥's (329 u), so the
    /// accent glyph's origin is at 329 + 264 u; 𝑥 (ink top 442) is under AccentBaseHeight (450), so no raise.
    /// `\overline{x}`: a 40 u rule 120 u above the ink top, ascent + 120 + 40 + 40 u.
    func testAccentsAndRules() throws {
        let hat = try box(#"\hat{x}"#)
        XCTAssertEqual(origins(hat)[1].x, (329 + 264) * unit, accuracy: 1e-9)
        XCTAssertEqual(origins(hat)[1].y, 0, accuracy: 1e-9)
        XCTAssertEqual(hat.width, 572 * unit, accuracy: 1e-9, "the accent's own width is ignored")
        XCTAssertEqual(hat.ascent, 734 * unit, accuracy: 1e-9, "the accent's ink top")
        let bar = try box(#"\overline{x}"#)
        let rect = try XCTUnwrap(rule(bar))
        XCTAssertEqual(-rect.maxY, (442 + 120) * unit, accuracy: 1e-9)
        XCTAssertEqual(bar.ascent, (442 + 120 + 40 + 40) * unit, accuracy: 1e-9)
        let under = try box(#"\underline{x}"#)
        XCTAssertEqual(try XCTUnwrap(rule(under)).minY, (11 + 120) * unit, accuracy: 1e-9)
        // A wide body takes the stretched arrow: it is at least as wide as the body.
        let arrow = try box(#"\overrightarrow{abcdef}"#)
        XCTAssertEqual(arrow.width, try box("abcdef").width, accuracy: 1e-9)
        XCTAssertGreaterThan(arrow.ascent, try box("abcdef").ascent)
    }

    /// `\sqrt[3]{x}` (§3.8 step 8): the index in SS (50 %, its ssty form) after a kern of 0.278 em, the radical
    /// 0.556 em back (never before the start: LuaTeX); the index's ink bottom at 60 % of the radical's height above
    /// its bottom.
    func testIndexedRadical() throws {
        let root = try box(#"\sqrt{x}"#)
        let cube = try box(#"\sqrt[3]{x}"#)
        let points = origins(cube)
        XCTAssertEqual(points[0].x, 278 * unit, accuracy: 1e-9)
        let threeWidth = try box(#"\scriptscriptstyle 3"#).width
        XCTAssertEqual(points[1].x, max(0, 278 * unit + threeWidth - 556 * unit), accuracy: 1e-9, "the surd after the kerns")
        let font = try MathFont(file: MathFontTests.latinModernMath)
        let threeInkBottom = Double(font.ink(try XCTUnwrap(font.glyph(for: "3"))).minY) * 0.5 * unit
        XCTAssertEqual(-points[0].y + threeInkBottom, 0.6 * (root.ascent + root.descent) - root.descent, accuracy: 1e-9)
        // \binom: no rule, parentheses of delim2 = 1.01 em in T, centred on the axis.
        let binomial = try box(#"\binom{n}{k}"#)
        XCTAssertNil(rule(binomial))
        XCTAssertEqual(origins(binomial).count, 4, "(, n, k, )")
    }

    /// Issue 62, class 7: `\overgroup` and `\undergroup` are a flat rule with arcs at its ends (KaTeX's shape), drawn
    /// with the parenthesis's assembly over a wide body, never the tortoise-shell bracket with its slanted ends.
    func testGroupsAreArcsNotTrapezoids() throws {
        let font = typesetter.font
        func glyphs(_ latex: String) throws -> Set<UInt32> {
            var ids: Set<UInt32> = []
            for item in try box(latex).frame.items { if case .glyphs(let run, _) = item { ids.formUnion(run.glyphs.map(\.id)) } }
            return ids
        }
        for (command, paren, shell) in [("overgroup", "\u{23DC}", "\u{23E0}"), ("undergroup", "\u{23DD}", "\u{23E1}")] as [(String, Unicode.Scalar, Unicode.Scalar)] {
            let drawn = try glyphs("\\\(command){ABCDEFGH}")
            let parenParts = Set(font.assembly(try XCTUnwrap(font.glyph(for: paren)), vertical: false).parts.map(\.glyph))
            let shellGlyphs = Set([try XCTUnwrap(font.glyph(for: shell))] + font.variants(try XCTUnwrap(font.glyph(for: shell)), vertical: false).map(\.glyph)
                                  + font.assembly(try XCTUnwrap(font.glyph(for: shell)), vertical: false).parts.map(\.glyph))
            XCTAssertFalse(drawn.isDisjoint(with: parenParts), command)
            XCTAssertTrue(drawn.isDisjoint(with: shellGlyphs), command)
        }
    }
}
