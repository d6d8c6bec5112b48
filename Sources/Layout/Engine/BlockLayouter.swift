import Document
import Drawing

/// Dispatches one block to its layout (`v2-layout-facts.md` §1.4). Items are block-local (top = 0).
enum BlockLayouter {
    struct Result {
        var items: [LayoutItem]
        /// The block was drawn as the "Unsupported" placeholder.
        var isPlaceholder = false
    }

    /// The block's items, each inside the block's structure element (`structureTag`) for a tagged PDF.
    static func layout(_ block: Block, boundingWidth B: Double, inset H: Double, kind: SequenceKind, context: inout LayoutContext) -> Result {
        var result = content(block, boundingWidth: B, inset: H, kind: kind, context: &context)
        guard !result.items.isEmpty else { return result }
        let tag = structureTag(block, context: context)
        if tag?.role == .figure {
            // A figure's caption and credit are its caption (one element for the run of them).
            let captions = result.items.indices.filter { [.caption, .credit].contains(result.items[$0].block) }
            if let first = captions.first, let last = captions.last {
                result.items[first...last] = ArraySlice(Array(result.items[first...last]).wrapped(in: StructureTag(.caption), numbers: context.structure))
            }
        }
        result.items = result.items.wrapped(in: tag, numbers: context.structure)
        return result
    }

    /// The structure element a block is in a tagged PDF (issue 63): headings by level, paragraphs, lists (their items
    /// tagged by `ListLayout`), quotes, code, tables (rows and cells tagged as drawn, `FrameBuilder+Table`), media as
    /// figures and formulas, each with its words as alternative text (`AltText`); nil for a block that only draws (a
    /// divider, an anchor).
    static func structureTag(_ block: Block, context: LayoutContext) -> StructureTag? {
        func figure() -> StructureTag {
            let environment = context.options.text
            var words = AltText.of(block, showSpoilers: environment.showSpoilers, expandDetails: context.options.expandDetails) { environment.formatted($0) }
            if words.hasPrefix("["), words.hasSuffix("]"), !words.dropFirst().contains("\n") { words = String(words.dropFirst().dropLast()) }
            return StructureTag(.figure, alt: words)
        }
        switch block {
        case .title: return StructureTag(.heading1)
        case .header: return StructureTag(.heading2)
        case .subheader: return StructureTag(.heading3)
        case .heading(let level, _): return StructureTag(.heading(level))
        case .subtitle, .kicker, .paragraph, .footer, .authorDate, .thinking, .unsupported: return StructureTag(.paragraph)
        case .divider, .anchor: return nil
        case .list: return StructureTag(.list)
        case .blockQuote, .pullQuote: return StructureTag(.blockQuote)
        case .preformatted: return StructureTag(.code)
        case .details, .buttonRow: return StructureTag(.division)
        case .table: return StructureTag(.table)
        case .formula(let source, _): return StructureTag(.formula, alt: source)
        case .photo, .video, .audio, .document, .map, .collage, .slideshow, .embed, .embedPost, .channel, .relatedArticles: return figure()
        case .cover(let inner): return structureTag(inner, context: context)
        }
    }

    private static func content(_ block: Block, boundingWidth B: Double, inset H: Double, kind: SequenceKind, isCover: Bool = false,
                                context: inout LayoutContext) -> Result {
        let name = BlockRole(block)
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
                                             block: name, content: .decorated(Divider(color: context.colors.separator)))])
        case .anchor(let name):
            return Result(items: [LayoutItem(frame: .zero, block: .anchor, content: .decorated(Anchor(name: name)))])
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
        case .photo(let id, let caption, let spoiler, let url):
            return Result(items: MediaLayout.photo(id, caption: caption, spoiler: spoiler && !context.options.text.showSpoilers, url: url,
                                                   boundingWidth: B, inset: H, isCover: isCover, context: context))
        case .video(let id, let caption, let spoiler):
            return Result(items: MediaLayout.video(id, caption: caption, spoiler: spoiler && !context.options.text.showSpoilers,
                                                   boundingWidth: B, inset: H, isCover: isCover, context: context))
        case .audio(let id, let caption):
            return Result(items: MediaLayout.audio(id, caption: caption, boundingWidth: B, inset: H, context: context))
        case .document(let id, let caption):
            return Result(items: MediaLayout.document(id, caption: caption, boundingWidth: B, inset: H, context: context))
        case .map(let map):
            return Result(items: MediaLayout.map(map, boundingWidth: B, inset: H, context: context))
        case .collage(let blocks, let caption):
            // NEW: a collage holding an unsupported block becomes one placeholder pill (§2.14).
            if blocks.contains(where: { if case .unsupported = $0 { return true } else { return false } }) {
                return Result(items: [UnsupportedLayout.pill(typeName: name.rawValue, boundingWidth: B, inset: H, context: context)], isPlaceholder: true)
            }
            return Result(items: MediaLayout.collage(blocks, caption: caption, boundingWidth: B, inset: H, isCover: isCover, context: context))
        case .slideshow(let blocks, let caption):
            return Result(items: MediaLayout.slideshow(blocks, caption: caption, boundingWidth: B, inset: H, context: context))
        case .embed(let embed):
            return Result(items: MediaLayout.placeholder(name, height: Double(embed.height ?? 240), caption: embed.caption,
                                                         boundingWidth: B, inset: H, context: context))
        case .embedPost(_, _, _, let caption):
            return Result(items: MediaLayout.placeholder(name, height: 140, caption: caption, boundingWidth: B, inset: H, context: context))
        case .channel:
            return Result(items: MediaLayout.placeholder(name, height: 60, caption: .none, boundingWidth: B, inset: H, context: context))
        case .relatedArticles(_, let count):
            return Result(items: MediaLayout.placeholder(name, height: max(min(Double(count) * 80, 320), 80), caption: .none,
                                                         boundingWidth: B, inset: H, context: context))
        case .cover(let inner):
            // The inner block with isCover (it only changes captions' padding, §2.21).
            return content(inner, boundingWidth: B, inset: H, kind: kind, isCover: true, context: &context)
        case .buttonRow(let row):
            return Result(items: ButtonRowLayout.layout(row, boundingWidth: B, inset: H, context: context))
        case .formula(let source, let location):
            return Result(items: FormulaLayout.layout(source, location: location, boundingWidth: B, inset: H, context: context))
        case .unsupported:
            // Unknown (the decoder has warned, naming it): the V2 "Unsupported: <type>" pill.
            return Result(items: [UnsupportedLayout.pill(typeName: name.rawValue, boundingWidth: B, inset: H, context: context)], isPlaceholder: true)
        }
    }
}
