import Document
import FoundationEssentials

/// A document as Rich HTML that `HTMLReader` reads back to the same blocks: Telegram's tag set where it has a form,
/// and ipraster's own `ipr-` tags and attributes (README "Copy") where it has none — Page-only blocks, media sizes
/// and thumbnails, list labels, entity kinds, literal white space. `MarkdownWriter` uses it, in its lossless mode,
/// for every block plain Markdown cannot carry.
///
/// Each block is written as lines with no blank line among them, its opening tag alone on the first line: inside
/// Markdown that makes it one HTML block (CommonMark's type 6 or 7), which the Markdown reader hands to the HTML
/// reader whole. Newlines of code are written as character references for the same reason.
enum HTMLWriter {
    /// Formulas as MathML (`HTMLCopy`): a `<math>` element on one line for a formula's source (display: a block
    /// formula), or nil to write Telegram's `<tg-math>`/`<tg-math-block>`. Unset: always Telegram's tags.
    final class Formulas: Sendable {
        @TaskLocal static var current: Formulas?
        let write: @Sendable (String, Bool) -> String?

        init(_ write: @escaping @Sendable (String, Bool) -> String?) {
            self.write = write
        }

        static func mathML(_ source: String, display: Bool) -> String? { current?.write(source, display) }
    }

    /// Blocks, one island each.
    static func blocks(_ blocks: [Block], media: [String: Media]) -> [String] {
        blocks.map { block($0, media: media) }
    }

