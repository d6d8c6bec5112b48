import Drawing
import GoldenSupport
import XCTest
@testable import Layout
import Math

/// KaTeX's support table (issue 24): every entry of `Tests/Fixtures/math/katex-coverage.txt` typesets in display
/// and text style with the message's fallback chain and draws no missing-glyph box; and equation tags sit where
/// amsmath puts them.
final class FormulaCoverageTests: XCTestCase {
    private var formulas: FormulaTypesetter { get throws { try XCTUnwrap(TestEnvironment.pipeline.formulas) } }

    /// Entries still missing, each with its reason.
    static let notYet: Set<String> = [
        #"\begin{CD}A @>a>> B \\@VbVV @AAcA\\C @= D\end{CD}"#,  // commutative diagrams: not built
    ]

    func testEveryEntryOfKaTeXsSupportTableTypesetsWithoutBoxes() throws {
        let text = try String(contentsOfFile: TestEnvironment.root + "/Tests/Fixtures/math/katex-coverage.txt", encoding: .utf8)
        let lines = text.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("# ") }
        XCTAssertGreaterThan(lines.count, 900)
        var failed: [String] = []
        for line in lines where !Self.notYet.contains(line) {
            for display in [true, false] where display || !line.contains(#"\tag"#) {
                switch try formulas.typeset(line, display: display, size: 19.04, color: .black) {
                case .success(let formula):
                    XCTAssertEqual(formula.missingCodePoints, [], "\(line) draws boxes for \(formula.missingCodePoints.map { String($0, radix: 16) })")
                    XCTAssertTrue(formula.width.isFinite && formula.ascent.isFinite && formula.descent.isFinite, line)
                case .failure(let error):
                    failed.append("\(line) (\(display ? "display" : "text")): \(error)")
                }
            }
        }
        XCTAssertEqual(failed, [])
        // The share the issue asks for: at least 97 % of the table.
        XCTAssertGreaterThanOrEqual(Double(lines.count - Self.notYet.count) / Double(lines.count), 0.97)
    }

    func testMacrosAreLocalBoundedAndTakeArguments() throws {
        let formulas = try formulas
        let twice = try formulas.typeset(#"\def\sq#1{#1^2}\sq{y}+\sq{y}"#, display: true, size: 20, color: .black).get()
        let written = try formulas.typeset(#"y^2+y^2"#, display: true, size: 20, color: .black).get()
        XCTAssertEqual(twice.width, written.width, accuracy: 1e-9)
        XCTAssertEqual(twice.frame, written.frame)
        // A definition inside braces ends with them: \x is unknown after the group.
        guard case .failure(let error) = formulas.typeset(#"{\def\x{a}\x}\x"#, display: true, size: 20, color: .black) else {
            return XCTFail("\\x outlived its group")
        }
        XCTAssertTrue(error.message.contains(#"unknown command \x"#), "\(error)")
        XCTAssertEqual(error.offset, 13, "the error names the second \\x in the source")
        guard case .failure(let loop) = formulas.typeset(#"\def\a{\a\a}\a"#, display: true, size: 20, color: .black) else {
            return XCTFail("a self-expanding macro typeset")
        }
        XCTAssertTrue(loop.message.contains("1000"), "\(loop)")
        let optional = try formulas.typeset(#"\newcommand{\p}[2][1]{#1+#2}\p{x}"#, display: true, size: 20, color: .black).get()
        XCTAssertEqual(optional.frame, try formulas.typeset("1+x", display: true, size: 20, color: .black).get().frame)
    }

    func testATagSitsFlushRightOnTheFormulasBaseline() throws {
        let formula = try formulas.typeset(#"\tag{3.1c} a^2+b^2=c^2"#, display: true, size: 20, color: .black).get()
        XCTAssertEqual(formula.tags.count, 1)
        let tag = try XCTUnwrap(formula.tags.first)
        XCTAssertEqual(tag.baseline, 0)
        let bare = try formulas.typeset(#"a^2+b^2=c^2"#, display: true, size: 20, color: .black).get()
        XCTAssertEqual(formula.width, bare.width, accuracy: 1e-9, "the tag is not part of the formula's own width")
        let placed = formula.placingTags(lineWidth: 300, gap: 20)
        XCTAssertEqual(placed.width, 300)
        XCTAssertTrue(placed.tags.isEmpty)
        // "(3.1c)" ends at the line's right edge: the last glyph run's origin plus its advance is 300.
        let ends = placed.frame.items.compactMap { item -> Double? in
            guard case .glyphs(let run, let origin) = item, let last = run.glyphs.last else { return nil }
            return origin.x + last.x + last.advance
        }
        XCTAssertEqual(ends.max() ?? 0, 300, accuracy: 0.01)
        // Too narrow for both: the tag moves to a line of its own below.
        let below = formula.placingTags(lineWidth: bare.width + 10, gap: 20)
        XCTAssertEqual(below.descent, bare.descent + tag.ascent + tag.descent, accuracy: 1e-9)
    }

    func testTagsInAlignSitOnTheirRowsBaselines() throws {
        let size = 20.0
        let formula = try formulas.typeset(#"\begin{align} a&=b \tag{1}\\ c&=d \notag \\ e&=f \tag{3}\end{align}"#, display: true, size: size,
                                           color: .black).get()
        XCTAssertEqual(formula.tags.count, 2)
        // Rows of short letters are 1.2 em (\baselineskip 12 pt at 10 pt) + \jot 0.3 em apart: two rows, 3 em.
        XCTAssertEqual(formula.tags[1].baseline - formula.tags[0].baseline, 2 * 1.5 * size, accuracy: 1e-6)
        guard case .failure(let inline) = try formulas.typeset(#"x \tag{1}"#, display: false, size: size, color: .black) else {
            return XCTFail("a tag in an inline formula typeset")
        }
        XCTAssertTrue(inline.message.contains("block formula"), "\(inline)")
    }

    /// The Decision "Equation numbers": an `equation` is (1) in a block formula, nothing inline, nothing with \notag.
    func testAnEquationIsNumberedInABlockFormula() throws {
        let formulas = try formulas
        let numbered = try formulas.typeset(#"\begin{equation} E = mc^2 \end{equation}"#, display: true, size: 20, color: .black).get()
        XCTAssertEqual(numbered.tags.count, 1)
        let one = try formulas.typeset(#"\text{(1)}"#, display: false, size: 20, color: .black).get()
        XCTAssertEqual(numbered.tags.first?.width ?? 0, one.width, accuracy: 1e-9)
        XCTAssertEqual(try formulas.typeset(#"\begin{equation} E = mc^2 \notag \end{equation}"#, display: true, size: 20, color: .black).get().tags.count, 0)
        XCTAssertEqual(try formulas.typeset(#"\begin{equation} E = mc^2 \end{equation}"#, display: false, size: 20, color: .black).get().tags.count, 0)
        let aligned = try formulas.typeset(#"\begin{align} a&=b \\ c&=d \\ e&=f \end{align}"#, display: true, size: 20, color: .black).get()
        XCTAssertEqual(aligned.tags.count, 3)
        // Inline, an align is the same rows without numbers rather than an error.
        XCTAssertEqual(try formulas.typeset(#"\begin{align} a&=b \\ c&=d \end{align}"#, display: false, size: 20, color: .black).get().tags.count, 0)
    }

    func testABlockFormulasTagIsAtThePagesRightInset() throws {
        let page = try TestEnvironment.layout(#"{"blocks": [{"type": "mathematical_expression", "expression": "E = mc^2 \\tag{1}"}]}"#)
        let item = try XCTUnwrap(page.items.first)
        XCTAssertEqual(item.frame.minX, page.page.horizontalInset)
        XCTAssertEqual(item.frame.maxX, page.page.boundingWidth - page.page.horizontalInset, accuracy: 1e-9)
    }
}
