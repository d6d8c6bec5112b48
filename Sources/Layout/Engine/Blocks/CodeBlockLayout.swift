import Document
import Drawing

/// Code blocks, OLD generation (`v2-layout-facts.md` §2.6 "OLD code block"; `v2-render-facts.md` §7.6):
/// the quote fill across [H, B − H], DejaVu Sans Mono 15 wrapping at B − 2H − 18, text at (9, topPad),
/// and the language label in mono 11 at the top right.
enum CodeBlockLayout {
    static let verticalInset: Double = 6
    static let sideInset: Double = 9

    static func layout(_ text: RichText, language: String, boundingWidth B: Double, inset H: Double, context: LayoutContext) -> [LayoutItem] {
        let innerWidth = B - 2 * H - 2 * sideInset
        let attributed = context.attributed(text, .codeBlock, width: innerWidth)
        guard let laidOut = context.text.layout(attributed, width: innerWidth, alignment: .natural, lineSpacingFactor: 1) else { return [] }
        let font = context.fonts.metrics(FontSpec(family: .mono, size: 15))
        // Visible gaps of 6: the top pad is corrected by the ascender above the cap height, the bottom by the descender.
        let topPad = max(0, verticalInset - max(0, font.ascent - font.capHeight))
        let bottomPad = max(0, verticalInset - font.descent)
        let frame = Rect(x: H, y: 0, width: B - 2 * H, height: topPad + laidOut.height + bottomPad)
        var label: TextBox?
        var labelOrigin = Point(x: 0, y: 0)
        if !language.isEmpty {
            var builder = RichTextBuilder(colors: context.colors, environment: context.options.text, fonts: context.fonts)
            builder.append(.plain(language), RichTextBuilder.Style(serif: false, fixed: true, size: 11, color: context.colors.secondaryText))
            if let result = context.text.layout(builder.output, width: 10_000, alignment: .natural, lineSpacingFactor: 1) {
                label = result.box
                // Top-right at 8 / 2, in LTR and RTL alike; no space is reserved for it (§7.6).
                labelOrigin = Point(x: frame.width - 8 - result.width, y: 2)
            }
        }
        var code = CodeBlock(fill: QuoteLayout.fill(context), text: laidOut.box, textOrigin: Point(x: sideInset, y: topPad),
                             language: language, languageLabel: label, languageOrigin: labelOrigin)
        code.textHeight = laidOut.height
        return [LayoutItem(frame: frame, block: .pre, content: .codeBlock(code))]
    }
}
