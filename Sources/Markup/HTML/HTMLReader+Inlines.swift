import CXML2
import Document

/// Inline Rich HTML (`rich-markdown-facts.md` §2.2), lists, tables and buttons.
extension HTMLReader {
    /// A run of inline nodes as rich text; whitespace collapses as a browser collapses it (§2.1).
    /// `literal`: keep the text's white space as it is (code with styles, `<ipr-text>`).
    mutating func inlines(_ nodes: [HTMLNode], depth: Int, literal: Bool = false) throws -> RichText {
        guard let first = nodes.first else { return .empty }
        guard depth <= MarkupError.maxDepth else { throw error(first, "inline styles nest deeper than \(MarkupError.maxDepth)") }
        var parts: [RichText] = []
        for node in nodes {
            if node.isText {
                parts.append(.plain(literal ? node.text : Self.collapsed(node.text)))
                continue
            }
            guard node.isElement else { continue }
            if let style = MarkdownReader.inlineTags[node.name] {
                let inner = node.name == "code" && !node.has("ipr-rich") ? RichText.plain(node.textContent)
                    : try inlines(node.children, depth: depth + 1, literal: literal || node.name == "code")
                parts.append(style.map { .styled($0, inner) } ?? inner)
                continue
            }
            switch node.name {
            case "br":
                parts.append(.plain("\n"))
            case "a":
                parts.append(try link(node, depth: depth))
            case "tg-reference":
                parts.append(.anchor(name: node.attribute("name") ?? "", try inlines(node.children, depth: depth + 1)))
            case "tg-emoji":
                parts.append(.customEmoji(id: node.attribute("emoji-id") ?? "", alt: node.textContent))
            case "img":
                // Inline, only a custom emoji is an image; media stand on their own (facts §1.3): others show their alt.
                if let src = node.attribute("src"), let tg = MarkdownReader.tgLink(src), tg.host == "emoji" {
                    parts.append(.customEmoji(id: tg.query["id"] ?? "", alt: node.attribute("alt") ?? ""))
                } else {
                    warn(node, "an image inside text is not a media block (media stand on their own); its alternative text is shown")
                    parts.append(.plain(node.attribute("alt") ?? ""))
                }
            case "tg-time":
                let text = try inlines(node.children, depth: depth + 1)
                guard let unix = node.attribute("unix").flatMap({ Int64($0) }) else {
                    warn(node, "<tg-time> without a unix time: shown as its text")
                    parts.append(text)
                    continue
                }
                let format = node.attribute("format").flatMap { DateFormat(flags: $0) } ?? DateFormat()
                parts.append(.date(DateText(fallback: text, unixTime: unix, format: format)))
            case "tg-math":
                parts.append(.math(source: node.textContent.trimmingSpaces, location: location(node)))
            case "math":
                parts.append(.math(source: Self.mathSource(node), location: location(node)))
            case "tg-button":
                parts.append(.button(try button(node, depth: depth)))
            // ipraster's lossless copy (README "Copy"): literal white space, inline images, text diffs, unknown types.
            case "ipr-text":
                // Kept apart until the block's text is trimmed (`trimmed` leaves it alone), then made plain text.
                parts.append(.unknown(type: Self.literalText, text: .plain(node.textContent)))
            case "ipr-image":
                parts.append(.image(mediaId: node.attribute("media") ?? "", width: node.attribute("width").flatMap(Int.init) ?? 0,
                                    height: node.attribute("height").flatMap(Int.init) ?? 0))
            case "ipr-diff":
                let new = try node.children.first { $0.name == "ins" }.map { try inlines($0.children, depth: depth + 1, literal: literal) } ?? .empty
                let old = try node.children.first { $0.name == "del" }.map { try inlines($0.children, depth: depth + 1, literal: literal) } ?? .empty
                parts.append(.diff(new: new, old: old))
            case "ipr-unknown":
                parts.append(.unknown(type: node.attribute("type") ?? "", text: try inlines(node.children, depth: depth + 1, literal: literal)))
            default:
                unknownTag(node)
                parts.append(try inlines(node.children, depth: depth + 1))
            }
        }
        return RichText.concatenating(parts)
    }

