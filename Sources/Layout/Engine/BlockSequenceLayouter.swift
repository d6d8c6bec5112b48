import Document
import Drawing

/// The sequence driver (`v2-layout-facts.md` §1.3): lays blocks out one under another with the spacing
/// table; a block that adds no height is transparent (neither advances the height nor becomes "previous").
struct BlockSequenceLayouter {
    struct Result {
        var items: [LayoutItem]
        var contentHeight: Double
        var contentWidth: Double
    }

    static func layout(_ blocks: [Block], boundingWidth: Double, inset: Double, kind: SequenceKind,
                       context: inout LayoutContext) -> Result {
        var items: [LayoutItem] = []
        var contentHeight = 0.0
        var previous: SpacingKind?
        var previousBlockIsUnsupported = false
        for (index, block) in blocks.enumerated() {
            if kind == .topLevel { context.warnings.place = context.blockLocations.indices.contains(index) ? context.blockLocations[index] : nil }
            // One pill per run of consecutive unsupported blocks (NEW §1.3; Decisions).
            if case .unsupported = block {
                if previousBlockIsUnsupported { continue }
                previousBlockIsUnsupported = true
            } else {
                previousBlockIsUnsupported = false
            }
            // Raster outputs cannot hold a page this tall: stop laying out instead of finishing a doomed page.
            if let limit = context.options.heightLimit, contentHeight > limit {
                context.exceededHeightLimit = true
                break
            }
            if case .text(let box)? = items.last?.content {
                context.previousItemHasRTLLine = box.lines.contains(where: \.rtl)
            } else {
                context.previousItemHasRTLLine = false
            }
            let laidOut = BlockLayouter.layout(block, boundingWidth: boundingWidth, inset: inset, kind: kind, context: &context)
            let spacingKind = SpacingKind(block, renderedAsPlaceholder: laidOut.isPlaceholder)
            let spacing = SpacingTable.between(previous, spacingKind, kind: kind)
            let dy = contentHeight + spacing
            var blockMaxY = 0.0
            for var item in laidOut.items {
                item.frame = item.frame.offsetBy(dx: 0, dy: dy)
                blockMaxY = max(blockMaxY, item.frame.maxY)
                items.append(item)
            }
            if blockMaxY > contentHeight {
                contentHeight = blockMaxY
                previous = spacingKind
            }
        }
        contentHeight += SpacingTable.between(previous, nil, kind: kind)
        // fitToWidth: the page is as wide as its widest item plus the inset, at most B (§1.3 step 6).
        let maxX = items.map { $0.frame.maxX.rounded(.up) + inset }.max()
        return Result(items: items, contentHeight: contentHeight, contentWidth: maxX.map { min($0, boundingWidth) } ?? 0)
    }
}