    /// One block as lines of HTML.
    static func block(_ block: Block, media: [String: Media]) -> String {
        func wrap(_ tag: String, _ attributes: String, _ body: String) -> String {
            "<\(tag)\(attributes)>\n" + (body.isEmpty ? "" : body + "\n") + "</\(tag)>"
        }
        func children(_ blocks: [Block]) -> String { self.blocks(blocks, media: media).joined(separator: "\n") }
        switch block {
        case .title(let text): return wrap("ipr-title", "", blockText(text))
        case .subtitle(let text): return wrap("ipr-subtitle", "", blockText(text))
        case .kicker(let text): return wrap("ipr-kicker", "", blockText(text))
        case .header(let text): return wrap("ipr-header", "", blockText(text))
        case .subheader(let text): return wrap("ipr-subheader", "", blockText(text))
        case .heading(let level, let text):
            // Levels past 6 (Telethon allows any) keep theirs in an attribute.
            let tag = "h\(min(max(level, 1), 6))"
            return wrap(tag, (1...6).contains(level) ? "" : " ipr-level=\"\(level)\"", blockText(text))
        case .paragraph(let text): return wrap("p", "", blockText(text))
        case .footer(let text): return wrap("footer", "", blockText(text))
        case .authorDate(let author, let unix): return wrap("ipr-author-date", " time=\"\(unix)\"", blockText(author))
        case .divider: return "<hr>"
        case .anchor(let name): return "<a name=\"\(attribute(name))\">\n</a>"
        case .preformatted(let text, let language):
            let code = isPlain(text) ? literal(text.plainText) : inline(text)
            let classes = language.isEmpty ? "" : " class=\"language-\(attribute(language))\""
            // The reader drops one newline after <pre> and before </pre>: one each is added for it.
            return "<pre\(isPlain(text) ? "" : " ipr-rich")><code\(classes)>&#10;" + code + "&#10;</code></pre>"
        case .formula(let source, _):
            if let math = Formulas.mathML(source, display: true) { return math }
            return wrap("tg-math-block", "", literal(source))
        case .list(let list):
            let tag = list.ordered ? "ol" : "ul"
            let items = list.items.map { item -> String in
                var head = "<li ipr-label=\"\(attribute(item.label))\">"
                if item.hasCheckbox { head += item.isChecked ? "<input type=\"checkbox\" checked>" : "<input type=\"checkbox\">" }
                return head + "\n" + children(item.blocks) + (item.blocks.isEmpty ? "" : "\n") + "</li>"
            }
            return wrap(tag, "", items.joined(separator: "\n"))
        case .blockQuote(let inner, let credit, let collapsed):
            var body = children(inner)
            if !credit.isEmpty { body += (body.isEmpty ? "" : "\n") + "<cite>\(blockText(credit))</cite>" }
            return wrap("blockquote", (collapsed ? " expandable" : "") + " ipr-blocks", body)
        case .pullQuote(let text, let credit):
            return wrap("aside", "", blockText(text) + (credit.isEmpty ? "" : "<cite>\(blockText(credit))</cite>"))
        case .photo(let id, let caption, let spoiler, let url):
            var extra = spoiler ? " tg-spoiler" : ""
            if let url { extra += " ipr-url=\"\(attribute(url))\"" }
            return figure(mediaTag("img", kind: "photo", id: id, media: media, extra: extra), caption)
        case .video(let id, let caption, let spoiler):
            return figure(mediaTag("video", kind: "video", id: id, media: media, extra: spoiler ? " tg-spoiler" : ""), caption)
        case .audio(let id, let caption): return figure(mediaTag("audio", kind: "audio", id: id, media: media), caption)
        case .document(let id, let caption): return figure(mediaTag("tg-document", kind: "document", id: id, media: media), caption)
        case .map(let map):
            let tag = "<tg-map lat=\"\(map.latitude)\" long=\"\(map.longitude)\" zoom=\"\(map.zoom)\" width=\"\(map.width)\" height=\"\(map.height)\"></tg-map>"
            return figure(tag, map.caption)
        case .collage(let items, let caption), .slideshow(let items, let caption):
            let tag: String = { if case .collage = block { return "tg-collage" } else { return "tg-slideshow" } }()
            var lines = items.map { item -> String in
                switch item {
                case .photo(let id, _, let spoiler, _): return mediaTag("img", kind: "photo", id: id, media: media, extra: spoiler ? " tg-spoiler" : "")
                case .video(let id, _, let spoiler): return mediaTag("video", kind: "video", id: id, media: media, extra: spoiler ? " tg-spoiler" : "")
                default: return ""
                }
            }.filter { !$0.isEmpty }
            if let text = figcaption(caption) { lines.append(text) }
            // ipr-html: inside Markdown this container's body is HTML, not Markdown.
            return wrap(tag, " ipr-html", lines.joined(separator: "\n"))
        case .embed(let embed):
            var attributes = ""
            if let url = embed.url { attributes += " url=\"\(attribute(url))\"" }
            if let poster = embed.posterMediaId { attributes += " poster=\"\(attribute(poster))\"" }
            if let width = embed.width { attributes += " width=\"\(width)\"" }
            if let height = embed.height { attributes += " height=\"\(height)\"" }
            return wrap("ipr-embed", attributes, figcaption(embed.caption) ?? "")
        case .embedPost(let author, let unix, let inner, let caption):
            var body = children(inner)
            if let text = figcaption(caption) { body += (body.isEmpty ? "" : "\n") + text }
            return wrap("ipr-embed-post", " author=\"\(attribute(author))\" time=\"\(unix)\"", body)
        case .channel(let title): return wrap("ipr-channel", " title=\"\(attribute(title))\"", "")
        case .relatedArticles(let title, let count): return wrap("ipr-related-articles", " count=\"\(count)\"", blockText(title))
        case .cover(let inner): return wrap("ipr-cover", "", self.block(inner, media: media))
        case .details(let title, let inner, let open):
            let body = "<summary>\(blockText(title))</summary>" + (inner.isEmpty ? "" : "\n" + children(inner))
            return wrap("details", (open ? " open" : "") + " ipr-html", body)
        case .table(let table): return self.table(table)
        case .thinking(let text): return wrap("tg-thinking", "", blockText(text))
        case .buttonRow(let row):
            return wrap("tg-button-row", " align=\"\(row.alignment.rawValue)\"", row.buttons.map(button).joined(separator: "\n"))
        case .unsupported(let type, _): return wrap("ipr-unsupported", " type=\"\(attribute(type))\"", "")
        }
    }

    // MARK: - Media

    /// A media element naming the media's key and every fact the layout draws from: its kind, ids, size, duration,
    /// titles, file facts and stripped thumbnail (a data URI).
    static func mediaTag(_ tag: String, kind: String, id: String, media: [String: Media], extra: String = "") -> String {
        let source = id.hasPrefix("http://") || id.hasPrefix("https://") ? id : "tg://\(kind)?id=\(id)"
        var text = "<\(tag) src=\"\(attribute(source))\""
        if let item = media[id] {
            text += " ipr-kind=\"\(item.kind.rawValue)\" ipr-ids=\"\(attribute(item.lookupIds.joined(separator: " ")))\""
            if let width = item.width { text += " width=\"\(width)\"" }
            if let height = item.height { text += " height=\"\(height)\"" }
            if let duration = item.durationSeconds { text += " ipr-duration=\"\(duration)\"" }
            if let title = item.title { text += " ipr-title=\"\(attribute(title))\"" }
            if let performer = item.performer { text += " ipr-performer=\"\(attribute(performer))\"" }
            if let name = item.fileName { text += " ipr-file-name=\"\(attribute(name))\"" }
            if let mime = item.mimeType { text += " ipr-mime=\"\(attribute(mime))\"" }
            if let size = item.fileSize { text += " ipr-file-size=\"\(size)\"" }
            if let thumbnail = item.strippedThumbnail {
                text += " ipr-thumbnail=\"data:\(Self.strippedMIME);base64,\(Data(thumbnail).base64EncodedString())\""
            }
        } else {
            text += " ipr-no-media"
        }
        return text + extra + (tag == "img" ? ">" : "></\(tag)>")
    }

