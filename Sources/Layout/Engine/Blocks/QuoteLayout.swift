import Document
import Drawing

/// Block quotes and pull quotes, OLD generation (`v2-layout-facts.md` §2.8–2.9 and Appendix A;
/// `v2-render-facts.md` §7.4–7.5).
enum QuoteLayout {
    static let verticalInset: Double = 6
    static let leadingInset: Double = 9
    static let trailingInset: Double = 16
    static let lineInset: Double = 9
    static let childSpacing: Double = 10
    static let captionGap: Double = 3
    static let barWidth: Double = 3
    static let cornerRadius: Double = 6
    static let fillAlpha: Double = 0.10
    static let pullVerticalInset: Double = 12
    static let pullPadding: Double = 30

    static func fill(_ context: LayoutContext) -> QuoteFill {
        QuoteFill(accent: context.colors.quoteAccent, barWidth: barWidth, cornerRadius: cornerRadius, fillAlpha: fillAlpha,
                  barOnTrailing: context.rtl)
    }

    /// The corner quote icon, 9 × 7, 4 pt from the top trailing corner (opposite the bar); none when the
    /// frame is too narrow to hold it beside the bar (quotes nested past the width, e.g. 15 deep).
    static func icon(boundingWidth B: Double, inset H: Double, context: LayoutContext) -> [LayoutItem] {
        guard B - 2 * H >= 4 + 9 + 4 + barWidth else { return [] }
        let x = context.rtl ? H + 4 : B - H - 4 - 9
        return [LayoutItem(frame: Rect(x: x, y: 4, width: 9, height: 7), block: .blockquote,
                           content: .decorated(Ornament(shape: .quoteIcon, color: context.colors.quoteAccent, rotation: 0)))]
    }

    /// The quote's frame: (H, 0, B − 2H, height), never narrower than nothing (the band arithmetic of nested
    /// quotes shrinks by 2H + 3L a level and runs out of width after a few).
    static func frame(boundingWidth B: Double, inset H: Double, height: Double, context: LayoutContext) -> LayoutItem {
        LayoutItem(frame: Rect(x: H, y: 0, width: max(0, B - 2 * H), height: height), block: .blockquote, content: .decorated(fill(context)))
    }

    static func blockQuote(blocks: [Block], credit: RichText, boundingWidth B: Double, inset H: Double, kind: SequenceKind,
                           context: inout LayoutContext) -> [LayoutItem] {
        if blocks.count == 1, case .paragraph(let text) = blocks[0] {
            return quoteText(text, credit: credit, boundingWidth: B, inset: H, context: context)
        }
        // Nested blocks: children in the band [H + L, …], 6 pt from the top, a fixed 10 pt apart (OLD).
        let rtl = context.rtl
        let innerWidth = B - 2 * H - lineInset
        let innerInset = H + lineInset
        let bandOffsetX = rtl ? 2 * H + lineInset : 0
        var items: [LayoutItem] = []
        var contentHeight = verticalInset
        var first = true
        for block in blocks {
            let spacing = first ? 0 : childSpacing
            first = false
            guard !Self.isFlushMedia(block) else {
                // Media are flush with the fill, from the bar's inner edge to the far edge (H + 3 … B − H; mirrored in
                // RTL), with no extra 4 pt bleed, as NEW's child bleed lays them (README Decisions, fourth review). The
                // caption inset puts captions where the text children start (H + L).
                let mediaWidth = max(0, B - 2 * H - barWidth)
                let laidOut = BlockLayouter.layout(block, boundingWidth: mediaWidth, inset: lineInset - barWidth, kind: kind, context: &context)
                for var item in laidOut.items {
                    Self.removeBleed(&item, width: mediaWidth)
                    item.frame = item.frame.offsetBy(dx: rtl ? H : H + barWidth, dy: contentHeight + spacing)
                    items.append(item)
                }
                contentHeight = max(contentHeight, items.map(\.frame.maxY).max() ?? contentHeight)
                continue
            }
            let laidOut = BlockLayouter.layout(block, boundingWidth: innerWidth, inset: innerInset, kind: kind, context: &context)
            for var item in laidOut.items {
                item.frame = item.frame.offsetBy(dx: bandOffsetX, dy: contentHeight + spacing)
                items.append(item)
            }
            contentHeight = max(contentHeight, items.map(\.frame.maxY).max() ?? contentHeight)
        }
        if !credit.isEmpty {
            contentHeight += captionGap
            if let caption = context.textItem(credit, .caption, block: .blockquote, x: innerInset + (rtl ? -lineInset : 0), y: contentHeight,
                                              width: innerWidth, alignment: rtl ? .right : .natural, adjust: { $0.bold = true }) {
                items.append(caption)
                contentHeight += caption.frame.height
            }
        }
        contentHeight += verticalInset
        return [frame(boundingWidth: B, inset: H, height: contentHeight, context: context)] + items + icon(boundingWidth: B, inset: H, context: context)
    }

