import Document
import Drawing

/// Title, subtitle, kicker, header, subheader, heading, paragraph, footer and author/date blocks
/// (`v2-layout-facts.md` §2.1–2.2): one text item at (H, 0), width B − 2H.
enum TextBlockLayout {
    static func layout(_ text: RichText, _ category: TextCategory, block: BlockRole, boundingWidth B: Double, inset H: Double,
                       context: LayoutContext, alignRight: Bool = false) -> [LayoutItem] {
        let alignment: TextAlignment = context.cellAlignment ?? (context.rtl || alignRight ? .right : .natural)
        guard let item = context.textItem(text, category, block: block, x: H, y: 0, width: B - 2 * H, alignment: alignment) else { return [] }
        return [item]
    }

    /// "<author> • <date>" in the caption style, the date in the locale's long form; the author alone
    /// when the date is 0 (README "Author and date"). Right-aligned in an RTL page or right after a text
    /// item that holds an RTL line (§2.2).
    static func authorDate(author: RichText, unixTime: Int64, boundingWidth B: Double, inset H: Double,
                           context: LayoutContext) -> [LayoutItem] {
        var parts: [RichText] = []
        if !author.isEmpty { parts.append(author) }
        if unixTime != 0 {
            if !parts.isEmpty { parts.append(.plain(" • ")) }
            parts.append(.plain(DateTextFormatter(environment: context.options.text).longDate(unixTime)))
        }
        guard !parts.isEmpty else { return [] }
        return layout(.concat(parts), .caption, block: .authorDate, boundingWidth: B, inset: H, context: context,
                      alignRight: context.previousItemHasRTLLine)
    }
}
