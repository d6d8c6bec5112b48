import Document

/// Rich Markdown → document (`rich-markdown-facts.md` §1, §3.2): a formula pre-pass, libcmark-gfm for the
/// CommonMark + GFM structure, and a walk over its tree that maps it onto Telegram's blocks and inline
/// styles — `==marked==`, `||spoiler||`, `tg://` links and images, stand-alone images as media blocks, footnotes
/// as references, the rich HTML tags allowed inline, `<details>` with Markdown inside, soft breaks as spaces.
public struct MarkdownReader {
    /// The most bytes a Markdown text may have before it is refused (the message limit is 32 768 characters;
    /// drafts and files may be longer, but not without bound).
    public static let maxBytes = 4_000_000

    let options: MarkupOptions
    let prepass: MathPrepass
    var registry: MediaRegistry
    var warnings: [String] = []
    /// Unsupported tag names already warned about.
    var warnedTags: Set<String> = []
    /// The prepared text's lines, for columns in characters.
    let lines: [Substring]
    /// Where each top-level block starts.
    var locations: [SourceLocation] = []
    /// What an `<ipr-message>` element said of the whole message (ipraster's lossless copy).
    var message = MessageFlags()

    public static func read(_ source: String, options: MarkupOptions = MarkupOptions()) throws -> MarkupResult {
        guard source.utf8.count <= maxBytes else {
            throw MarkupError(line: 1, column: 1, message: "the Markdown text is larger than \(maxBytes / 1_000_000) MB")
        }
        try MarkupLimits.checkPipes(source)
        try MarkupLimits.checkAttributes(source)
        let prepass = MathPrepass(source, mode: options.looseMathDelimiters ? .loose : .strict)
        var reader = MarkdownReader(options: options, prepass: prepass, registry: MediaRegistry(bindings: options.mediaBindings),
                                    lines: prepass.text.split(separator: "\n", omittingEmptySubsequences: false))
        let tree = CmarkTree(reader.prepass.text)
        var blocks = try reader.blocks(CmarkNode(pointer: tree.root).children, depth: 1)
        if options.detectEntities && !reader.message.skipEntityDetection { blocks = blocks.map { $0.mappingTexts(EntityDetector.detect) } }
        var result = MarkupResult(blocks: blocks, media: reader.registry.media, warnings: reader.warnings, locations: reader.locations)
        result.message = reader.message
        return result
    }

    /// A node's column in characters (cmark-gfm counts bytes).
    func column(_ node: CmarkNode) -> Int {
        guard node.startLine >= 1, node.startLine <= lines.count else { return node.startColumn }
        let bytes = Array(lines[node.startLine - 1].utf8.prefix(max(0, node.startColumn - 1)))
        return String(decoding: bytes, as: UTF8.self).count + 1
    }

    mutating func warn(_ node: CmarkNode, _ message: String) {
        let text = "\(node.startLine):\(column(node)): \(message)"
        if !warnings.contains(text) { warnings.append(text) }
    }

    // MARK: - Blocks

    mutating func blocks(_ nodes: [CmarkNode], depth: Int) throws -> [Block] {
        guard depth <= MarkupError.maxDepth else {
            throw MarkupError(line: nodes.first?.startLine ?? 1, column: nodes.first.map(column) ?? 1, message: "blocks nest deeper than \(MarkupError.maxDepth)")
        }
        var result: [Block] = []
        var footnotes: [CmarkNode] = []
        var index = 0
        while index < nodes.count {
            let node = nodes[index]
            index += 1
            let count = result.count
            defer {
                if depth == 1 { locations += Array(repeating: .text(line: node.startLine, column: column(node)), count: max(0, result.count - count)) }
            }
            switch node.type {
            case .paragraph:
                result.append(contentsOf: try paragraph(node, depth: depth))
            case .heading:
                let text = try inlines(node, depth: depth)
                if !text.isEmpty { result.append(.heading(level: min(max(node.headingLevel, 1), 6), text)) }
            case .codeBlock:
                var code = node.literal
                if code.hasSuffix("\n") { code.removeLast() }
                let language = node.fenceInfo.trimmingSpaces.split(separator: " ").first.map { $0.lowercased() } ?? ""
                if language == "math" {
                    result.append(.formula(source: code, location: .text(line: node.startLine, column: column(node))))
                } else {
                    result.append(.preformatted(.plain(code), language: language))
                }
            case .thematicBreak:
                result.append(.divider)
            case .blockQuote:
                let inner = try blocks(node.children, depth: depth + 1)
                if !inner.isEmpty { result.append(.blockQuote(blocks: inner, credit: .empty, collapsed: false)) }
            case .list:
                result.append(.list(try list(node, depth: depth)))
            case .htmlBlock:
                let consumed = try htmlBlock(node, following: Array(nodes[index...]), depth: depth, into: &result)
                index += consumed
            case .footnoteDefinition:
                footnotes.append(node)
            default:
                if node.typeName == "table" {
                    if let table = try table(node, previous: index >= 2 ? nodes[index - 2] : nil, depth: depth) {
                        result.append(table)
                    } else {
                        // A table right under a text line is not a table (facts §1.3): the lines join that paragraph.
                        try joinTableToParagraph(node, result: &result)
                    }
                } else {
                    warn(node, "unsupported Markdown element \(node.typeName) dropped")
                }
            }
        }
        // Footnote definitions end the message, each a paragraph that starts with its reference anchor. cmark-gfm
        // keeps only referenced ones, numbered in the order of their first reference, and names both a reference
        // and its definition by that number (the labels are not exposed): anchors are "1", "2", ….
        for (offset, definition) in footnotes.enumerated() {
            let count = result.count
            defer {
                if depth == 1 { locations += Array(repeating: .text(line: definition.startLine, column: column(definition)), count: max(0, result.count - count)) }
            }
            let number = offset + 1
            let label = String(number)
            let body = try blocks(definition.children, depth: depth + 1)
            let marker = RichText.anchor(name: label, .plain("[\(number)] "))
            if case .paragraph(let text)? = body.first {
                result.append(.paragraph(.concat([marker, text])))
                result.append(contentsOf: body.dropFirst())
            } else {
                result.append(.paragraph(marker))
                result.append(contentsOf: body)
            }
        }
        return result
    }

