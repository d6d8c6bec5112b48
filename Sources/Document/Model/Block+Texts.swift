extension Block {
    /// The block with `transform` applied to every rich text in it, nested blocks included.
    public func mappingTexts(_ transform: (RichText) -> RichText) -> Block {
        func caption(_ caption: Caption) -> Caption { Caption(text: transform(caption.text), credit: transform(caption.credit)) }
        func blocks(_ blocks: [Block]) -> [Block] { blocks.map { $0.mappingTexts(transform) } }
        switch self {
        case .title(let text): return .title(transform(text))
        case .subtitle(let text): return .subtitle(transform(text))
        case .kicker(let text): return .kicker(transform(text))
        case .header(let text): return .header(transform(text))
        case .subheader(let text): return .subheader(transform(text))
        case .heading(let level, let text): return .heading(level: level, transform(text))
        case .paragraph(let text): return .paragraph(transform(text))
        case .footer(let text): return .footer(transform(text))
        case .thinking(let text): return .thinking(transform(text))
        case .pullQuote(let text, let credit): return .pullQuote(transform(text), credit: transform(credit))
        case .blockQuote(let inner, let credit, let collapsed): return .blockQuote(blocks: blocks(inner), credit: transform(credit), collapsed: collapsed)
        case .list(var list):
            for index in list.items.indices { list.items[index].blocks = blocks(list.items[index].blocks) }
            return .list(list)
        case .details(let title, let inner, let open): return .details(title: transform(title), blocks: blocks(inner), open: open)
        case .table(var table):
            table.title = transform(table.title)
            for r in table.rows.indices { for c in table.rows[r].indices { table.rows[r][c].text = table.rows[r][c].text.map(transform) } }
            return .table(table)
        case .photo(let id, let text, let spoiler, let url): return .photo(mediaId: id, caption: caption(text), spoiler: spoiler, url: url)
        case .video(let id, let text, let spoiler): return .video(mediaId: id, caption: caption(text), spoiler: spoiler)
        case .audio(let id, let text): return .audio(mediaId: id, caption: caption(text))
        case .document(let id, let text): return .document(mediaId: id, caption: caption(text))
        case .collage(let inner, let text): return .collage(blocks(inner), caption: caption(text))
        case .slideshow(let inner, let text): return .slideshow(blocks(inner), caption: caption(text))
        case .map(var map):
            map.caption = caption(map.caption)
            return .map(map)
        // Code stays as written; the rest holds no running text.
        case .preformatted, .authorDate, .divider, .anchor, .embed, .embedPost, .channel, .relatedArticles, .cover, .formula, .buttonRow, .unsupported:
            return self
        }
    }
}

extension Block {
    /// Draws nothing: an empty paragraph or heading, or an anchor.
    public var isBlank: Bool {
        switch self {
        case .paragraph(let text), .heading(_, let text): return text.isEmpty
        case .anchor: return true
        default: return false
        }
    }
}
