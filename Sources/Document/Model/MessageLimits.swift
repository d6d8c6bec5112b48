/// The Bot API's own limits on one rich message (`rich-markdown-facts.md` §1.1, for every input mode):
/// 32,768 characters (Unicode scalars of all text, custom-emoji alternative text and formula source),
/// 500 blocks (nested blocks, list items and table rows count), 16 levels of nested blocks and formatting,
/// 50 media and 20 table columns. Telegram refuses a message over any of them; ipraster renders it with a
/// warning, or refuses it under `--strict`. Counted on the document model, so every input format shares
/// the rule; a violation names the top-level block where the limit is crossed.
public struct MessageLimits: Sendable {
    public static let characters = 32_768
    public static let blocks = 500
    public static let nesting = 16
    public static let media = 50
    public static let tableColumns = 20

    public struct Violation: Sendable, Equatable {
        /// The top-level block in which the limit is crossed.
        public var blockIndex: Int
        public var message: String
    }

    private var characterCount = 0
    private var blockCount = 0
    private var mediaCount = 0
    private var deepest = 0
    private var crossed: [String: (index: Int, detail: String)] = [:]
    private var current = 0

    /// Every limit the document exceeds, in the order characters, blocks, nesting, media, columns.
    public static func check(_ document: Document) -> [Violation] {
        var counter = MessageLimits()
        for (index, block) in document.blocks.enumerated() {
            counter.current = index
            counter.visit(block, level: 1)
        }
        var violations: [Violation] = []
        func add(_ key: String, _ limit: Int, _ total: Int, _ noun: String) {
            guard let first = counter.crossed[key] else { return }
            violations.append(Violation(blockIndex: first.index,
                                        message: "the message exceeds the Bot API limit of \(limit) \(noun) (\(first.detail.isEmpty ? "it has \(total)" : first.detail)); Telegram would refuse it"))
        }
        add("characters", characters, counter.characterCount, "characters")
        add("blocks", blocks, counter.blockCount, "blocks")
        add("nesting", nesting, counter.deepest, "levels of nesting")
        add("media", media, counter.mediaCount, "media")
        add("columns", tableColumns, 0, "table columns")
        return violations
    }

    private mutating func note(_ key: String, _ exceeded: Bool, detail: String = "") {
        if exceeded && crossed[key] == nil { crossed[key] = (current, detail) }
    }

    private mutating func countBlock() {
        blockCount += 1
        note("blocks", blockCount > Self.blocks)
    }

    private mutating func countMedia() {
        mediaCount += 1
        note("media", mediaCount > Self.media)
    }

    private mutating func level(_ level: Int) {
        deepest = max(deepest, level)
        note("nesting", level > Self.nesting)
    }

    private mutating func characters(_ text: String) {
        characterCount += text.unicodeScalars.count
        note("characters", characterCount > Self.characters)
    }

    private mutating func visit(_ blocks: [Block], level: Int) {
        for block in blocks { visit(block, level: level) }
    }

    private mutating func visit(_ caption: Caption, level: Int) {
        visit(caption.text, level: level)
        visit(caption.credit, level: level)
    }

    private mutating func visit(_ block: Block, level: Int) {
        countBlock()
        self.level(level)
        switch block {
        case .title(let text), .subtitle(let text), .kicker(let text), .header(let text), .subheader(let text),
             .heading(_, let text), .paragraph(let text), .footer(let text), .preformatted(let text, _), .thinking(let text):
            visit(text, level: level)
        case .authorDate(let author, _): visit(author, level: level)
        case .divider, .anchor, .channel, .unsupported: break
        case .list(let list):
            for item in list.items {
                countBlock()
                visit(item.blocks, level: level + 1)
            }
        case .blockQuote(let blocks, let credit, _):
            visit(blocks, level: level + 1)
            visit(credit, level: level)
        case .pullQuote(let text, let credit):
            visit(text, level: level)
            visit(credit, level: level)
        case .photo(_, let caption, _, _), .video(_, let caption, _), .audio(_, let caption), .document(_, let caption):
            countMedia()
            visit(caption, level: level)
        case .map(let map): visit(map.caption, level: level)
        case .collage(let blocks, let caption), .slideshow(let blocks, let caption):
            visit(blocks, level: level + 1)
            visit(caption, level: level)
        case .embed(let embed): visit(embed.caption, level: level)
        case .embedPost(_, _, let blocks, let caption):
            visit(blocks, level: level + 1)
            visit(caption, level: level)
        case .relatedArticles(let title, _): visit(title, level: level)
        case .cover(let inner): visit(inner, level: level + 1)
        case .formula(let source, _): characters(source)
        case .details(let title, let blocks, _):
            visit(title, level: level)
            visit(blocks, level: level + 1)
        case .table(let table):
            visit(table.title, level: level)
            for row in table.rows {
                countBlock()
                let columns = row.reduce(0) { $0 + max(1, $1.colspan) }
                note("columns", columns > Self.tableColumns, detail: "a row has \(columns)")
                for cell in row { if let text = cell.text { visit(text, level: level + 1) } }
            }
        case .buttonRow(let row):
            for button in row.buttons { visit(button.label, level: level + 1) }
        }
    }

    private mutating func visit(_ text: RichText, level: Int) {
        switch text {
        case .plain(let string): characters(string)
        case .concat(let parts): for part in parts { visit(part, level: level) }
        case .styled(_, let inner), .link(_, let inner), .anchor(_, let inner), .unknown(_, let inner):
            self.level(level + 1)
            visit(inner, level: level + 1)
        case .date(let date):
            self.level(level + 1)
            visit(date.fallback, level: level + 1)
        case .customEmoji(_, let alt): characters(alt)
        case .math(let source, _): characters(source)
        case .image: countMedia()
        case .diff(let new, let old):
            self.level(level + 1)
            visit(new, level: level + 1)
            visit(old, level: level + 1)
        case .button(let button):
            self.level(level + 1)
            visit(button.label, level: level + 1)
        }
    }
}
