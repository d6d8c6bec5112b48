import CXML2
import Document

/// Inline Rich HTML (`rich-markdown-facts.md` §2.2), lists, tables and buttons.
extension HTMLReader {
    /// A run of inline nodes as rich text; whitespace collapses as a browser collapses it (§2.1).
    mutating func inlines(_ nodes: [HTMLNode], depth: Int) throws -> RichText {
        guard let first = nodes.first else { return .empty }
        guard depth <= MarkupError.maxDepth else { throw error(first, "inline styles nest deeper than \(MarkupError.maxDepth)") }
        var parts: [RichText] = []
        for node in nodes {
            if node.isText {
                parts.append(.plain(Self.collapsed(node.text)))
                continue
            }
            guard node.isElement else { continue }
            if let style = MarkdownReader.inlineTags[node.name] {
                let inner = node.name == "code" ? RichText.plain(node.textContent) : try inlines(node.children, depth: depth + 1)
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
            case "tg-button":
                parts.append(.button(try button(node, depth: depth)))
            default:
                unknownTag(node)
                parts.append(try inlines(node.children, depth: depth + 1))
            }
        }
        return RichText.concatenating(parts)
    }

    /// Runs of HTML white space as one space.
    static func collapsed(_ text: String) -> String {
        var result = ""
        var inSpace = false
        for character in text {
            if character == " " || character == "\n" || character == "\t" || character == "\r" {
                if !inSpace { result.append(" ") }
                inSpace = true
            } else {
                result.append(character)
                inSpace = false
            }
        }
        return result
    }

    /// A paragraph's text without the white space at its two ends.
    static func trimmed(_ text: RichText) -> RichText {
        switch text {
        case .plain(let string): return .plain(string.trimmingCharacters(in: " "))
        case .concat(var parts):
            if case .plain(let first)? = parts.first { parts[0] = .plain(String(first.drop { $0 == " " })) }
            if case .plain(let last)? = parts.last { parts[parts.count - 1] = .plain(String(last.reversed().drop { $0 == " " }.reversed())) }
            return RichText.concatenating(parts)
        default: return text
        }
    }

    private mutating func link(_ node: HTMLNode, depth: Int) throws -> RichText {
        let text = try inlines(node.children, depth: depth + 1)
        if let name = node.attribute("name"), node.attribute("href") == nil { return .anchor(name: name, text) }
        let href = node.attribute("href") ?? ""
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
            let label = ordered ? Self.label(value, type: item.attribute("type") ?? listType) : "•"
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
                        cells.append(TableCell(text: Self.trimmed(try reader.inlines(cell.children, depth: depth + 2)), header: cell.name == "th",
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
