import Document
import Drawing

/// The V2 placeholder for unknown and not-yet-implemented blocks (README "Unsupported"): a pill at
/// [H, B − H], 36 tall, radius 8, accent @0.1, with "Unsupported: <type>" centred in the caption style.
enum UnsupportedLayout {
    static let height: Double = 36
    static let cornerRadius: Double = 8

    static func pill(typeName: String, boundingWidth B: Double, inset H: Double, context: LayoutContext) -> LayoutItem {
        let width = max(1, B - 2 * H)
        let labelText = context.attributed(.plain("Unsupported: \(typeName)"), .caption)
        let result = context.text.layout(labelText, width: width, alignment: .center, lineSpacingFactor: 1.0, fitToWidth: false)
        let label = result?.box ?? TextBox(font: context.fonts.metrics(FontSpec(family: .sans, size: 15)), lineHeight: 0, lines: [], alignment: .center)
        let labelHeight = result?.height ?? 0
        return LayoutItem(frame: Rect(x: H, y: 0, width: width, height: height), block: BlockRole(rawValue: typeName),
                          content: .decorated(UnsupportedPill(typeName: typeName, fill: context.colors.quoteAccent.withAlpha(0.1), cornerRadius: cornerRadius,
                                                              label: label, labelOrigin: Point(x: 0, y: ((height - labelHeight) / 2).rounded(.down)))))
    }
}