    /// A paragraph: media blocks when it holds only stand-alone images, a formula block for a block formula
    /// (splitting the text around it), else text.
    mutating func paragraph(_ node: CmarkNode, depth: Int) throws -> [Block] {
        let children = node.children
        let significant = children.filter { !($0.type == .softBreak || $0.type == .lineBreak
            || $0.type == .text && $0.literal.trimmingSpaces.isEmpty) }
        if !significant.isEmpty, significant.allSatisfy({ $0.type == .image && !Self.isInlineImage($0.url) }) {
            return significant.compactMap { mediaBlock($0) }
        }
        // Split at block-formula placeholders.
        var result: [Block] = []
        var pending: [CmarkNode] = []
        func flush(_ reader: inout MarkdownReader) throws {
            let text = try reader.inlines(pending, depth: depth)
            if !text.isEmpty, !text.plainText.allSatisfy(\.isWhitespace) {
                result.append(.paragraph(Self.trimmed(text)))
            }
            pending = []
        }
        for child in children {
            if child.type == .text, let (before, number, after) = Self.blockPlaceholder(child.literal), let formula = prepass.formulas[safe: number] {
                if !before.trimmingSpaces.isEmpty { result.append(contentsOf: try paragraphText(pending, extra: before, depth: depth)); pending = [] }
                else { try flush(&self) }
                result.append(.formula(source: formula.source, location: .text(line: formula.line, column: formula.column)))
                if !after.trimmingSpaces.isEmpty { result.append(.paragraph(.plain(after.trimmingSpaces))) }
                continue
            }
            pending.append(child)
        }
        if !pending.isEmpty { try flush(&self) }
        return result
    }

    private mutating func paragraphText(_ nodes: [CmarkNode], extra: String, depth: Int) throws -> [Block] {
        let text = try inlines(nodes, depth: depth)
        return [.paragraph(Self.trimmed(.concat([text, .plain(extra)])))]
    }

    /// A paragraph's text without the spaces soft breaks leave at its ends.
    static func trimmed(_ text: RichText) -> RichText {
        if case .plain(let string) = text { return .plain(string.trimmingCharacters(in: " ")) }
        return text
    }

    /// `␂N␃` with what stands before and after it in one text node.
    static func blockPlaceholder(_ text: String) -> (String, Int, String)? {
        guard text.unicodeScalars.contains(MathPrepass.blockStartScalar), let start = text.firstIndex(of: MathPrepass.blockStart), let end = text[start...].firstIndex(of: MathPrepass.blockEnd),
              let number = Int(text[text.index(after: start)..<end]) else { return nil }
        return (String(text[..<start]), number, String(text[text.index(after: end)...]))
    }

    // MARK: - Lists

    mutating func list(_ node: CmarkNode, depth: Int) throws -> ListBlock {
        var number = node.listStart
        var items: [ListItem] = []
        for item in node.children {
            var body = try blocks(item.children, depth: depth + 1)
            let isTask = item.typeName == "tasklist"
            // A bare "[x]" or "[ ]" item (no text after the marker) is a checkbox too (iOS, facts §3.3).
            var checked = isTask && item.isCheckedTask
            var hasCheckbox = isTask
            if !isTask, case .paragraph(.plain(let text))? = body.first, ["[x]", "[X]", "[ ]"].contains(text) {
                hasCheckbox = true
                checked = text != "[ ]"
                body.removeFirst()
            }
            // The app labels every ordered item "N." (a `7)` marker too).
            let label = node.isOrderedList ? "\(number)." : "•"
            items.append(ListItem(blocks: body, label: label, hasCheckbox: hasCheckbox, isChecked: checked))
            number += 1
        }
        return ListBlock(items: items, ordered: node.isOrderedList)
    }