    /// Runs of HTML white space as one space. Scalar by scalar: a space followed by a joiner or another extending
    /// mark is one `Character`, yet still white space to a browser (and the joiner stays).
    static func collapsed(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        var inSpace = false
        for scalar in text.unicodeScalars {
            if scalar == " " || scalar == "\n" || scalar == "\t" || scalar == "\r" {
                if !inSpace { result.append(" ") }
                inSpace = true
            } else {
                result.append(scalar)
                inSpace = false
            }
        }
        return String(result)
    }

    /// The marker `<ipr-text>` content carries until the text around it is trimmed.
    static let literalText = "\u{1}ipr-text"

    /// `text` with the literal-text markers unwrapped.
    static func unwrappingLiterals(_ text: RichText) -> RichText {
        switch text {
        case .unknown(let type, let inner) where type == literalText: return inner
        case .concat(let parts): return RichText.concatenating(parts.map(unwrappingLiterals))
        case .styled(let style, let inner): return .styled(style, unwrappingLiterals(inner))
        case .link(let link, let inner): return .link(link, unwrappingLiterals(inner))
        case .anchor(let name, let inner): return .anchor(name: name, unwrappingLiterals(inner))
        case .unknown(let type, let inner): return .unknown(type: type, text: unwrappingLiterals(inner))
        case .diff(let new, let old): return .diff(new: unwrappingLiterals(new), old: unwrappingLiterals(old))
        case .date(var date):
            date.fallback = unwrappingLiterals(date.fallback)
            return .date(date)
        default: return text
        }
    }

    /// Rich text without one newline at its start and one at its end (`<pre>` content).
    static func droppingEdgeNewlines(_ text: RichText) -> RichText {
        func drop(_ text: RichText, first: Bool) -> RichText {
            switch text {
            case .plain(var string):
                if first, string.hasPrefix("\n") { string.removeFirst() } else if !first, string.hasSuffix("\n") { string.removeLast() }
                return .plain(string)
            case .concat(var parts):
                guard !parts.isEmpty else { return text }
                let index = first ? 0 : parts.count - 1
                parts[index] = drop(parts[index], first: first)
                return .concat(parts)
            default: return text
            }
        }
        return RichText.concatenating([drop(drop(text, first: true), first: false)])
    }

    /// A paragraph's text as a browser lays it out: a space after a space is one even across elements, and
    /// white space at the start and end of every line (the text's two ends and both sides of a `<br>`) is
    /// not drawn, whatever element it is in; code and `<ipr-text>` keep theirs.
    static func trimmed(_ text: RichText) -> RichText {
        var atEdge = true
        let leading = trimmingLineEdges(text, &atEdge, forward: true)
        atEdge = true
        return RichText.concatenating([trimmingLineEdges(leading, &atEdge, forward: false)])
    }

    /// One direction of `trimmed`: `atEdge` is whether a space met now is not drawn (walking forward: at a
    /// line's start or after a space; backward: at a line's end).
    private static func trimmingLineEdges(_ text: RichText, _ atEdge: inout Bool, forward: Bool) -> RichText {
        switch text {
        case .plain(let string):
            // Scalars, not Characters: " " + U+200D is one Character but its space is still at the edge.
            var kept: [Unicode.Scalar] = []
            for scalar in forward ? Array(string.unicodeScalars) : string.unicodeScalars.reversed() {
                if atEdge && scalar == " " { continue }
                kept.append(scalar)
                atEdge = scalar == "\n" || (forward && scalar == " ")
            }
            var result = String.UnicodeScalarView()
            result.append(contentsOf: forward ? kept : kept.reversed())
            return .plain(String(result))
        case .concat(let parts):
            var result: [RichText] = Array(repeating: .empty, count: parts.count)
            for index in forward ? Array(parts.indices) : parts.indices.reversed() { result[index] = trimmingLineEdges(parts[index], &atEdge, forward: forward) }
            return .concat(result)
        case .styled(let style, let inner) where style != .fixed:
            return .styled(style, trimmingLineEdges(inner, &atEdge, forward: forward))
        case .link(let link, let inner):
            return .link(link, trimmingLineEdges(inner, &atEdge, forward: forward))
        case .anchor(let name, let inner):
            return .anchor(name: name, trimmingLineEdges(inner, &atEdge, forward: forward))
        case .unknown(let type, let inner) where type != literalText:
            return .unknown(type: type, text: trimmingLineEdges(inner, &atEdge, forward: forward))
        default:
            // Code, literal text, emoji, formulas, images, dates, buttons: content that ends the line's edge.
            if !text.isEmpty { atEdge = false }
            return text
        }
    }

