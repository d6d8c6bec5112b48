import CICUText
import Document

/// A message as plain Bot API messages (issue 63, `ipraster fallback`, `POST /fallback`): for clients that cannot
/// show a rich message, and for a message over the rich limits. Each block becomes text with entities: headings
/// bold, code `pre` with its language, quotes `blockquote`, details a bold title over an `expandable_blockquote`,
/// formulas their TeX in `code`, media a line with the caption, lists their markers, tables aligned monospace `pre`
/// when they fit `maxTableWidth` characters, else one line a row; links only to `BotEntityRules.linkSchemes`.
/// `FallbackSplitter` then packs the blocks into payloads of at most 4,096 UTF-16 code units.
public struct FallbackWriter {
    /// The widest an aligned table may be (in monospace cells, a wide character two) to be sent as a `pre` block:
    /// about what a phone's chat shows of a code block without scrolling.
    public static let maxTableWidth = 40

    /// What the writer decided that a reader of the payloads should know (a table's form), one line each.
    public private(set) var notes: [String] = []
    private var tables = 0
    /// A date as the picture shows it (layout's formatter), else its fallback text.
    private let date: (DateText) -> String?

    public init(date: @escaping (DateText) -> String? = { _ in nil }) {
        self.date = date
    }

    /// The payloads of `document`, and the notes (`notes`).
    public mutating func messages(_ document: Document, limit: Int = BotMessage.maxLength) -> [BotMessage] {
        let pieces = blocks(document.blocks, quoted: false).map { $0.trimmed() }.filter { !$0.isBlank }
        return FallbackSplitter(limit: limit).messages(pieces)
    }

    // MARK: blocks

    private mutating func blocks(_ blocks: [Block], quoted: Bool) -> [FallbackText] {
        blocks.compactMap { block(in: $0, quoted: quoted) }
    }

    /// Blocks joined as one text, a blank line between them (a list item's, a quote's body).
    private mutating func joined(_ blocks: [Block], quoted: Bool, separator: String = "\n\n") -> FallbackText {
        var result = FallbackText()
        for (index, piece) in self.blocks(blocks, quoted: quoted).map({ $0.trimmed() }).filter({ !$0.isBlank }).enumerated() {
            if index > 0 { result.append(separator) }
            result.append(piece)
        }
        return result
    }

