import Primitives

/// A message as plain text in reading order, for screen readers and search (issue 63): what the picture says,
/// block by block. Headings and paragraphs are their text; a list one line per item, its marker ("•", "3.", "[x]"
/// for a checked task) before the text, further lines and nested items under the text; a table its title, then its rows
/// with cells joined by " | "; quotes "> " before each line (a credit after "— "); code as written; media
/// "[photo: caption]" (video, audio, document, map, embed alike); a block formula "formula: " and its TeX source;
/// inline custom emoji their alternative text; inline formulas their TeX source; spoilers "[spoiler]" unless
/// shown; a closed details block its title only; buttons "[button: label]". Blank lines separate blocks.
public enum AltText {
    /// The alt text of `document`. `showSpoilers`: spoilers read as their text, as `--show-spoilers` draws them;
    /// `expandDetails`: every details block reads open, as `--expand-details` draws them; `date`: a formatted date as
    /// the picture shows it (layout's formatter, in the render's locale and time zone), else its fallback text.
    public static func of(_ document: Document, showSpoilers: Bool = false, expandDetails: Bool = false,
                          date: @escaping (DateText) -> String? = { _ in nil }) -> String {
        var writer = Writer(showSpoilers: showSpoilers, expandDetails: expandDetails, date: date)
        writer.blocks(document.blocks, indent: "")
        return writer.paragraphs.joined(separator: "\n\n")
    }

    /// The alt text of one block (a tagged PDF's figure description), with `of(_:)`'s options.
    public static func of(_ block: Block, showSpoilers: Bool = false, expandDetails: Bool = false,
                          date: @escaping (DateText) -> String? = { _ in nil }) -> String {
        var writer = Writer(showSpoilers: showSpoilers, expandDetails: expandDetails, date: date)
        writer.block(block, indent: "")
        return writer.paragraphs.joined(separator: "\n\n")
    }

    private struct Writer {
        let showSpoilers: Bool
        let expandDetails: Bool
        let date: (DateText) -> String?
        var paragraphs: [String] = []

        /// A paragraph: its lines without trailing spaces, blank lines at its ends dropped (code sent with a final
        /// newline), `indent` before each line.
        mutating func add(_ text: String, indent: String = "") {
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { String($0).trimmingTrailing { $0 == " " || $0 == "\t" || $0.properties.generalCategory == .spaceSeparator } }
            while lines.last?.isEmpty == true { lines.removeLast() }
            while lines.first?.isEmpty == true { lines.removeFirst() }
            guard !lines.isEmpty else { return }
            paragraphs.append(lines.map { ($0.isEmpty ? indent.trimmingTrailing { $0 == " " } : indent) + $0 }.joined(separator: "\n"))
        }

        func inline(_ text: RichText) -> String {
            switch text {
            case .plain(let string): return string
            case .concat(let parts): return parts.map(inline).joined()
            case .styled(.spoiler, let inner): return showSpoilers ? inline(inner) : "[spoiler]"
            case .styled(_, let inner), .link(_, let inner), .anchor(_, let inner), .unknown(_, let inner): return inline(inner)
            case .date(let date): return date.format.isEmpty ? inline(date.fallback) : self.date(date) ?? inline(date.fallback)
            case .customEmoji(_, let alt): return alt
            case .math(let source, _): return source
            case .image: return "[image]"
            case .diff(let new, _): return inline(new)
            case .button(let button): return "[button: \(inline(button.label))]"
            }
        }

        func media(_ kind: String, _ caption: Caption) -> String {
            let words = [inline(caption.text), inline(caption.credit)].map { $0.trimmingWhitespaceAndNewlines().replacingEvery("\n", with: " ") }
                .filter { !$0.isEmpty }
            return words.isEmpty ? "[\(kind)]" : "[\(kind): \(words.joined(separator: " — "))]"
        }

        mutating func blocks(_ blocks: [Block], indent: String) {
            for block in blocks { self.block(block, indent: indent) }
        }

        mutating func block(_ block: Block, indent: String) {
            switch block {
            case .title(let text), .subtitle(let text), .kicker(let text), .header(let text), .subheader(let text),
                 .heading(_, let text), .paragraph(let text), .footer(let text), .thinking(let text):
                add(inline(text), indent: indent)
            case .authorDate(let author, _):
                add(inline(author), indent: indent)
            case .divider, .anchor:
                break
            case .list(let list):
                // One paragraph: each item's marker before its first line, the rest (nested lists too) under its text.
                var lines: [String] = []
                for item in list.items {
                    let marker = item.hasCheckbox ? (item.isChecked ? "[x]" : "[ ]") : item.label
                    var nested = Writer(showSpoilers: showSpoilers, expandDetails: expandDetails, date: date)
                    nested.blocks(item.blocks, indent: "")
                    let hanging = String(repeating: " ", count: marker.count + 1)
                    let itemLines = nested.paragraphs.flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
                    guard let first = itemLines.first else { lines.append(marker); continue }
                    lines.append(marker + " " + first)
                    lines += itemLines.dropFirst().map { hanging + $0 }
                }
                add(lines.joined(separator: "\n"), indent: indent)
            case .preformatted(let code, _):
                add(inline(code), indent: indent)
            case .blockQuote(let inner, let credit, _):
                var nested = Writer(showSpoilers: showSpoilers, expandDetails: expandDetails, date: date)
                nested.blocks(inner, indent: "")
                let creditText = inline(credit).trimmingWhitespaceAndNewlines()
                if !creditText.isEmpty { nested.paragraphs.append("— " + creditText) }
                add(nested.paragraphs.joined(separator: "\n"), indent: indent + "> ")
            case .pullQuote(let text, let credit):
                let creditText = inline(credit).trimmingWhitespaceAndNewlines()
                add(inline(text) + (creditText.isEmpty ? "" : "\n— " + creditText), indent: indent + "> ")
            case .photo(_, let caption, _, _): add(media("photo", caption), indent: indent)
            case .video(_, let caption, _): add(media("video", caption), indent: indent)
            case .audio(_, let caption): add(media("audio", caption), indent: indent)
            case .document(_, let caption): add(media("document", caption), indent: indent)
            case .map(let map): add(media("map", map.caption), indent: indent)
            case .embed(let embed): add(media("embed", embed.caption), indent: indent)
            case .collage(let items, let caption), .slideshow(let items, let caption):
                blocks(items, indent: indent)
                add(inline(caption.text), indent: indent)
            case .embedPost(let author, _, let inner, let caption):
                add("[post: \(author)]", indent: indent)
                blocks(inner, indent: indent)
                add(inline(caption.text), indent: indent)
            case .channel(let title): add("[channel: \(title)]", indent: indent)
            case .relatedArticles(let title, _): add(inline(title), indent: indent)
            case .cover(let inner): self.block(inner, indent: indent)
            case .formula(let source, _): add("formula: " + source, indent: indent)
            case .details(let title, let inner, let open):
                add(inline(title), indent: indent)
                if open || expandDetails { blocks(inner, indent: indent) }
            case .table(let table):
                add(inline(table.title), indent: indent)
                let rows = table.rows.map { row in row.compactMap { $0.text.map(inline) }.map { $0.replacingEvery("\n", with: " ") } }
                    .filter { !$0.isEmpty }
                add(rows.map { $0.joined(separator: " | ") }.joined(separator: "\n"), indent: indent)
            case .buttonRow(let row):
                add(row.buttons.map { "[button: \(inline($0.label))]" }.joined(separator: " "), indent: indent)
            case .unsupported(let type, _):
                add("[\(type)]", indent: indent)
            }
        }
    }
}