    private mutating func link(_ node: HTMLNode, depth: Int) throws -> RichText {
        let text = try inlines(node.children, depth: depth + 1)
        if let name = node.attribute("name"), node.attribute("href") == nil { return .anchor(name: name, text) }
        // ipraster's lossless copy names an entity's kind, a reference link and an Instant View link (README "Copy").
        if let entity = node.attribute("ipr-entity") {
            switch entity {
            case "url": return .link(.autoUrl, text)
            case "email": return .link(.autoEmail, text)
            case "phone_number": return .link(.autoPhone, text)
            case "mention": return .link(.mention, text)
            case "hashtag": return .link(.hashtag, text)
            case "cashtag": return .link(.cashtag, text)
            case "bot_command": return .link(.botCommand, text)
            case "bank_card": return .link(.bankCard, text)
            default: break
            }
        }
        let href = node.attribute("href") ?? ""
        if href.hasPrefix("#"), node.has("ipr-reference") { return .link(.referenceLink(String(href.dropFirst())), text) }
        if node.has("ipr-instant-view") { return .link(.url(href, instantView: true), text) }
        if href.lowercased().hasPrefix("mailto:") { return .link(.email(String(href.dropFirst(7))), text) }
        if href.lowercased().hasPrefix("tel:") { return .link(.phone(String(href.dropFirst(4))), text) }
        if let tg = MarkdownReader.tgLink(href), tg.host == "user", let id = tg.query["id"].flatMap({ Int64($0) }) {
            return .link(.textMention(userId: id), text)
        }
        if href.hasPrefix("#") { return .link(.anchorLink(String(href.dropFirst())), text) }
        return .link(.url(href, instantView: false), text)
    }

    // MARK: - Lists

    /// `<ul>`/`<ol start type reversed>` with `<li value type>` and `<input type="checkbox" checked>` (§2.2, §2.3).
    mutating func list(_ node: HTMLNode, depth: Int) throws -> ListBlock {
        let ordered = node.name == "ol"
        let items = node.children.filter { $0.isElement && $0.name == "li" }
        let reversed = node.has("reversed")
        var value = node.attribute("start").flatMap(Int.init) ?? (reversed ? items.count : 1)
        let listType = node.attribute("type") ?? "1"
        var result: [ListItem] = []
        for item in items {
            if let own = item.attribute("value").flatMap(Int.init) { value = own }
            var children = item.children
            var hasCheckbox = false, checked = false
            if let box = children.firstIndex(where: { $0.name == "input" && $0.attribute("type") == "checkbox" }) {
                hasCheckbox = true
                checked = children[box].has("checked")
                children.remove(at: box)
            }
            let label = item.attribute("ipr-label") ?? (ordered ? Self.label(value, type: item.attribute("type") ?? listType) : "•")
            result.append(ListItem(blocks: try blocks(children, depth: depth + 1), label: label, hasCheckbox: hasCheckbox, isChecked: checked))
            value += reversed ? -1 : 1
        }
        return ListBlock(items: result, ordered: ordered)
    }

