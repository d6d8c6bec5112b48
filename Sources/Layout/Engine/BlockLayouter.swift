/// Dispatches one block to its layout (`v2-layout-facts.md` §1.4). Items are block-local (top = 0).
enum BlockLayouter {
    struct Result {
        var items: [LayoutItem]
        /// The block was drawn as the "Unsupported" placeholder.
        var isPlaceholder = false
    }

    static func layout(_ block: Block, boundingWidth B: Double, inset H: Double, kind: SequenceKind, context: inout LayoutContext) -> Result {
        let name = block.typeName
        func simple(_ text: RichText, _ category: TextCategory) -> Result {
            Result(items: TextBlockLayout.layout(text, category, block: name, boundingWidth: B, inset: H, context: context))
        }
        switch block {
        case .title(let text): return simple(text, .header)
        case .subtitle(let text): return simple(text, .subheader)
        case .kicker(let text): return simple(text, .kicker)
        case .header(let text): return simple(text, .header)
        case .subheader(let text): return simple(text, .subheader)
        case .heading(let level, let text): return simple(text, .heading(level))
        // A paragraph in a table cell takes the table category (§1.4).
        case .paragraph(let text): return simple(text, kind == .cell ? .table : .paragraph)
        case .footer(let text): return simple(text, .caption)
        case .authorDate(let author, let unixTime):
            return Result(items: TextBlockLayout.authorDate(author: author, unixTime: unixTime, boundingWidth: B, inset: H, context: context))
        case .divider:
            // width floor(B/2), centred, 1 device pixel tall, separator colour (§2.3).
            let width = (B / 2).rounded(.down)
            return Result(items: [LayoutItem(frame: Rect(x: ((B - width) / 2).rounded(.down), y: 0, width: width, height: 1 / context.scale),
                                             block: name, content: .divider(color: context.colors.separator))])
        case .anchor(let name):
            return Result(items: [LayoutItem(frame: .zero, block: "anchor", content: .anchor(name: name))])
        case .list(let list):
            return Result(items: ListLayout.layout(list, boundingWidth: B, inset: H, kind: kind, context: &context))
        case .blockQuote(let blocks, let credit, _):
            // Collapsed (expandable) quotes render expanded, like the OLD generation (README "Quotes").
            return Result(items: QuoteLayout.blockQuote(blocks: blocks, credit: credit, boundingWidth: B, inset: H, kind: kind, context: &context))
        case .pullQuote(let text, let credit):
            return Result(items: QuoteLayout.pullQuote(text, credit: credit, boundingWidth: B, inset: H, context: context))
        case .preformatted(let text, let language):
            return Result(items: CodeBlockLayout.layout(text, language: language, boundingWidth: B, inset: H, context: context))
        case .details(let title, let blocks, let open):
            return Result(items: DetailsLayout.layout(title: title, blocks: blocks, open: open, boundingWidth: B, inset: H, context: &context))
        case .thinking(let text):
            return Result(items: ThinkingLayout.layout(text, boundingWidth: B, inset: H, context: context))
        case .table(let table):
            return Result(items: TableLayout.layout(table, boundingWidth: B, inset: H, context: &context))
        case .buttonRow(let row):
            return Result(items: ButtonRowLayout.layout(row, boundingWidth: B, inset: H, context: context))
        default:
            return Result(items: [UnsupportedLayout.pill(typeName: name, boundingWidth: B, inset: H, context: context)], isPlaceholder: true)
        }
    }
}
