import Document
import Primitives

/// A message as Markdown, the way the app copies a rich message (seed "Copying rich messages as markdown"):
/// blocks joined by blank lines, compact nested quote markers (`>>`), one fence per code block, pipe tables,
/// custom emoji as `[alt](tg://emoji?id=…)` markers (the image form `![alt](…)` inside a link, which cannot hold a
/// link), formulas as `$…$` / `$$…$$`, and the Rich HTML tags for what Markdown cannot say (underline,
/// sub/superscript, details, maps, buttons). Known losses (the seed's caveats and Markdown's limits): an ordered
/// item with a checkbox loses its number, letter and roman labels become digits, table spans are flattened,
/// detected entities are written as their text (found again on reading), quote credits become a "— credit" line.
///
/// Lossless (`ipraster markdown --lossless`, README "Copy"): every block whose Markdown reads back as the same
/// block is Markdown; every other one is Rich HTML with ipraster's `ipr-` extensions (`HTMLWriter`), and an
/// `<ipr-message>` element first gives the direction and says the entities are all written out, so rendering the
/// copy gives the same pixels as rendering the message.
public enum MarkdownWriter {
    public static func markdown(_ document: Document, lossless: Bool = false) -> String {
        guard lossless else { return blocks(document.blocks, media: document.media).joined(separator: "\n\n") + "\n" }
        var attributes = " skip-entity-detection"
        if document.rtl { attributes += " rtl" }
        if document.partial { attributes += " partial" }
        var parts = ["<ipr-message\(attributes)>\n</ipr-message>"]
        var previousWasList = false
        for block in document.blocks {
            var text = HTMLWriter.block(block, media: document.media)
            var isList = false
            if let markdown = losslessMarkdown(block, media: document.media) {
                text = markdown
                if case .list = block { isList = true }
            }
            // Two Markdown lists in a row would read back as one: an empty comment keeps them apart.
            if isList && previousWasList { parts.append("<!-- -->") }
            parts.append(text)
            previousWasList = isList
        }
        return parts.joined(separator: "\n\n") + "\n"
    }

    /// The block's Markdown when reading it back gives the very block (white space, labels, entity kinds and
    /// media facts included), else nil. Media never are: Markdown has no place for their sizes and thumbnails.
    static func losslessMarkdown(_ block: Block, media: [String: Media]) -> String? {
        switch block {
        case .photo, .video, .audio, .document, .collage, .slideshow, .map, .embed, .embedPost, .cover, .unsupported: return nil
        default: break
        }
        guard containsNoMedia(block), let text = Lossless.$enabled.withValue(true, operation: { self.block(block, media: media) }), !text.isEmpty else { return nil }
        guard let read = try? MarkdownReader.read(text, options: MarkupOptions(looseMathDelimiters: false, detectEntities: false)),
              read.warnings.isEmpty, read.blocks.count == 1, read.blocks[0].withoutLocations == block.withoutLocations else { return nil }
        return text
    }

    /// Whether no inline image hides in the block (its media would need the HTML form).
    private static func containsNoMedia(_ block: Block) -> Bool {
        var found = false
        _ = block.mappingTexts { text in
            func scan(_ text: RichText) {
                switch text {
                case .image: found = true
                case .concat(let parts): parts.forEach(scan)
                case .styled(_, let inner), .link(_, let inner), .anchor(_, let inner), .unknown(_, let inner): scan(inner)
                case .diff(let new, let old): scan(new); scan(old)
                default: break
                }
            }
            scan(text)
            return text
        }
        return !found
    }

    /// Set while a block is written for the lossless copy: inline text keeps what the app's copy drops.
    enum Lossless {
        @TaskLocal static var enabled = false
    }

    /// Inside a link's label: a link cannot hold another link, so custom emoji there take the image form
    /// (`![alt](tg://emoji?id=…)`, the Bot API's own, rich-markdown-facts §"custom emoji").
    enum InsideLink {
        @TaskLocal static var active = false
    }

    static func blocks(_ blocks: [Block], media: [String: Media]) -> [String] {
        var result: [String] = []
        var previousWasList = false
        for block in blocks {
            guard let text = self.block(block, media: media), !text.isEmpty else { continue }
            var isList = false
            if case .list = block { isList = true }
            // Two lists in a row would read back as one: an empty comment keeps them apart.
            if isList && previousWasList { result.append("<!-- -->") }
            result.append(text)
            previousWasList = isList
        }
        return result
    }

