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

extension Block {
    /// Calls `body` with every string the block draws, nested blocks included: its rich texts' characters (as
    /// `RichText.forEachString`), code, formula sources, captions, table cells, button labels and titles.
    public func forEachString(_ body: (String) -> Void) {
        func caption(_ caption: Caption) {
            caption.text.forEachString(body)
            caption.credit.forEachString(body)
        }
        func blocks(_ blocks: [Block]) { for block in blocks { block.forEachString(body) } }
        switch self {
        case .title(let text), .subtitle(let text), .kicker(let text), .header(let text), .subheader(let text),
             .heading(_, let text), .paragraph(let text), .footer(let text), .thinking(let text), .preformatted(let text, _):
            text.forEachString(body)
        case .authorDate(let author, _): author.forEachString(body)
        case .pullQuote(let text, let credit):
            text.forEachString(body)
            credit.forEachString(body)
        case .blockQuote(let inner, let credit, _):
            blocks(inner)
            credit.forEachString(body)
        case .list(let list): for item in list.items { blocks(item.blocks) }
        case .details(let title, let inner, _):
            title.forEachString(body)
            blocks(inner)
        case .table(let table):
            table.title.forEachString(body)
            for row in table.rows { for cell in row { cell.text?.forEachString(body) } }
        case .photo(_, let text, _, _), .video(_, let text, _), .audio(_, let text), .document(_, let text): caption(text)
        case .collage(let inner, let text), .slideshow(let inner, let text):
            blocks(inner)
            caption(text)
        case .map(let map): caption(map.caption)
        case .embed(let embed): caption(embed.caption)
        case .embedPost(let author, _, let inner, let text):
            body(author)
            blocks(inner)
            caption(text)
        case .channel(let title): body(title)
        case .relatedArticles(let title, _): title.forEachString(body)
        case .cover(let block): block.forEachString(body)
        case .formula(let source, _): body(source)
        case .buttonRow(let row): for button in row.buttons { button.label.forEachString(body) }
        case .divider, .anchor, .unsupported: break
        }
    }
}

extension RichText {
    /// Calls `body` with each string the text draws, in order, without joining them: plain runs, formula sources,
    /// custom emoji's alternative text, a date's fallback, both sides of a diff and button labels.
    public func forEachString(_ body: (String) -> Void) {
        switch self {
        case .plain(let text): body(text)
        case .concat(let parts): for part in parts { part.forEachString(body) }
        case .styled(_, let text), .link(_, let text), .anchor(_, let text), .unknown(_, let text): text.forEachString(body)
        case .date(let date): date.fallback.forEachString(body)
        case .customEmoji(_, let alt): body(alt)
        case .math(let source, _): body(source)
        case .image: break
        case .diff(let new, let old):
            new.forEachString(body)
            old.forEachString(body)
        case .button(let button): button.label.forEachString(body)
        }
    }
}

extension Document {
    /// Calls `body` with every string the message draws (`Block.forEachString`), block by block.
    public func forEachString(_ body: (String) -> Void) {
        for block in blocks { block.forEachString(body) }
    }
}