    // MARK: - Tables

    /// A GFM table: header row flagged, column alignment from the delimiter row, short rows padded, bordered and
    /// striped as the server sends it back (facts §4.2 #14). nil when it stands right under a text line or a
    /// heading (facts §3.3: Telegram keeps such lines as text).
    mutating func table(_ node: CmarkNode, previous: CmarkNode?, depth: Int) throws -> Block? {
        if let previous, previous.type == .paragraph || previous.type == .heading, previous.endLine + 1 >= node.startLine { return nil }
        let alignments = node.tableAlignments
        var rows: [[TableCell]] = []
        for row in node.children {
            var cells: [TableCell] = []
            for (column, cell) in row.children.enumerated() {
                let align: TableCell.Align
                switch alignments[safe: column] ?? nil {
                case "c": align = .center
                case "r": align = .right
                default: align = .left
                }
                cells.append(TableCell(text: try inlines(cell, depth: depth + 1), header: row.isHeaderRow, align: align, valign: .top, colspan: 1, rowspan: 1))
            }
            while cells.count < alignments.count {
                cells.append(TableCell(text: .empty, header: row.isHeaderRow, align: .left, valign: .top, colspan: 1, rowspan: 1))
            }
            rows.append(cells)
        }
        return .table(TableBlock(title: .empty, rows: rows, bordered: true, striped: true, compact: false))
    }

    /// The table's lines as the source has them, appended to the paragraph above with soft breaks (as spaces);
    /// under a heading, a paragraph of their own.
    mutating func joinTableToParagraph(_ node: CmarkNode, result: inout [Block]) throws {
        let lines = prepass.text.split(separator: "\n", omittingEmptySubsequences: false)
        // cmark-gfm starts the table's source range on the paragraph's first line: count its own lines back from
        // its end (every row plus the delimiter row).
        let first = node.endLine - node.children.count
        let source = lines[max(0, first - 1)..<min(lines.count, node.endLine)].map { String($0).trimmingSpaces }.joined(separator: " ")
        if case .paragraph(let text)? = result.last {
            result[result.count - 1] = .paragraph(RichText.concatenating([text, .plain(" " + source)]))
        } else {
            result.append(.paragraph(.plain(source)))
        }
    }

    // MARK: - Media

    /// `tg://emoji` and `tg://time` images are inline entities, not media.
    static func isInlineImage(_ url: String) -> Bool { url.hasPrefix("tg://emoji") || url.hasPrefix("tg://time") }

    /// A stand-alone image as a media block, its title the caption (facts §1.3 "media").
    mutating func mediaBlock(_ node: CmarkNode) -> Block? {
        switch registry.register(node.url) {
        case .success(let media):
            if let warning = media.warning { warn(node, warning) }
            return MediaRegistry.block(key: media.key, kind: media.kind, caption: node.title.isEmpty ? .none : Caption(text: .plain(node.title)))
        case .failure(let error):
            warn(node, error.message + "; the image is dropped")
            return nil
        }
    }

    /// `tg://host?key=value&…`.
    static func tgLink(_ url: String) -> (host: String, query: [String: String])? {
        guard url.hasPrefix("tg://") else { return nil }
        let rest = url.dropFirst(5)
        let parts = rest.split(separator: "?", maxSplits: 1)
        var query: [String: String] = [:]
        if parts.count == 2 {
            for pair in parts[1].split(separator: "&") {
                let kv = pair.split(separator: "=", maxSplits: 1)
                query[String(kv[0])] = kv.count == 2 ? String(kv[1]).removingPercentEncodingLossy : ""
            }
        }
        return (String(parts.first ?? ""), query)
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}

extension String {
    func trimmingCharacters(in character: Character) -> String {
        var slice = Substring(self)
        while slice.first == character { slice.removeFirst() }
        while slice.last == character { slice.removeLast() }
        return String(slice)
    }

    /// `%XX` decoded where it forms UTF-8; anything else kept as written.
    var removingPercentEncodingLossy: String {
        var bytes: [UInt8] = []
        var i = utf8.startIndex
        while i < utf8.endIndex {
            let byte = utf8[i]
            if byte == UInt8(ascii: "%"), let h = utf8.index(i, offsetBy: 2, limitedBy: utf8.index(before: utf8.endIndex)),
               let value = UInt8(String(decoding: utf8[utf8.index(after: i)...h], as: UTF8.self), radix: 16) {
                bytes.append(value)
                i = utf8.index(after: h)
            } else {
                bytes.append(byte)
                i = utf8.index(after: i)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