    /// The MIME type ipraster gives a Telegram stripped thumbnail in a data URI (it is not a JPEG file as it is).
    static let strippedMIME = "image/x-telegram-stripped"

    private static func figure(_ element: String, _ caption: Caption) -> String {
        "<figure>\n" + element + (figcaption(caption).map { "\n" + $0 } ?? "") + "\n</figure>"
    }

    private static func figcaption(_ caption: Caption) -> String? {
        guard !caption.text.isEmpty || !caption.credit.isEmpty else { return nil }
        return "<figcaption>\(blockText(caption.text))" + (caption.credit.isEmpty ? "" : "<cite>\(blockText(caption.credit))</cite>") + "</figcaption>"
    }

    // MARK: - Tables and buttons

    private static func table(_ table: TableBlock) -> String {
        var attributes = ""
        if table.bordered { attributes += " bordered" }
        if table.striped { attributes += " striped" }
        if table.compact { attributes += " compact" }
        var lines = ["<table\(attributes)>"]
        if !table.title.isEmpty { lines.append("<caption>\(blockText(table.title))</caption>") }
        for row in table.rows {
            let cells = row.map { cell -> String in
                let tag = cell.header ? "th" : "td"
                var text = "<\(tag) align=\"\(cell.align.rawValue)\" valign=\"\(cell.valign.rawValue)\""
                if cell.colspan != 1 { text += " colspan=\"\(cell.colspan)\"" }
                if cell.rowspan != 1 { text += " rowspan=\"\(cell.rowspan)\"" }
                if cell.text == nil { text += " ipr-hidden" }
                return text + ">" + blockText(cell.text ?? .empty) + "</\(tag)>"
            }
            lines.append("<tr>" + cells.joined() + "</tr>")
        }
        lines.append("</table>")
        return lines.joined(separator: "\n")
    }

    static func button(_ button: Button) -> String {
        var text = "<tg-button"
        switch button.action {
        case .url(let url): text += " type=\"url\" url=\"\(attribute(url))\""
        case .webApp(let url): text += " type=\"web_app\" url=\"\(attribute(url))\""
        case .loginUrl(let url): text += " type=\"login_url\" url=\"\(attribute(url))\""
        case .switchInline(let query): text += " type=\"switch_inline_query\" query=\"\(attribute(query))\""
        case .copyText(let copy): text += " type=\"copy_text\" text=\"\(attribute(copy))\""
        case .userProfile(let id): text += " type=\"url\" url=\"tg://user?id=\(id)\""
        case .callback: text += " type=\"callback_data\""
        case .buy: text += " type=\"buy\""
        case .game: text += " type=\"game\""
        case .disabled: text += " type=\"disabled\""
        case .unknown: text += " type=\"ipr-unknown\""
        }
        if let style = button.style { text += " style=\"\(style.rawValue)\"" }
        return text + ">" + blockText(button.label) + "</tg-button>"
    }

    // MARK: - Inline