    static func block(_ block: Block, media: [String: Media]) -> String? {
        WorkCounter.add(.blocksWritten, 1)
        switch block {
        case .title(let text), .header(let text): return "# " + inline(text)
        case .subtitle(let text), .subheader(let text): return "## " + inline(text)
        case .heading(let level, let text): return String(repeating: "#", count: min(max(level, 1), 6)) + " " + inline(text)
        case .kicker(let text), .paragraph(let text), .footer(let text): return paragraph(text)
        case .authorDate(let author, _): return author.isEmpty ? nil : paragraph(author)
        case .divider: return "---"
        case .anchor(let name): return "<a name=\"\(attribute(name))\">\n</a>"
        case .preformatted(let text, let language):
            let code = text.plainText
            var fence = "```"
            while code.contains(fence) { fence += "`" }
            return fence + language + "\n" + code + "\n" + fence
        case .formula(let source, _): return "$$\n" + source + "\n$$"
        case .list(let list): return self.list(list, media: media)
        case .blockQuote(let inner, let credit, _):
            var body = blocks(inner, media: media)
            if !credit.isEmpty { body.append("— " + inline(credit)) }
            return quoted(body.joined(separator: "\n\n"))
        case .pullQuote(let text, let credit):
            return quoted(paragraph(text) + (credit.isEmpty ? "" : "\n\n— " + inline(credit)))
        case .table(let table): return self.table(table)
        case .details(let title, let inner, let open):
            let body = blocks(inner, media: media).joined(separator: "\n\n")
            return "<details\(open ? " open" : "")><summary>\(inline(title))</summary>\n\n\(body)\n\n</details>"
        // Block HTML: the opening tag alone on its line, so CommonMark takes the lines up to the blank line as one
        // HTML block (type 7), which is read as Rich HTML.
        case .thinking(let text): return "<tg-thinking>\n\(html(text))\n</tg-thinking>"
        case .photo(let id, let caption, _, _): return image(id, kind: "photo", caption: caption)
        case .video(let id, let caption, _): return image(id, kind: "video", caption: caption)
        case .audio(let id, let caption): return image(id, kind: "audio", caption: caption)
        case .document(let id, let caption): return image(id, kind: "document", caption: caption)
        case .collage(let items, let caption), .slideshow(let items, let caption):
            let tag = { if case .collage = block { return "tg-collage" } else { return "tg-slideshow" } }()
            var lines = items.compactMap { self.block($0, media: media) }
            if !caption.text.isEmpty { lines.append("<figcaption>\(inline(caption.text))</figcaption>") }
            return "<\(tag)>\n\n" + lines.joined(separator: "\n") + "\n\n</\(tag)>"
        case .map(let map):
            let tag = "<tg-map lat=\"\(map.latitude)\" long=\"\(map.longitude)\" zoom=\"\(map.zoom)\"></tg-map>"
            return map.caption.text.isEmpty ? "<figure>\n" + tag + "\n</figure>" : "<figure>\n" + tag + "<figcaption>\(html(map.caption.text))</figcaption>\n</figure>"
        case .buttonRow(let row):
            let buttons = row.buttons.map { "<tg-button\(buttonAttributes($0))>\(html($0.label))</tg-button>" }.joined(separator: "\n")
            return "<tg-button-row align=\"\(row.alignment.rawValue)\">\n\(buttons)\n</tg-button-row>"
        case .cover(let inner): return self.block(inner, media: media)
        case .embed(let embed): return embed.url.map { "[\($0)](\($0))" }
        case .embedPost, .channel, .relatedArticles, .unsupported: return nil
        }
    }

    // MARK: - Blocks

    private static func paragraph(_ text: RichText) -> String {
        // No line of a paragraph may start like another block (a heading, quote, list item, rule or fence).
        inline(text).split(separator: "\n", omittingEmptySubsequences: false).map { guardedLineStart(String($0)) }.joined(separator: "\n")
    }

