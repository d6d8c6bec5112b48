import Document
import Drawing
import Math

/// State threaded through the recursive V2 layout (`v2-layout-facts.md` §1.2).
struct LayoutContext {
    let fonts: any TextShaper
    /// Typesets formulas; nil: formulas are shown as their LaTeX source.
    var formulas: LazyFormulaTypesetter? = nil
    let options: LayoutOptions
    let colors: PageColors
    let rtl: Bool
    /// The document's media, by the blocks' media ids.
    var media: [String: Media] = [:]
    /// Where each top-level block came from (`Document.blockLocations`).
    var blockLocations: [SourceLocation] = []
    /// What the page's layout warns about (shared by every copy of the context).
    let warnings = WarningLog()
    /// Numbers the page's structure elements (shared by every copy of the context).
    let structure = StructureNumbers()
    /// The item laid out just before the current block, in its sequence, is text with an RTL line (§2.2:
    /// an author/date line after it is right-aligned).
    var previousItemHasRTLLine = false
    /// Inside a centred or right-aligned table cell: the alignment its paragraph is laid out with (README Decisions,
    /// fourth review: a cell's paragraph takes the cell's alignment, as well as being moved as a block).
    var cellAlignment: TextAlignment?
    /// Set when a sequence stopped at `LayoutOptions.heightLimit`.
    var exceededHeightLimit = false

    var scale: Double { options.scale }

    var text: TextItemLayouter {
        TextItemLayouter(fonts: fonts, scale: options.scale, computeCharacterRects: options.revealRects, warnings: warnings,
                         adaptiveEmoji: Set(media.compactMap { $0.value.adaptive ? $0.key : nil }))
    }

    /// `floorToScreenPixels`.
    func floorToPixels(_ value: Double) -> Double { (value * scale).rounded(.down) / scale }

    func attributed(_ text: RichText, _ category: TextCategory, width: Double = .infinity,
                    adjust: (inout RichTextBuilder.Style) -> Void = { _ in }) -> AttributedText {
        var builder = RichTextBuilder(colors: colors, environment: options.text, fonts: fonts, formulas: formulas, boundingWidth: width, warnings: warnings)
        var style = RichTextBuilder.baseStyle(category, colors: colors)
        adjust(&style)
        builder.append(text, style)
        return builder.output
    }

    /// One text item at (x, y) of width `width` in the category's style.
    func textItem(_ text: RichText, _ category: TextCategory, block: BlockRole, x: Double, y: Double, width: Double,
                  alignment: TextAlignment, adjust: (inout RichTextBuilder.Style) -> Void = { _ in }) -> LayoutItem? {
        textItem(attributed(text, category, width: width, adjust: adjust), lineSpacing: category.font.lineSpacing, block: block, x: x, y: y,
                 width: width, alignment: alignment)
    }

    func textItem(_ text: AttributedText, lineSpacing: Double, block: BlockRole, x: Double, y: Double, width: Double,
                  alignment: TextAlignment) -> LayoutItem? {
        guard let result = self.text.layout(text, width: width, alignment: alignment, lineSpacingFactor: lineSpacing) else { return nil }
        return LayoutItem(frame: Rect(x: x, y: y, width: result.width, height: result.height), block: block, content: .text(result.box))
    }
}
