import Drawing
@testable import Math
import XCTest

/// Environments, infix fractions, colours and the other constructions of `math-facts.md` §3.12, §3.14, §3.15 and
/// §4.3: the math lists they parse to, and the table geometry LaTeX's `array` and amsmath give (\arraycolsep
/// 5 pt → 1 em between matrix columns; struts 0.7 and 0.3 of 1.2 em; \jot 3 pt; centred on the axis).
final class EnvironmentTests: XCTestCase {
    private let typesetter: MathTypesetter = {
        let font = try! MathFont(file: MathFontTests.latinModernMath)
        return MathTypesetter(font: font, baseSize: 19.04, color: .black)
    }()
    private let em = 19.04
    private let axis = 250 * 19.04 / 1000

    private func parse(_ source: String) throws -> [MathItem] { try LaTeXParser.parse(source).items }

    private func table(_ source: String) throws -> MathTable {
        var items = try parse(source)
        if case .atom(let atom)? = items.first, case .leftRight(_, let body, _) = atom.nucleus { items = body.items }
        guard case .atom(let atom)? = items.first, case .table(let table) = atom.nucleus else { throw Unexpected() }
        return table
    }

    struct Unexpected: Error {}

    private func ord(_ scalar: Unicode.Scalar) -> MathItem { .atom(MathAtom(.ord, .character(scalar, .normal))) }

