import Document
import Drawing

/// Lists and checklists, OLD generation (`v2-layout-facts.md` §2.5 and Appendix A; `v2-render-facts.md` §7.3).
enum ListLayout {
    static let bulletSize: Double = 6
    static let checkboxSize: Double = 18
    static let labelHeight: Double = 20
    static let textGap: Double = 8
    /// fitToWidth: 12 between items (OLD; 18 without fitToWidth).
    static let itemSpacing: Double = 12

    private enum MarkerKind {
        case bullet
        case label(AttributedText, width: Double)
        case checkbox(checked: Bool)
    }

    static func layout(_ list: ListBlock, boundingWidth B: Double, inset H: Double, kind: SequenceKind, context: inout LayoutContext) -> [LayoutItem] {
        let rtl = context.rtl
        // Markers: a "•" or empty label draws the bullet, any other label is text (README "Lists").
        let markers: [MarkerKind] = list.items.map { item in
            if item.hasCheckbox { return .checkbox(checked: item.isChecked) }
            if item.label.isEmpty || item.label == ListLabel.bullet { return .bullet }
            let text = context.attributed(.plain(item.label), .paragraph)
            let width = context.fonts.measure(text, width: B - 2 * H).lines.first?.width ?? 0
            return .label(text, width: width)
        }
        let maxIndexWidth = markers.map { marker -> Double in
            switch marker {
            case .bullet: return bulletSize
            case .checkbox: return checkboxSize
            case .label(_, let width): return width
            }
        }.max() ?? 0
        // OLD gutter: 8 + maxIndexWidth; the text column starts at H on the other side in RTL.
        let gutter = textGap + maxIndexWidth
        let contentX = rtl ? H : H + gutter
        let contentWidth = B - 2 * H - gutter
        var items: [LayoutItem] = []
        var contentHeight = 0.0
        for (index, item) in list.items.enumerated() {
            if index > 0 { contentHeight += itemSpacing }
            let top = contentHeight
            // An item with no blocks still occupies one line.
            let blocks = item.blocks.isEmpty ? [Block.paragraph(.plain(" "))] : item.blocks
            var itemItems: [LayoutItem] = []
            var previous: Block?
            for block in blocks {
                let laidOut = BlockLayouter.layout(block, boundingWidth: contentWidth, inset: 0, kind: kind, context: &context)
                let localMaxY = laidOut.items.map(\.frame.maxY).max() ?? 0
                // Between sub-blocks the pair spacing applies, only when the sub-block has height (§2.5).
                let spacing = previous != nil && localMaxY > 0
                    ? SpacingTable.between(SpacingKind(previous!, renderedAsPlaceholder: false),
                                           SpacingKind(block, renderedAsPlaceholder: laidOut.isPlaceholder), kind: .list)
                    : 0
                for var sub in laidOut.items {
                    sub.frame = sub.frame.offsetBy(dx: contentX, dy: contentHeight + spacing)
                    itemItems.append(sub)
                }
                contentHeight = max(contentHeight + spacing, itemItems.map { $0.frame.maxY }.max() ?? contentHeight)
                previous = block
            }
            // Markers centre on the first text line's cap band (its frame midY), else on the item's top.
            var lineMidY = top
            if let first = itemItems.first(where: { if case .text = $0.content { return true } else { return false } }),
               case .text(let box) = first.content, let line = box.lines.first {
                lineMidY = first.frame.minY + line.frame.midY
            }
            let marker = markerItem(markers[index], lineMidY: lineMidY, maxIndexWidth: maxIndexWidth, boundingWidth: B, inset: H,
                                    rtl: rtl, context: context)
            // Tagged PDF: the item, its marker the label and its blocks the body.
            let numbers = context.structure
            let tagged = [marker].wrapped(in: StructureTag(.label), numbers: numbers) + itemItems.wrapped(in: StructureTag(.listBody), numbers: numbers)
            items.append(contentsOf: tagged.wrapped(in: numbers.node(StructureTag(.listItem))))
        }
        return items
    }

    private static func markerItem(_ marker: MarkerKind, lineMidY: Double, maxIndexWidth: Double, boundingWidth B: Double, inset H: Double,
                                   rtl: Bool, context: LayoutContext) -> LayoutItem {
        let color = context.colors.text
        func frame(width: Double, height: Double) -> Rect {
            // OLD frames: right-aligned to the column's inner edge in LTR, left-aligned in the mirrored column.
            let x = rtl ? B - H - maxIndexWidth : H + maxIndexWidth - width
            return Rect(x: x, y: context.floorToPixels(lineMidY - height / 2), width: width, height: height)
        }
        switch marker {
        case .bullet:
            return LayoutItem(frame: frame(width: bulletSize, height: bulletSize), block: .list, content: .decorated(ListMarker.bullet(color: color)))
        case .checkbox(let checked):
            // OLD colours: fill panelAccent, ring in controlColor (§2.5).
            return LayoutItem(frame: frame(width: checkboxSize, height: checkboxSize), block: .list,
                              content: .decorated(ListMarker.checkbox(checked: checked, fill: context.colors.panelAccent, border: context.colors.control)))
        case .label(let text, let width):
            // The label is right-aligned in its natural-width × 20 frame and centred vertically in it
            // (OLD renderer; v2-render-facts §7.3).
            let markerFrame = frame(width: width, height: labelHeight)
            let laidOut = context.text.layout(text, width: 10_000, alignment: .natural, lineSpacingFactor: 1)
            let box = laidOut?.box ?? TextBox(font: context.fonts.metrics(FontSpec(family: .sans, size: 17)), lineHeight: 0, lines: [], alignment: .natural)
            let textHeight = laidOut?.height ?? 0
            let origin = Point(x: markerFrame.width - (laidOut?.width ?? 0), y: (markerFrame.height - textHeight) / 2)
            return LayoutItem(frame: markerFrame, block: .list, content: .decorated(ListMarker.label(box, origin: origin)))
        }
    }
}