    /// Blocks laid out flush at x 0 (with the 4 pt edge bleed when they fill the width).
    static func isFlushMedia(_ block: Block) -> Bool {
        switch block {
        case .photo, .video, .collage, .slideshow, .map, .embed, .embedPost, .channel, .relatedArticles: return true
        default: return false
        }
    }

    /// A flush media item without its edge bleed: no wider than `width`.
    static func removeBleed(_ item: inout LayoutItem, width: Double) {
        guard case .media(var view) = item.content, view.bleed > 0 else {
            if item.frame.maxX > width, item.frame.minX < width { item.frame.width = width - item.frame.minX }
            return
        }
        item.frame.width -= view.bleed
        view.bleed = 0
        item.content = .media(view)
    }

    /// The single-paragraph quote: 15 pt body inset 9 / 16, vertical insets corrected by the cap height
    /// and descender so the visible gap is 6 (§2.8 with isPull = false).
    static func quoteText(_ text: RichText, credit: RichText, boundingWidth B: Double, inset H: Double, context: LayoutContext) -> [LayoutItem] {
        let rtl = context.rtl
        let x = rtl ? H + trailingInset : H + leadingInset
        let width = B - 2 * H - leadingInset - trailingInset
        let bodyFont = FontSpec(family: .sans, size: 15)
        let body = context.fonts.metrics(bodyFont)
        var items: [LayoutItem] = []
        var contentHeight = max(0, verticalInset - (body.ascent - body.capHeight))
        var bottomOverhead = body.descent
        if let bodyItem = context.textItem(text, .paragraph, block: .blockquote, x: x, y: contentHeight, width: width,
                                           alignment: rtl ? .right : .natural, adjust: { $0.size = 15 }) {
            items.append(bodyItem)
            contentHeight += bodyItem.frame.height
        }
        if !credit.isEmpty {
            contentHeight += captionGap
            if let caption = context.textItem(credit, .caption, block: .blockquote, x: x, y: contentHeight, width: width,
                                              alignment: rtl ? .right : .natural, adjust: { $0.bold = true }) {
                items.append(caption)
                contentHeight += caption.frame.height
                bottomOverhead = context.fonts.metrics(FontSpec(family: .sans, weight: 700, size: 15)).descent
            }
        }
        contentHeight += max(0, verticalInset - bottomOverhead)
        return [frame(boundingWidth: B, inset: H, height: contentHeight, context: context)] + items + icon(boundingWidth: B, inset: H, context: context)
    }

    /// Pull quote (OLD): centred italic 15 pt text across B − 2H, a pill min(widest line + 60, B) wide,
    /// quote marks 12 × 10 at 6 pt from the pill's corners, caption bold italic.
    static func pullQuote(_ text: RichText, credit: RichText, boundingWidth B: Double, inset H: Double, context: LayoutContext) -> [LayoutItem] {
        let body = context.fonts.metrics(FontSpec(family: .sans, italic: true, size: 15))
        var items: [LayoutItem] = []
        var contentHeight = max(0, pullVerticalInset - (body.ascent - body.capHeight))
        var quoteRegionBottom = contentHeight
        var widestLine = 0.0
        var bottomOverhead = body.descent
        if let bodyItem = context.textItem(text, .paragraph, block: .pullquote, x: H, y: contentHeight, width: B - 2 * H,
                                           alignment: .center, adjust: { $0.size = 15; $0.italic = true }) {
            items.append(bodyItem)
            contentHeight += bodyItem.frame.height
            if case .text(let box) = bodyItem.content { widestLine = box.lines.map(\.frame.width).max() ?? 0 }
        }
        quoteRegionBottom = contentHeight + max(0, pullVerticalInset - body.descent)
        if !credit.isEmpty {
            contentHeight += captionGap
            if let caption = context.textItem(credit, .caption, block: .pullquote, x: H, y: contentHeight, width: B - 2 * H,
                                              alignment: .center, adjust: { $0.bold = true; $0.italic = true }) {
                items.append(caption)
                contentHeight += caption.frame.height
                bottomOverhead = context.fonts.metrics(FontSpec(family: .sans, weight: 700, italic: true, size: 15)).descent
            }
        }
        contentHeight += max(0, pullVerticalInset - bottomOverhead)
        let pillWidth = min(widestLine + 2 * pullPadding, B)
        let pillX = (B - pillWidth) / 2
        let accent = context.colors.quoteAccent
        let pill = LayoutItem(frame: Rect(x: pillX, y: 0, width: pillWidth, height: contentHeight), block: .pullquote,
                              content: .decorated(PullQuotePill(color: accent.multipliedAlpha(fillAlpha), cornerRadius: cornerRadius)))
        let open = LayoutItem(frame: Rect(x: pillX + 6, y: 6, width: 12, height: 10), block: .pullquote,
                              content: .decorated(Ornament(shape: .quoteOpen, color: accent, rotation: 0)))
        let close = LayoutItem(frame: Rect(x: pillX + pillWidth - 6 - 12, y: quoteRegionBottom - 6 - 10, width: 12, height: 10), block: .pullquote,
                               content: .decorated(Ornament(shape: .quoteClose, color: accent, rotation: 0)))
        return [pill] + items + [open, close]
    }
}