    private mutating func block(in block: Block, quoted: Bool) -> FallbackText? {
        var text = FallbackText()
        switch block {
        case .title(let rich), .header(let rich), .heading(_, let rich):
            text.wrap("bold") { inline(rich, into: &$0) }
        case .subheader(let rich):
            text.wrap("bold") { inline(rich, into: &$0) }
        case .subtitle(let rich), .kicker(let rich), .thinking(let rich):
            text.wrap("italic") { inline(rich, into: &$0) }
        case .paragraph(let rich), .footer(let rich):
            inline(rich, into: &text)
        case .authorDate(let author, _):
            text.wrap("italic") { inline(author, into: &$0) }
        case .divider:
            text.append("———")
        case .anchor:
            return nil
        case .list(let list):
            text = self.list(list, quoted: quoted)
        case .preformatted(let code, let language):
            var body = code.plainText
            while body.hasSuffix("\n") { body.removeLast() }
            let name = language.trimmingWhitespaceAndNewlines()
            let valid = !name.isEmpty && name.utf8.count <= 64 && name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "+#._-".unicodeScalars.contains($0)) }
            text.wrap("pre", language: valid ? name : nil) { $0.append(body.isEmpty ? " " : body) }
        case .blockQuote(let inner, let credit, let collapsed):
            var body = joined(inner, quoted: true)
            if !credit.isEmpty {
                body.append("\n— ")
                inline(credit, into: &body)
            }
            if quoted { text = body } else { text.wrap(collapsed ? "expandable_blockquote" : "blockquote") { $0.append(body) } }
        case .pullQuote(let rich, let credit):
            var body = FallbackText()
            body.wrap("italic") { inline(rich, into: &$0) }
            if !credit.isEmpty {
                body.append("\n— ")
                inline(credit, into: &body)
            }
            if quoted { text = body } else { text.wrap("blockquote") { $0.append(body) } }
        case .photo(_, let caption, _, let url):
            text = media("Photo", caption, url: url)
        case .video(_, let caption, _): text = media("Video", caption)
        case .audio(_, let caption): text = media("Audio", caption)
        case .document(_, let caption): text = media("Document", caption)
        case .map(let map): text = media("Map", map.caption)
        case .embed(let embed): text = media("Embed", embed.caption, url: embed.url)
        case .collage(let items, let caption), .slideshow(let items, let caption):
            text = joined(items, quoted: quoted, separator: "\n")
            if !caption.text.isEmpty {
                text.append("\n")
                inline(caption.text, into: &text)
            }
        case .embedPost(let author, _, let inner, let caption):
            text.append("[Post: \(author)]")
            let body = joined(inner, quoted: quoted)
            if !body.isBlank {
                text.append("\n")
                text.append(body)
            }
            if !caption.text.isEmpty {
                text.append("\n")
                inline(caption.text, into: &text)
            }
        case .channel(let title): text.append("[Channel: \(title)]")
        case .relatedArticles(let title, _): inline(title, into: &text)
        case .cover(let inner): return self.block(in: inner, quoted: quoted)
        case .formula(let source, _):
            text.wrap("code") { $0.append(source) }
        case .details(let title, let inner, _):
            text.wrap("bold") { inline(title, into: &$0) }
            let body = joined(inner, quoted: true)
            if !body.isBlank {
                text.append("\n")
                if quoted { text.append(body) } else { text.wrap("expandable_blockquote") { $0.append(body) } }
            }
        case .table(let table):
            text = self.table(table)
        case .buttonRow(let row):
            for (index, button) in row.buttons.enumerated() {
                if index > 0 { text.append("  ") }
                self.button(button, into: &text)
            }
        case .unsupported(let type, _):
            text.append("[\(type)]")
        }
        return text
    }

    private mutating func list(_ list: ListBlock, quoted: Bool) -> FallbackText {
        var text = FallbackText()
        for (index, item) in list.items.enumerated() {
            if index > 0 { text.append("\n") }
            let marker = item.hasCheckbox ? (item.isChecked ? "☑" : "☐") : item.label
            let body = joined(item.blocks, quoted: quoted, separator: "\n")
            let hanging = String(repeating: " ", count: min(8, marker.count + 1))
            text.append(body.indented(first: marker + " ", rest: hanging))
        }
        return text
    }

    private func media(_ kind: String, _ caption: Caption, url: String? = nil) -> FallbackText {
        var text = FallbackText()
        let label: (inout FallbackText) -> Void = { $0.append("[\(kind)]") }
        if let url, Self.safe(url) { text.wrap("text_link", url: url, label) } else { label(&text) }
        if !caption.text.isEmpty {
            text.append(" ")
            inline(caption.text, into: &text)
        }
        if !caption.credit.isEmpty {
            text.append(" — ")
            inline(caption.credit, into: &text)
        }
        return text
    }

    private func button(_ button: Button, into text: inout FallbackText) {
        let label: (inout FallbackText) -> Void = { $0.append("[" + button.label.plainText.replacingEvery("\n", with: " ") + "]") }
        if case .url(let url) = button.action, Self.safe(url) { text.wrap("text_link", url: url, label) } else { label(&text) }
    }

    /// An address a `text_link` may carry: a scheme of `BotEntityRules.linkSchemes`, printable ASCII, at most 2,048 bytes.
    static func safe(_ url: String) -> Bool {
        guard url.utf8.count <= 2_048, url.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }),
              let colon = url.firstIndex(of: ":") else { return false }
        return BotEntityRules.linkSchemes.contains(url[..<colon].lowercased())
    }

    // MARK: inline text

    private func inline(_ rich: RichText, into text: inout FallbackText) {
        switch rich {
        case .plain(let string): text.append(string)
        case .concat(let parts): for part in parts { inline(part, into: &text) }
        case .styled(let style, let inner):
            let type: String?
            switch style {
            case .bold: type = "bold"
            case .italic: type = "italic"
            case .underline: type = "underline"
            case .strikethrough: type = "strikethrough"
            case .spoiler: type = "spoiler"
            case .fixed: type = "code"
            case .subscript, .superscript, .marked: type = nil
            }
            if type == "code" {
                text.wrap("code") { $0.append(inner.plainText) }
            } else if let type {
                text.wrap(type) { inline(inner, into: &$0) }
            } else {
                inline(inner, into: &text)
            }
        case .link(let link, let inner):
            if case .url(let url, _) = link, Self.safe(url) { text.wrap("text_link", url: url) { inline(inner, into: &$0) } } else { inline(inner, into: &text) }
        case .anchor(_, let inner), .unknown(_, let inner): inline(inner, into: &text)
        case .date(let value):
            if !value.format.isEmpty, let formatted = date(value) { text.append(formatted) } else { inline(value.fallback, into: &text) }
        case .customEmoji(let id, let alt):
            let shown = alt.isEmpty ? "❓" : alt
            if !id.isEmpty, id.utf8.count <= 20, id.allSatisfy({ $0.isASCII && $0.isNumber }) {
                text.wrap("custom_emoji", customEmojiId: id) { $0.append(shown) }
            } else {
                text.append(shown)
            }
        case .math(let source, _): text.wrap("code") { $0.append(source) }
        case .image: text.append("[image]")
        case .diff(let new, _): inline(new, into: &text)
        case .button(let button): self.button(button, into: &text)
        }
    }

    // MARK: tables

    private mutating func table(_ table: TableBlock) -> FallbackText {
        tables += 1
        let grid = Self.grid(table)
        var text = FallbackText()
        if !table.title.isEmpty {
            text.wrap("bold") { inline(table.title, into: &$0) }
            text.append("\n")
        }
        guard let columns = grid.first?.count, columns > 0 else { return text }
        let widths = (0..<columns).map { column in grid.map { Self.width($0[column].text) }.max() ?? 0 }
        let aligned = widths.reduce(0, +) + 3 * (columns - 1)
        let headerRows = grid.prefix { row in row.allSatisfy { $0.header } }.count
        if aligned <= Self.maxTableWidth {
            notes.append("table \(tables): an aligned monospace block (\(aligned) characters wide)")
            var lines: [String] = []
            for (index, row) in grid.enumerated() {
                lines.append(row.enumerated().map { column, cell in Self.padded(cell.text, to: widths[column], align: cell.align) }.joined(separator: " | ")
                    .trimmingTrailing { $0 == " " })
                if index + 1 == headerRows && headerRows < grid.count { lines.append(widths.map { String(repeating: "-", count: $0) }.joined(separator: "-+-")) }
            }
            text.wrap("pre") { $0.append(lines.joined(separator: "\n")) }
            return text
        }
        notes.append("table \(tables): one line a row (aligned it would be \(aligned) characters wide, more than \(Self.maxTableWidth))")
        let header = headerRows == 1 && grid.count > 1 ? grid[0].map(\.text) : nil
        var first = true
        for row in grid.dropFirst(header == nil ? 0 : 1) {
            if !first { text.append("\n") }
            first = false
            text.append("• ")
            var firstCell = true
            for (column, cell) in row.enumerated() where !cell.text.isEmpty {
                if !firstCell { text.append(" · ") }
                if let header, !header[column].isEmpty, !firstCell { text.wrap("italic") { $0.append(header[column] + ":") }; text.append(" ") }
                if firstCell, header != nil { text.wrap("bold") { $0.append(cell.text) } } else { text.append(cell.text) }
                firstCell = false
            }
        }
        return text
    }

    struct GridCell {
        var text = ""
        var header = false
        var align = TableCell.Align.left
    }

    /// The table's cells on a grid: a spanned cell's text in its first slot, the others empty.
    static func grid(_ table: TableBlock) -> [[GridCell]] {
        var rows: [[GridCell?]] = []
        for (rowIndex, row) in table.rows.enumerated() {
            while rows.count <= rowIndex { rows.append([]) }
            var column = 0
            for cell in row {
                while column < rows[rowIndex].count, rows[rowIndex][column] != nil { column += 1 }
                let span = max(1, min(cell.colspan, 20)), down = max(1, min(cell.rowspan, 64, table.rows.count - rowIndex))
                for r in rowIndex..<(rowIndex + down) {
                    while rows.count <= r { rows.append([]) }
                    for c in column..<(column + span) {
                        while rows[r].count <= c { rows[r].append(nil) }
                        let first = r == rowIndex && c == column
                        rows[r][c] = GridCell(text: first ? (cell.text?.plainText ?? "").replacingEvery("\n", with: " ").trimmingWhitespaceAndNewlines() : "",
                                              header: cell.header, align: cell.align)
                    }
                }
                column += span
            }
        }
        let columns = rows.map(\.count).max() ?? 0
        return rows.prefix(table.rows.count).map { row in (0..<columns).map { row.indices.contains($0) ? row[$0] ?? GridCell() : GridCell() } }
    }

    /// Monospace cells `text` takes: two for a wide (East Asian) character, none for a combining mark or a format character.
    static func width(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { total, scalar in
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .format: return total
            default: return total + (ipr_icu_is_east_asian_wide(scalar.value) != 0 ? 2 : 1)
            }
        }
    }

    static func padded(_ text: String, to width: Int, align: TableCell.Align) -> String {
        let room = max(0, width - Self.width(text))
        switch align {
        case .left: return text + String(repeating: " ", count: room)
        case .right: return String(repeating: " ", count: room) + text
        case .center: return String(repeating: " ", count: room / 2) + text + String(repeating: " ", count: room - room / 2)
        }
    }
}
