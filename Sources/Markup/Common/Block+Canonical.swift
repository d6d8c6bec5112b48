import Document

extension Block {
    /// The block as the lossless copy compares it: source locations dropped and every rich text canonical
    /// (`RichText.canonical`), so that two blocks that draw the same compare equal.
    var withoutLocations: Block {
        switch self {
        case .formula(let source, _): return .formula(source: source, location: nil)
        case .unsupported(let type, _): return .unsupported(type: type, location: nil)
        case .preformatted(let text, let language): return .preformatted(text.canonical, language: language)
        case .cover(let inner): return .cover(inner.withoutLocations)
        case .embedPost(let author, let unix, let inner, let caption):
            return .embedPost(author: author, unixTime: unix, blocks: inner.map(\.withoutLocations),
                              caption: Caption(text: caption.text.canonical, credit: caption.credit.canonical))
        case .relatedArticles(let title, let count): return .relatedArticles(title: title.canonical, count: count)
        case .authorDate(let author, let unix): return .authorDate(author: author.canonical, unixTime: unix)
        case .embed(var embed):
            embed.caption = Caption(text: embed.caption.text.canonical, credit: embed.caption.credit.canonical)
            return .embed(embed)
        case .buttonRow(var row):
            for index in row.buttons.indices { row.buttons[index].label = row.buttons[index].label.canonical }
            return .buttonRow(row)
        default:
            return mappingTexts(\.canonical).mappingBlocks(\.withoutLocations)
        }
    }

    /// The block with `transform` applied to the blocks directly inside it.
    func mappingBlocks(_ transform: (Block) -> Block) -> Block {
        switch self {
        case .blockQuote(let inner, let credit, let collapsed): return .blockQuote(blocks: inner.map(transform), credit: credit, collapsed: collapsed)
        case .list(var list):
            for index in list.items.indices { list.items[index].blocks = list.items[index].blocks.map(transform) }
            return .list(list)
        case .details(let title, let inner, let open): return .details(title: title, blocks: inner.map(transform), open: open)
        case .collage(let inner, let caption): return .collage(inner.map(transform), caption: caption)
        case .slideshow(let inner, let caption): return .slideshow(inner.map(transform), caption: caption)
        default: return self
        }
    }
}

extension RichText {
    /// The same text with concatenations flattened, neighbouring plain runs joined, empty runs dropped and formula
    /// locations removed: the form two readers of one text agree on.
    var canonical: RichText {
        var parts: [RichText] = []
        func add(_ text: RichText) {
            switch text {
            case .concat(let inner): inner.forEach(add)
            case .plain(let string):
                guard !string.isEmpty else { return }
                if case .plain(let previous)? = parts.last { parts[parts.count - 1] = .plain(previous + string) } else { parts.append(text) }
            case .styled(let style, let inner): parts.append(.styled(style, inner.canonical))
            case .link(let link, let inner): parts.append(.link(link, inner.canonical))
            case .anchor(let name, let inner): parts.append(.anchor(name: name, inner.canonical))
            case .date(var date):
                date.fallback = date.fallback.canonical
                parts.append(.date(date))
            case .math(let source, _): parts.append(.math(source: source, location: nil))
            case .diff(let new, let old): parts.append(.diff(new: new.canonical, old: old.canonical))
            case .button(var button):
                button.label = button.label.canonical
                parts.append(.button(button))
            case .unknown(let type, let inner): parts.append(.unknown(type: type, text: inner.canonical))
            case .customEmoji, .image: parts.append(text)
            }
        }
        add(self)
        if parts.isEmpty { return .empty }
        return parts.count == 1 ? parts[0] : .concat(parts)
    }
}