    /// `line` with the character that would open a block escaped: `>`; `#`…`######`, `-`, `+` and `*` before a
    /// space or the line's end; a rule or setext underline (`---`, `***`, `===`); `1984.` / `7)` (an ordered item).
    static func guardedLineStart(_ line: String) -> String {
        let body = line.drop { $0 == " " }
        let indent = String(line.prefix(line.count - body.count))
        guard let first = body.first else { return line }
        let second = body.dropFirst().first
        let opensItem = second == nil || second == " " || second == "\t"
        if first == ">" { return indent + "\\" + body }
        if first == "#" {
            let hashes = body.prefix { $0 == "#" }
            let after = body.dropFirst(hashes.count).first
            if hashes.count <= 6, after == nil || after == " " || after == "\t" { return indent + "\\" + body }
            return line
        }
        if "-+*".contains(first), opensItem { return indent + "\\" + body }
        // A rule (three or more of one of - * _, spaces between) or a setext underline (= or - only).
        let marks = body.filter { $0 != " " && $0 != "\t" }
        if let mark = marks.first, "-*_=".contains(mark), marks.allSatisfy({ $0 == mark }), marks.count >= (mark == "=" ? 1 : 3) {
            return indent + "\\" + body
        }
        let digits = body.prefix { $0.isASCII && $0.isNumber }
        if !digits.isEmpty, digits.count <= 9, let after = body.dropFirst(digits.count).first, after == "." || after == ")" {
            let rest = body.dropFirst(digits.count + 1)
            if rest.isEmpty || rest.first == " " || rest.first == "\t" { return indent + digits + "\\" + String(after) + rest }
        }
        return line
    }