    func testEnvironmentsParseToRowsAndColumns() throws {
        let matrix = try table(#"\begin{pmatrix} a & b \\ c & d \\ \end{pmatrix}"#)
        XCTAssertEqual(matrix.rows.count, 2, "a row break before \\end adds no row")
        XCTAssertEqual(matrix.columnCount, 2)
        XCTAssertEqual(matrix.rows[1][1].items, [ord("d")])
        XCTAssertEqual(matrix.style, .text)
        guard case .atom(let wrapped)? = try parse(#"\begin{bmatrix}1\end{bmatrix}"#).first,
              case .leftRight(let left, _, let right) = wrapped.nucleus else { return XCTFail() }
        XCTAssertEqual([left, right], ["[", "]"])
        let array = try table(#"\begin{array}{|l|c|} \hline a & b \\[4pt] \hline c & d \\ \hline \end{array}"#)
        XCTAssertEqual(array.alignments, [.left, .center])
        XCTAssertEqual(array.verticalRules, [0, 1, 2])
        XCTAssertEqual(array.horizontalRules, [0, 1, 2])
        XCTAssertEqual(array.rowGaps.first, 0.4, "4 pt at 10 pt = 0.4 em")
        let aligned = try table(#"\begin{aligned} a &= b \\ &= c \end{aligned}"#)
        XCTAssertTrue(aligned.pairedColumns)
        // The right-hand cells start with an empty Ord, so "= b" spaces as "{}= b".
        XCTAssertEqual(aligned.rows[0][1].items.first, .atom(MathAtom(.ord, .list(MathList()))))
        let cases = try table(#"\begin{cases} 1 & x > 0 \\ 0 & \text{else} \end{cases}"#)
        XCTAssertEqual(cases.alignments, [.left, .left])
        XCTAssertEqual(cases.rowStretch, 1.2)
    }

    func testInfixFractionsColoursScriptsAndStacks() throws {
        guard case .atom(let over)? = try parse(#"a+b \over c"#).first, case .fraction(let fraction) = over.nucleus else { return XCTFail() }
        XCTAssertEqual(fraction.numerator.items.count, 3)
        XCTAssertEqual(fraction.denominator.items, [ord("c")])
        XCTAssertTrue(fraction.hasRule)
        guard case .atom(let choose)? = try parse(#"{n \choose k}"#).first, case .list(let group) = choose.nucleus,
              case .atom(let inner)? = group.items.first, case .fraction(let binomial) = inner.nucleus else { return XCTFail() }
        XCTAssertFalse(binomial.hasRule)
        XCTAssertEqual([binomial.left, binomial.right], ["(", ")"])
        // \color applies to the rest of its group only.
        let colored = try parse(#"a {\color{red} b c} d"#)
        XCTAssertEqual(colored.count, 3)
        guard case .atom(let group)? = colored.dropFirst().first, case .list(let inside) = group.nucleus,
              case .atom(let paint)? = inside.items.first, case .colored(let color, let rest) = paint.nucleus else { return XCTFail() }
        XCTAssertEqual(color, RGBA(r: 1, g: 0, b: 0))
        XCTAssertEqual(rest.items, [ord("b"), ord("c")])
        XCTAssertThrowsError(try parse(#"\textcolor{notacolour}{x}"#))
        // Typed superscript digits are scripts.
        XCTAssertEqual(try parse("x²³"), [.atom(MathAtom(.ord, .character("x", .normal), upper: MathList([ord("2"), ord("3")])))])
        // \overset keeps the base's class and sets the script as a limit; \overbrace is an operator with limits.
        guard case .atom(let stacked)? = try parse(#"\overset{!}{=}"#).first else { return XCTFail() }
        XCTAssertEqual(stacked.atomClass, .rel)
        guard case .list(let stack) = stacked.nucleus, case .atom(let limited)? = stack.items.first else { return XCTFail() }
        XCTAssertEqual(limited.limits, .limits)
        guard case .atom(let brace)? = try parse(#"\overbrace{x}^n"#).first else { return XCTFail() }
        XCTAssertEqual(brace.atomClass, .op)
        XCTAssertEqual(brace.limits, .limits)
        XCTAssertNotNil(brace.upper)
    }

    func testMatrixGeometryFollowsLaTeXsArray() throws {
        // Single-letter cells are shorter than the struts: rows are 0.84 em + 0.36 em = 1.2 em apart.
        let box = try typesetter.layout(try LaTeXParser.parse(#"\begin{matrix} a & b \\ c & d \end{matrix}"#), style: StyleState(.display))
        let origins = box.frame.items.compactMap { item -> Point? in if case .glyphs(_, let origin) = item { return origin } else { return nil } }
        XCTAssertEqual(origins.count, 4)
        XCTAssertEqual(origins[2].y - origins[0].y, 1.2 * em, accuracy: 1e-9)
        XCTAssertEqual(box.ascent + box.descent, 2.4 * em, accuracy: 1e-9)
        XCTAssertEqual(box.ascent - box.descent, 2 * axis, accuracy: 1e-9, "centred on the axis")
        // Columns (fontTools advances; a letter ending its cell takes no italic correction, as in LuaTeX): a 529 over
        // c 433, then 1 em, then b 429 centred over d 520.
        XCTAssertEqual(origins[1].x, (529 + (520 - 429) / 2) * em / 1000 + em, accuracy: 1e-9)
        XCTAssertEqual(origins[0].y, -box.ascent + 0.84 * em, accuracy: 1e-9, "first baseline one strut height down")
        // aligned opens the space between rows by \jot (0.3 em), not below the last (amsmath's \openup; LuaLaTeX).
        let aligned = try typesetter.layout(try LaTeXParser.parse(#"\begin{aligned} a &= b \\ c &= d \end{aligned}"#), style: StyleState(.display))
        XCTAssertEqual(aligned.ascent + aligned.descent, 2 * 1.2 * em + 0.3 * em, accuracy: 1e-9)
    }

    /// Issue 40, defect 1: `aligned` with several `&` pairs aligns columns right, left, right, left (amsmath's template
    /// repeats the pair): a short third-column cell "c" ends where the long "ccc" below it ends.
    func testAlignedColumnsAlternateRightAndLeft() throws {
        let box = try typesetter.layout(try LaTeXParser.parse(#"\begin{aligned} a &= b & c &= d \\ a &= b & ccc &= d \end{aligned}"#),
                                        style: StyleState(.display))
        let origins = box.frame.items.compactMap { item -> Point? in if case .glyphs(_, let origin) = item { return origin } else { return nil } }
        let rows = Dictionary(grouping: origins, by: \.y).sorted { $0.key < $1.key }.map { $0.value.map(\.x).sorted() }
        guard rows.count == 2, rows[0].count > 3, rows[1].count > 3 else { return XCTFail("unexpected glyph runs: \(rows)") }
        let c = try typesetter.layout(try LaTeXParser.parse("c"), style: StyleState(.display)).width
        let ccc = try typesetter.layout(try LaTeXParser.parse("ccc"), style: StyleState(.display)).width
        // Runs left to right: a, =, b, then the third column's first "c" in each row.
        XCTAssertEqual(rows[0][3] - rows[1][3], ccc - c, accuracy: 0.01)
    }

    /// Issue 40, defect 4 (TeX §738): scripts on an accented character attach to the character as if it had no accent;
    /// the accent is drawn over it in addition.
    func testScriptsOnAnAccentedCharacterSitWhereTheyWouldWithoutTheAccent() throws {
        for (accented, plain) in [(#"\hat{A}^2"#, "A^2"), (#"\vec{v}^2"#, "v^2"), (#"\tilde{x}_1^2"#, "x_1^2"), (#"\bar{y}_i"#, "y_i")] {
            for style in [StyleState(.display), StyleState(.text)] {
                let with = try typesetter.layout(try LaTeXParser.parse(accented), style: style)
                let without = try typesetter.layout(try LaTeXParser.parse(plain), style: style)
                XCTAssertEqual(Array(with.frame.items.prefix(without.frame.items.count)), without.frame.items, accented)
                XCTAssertGreaterThan(with.frame.items.count, without.frame.items.count, "\(accented): the accent is drawn")
                XCTAssertEqual(with.width, without.width, accuracy: 1e-9, accented)
                XCTAssertEqual(with.descent, without.descent, accuracy: 1e-9, accented)
            }
        }
    }

    /// Issue 40, defect 2: horizontal braces as LuaLaTeX sets them (a stretchy \Umathaccent, TeX §738): the widest
    /// variant that fits the base, the box as wide as the base with the brace centred on it, the brace's baseline
    /// height(base) − min(height(base), AccentBaseHeight) up. The numbers are LuaLaTeX's at 19.04 pt. A label
    /// wider than the base widens the box as an operator's limits do, base, brace and label centred.
    func testBracesFitTheirBaseAndLabelsCentreOnIt() throws {
        let tex: [(String, height: Double, depth: Double)] = [
            (#"\overbrace{AB}"#, 20.639, 0), (#"\overbrace{x+y}"#, 18.240, 3.903), (#"\overbrace{ABCDEFGH}"#, 21.325, 0.419),
            (#"\overbrace{y}"#, 14.908, 3.903), (#"\overparen{AB}"#, 19.554, 0), (#"\underbrace{x+y}"#, 11.100, 11.405),
        ]
        for (source, height, depth) in tex {
            let box = try typesetter.layout(try LaTeXParser.parse(source), style: StyleState(.display))
            let base = try typesetter.layout(try LaTeXParser.parse(String(source.drop { $0 != "{" }.dropFirst().dropLast())), style: StyleState(.display))
            XCTAssertEqual(box.width, base.width, accuracy: 1e-9, "\(source): as wide as its base")
            XCTAssertEqual(box.ascent, height, accuracy: 0.02, source)
            XCTAssertEqual(box.descent, depth, accuracy: 0.02, source)
        }
        let bare = try typesetter.layout(try LaTeXParser.parse("x"), style: StyleState(.display))
        let labelled = try typesetter.layout(try LaTeXParser.parse(#"\underbrace{x}_{\text{a very long label}}"#), style: StyleState(.display))
        let origins = labelled.frame.items.compactMap { item -> Point? in if case .glyphs(_, let origin) = item { return origin } else { return nil } }
        XCTAssertGreaterThanOrEqual(origins.count, 3, "x, the brace, the label")
        XCTAssertGreaterThan(labelled.width, 5 * bare.width)
        XCTAssertGreaterThanOrEqual(origins.map(\.x).min() ?? -1, -1e-9, "nothing overhangs the box: \(origins)")
        XCTAssertEqual(origins[0].x, (labelled.width - bare.width) / 2, accuracy: 0.01, "x is centred over its label")
    }

    func testBoxesPhantomsAndArrows() throws {
        let x = try typesetter.layout(try LaTeXParser.parse("x"), style: StyleState(.text))
        // \boxed: \fboxsep 3 pt and \fboxrule 0.4 pt at 10 pt, i.e. 0.3 and 0.04 em on every side.
        let boxed = try typesetter.layout(try LaTeXParser.parse(#"\boxed{x}"#), style: StyleState(.text))
        XCTAssertEqual(boxed.width, x.width + 2 * 0.34 * em, accuracy: 1e-9)
        XCTAssertEqual(boxed.ascent, x.ascent + 0.34 * em, accuracy: 1e-9)
        let phantom = try typesetter.layout(try LaTeXParser.parse(#"\phantom{x}"#), style: StyleState(.text))
        XCTAssertEqual(phantom.width, x.width, accuracy: 1e-9)
        XCTAssertTrue(phantom.frame.isEmpty)
        XCTAssertEqual(try typesetter.layout(try LaTeXParser.parse(#"\hphantom{x}"#), style: StyleState(.text)).ascent, 0)
        XCTAssertEqual(try typesetter.layout(try LaTeXParser.parse(#"\vphantom{x}"#), style: StyleState(.text)).width, 0)
        // \xrightarrow (amsmath's \ext@arrow 0359): the arrow's own width (→ is 1 em in Latin Modern Math), and a
        // label with 5 mu before and 9 mu after it in script style (70 %).
        let bare = try typesetter.layout(try LaTeXParser.parse(#"\xrightarrow{}"#), style: StyleState(.text))
        XCTAssertEqual(bare.width, em, accuracy: 1e-9)
        let label = try typesetter.layout(try LaTeXParser.parse(#"\text{a long label}"#), style: StyleState(.script))
        let long = try typesetter.layout(try LaTeXParser.parse(#"\xrightarrow{\text{a long label}}"#), style: StyleState(.text))
        XCTAssertEqual(long.width, label.width + 14.0 / 18 * 0.7 * em, accuracy: 0.01)
        // \hspace and \mkern: absolute lengths count at 10 pt per em, mu as 1/18 em.
        let spaced = try typesetter.layout(try LaTeXParser.parse(#"\hspace{5pt}\mkern9mu"#), style: StyleState(.text))
        XCTAssertEqual(spaced.width, 0.5 * em + 0.5 * em, accuracy: 1e-9)
    }
}
