import Document
import Drawing

/// Details blocks, OLD generation (`v2-layout-facts.md` §2.16 and Appendix A; `v2-render-facts.md` §7.8).
enum DetailsLayout {
    static let chevronReserve: Double = 32
    static let titleInset: Double = 23
    static let minimumTitleHeight: Double = 44
    static let titlePad: Double = 26

    static func layout(title: RichText, blocks: [Block], open: Bool, boundingWidth B: Double, inset H: Double,
                       context: inout LayoutContext) -> [LayoutItem] {
        let rtl = context.rtl
        let attributed = context.attributed(title, .paragraph, width: B - 2 * H - chevronReserve)
        // OLD: an empty title drops the whole block.
        guard let titleText = context.text.layout(attributed, width: B - 2 * H - chevronReserve, alignment: .natural, lineSpacingFactor: 1) else {
            return []
        }
        let titleHeight = max(minimumTitleHeight, titleText.height + titlePad)
        let titleOrigin = Point(x: rtl ? B - H - titleInset - titleText.width : H + titleInset,
                                y: context.floorToPixels((titleHeight - titleText.height) / 2))
        let expanded = open || context.options.expandDetails
        var bodyItems: [LayoutItem] = []
        var bodyHeight = 0.0
        if expanded {
            let body = BlockSequenceLayouter.layout(blocks, boundingWidth: B, inset: H, kind: .detail, context: &context)
            bodyItems = body.items.map { item in
                var moved = item
                moved.frame = moved.frame.offsetBy(dx: 0, dy: titleHeight)
                return moved
            }
            bodyHeight = body.contentHeight
        }
        let height = titleHeight + bodyHeight
        let pixel = 1 / context.scale
        // Chevron 18 × 18 centred at H + 9 (LTR) or B − H − 9 (RTL), one point below the title row's middle.
        let chevronX = rtl ? B - H - 9 : H + 9
        let details = Details(title: titleText.box, titleOrigin: titleOrigin, titleHeight: titleHeight, isExpanded: expanded,
                              chevron: Rect(x: chevronX - 9, y: titleHeight / 2 + 1 - 9, width: 18, height: 18),
                              chevronColor: context.colors.separator,
                              separator: Rect(x: 8, y: height - pixel, width: B - 16, height: pixel), separatorColor: context.colors.separator,
                              items: bodyItems, bodyHeight: bodyHeight)
        return [LayoutItem(frame: Rect(x: 0, y: 0, width: B, height: height), block: .details, content: .details(details))]
    }
}