    /// Inline rich text as HTML: tags for styles, entities for `< > &`, `<br>` for newlines, and white space a
    /// browser would collapse (runs, and spaces at the ends) kept in `<ipr-text>`.
    static func inline(_ text: RichText) -> String {
        switch text {
        case .plain(let string): return plain(string)
        case .concat(let parts): return parts.map(inline).joined()
        case .styled(let style, let inner):
            let tag: String
            switch style {
            case .bold: tag = "b"
            case .italic: tag = "i"
            case .underline: tag = "u"
            case .strikethrough: tag = "s"
            case .fixed:
                // <code> holds its text literally; styles inside it need the rich form.
                if isPlain(inner) { return "<code>\(literal(inner.plainText))</code>" }
                return "<code ipr-rich>\(inline(inner))</code>"
            case .subscript: tag = "sub"
            case .superscript: tag = "sup"
            case .marked: tag = "mark"
            case .spoiler: tag = "tg-spoiler"
            }
            return "<\(tag)>\(inline(inner))</\(tag)>"
        case .link(let link, let inner):
            let label = inline(inner)
            switch link {
            case .url(let url, let instantView): return "<a href=\"\(attribute(url))\"\(instantView ? " ipr-instant-view" : "")>\(label)</a>"
            case .email(let address): return "<a href=\"mailto:\(attribute(address))\">\(label)</a>"
            case .phone(let number): return "<a href=\"tel:\(attribute(number))\">\(label)</a>"
            case .textMention(let id): return "<a href=\"tg://user?id=\(id)\">\(label)</a>"
            case .anchorLink(let name): return "<a href=\"#\(attribute(name))\">\(label)</a>"
            case .referenceLink(let name): return "<a href=\"#\(attribute(name))\" ipr-reference>\(label)</a>"
            case .autoUrl: return "<a ipr-entity=\"url\">\(label)</a>"
            case .autoEmail: return "<a ipr-entity=\"email\">\(label)</a>"
            case .autoPhone: return "<a ipr-entity=\"phone_number\">\(label)</a>"
            case .mention: return "<a ipr-entity=\"mention\">\(label)</a>"
            case .hashtag: return "<a ipr-entity=\"hashtag\">\(label)</a>"
            case .cashtag: return "<a ipr-entity=\"cashtag\">\(label)</a>"
            case .botCommand: return "<a ipr-entity=\"bot_command\">\(label)</a>"
            case .bankCard: return "<a ipr-entity=\"bank_card\">\(label)</a>"
            }
        case .anchor(let name, let inner): return "<tg-reference name=\"\(attribute(name))\">\(inline(inner))</tg-reference>"
        case .date(let date): return "<tg-time unix=\"\(date.unixTime)\" format=\"\(date.format.flags)\">\(inline(date.fallback))</tg-time>"
        case .customEmoji(let id, let alt): return "<tg-emoji emoji-id=\"\(attribute(id))\">\(plain(alt))</tg-emoji>"
        case .math(let source, _):
            if let math = Formulas.mathML(source, display: false) { return math }
            return "<tg-math>\(literal(source))</tg-math>"
        case .image(let id, let width, let height): return "<ipr-image media=\"\(attribute(id))\" width=\"\(width)\" height=\"\(height)\"></ipr-image>"
        case .diff(let new, let old): return "<ipr-diff><ins>\(inline(new))</ins><del>\(inline(old))</del></ipr-diff>"
        case .button(let button): return self.button(button)
        case .unknown(let type, let inner): return "<ipr-unknown type=\"\(attribute(type))\">\(inline(inner))</ipr-unknown>"
        }
    }

    /// A block's text: as `inline`, with spaces at its two ends (which the reader trims) kept in `<ipr-text>`. Used for
    /// every element whose text the reader trims: blocks, cells, captions, credits, summaries, button labels.
    static func blockText(_ text: RichText) -> String {
        let canonical = text.canonical
        var parts: [RichText]
        if case .concat(let inner) = canonical { parts = inner } else { parts = [canonical] }
        var prefix = "", suffix = ""
        if case .plain(let first)? = parts.first, first.hasPrefix(" ") {
            let spaces = first.prefix { $0 == " " }
            prefix = "<ipr-text>\(spaces)</ipr-text>"
            parts[0] = .plain(String(first.dropFirst(spaces.count)))
        }
        if case .plain(let last)? = parts.last, last.hasSuffix(" ") {
            let spaces = String(last.reversed().prefix { $0 == " " })
            suffix = "<ipr-text>\(spaces)</ipr-text>"
            parts[parts.count - 1] = .plain(String(last.dropLast(spaces.count)))
        }
        return prefix + parts.map(inline).joined() + suffix
    }

    /// Text a browser would show as it is: single spaces between words, newlines as `<br>`.
    private static func plain(_ text: String) -> String {
        var result = ""
        var line = ""
        func flush() {
            guard !line.isEmpty else { return }
            let collapses = line.contains("  ") || line.contains("\t") || line.contains("\r")
            result += collapses ? "<ipr-text>\(literal(line))</ipr-text>" : literal(line)
            line = ""
        }
        for character in text {
            if character == "\n" {
                flush()
                result += "<br>"
            } else {
                line.append(character)
            }
        }
        flush()
        return result
    }

    /// Text with `& < > "` as character references and newlines as `&#10;` (no literal newline in an island).
    static func literal(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "\n": result += "&#10;"
            case "\r": result += "&#13;"
            case "\t": result += "&#9;"
            default: result.append(character)
            }
        }
        return result
    }

    static func attribute(_ text: String) -> String { literal(text) }

    /// Whether rich text is characters only (no style, link or object).
    static func isPlain(_ text: RichText) -> Bool {
        switch text {
        case .plain: return true
        case .concat(let parts): return parts.allSatisfy(isPlain)
        default: return false
        }
    }
}

extension DateFormat {
    /// The Bot API `date_time_format` flags (`r`, or `w?[dD]?[tT]?`).
    var flags: String {
        relative ? "r" : [dayOfWeek ? "w" : "", shortDate ? "d" : "", longDate ? "D" : "", shortTime ? "t" : "", longTime ? "T" : ""].joined()
    }
}
