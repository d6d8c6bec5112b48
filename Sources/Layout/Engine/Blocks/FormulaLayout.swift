import Document
import Drawing
import Math

/// Block formulas (`v2-layout-facts.md` §2.15, OLD generation: left-aligned at H, no centring): display style
/// at the paragraph size × 1.12 in the paragraph colour (`math-facts.md` §3.15). A formula wider than B − 2H
/// spans the bounding width and is clipped like an overflowing table, scrolled by `--table-offset` (README
/// Decisions). One that cannot be typeset is a paragraph of its LaTeX source, with a warning (§7).
enum FormulaLayout {
    static let sizeFactor = 1.12

    static func layout(_ source: String, location: SourceLocation?, boundingWidth B: Double, inset H: Double, context: LayoutContext) -> [LayoutItem] {
        let style = RichTextBuilder.baseStyle(.paragraph, colors: context.colors)
        let region = context.options.text.forms
        let result = context.formulas?.typesetter?.typeset(source, display: true, size: style.size * sizeFactor, color: style.color, hanRegion: region)
            ?? .failure(FormulaError("no math font in the font set"))
        switch result {
        case .success(let typeset):
            let available = B - 2 * H
            // A tag sits flush right at the right inset, or on its own line below when it does not fit (amsmath).
            let formula = typeset.placingTags(lineWidth: available, gap: FormulaTag.gap(size: style.size * sizeFactor))
            let height = formula.ascent + formula.descent
            let missing = MissingGlyph.firstOccurrences(of: formula.missingCodePoints, in: source)
            context.warnings.missingGlyphs(missing)
            guard formula.width > available else {
                var view = FormulaView(latex: source, baseline: formula.ascent, drawing: formula.frame.offsetBy(dx: 0, dy: formula.ascent),
                                       width: formula.width, scrollOffset: 0, clipped: false, fallback: nil)
                view.missingGlyphs = missing
                return [LayoutItem(frame: Rect(x: H, y: 0, width: formula.width, height: height), block: .formula, content: .formula(view))]
            }
            // Scroll content = w + 2H; the offset is clamped to what can scroll (as tables, §2.17).
            let offset = min(max(context.options.tableOffset, 0), formula.width + 2 * H - B)
            var view = FormulaView(latex: source, baseline: formula.ascent, drawing: formula.frame.offsetBy(dx: H - offset, dy: formula.ascent),
                                   width: formula.width, scrollOffset: offset, clipped: true, fallback: nil)
            view.missingGlyphs = missing
            return [LayoutItem(frame: Rect(x: 0, y: 0, width: B, height: height), block: .formula, content: .formula(view))]
        case .failure(let error):
            context.warnings.formulaFailed(at: location, error)
            // The source as typed, in the monospace face (no ligature turns `->` into an arrow).
            guard let item = context.textItem(.styled(.fixed, .plain(source)), .paragraph, block: .formula, x: H, y: 0, width: B - 2 * H,
                                              alignment: context.rtl ? .right : .natural),
                  case .text(let box) = item.content else { return [] }
            let view = FormulaView(latex: source, baseline: box.lines.first?.baseline ?? 0, drawing: Frame(), width: item.frame.width,
                                   scrollOffset: 0, clipped: false, fallback: box)
            return [LayoutItem(frame: item.frame, block: .formula, content: .formula(view))]
        }
    }
}