    /// `> ` before every line, a bare `>` before lines that are quoted already (`>>`, not `> >`).
    static func quoted(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.isEmpty ? ">" : line.hasPrefix(">") ? ">" + line : "> " + line
        }.joined(separator: "\n")
    }

    private static func list(_ list: ListBlock, media: [String: Media]) -> String {
        var items: [String] = []
        for (index, item) in list.items.enumerated() {
            // An ordered item with a checkbox loses its number (the seed's caveat): "-" wins. Markdown numbers only
            // in digits: letter and roman labels become the item's position.
            let number = Int(item.label.filter(\.isNumber)) ?? index + 1
            var marker = list.ordered && !item.hasCheckbox ? "\(number)." : "-"
            // The item's content starts after the list marker: nested lines are indented by it, not by the
            // checkbox (six spaces after "- [x]" would make them an indented code block).
            let indent = String(repeating: " ", count: marker.count + 1)
            if item.hasCheckbox { marker += item.isChecked ? " [x]" : " [ ]" }
            // Tight: an item's text and its nested list on consecutive lines; its paragraphs apart. Each child is
            // written once (writing it again to test for emptiness doubled the work at every level).
            var body = ""
            var position = 0
            for child in item.blocks {
                guard let text = self.block(child, media: media), !text.isEmpty else { continue }
                if position > 0 {
                    if case .list = child { body += "\n" } else { body += "\n\n" }
                }
                body += text
                position += 1
            }
            let lines = body.split(separator: "\n", omittingEmptySubsequences: false)
            var text = marker + (lines.first.map { " " + $0 } ?? "")
            for line in lines.dropFirst() { text += "\n" + (line.isEmpty ? "" : indent + line) }
            items.append(text)
        }
        return items.joined(separator: "\n")
    }

    private static func table(_ table: TableBlock) -> String {
        let columns = table.rows.map { $0.reduce(0) { $0 + $1.colspan } }.max() ?? 0
        guard columns > 0 else { return "" }
        func row(_ cells: [TableCell]) -> String {
            var texts: [String] = []
            for cell in cells {
                texts.append(inline(cell.text ?? .empty).replacingEvery("|", with: "\\|").replacingEvery("\n", with: "<br>"))
                for _ in 1..<max(cell.colspan, 1) { texts.append("") }
            }
            while texts.count < columns { texts.append("") }
            return "| " + texts.joined(separator: " | ") + " |"
        }
        let first = table.rows[0]
        var alignments: [String] = []
        for cell in first {
            let rule: String
            switch cell.align {
            case .left: rule = ":---"
            case .center: rule = ":---:"
            case .right: rule = "---:"
            }
            for _ in 0..<max(cell.colspan, 1) { alignments.append(rule) }
        }
        while alignments.count < columns { alignments.append("---") }
        var lines = [row(first), "| " + alignments.joined(separator: " | ") + " |"]
        lines += table.rows.dropFirst().map(row)
        var text = lines.joined(separator: "\n")
        if !table.title.isEmpty { text = paragraph(table.title) + "\n\n" + text }
        return text
    }

    private static func image(_ id: String, kind: String, caption: Caption) -> String {
        let url = id.hasPrefix("http://") || id.hasPrefix("https://") ? id : "tg://\(kind)?id=\(id)"
        let title = caption.text.isEmpty ? "" : " \"\(caption.text.plainText.replacingEvery("\"", with: "\\\""))\""
        return "![](\(url)\(title))"
    }

    private static func buttonAttributes(_ button: Button) -> String {
        var text = ""
        switch button.action {
        case .url(let url): text = " type=\"url\" url=\"\(attribute(url))\""
        case .webApp(let url): text = " type=\"web_app\" url=\"\(attribute(url))\""
        case .loginUrl(let url): text = " type=\"login_url\" url=\"\(attribute(url))\""
        case .switchInline(let query): text = " type=\"switch_inline_query\" query=\"\(attribute(query))\""
        case .copyText(let copy): text = " type=\"copy_text\" text=\"\(attribute(copy))\""
        case .userProfile(let id): text = " type=\"url\" url=\"tg://user?id=\(id)\""
        case .callback: text = " type=\"callback_data\""
        case .disabled, .buy, .game, .unknown: text = " type=\"disabled\""
        }
        if let style = button.style { text += " style=\"\(style.rawValue)\"" }
        return text
    }

    private static func attribute(_ text: String) -> String {
        text.replacingEvery("&", with: "&amp;").replacingEvery("\"", with: "&quot;")
    }

    // MARK: - Inline

    /// Inline text inside Rich HTML (no Markdown is read there): tags for the styles, entities for < > &.
    static func html(_ text: RichText) -> String {
        switch text {
        case .plain(let string): return string.replacingEvery("&", with: "&amp;").replacingEvery("<", with: "&lt;")
            .replacingEvery(">", with: "&gt;").replacingEvery("\n", with: "<br>")
        case .concat(let parts): return parts.map(html).joined()
        case .styled(let style, let inner):
            let tag: String
            switch style {
            case .bold: tag = "b"
            case .italic: tag = "i"
            case .underline: tag = "u"
            case .strikethrough: tag = "s"
            case .fixed: tag = "code"
            case .subscript: tag = "sub"
            case .superscript: tag = "sup"
            case .marked: tag = "mark"
            case .spoiler: tag = "tg-spoiler"
            }
            return "<\(tag)>\(html(inner))</\(tag)>"
        case .customEmoji(let id, let alt): return "<tg-emoji emoji-id=\"\(attribute(id))\">\(html(.plain(alt)))</tg-emoji>"
        case .math(let source, _): return "<tg-math>\(html(.plain(source)))</tg-math>"
        case .link(.url(let url, _), let inner): return "<a href=\"\(attribute(url))\">\(html(inner))</a>"
        default: return html(.plain(text.plainText))
        }
    }

    static func inline(_ text: RichText) -> String {
        switch text {
        case .plain(let string):
            // The lossless copy keeps a newline as a hard break ("\" at the line's end), which reads back as one.
            if Lossless.enabled { return string.split(separator: "\n", omittingEmptySubsequences: false).map { escaped(String($0)) }.joined(separator: "\\\n") }
            return escaped(string)
        case .concat(let parts): return parts.map(inline).joined()
        case .styled(let style, let inner):
            if style == .fixed {
                let code = inner.plainText
                var ticks = "`"
                while code.contains(ticks) { ticks += "`" }
                let pad = code.hasPrefix("`") || code.hasSuffix("`") ? " " : ""
                return ticks + pad + code + pad + ticks
            }
            let (open, close): (String, String)
            switch style {
            case .bold: (open, close) = ("**", "**")
            // "*", not "_": an underscore does not open or close emphasis inside a word or next to CJK text.
            case .italic: (open, close) = ("*", "*")
            case .underline: (open, close) = ("<u>", "</u>")
            case .strikethrough: (open, close) = ("~~", "~~")
            case .subscript: (open, close) = ("<sub>", "</sub>")
            case .superscript: (open, close) = ("<sup>", "</sup>")
            case .marked: (open, close) = ("==", "==")
            case .spoiler: (open, close) = ("||", "||")
            case .fixed: (open, close) = ("`", "`")
            }
            return wrapped(inline(inner), open, close)
        case .link(let link, let inner):
            let label = InsideLink.$active.withValue(true) { inline(inner) }
            switch link {
            case .url(let url, let instantView):
                if instantView && Lossless.enabled { return HTMLWriter.inline(text) }
                return "[\(label)](\(destination(url)))"
            case .email(let address): return inner.plainText == address ? label : "[\(label)](mailto:\(address))"
            case .phone(let number): return "[\(label)](tel:\(number.filter { !$0.isWhitespace }))"
            case .textMention(let id): return "[\(label)](tg://user?id=\(id))"
            case .anchorLink(let name): return "[\(label)](#\(name))"
            case .referenceLink(let name):
                if Lossless.enabled { return HTMLWriter.inline(text) }
                return "[\(label)](#\(name))"
            // Detected entities are found again when the text is read; the lossless copy names their kind.
            case .autoUrl, .autoEmail, .autoPhone, .mention, .hashtag, .cashtag, .botCommand, .bankCard:
                if Lossless.enabled { return HTMLWriter.inline(text) }
                return inner.plainText
            }
        case .anchor(_, let inner): return Lossless.enabled ? HTMLWriter.inline(text) : inline(inner)
        case .date(let date):
            let format = [date.format.relative ? "r" : "", date.format.dayOfWeek ? "w" : "", date.format.shortDate ? "d" : "", date.format.longDate ? "D" : "",
                          date.format.shortTime ? "t" : "", date.format.longTime ? "T" : ""].joined()
            return "![\(inline(date.fallback))](tg://time?unix=\(date.unixTime)" + (format.isEmpty ? "" : "&format=\(format)") + ")"
        case .customEmoji(let id, let alt): return (InsideLink.active ? "!" : "") + "[\(alt.isEmpty ? " " : escaped(alt))](tg://emoji?id=\(id))"
        case .math(let source, _): return "$" + source + "$"
        case .image: return Lossless.enabled ? HTMLWriter.inline(text) : ""
        case .diff(let new, _): return Lossless.enabled ? HTMLWriter.inline(text) : inline(new)
        case .button(let button): return Lossless.enabled ? HTMLWriter.inline(text) : inline(button.label)
        case .unknown(_, let inner): return Lossless.enabled ? HTMLWriter.inline(text) : inline(inner)
        }
    }

    /// Emphasis markers hug the text: white space at the ends goes outside them.
    private static func wrapped(_ text: String, _ open: String, _ close: String) -> String {
        let leading = text.prefix { $0 == " " }, trailing = String(text.reversed().prefix { $0 == " " })
        let core = text.dropFirst(leading.count).dropLast(trailing.count)
        guard !core.isEmpty else { return text }
        return leading + open + core + close + trailing
    }

    private static func destination(_ url: String) -> String {
        url.contains(where: { $0 == " " || $0 == "(" || $0 == ")" }) ? "<\(url)>" : url
    }

    /// Characters Markdown or Telegram's extensions would read as syntax.
    static func escaped(_ text: String) -> String {
        let characters = Array(text)
        var result = ""
        for (i, character) in characters.enumerated() {
            switch character {
            case "\\", "*", "_", "`", "[", "]", "<", "$":
                result += "\\" + String(character)
            case "&":
                // "&amp;" or "&#38;" as text must not read back as the character it names.
                let next = i + 1 < characters.count ? characters[i + 1] : " "
                result += next == "#" || next.isLetter ? "\\&" : "&"
            case "~", "=", "|":
                // Only doubled ones are syntax (~~, ==, ||): escape each of the pair.
                let doubled = (i > 0 && characters[i - 1] == character) || (i + 1 < characters.count && characters[i + 1] == character)
                result += doubled ? "\\" + String(character) : String(character)
            default:
                result.append(character)
            }
        }
        return result
    }
}