    /// "7.", "g.", "G.", "vii.", "VII." (§2.3: letters a = 1 … z = 26, aa = 27; roman 1–3999).
    static func label(_ value: Int, type: String) -> String {
        switch type {
        case "a", "A":
            guard value > 0 else { return "\(value)." }
            var n = value, letters = ""
            while n > 0 {
                n -= 1
                letters = String(Character(Unicode.Scalar(UInt8(97 + n % 26)))) + letters
                n /= 26
            }
            return (type == "A" ? letters.uppercased() : letters) + "."
        case "i", "I":
            guard (1...3999).contains(value) else { return "\(value)." }
            let numerals: [(Int, String)] = [(1000, "m"), (900, "cm"), (500, "d"), (400, "cd"), (100, "c"), (90, "xc"), (50, "l"), (40, "xl"),
                                             (10, "x"), (9, "ix"), (5, "v"), (4, "iv"), (1, "i")]
            var n = value, roman = ""
            for (amount, numeral) in numerals { while n >= amount { roman += numeral; n -= amount } }
            return (type == "I" ? roman.uppercased() : roman) + "."
        default:
            return "\(value)."
        }
    }

    // MARK: - Tables

    /// `<table bordered striped compact>` with `<caption>`, `<tr>`, `<th>`/`<td colspan rowspan align valign>`.
    mutating func table(_ node: HTMLNode, depth: Int) throws -> Block {
        var rows: [[TableCell]] = []
        var caption: RichText = .empty
        func collect(_ nodes: [HTMLNode], into reader: inout HTMLReader) throws {
            for child in nodes where child.isElement {
                switch child.name {
                case "caption": caption = Self.trimmed(try reader.inlines(child.children, depth: depth + 1))
                case "thead", "tbody", "tfoot": try collect(child.children, into: &reader)
                case "tr":
                    var cells: [TableCell] = []
                    for cell in child.children where cell.isElement && (cell.name == "td" || cell.name == "th") {
                        cells.append(TableCell(text: cell.has("ipr-hidden") ? nil : Self.trimmed(try reader.inlines(cell.children, depth: depth + 2)), header: cell.name == "th",
                                               align: TableCell.Align(rawValue: cell.attribute("align") ?? "left") ?? .left,
                                               valign: TableCell.VAlign(rawValue: cell.attribute("valign") ?? "top") ?? .top,
                                               colspan: max(1, cell.attribute("colspan").flatMap(Int.init) ?? 1),
                                               rowspan: max(1, cell.attribute("rowspan").flatMap(Int.init) ?? 1)))
                    }
                    rows.append(cells)
                default: reader.unknownTag(child)
                }
            }
        }
        try collect(node.children, into: &self)
        return .table(TableBlock(title: caption, rows: rows, bordered: node.has("bordered"), striped: node.has("striped"), compact: node.has("compact")))
    }

    // MARK: - Buttons

    /// `<tg-button type=… style=…>label</tg-button>` (§2.2, 10.3).
    mutating func button(_ node: HTMLNode, depth: Int) throws -> Button {
        let label = Self.trimmed(try inlines(node.children, depth: depth + 1))
        let style = node.attribute("style").flatMap { Button.Style(rawValue: $0) }
        let action: Button.Action
        switch node.attribute("type") ?? "" {
        case "url":
            let url = node.attribute("url") ?? ""
            if let tg = MarkdownReader.tgLink(url), tg.host == "user", let id = tg.query["id"].flatMap({ Int64($0) }) { action = .userProfile(id) } else { action = .url(url) }
        case "callback_data": action = .callback
        case "buy": action = .buy
        case "game": action = .game
        case "ipr-unknown": action = .unknown
        case "web_app": action = .webApp(node.attribute("url") ?? "")
        case "login_url": action = .loginUrl(node.attribute("url") ?? "")
        case "switch_inline_query", "switch_inline_query_current_chat", "switch_inline_query_chosen_chat": action = .switchInline(node.attribute("query") ?? "")
        case "copy_text": action = .copyText(node.attribute("text") ?? "")
        case "disabled": action = .disabled
        default:
            warn(node, "<tg-button> of unknown type \(node.attribute("type") ?? "(none)")")
            action = .unknown
        }
        return Button(label: label, style: style, action: action)
    }
}
