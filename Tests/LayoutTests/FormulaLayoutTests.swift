import Drawing
import GoldenSupport
import XCTest
@testable import Layout
import Math

/// Block and inline formulas placed by the layout (`v2-layout-facts.md` §2.15 OLD: left-aligned; §3.3 steps
/// 9–10; README Decisions: wide formulas clip and scroll like tables; `math-facts.md` §3.15 sizes, §7 fallback).
final class FormulaLayoutTests: XCTestCase {
    let B = 320.0, H = 10.0

    struct Unexpected: Error { var kind: String }

    private func layout(_ blocks: String, _ arguments: [String] = []) throws -> PageLayout {
        try TestEnvironment.layout(#"{"blocks": [\#(blocks)]}"#, arguments)
    }

    private func block(_ latex: String) -> String { #"{"type": "mathematical_expression", "expression": "\#(latex)"}"# }

    /// The formula as the typesetter makes it on its own, at a size and style the spec names.
    private func typeset(_ latex: String, display: Bool, size: Double) throws -> Formula {
        let formulas = try XCTUnwrap(TestEnvironment.pipeline.formulas)
        return try formulas.typeset(latex.replacingOccurrences(of: #"\\"#, with: #"\"#), display: display, size: size, color: .black).get()
    }

    private func formulaView(_ item: LayoutItem) throws -> FormulaView {
        guard case .formula(let view) = item.content else { throw Unexpected(kind: item.kind) }
        return view
    }

    func testABlockFormulaIsDisplayStyleAtParagraphSizeTimes1_12LeftAlignedAtTheInset() throws {
        let page = try layout(block(#"\\sum_{i=1}^n \\frac{1}{i}"#))
        let item = try XCTUnwrap(page.items.first)
        XCTAssertEqual(item.kind, "formula")
        let expected = try typeset(#"\\sum_{i=1}^n \\frac{1}{i}"#, display: true, size: 17 * 1.12)
        XCTAssertEqual(item.frame.minX, H, "OLD generation: no centring, x = H")
        XCTAssertEqual(item.frame.width, expected.width, accuracy: 1e-9)
        XCTAssertEqual(item.frame.height, expected.ascent + expected.descent, accuracy: 1e-9)
        let view = try formulaView(item)
        XCTAssertEqual(view.baseline, expected.ascent, accuracy: 1e-9)
        XCTAssertFalse(view.clipped)
        XCTAssertNil(view.fallback)
        // Display style: the sum's limits go above and below, so it is taller than the text-style formula.
        let inline = try typeset(#"\\sum_{i=1}^n \\frac{1}{i}"#, display: false, size: 17 * 1.12)
        XCTAssertGreaterThan(expected.ascent + expected.descent, inline.ascent + inline.descent + 5)
    }

    func testAFormulaWiderThanThePageSpansTheBoundingWidthClipsAndScrollsWithTableOffset() throws {
        let latex = String(repeating: "a+b+c+d+", count: 12) + "z"
        let natural = try typeset(latex, display: true, size: 17 * 1.12)
        XCTAssertGreaterThan(natural.width, B - 2 * H)
        let page = try layout(block(latex))
        let item = try XCTUnwrap(page.items.first)
        XCTAssertEqual(item.frame.minX, 0)
        XCTAssertEqual(item.frame.width, B, "the item spans B like an overflowing table")
        let view = try formulaView(item)
        XCTAssertTrue(view.clipped)
        XCTAssertEqual(view.scrollOffset, 0)
        XCTAssertEqual(view.width, natural.width, accuracy: 1e-9)
        // --table-offset scrolls it, clamped to the scroll content w + 2H − B.
        let scrolled = try formulaView(try XCTUnwrap(layout(block(latex), ["--table-offset", "40"]).items.first))
        XCTAssertEqual(scrolled.scrollOffset, 40)
        let end = try formulaView(try XCTUnwrap(layout(block(latex), ["--table-offset", "100000"]).items.first))
        XCTAssertEqual(end.scrollOffset, natural.width + 2 * H - B, accuracy: 1e-9)
    }

    func testAnInlineFormulaSitsOnTheTextBaselineAndATallOneGrowsTheLine() throws {
        func line(_ latex: String) throws -> (TextLine, TextBox) {
            let page = try layout(#"{"type": "paragraph", "text": ["Hi ", {"type": "mathematical_expression", "expression": "\#(latex)"}]}"#)
            let item = try XCTUnwrap(page.items.first)
            guard case .text(let box) = item.content else { throw Unexpected(kind: item.kind) }
            return (try XCTUnwrap(box.lines.first), box)
        }
        // A small formula does not change the line: L stays the line's ascent.
        let (small, smallBox) = try line("x")
        let x = try typeset("x", display: false, size: 17 * 1.12)
        let smallAttachment = try XCTUnwrap(small.attachments.first)
        XCTAssertEqual(smallAttachment.kind, .formula)
        XCTAssertEqual(small.frame.height, smallBox.lineHeight)
        XCTAssertEqual(smallAttachment.frame.width, x.width, accuracy: 1e-9)
        XCTAssertEqual(smallAttachment.frame.minY + x.ascent, small.baseline, accuracy: 1e-9, "formula baseline on the text baseline")
        XCTAssertEqual(try XCTUnwrap(smallAttachment.baseline), small.baseline, accuracy: 1e-9)
        // \dfrac in a line: lineAscent = max(L, fA) (§3.3 step 9), frame y = baselineY − fA (step 10).
        let (tall, tallBox) = try line(#"\\dfrac{1}{2}"#)
        let fraction = try typeset(#"\\dfrac{1}{2}"#, display: false, size: 17 * 1.12)
        XCTAssertGreaterThan(fraction.ascent, tallBox.lineHeight)
        XCTAssertEqual(tall.frame.height, fraction.ascent, accuracy: 1e-9)
        let tallAttachment = try XCTUnwrap(tall.attachments.first)
        XCTAssertEqual(tallAttachment.frame.minY, tall.baseline - fraction.ascent, accuracy: 1e-9)
        XCTAssertEqual(tallAttachment.frame.height, fraction.ascent + fraction.descent, accuracy: 1e-9)
    }

    /// Issue 24: after two lines that both grow below (the V1 spacing quirk), a formula stayed where its line had
    /// been and was drawn 12 pt above it. At every width, every formula's baseline is its line's.
    func testEveryInlineFormulaSitsOnItsLinesBaselineAtEveryWidth() throws {
        let formula = { (latex: String) in #"{"type": "mathematical_expression", "expression": "\#(latex)"}"# }
        let parts = [#""AAA ""#, formula(#"\\frac{1}{y}"#), #"" BBB ""#, formula(#"\\frac{X}{y}"#), #"". Then ""#, formula(#"\\sqrt{x_1^2}"#),
                     #"" and ""#, formula(#"\\int_0^1 f"#), #"" with ""#, formula(#"\\dfrac{a}{b}"#), #"" ends.""#]
        for width in stride(from: 90, through: 600, by: 15) {
            let page = try layout(#"{"type": "paragraph", "text": [\#(parts.joined(separator: ", "))]}"#, ["--width", "\(width)"])
            guard case .text(let box) = try XCTUnwrap(page.items.first).content else { return XCTFail("no text") }
            var seen = 0
            for line in box.lines {
                for attachment in line.attachments where attachment.kind == .formula {
                    seen += 1
                    XCTAssertEqual(try XCTUnwrap(attachment.baseline), line.baseline, accuracy: 1e-9, "width \(width)")
                    XCTAssertGreaterThanOrEqual(attachment.frame.minY, line.frame.minY - 1e-9, "width \(width): above its line")
                }
            }
            XCTAssertEqual(seen, 5, "width \(width)")
        }
    }

    /// Issue 24: the source of a formula that cannot be typeset is drawn in the monospace face, so no ligature
    /// changes what was typed.
    func testAFormulasFallbackSourceIsMonospace() throws {
        let page = try layout(#"{"type": "paragraph", "text": ["a ", {"type": "mathematical_expression", "expression": "\\frac{1}{2 -> x"}]}"#)
        guard case .text(let box) = try XCTUnwrap(page.items.first).content else { return XCTFail("no text") }
        let fonts = box.lines.flatMap(\.runs).map(\.font.file)
        XCTAssertTrue(fonts.contains { $0.hasSuffix("DejaVuSansMono.ttf") }, "\(fonts)")
    }

    /// The status pad rule for a line inflated by an attachment (README Decisions "Height"; `v2-layout-facts.md`
    /// §5.1): after a line a tall formula grew the trailing pad is 0, after an ordinary line 5.
    func testTheStatusPadIsZeroAfterALineATallFormulaGrew() throws {
        func statusBelowBaseline(_ latex: String) throws -> (Double, Placement: Status.Placement) {
            // A long first paragraph makes the bubble wide enough for the status to trail the short last line.
            let page = try layout(#"{"type": "paragraph", "text": "A paragraph long enough to fill the whole width of the bubble."}, "#
                                  + #"{"type": "paragraph", "text": ["So ", {"type": "mathematical_expression", "expression": "\#(latex)"}]}"#)
            let last = try XCTUnwrap(page.items.last)
            guard case .text(let box) = last.content else { throw Unexpected(kind: last.kind) }
            let baseline = try XCTUnwrap(box.lines.last).baseline + last.frame.minY
            return (try XCTUnwrap(page.status.frame).maxY - baseline, page.status.placement)
        }
        let plain = try statusBelowBaseline("x")
        // The line frame is the line ascent: inflated once the formula rises more than A + D + 1 above the baseline.
        let tall = try statusBelowBaseline(#"\\dfrac{\\dfrac{1}{2}}{3}"#)
        XCTAssertEqual(plain.Placement, .trailing)
        XCTAssertEqual(tall.Placement, .trailing)
        XCTAssertEqual(plain.0 - tall.0, 5, accuracy: 1e-9)
    }

    func testInlineFormulasScaleWithTheRunSize() throws {
        // A caption (15 pt) sets its formula at 15 × 1.12.
        let page = try layout(#"{"type": "footer", "text": [{"type": "mathematical_expression", "expression": "x^2"}]}"#)
        guard case .text(let box) = try XCTUnwrap(page.items.first).content else { return XCTFail("no text item") }
        let attachment = try XCTUnwrap(box.lines.first?.attachments.first)
        XCTAssertEqual(attachment.frame.width, try typeset("x^2", display: false, size: 15 * 1.12).width, accuracy: 1e-9)
    }

    func testAFormulaThatCannotBeTypesetIsAParagraphOfItsSourceWithAWarningNamingItsPath() throws {
        let page = try layout(block(#"\\frac{1}{\\foo}"#) + #", {"type": "paragraph", "text": ["a ", {"type": "mathematical_expression", "expression": "\\begin{nothing}"}]}"#)
        let view = try formulaView(try XCTUnwrap(page.items.first))
        let fallback = try XCTUnwrap(view.fallback, "drawn as text")
        XCTAssertEqual(fallback.lines.first?.range, 0..<14, "the whole source, no $ added")
        XCTAssertTrue(view.drawing.isEmpty)
        XCTAssertEqual(page.formulaFailures.map(\.path), ["$.blocks[0]", "$.blocks[1].text[1]"])
        XCTAssertTrue(page.warnings.contains { $0.hasPrefix("at $.blocks[0]: cannot typeset the formula: ") && $0.contains(#"unknown command \foo"#) },
                      "\(page.warnings)")
        // The inline one is its source in the run: no attachment.
        guard case .text(let box) = page.items[1].content else { return XCTFail("no text item") }
        XCTAssertTrue(box.lines.allSatisfy { $0.attachments.isEmpty })
    }

    func testLayoutJSONCarriesFrameBaselineLatexAndFallback() throws {
        let page = try layout(block("x") + #", {"type": "paragraph", "text": [{"type": "mathematical_expression", "expression": "y"}]}"#
                              + ", " + block(#"\\foo"#))
        let json = page.json().serialized(pretty: false)
        XCTAssertTrue(json.contains(#""kind":"formula","block":"mathematical_expression""#), json)
        XCTAssertTrue(json.contains(#""latex":"x","fallback":false"#), json)
        XCTAssertTrue(json.contains(#""latex":"y","fallback":false"#), json)
        XCTAssertTrue(json.contains(#""latex":"\\foo","fallback":true"#), json)
    }
}
