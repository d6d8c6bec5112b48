import Document
import Drawing
import Math

/// Lays a document out as a chat bubble: the V2 page, then the bubble, status and canvas
/// exactly as `README.md` "Decisions" say. Total: it never fails on a decoded document.
public final class LayoutEngine {
    /// Measures text: the Pango font set, or a fake in tests of layout logic.
    let fonts: any TextShaper
    /// Typesets formulas, opened on the first formula; nil: formulas are shown as their LaTeX source.
    public let formulas: LazyFormulaTypesetter?
    /// Whether a page's repeated measurements are answered from a `MeasureMemo` (off only in the test that
    /// compares the two).
    var remembersMeasurements = true

    /// `timer`: time the font set's text measuring into it (`ipraster bench`).
    public convenience init(fonts: FontSet, formulas: LazyFormulaTypesetter?, timer: MeasureTimer? = nil) {
        self.init(shaper: timer.map { TimedShaper(fonts, timer: $0) } ?? fonts, formulas: formulas)
    }

    init(shaper: any TextShaper, formulas: LazyFormulaTypesetter? = nil) {
        fonts = shaper
        self.formulas = formulas
    }

    /// Lays `document` out. `resolved` gives the pixel sizes of media the document names without dimensions (local
    /// files' own sizes, found by the caller): layout reads them beside the document, which it never changes.
    /// `offersShowMore: false` drops a partial message's "Show more" (a draft's `part` flag only says it is still growing).
    public func layout(_ document: Document, options: LayoutOptions, resolved: ResolvedMedia = ResolvedMedia(),
                       offersShowMore: Bool = true) -> PageLayout {
        var options = options
        if options.text.hanRegion == nil { options.text.hanRegion = Self.hanRegion(of: document, locale: options.text.locale) }
        let colors = options.theme.colors(outgoing: options.outgoing)
        let authorColor = options.authorColor.flatMap { Theme.authorColors.indices.contains($0) ? Theme.authorColors[$0] : nil }
        var pageColors = PageColors(message: colors, isDark: options.theme.isDark, outgoing: options.outgoing, authorColor: authorColor)
        pageColors.buttonDanger = options.theme.buttonDanger
        pageColors.buttonSuccess = options.theme.buttonSuccess
        // One page's measurements are remembered for the rest of its layout (`MeasureMemo`).
        var context = LayoutContext(fonts: remembersMeasurements ? MeasureMemo(fonts) : fonts, formulas: formulas, options: options, colors: pageColors, rtl: document.rtl,
                                    media: resolved.applied(to: document.media), blockLocations: document.blockLocations)
        let B = options.width, H = LayoutOptions.horizontalInset
        let sequence = BlockSequenceLayouter.layout(document.blocks, boundingWidth: B, inset: H, kind: .topLevel, context: &context)
        var items = sequence.items
        for index in items.indices { items[index].assignIdentifiers(ItemID([index])) }
        let page = PageInfo(width: sequence.contentWidth, height: sequence.contentHeight, boundingWidth: B, horizontalInset: H, rtl: document.rtl)
        let bubbleLayouter = BubbleLayouter(fonts: fonts, options: options, colors: colors, pageColors: pageColors)
        // A partial page ends with "Show more", 2 pt below the content: one line, cut with "…" to the bubble's
        // width less the insets on both sides, so it never widens the bubble nor runs past it (§8).
        var showMore: LayoutItem?
        if document.partial && offersShowMore {
            let text = context.attributed(.plain("Show more"), .paragraph) { $0.color = pageColors.link }
            let width = min(B, bubbleLayouter.bodyWidth(page: page)) - 2 * H
            if let result = context.text.layout(text, width: width, alignment: .natural, lineSpacingFactor: 1, ellipsize: true) {
                showMore = LayoutItem(id: ItemID([items.count]), frame: Rect(x: H, y: page.height + 2, width: result.width, height: result.height),
                                      block: .showMore, content: .showMore(result.box))
            }
        }
        context.warnings.place = nil
        let chrome = bubbleLayouter.layout(page: page, items: items, showMore: showMore)
        if !context.warnings.missingCodePoints.isEmpty,
           let message = context.warnings.missingGlyphMessage(missingPackages: fonts.missingFontPackages) {
            context.warnings.note(message)
        }
        if let showMore { items.append(showMore) }
        var layout = PageLayout(canvas: chrome.canvas, page: page, bubble: chrome.bubble, status: chrome.status, items: items,
                                background: chrome.background, warnings: context.warnings.messages)
        layout.formulaFailures = context.warnings.formulaFailures
        layout.missingGlyphs = context.warnings.missingCodePoints
        layout.missingGlyphPlace = context.warnings.firstMissingPlace
        layout.exceedsHeightLimit = context.exceededHeightLimit
        layout.exceedsLineLimit = context.warnings.exceededLineLimit
        let environment = options.text
        layout.altText = AltText.of(document, showSpoilers: options.text.showSpoilers, expandDetails: options.expandDetails) { environment.formatted($0) }
        layout.language = options.text.locale.identifier
        return layout
    }

    /// The Han forms of `document` under `locale`: a CJK locale's, else chosen once from all the message's text,
    /// formulas and code included (README Decisions, fourth and fifth reviews; `TextLocale.messageRegion(_:)`).
    public static func hanRegion(of document: Document, locale: TextLocale) -> HanRegion {
        if let region = locale.cjkRegion { return region }
        var tally = HanTally()
        document.forEachString { tally.count($0) }
        return locale.messageRegion(tally)
    }
}
