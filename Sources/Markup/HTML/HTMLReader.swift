import CXML2
import Document
import FoundationEssentials

/// Rich HTML → document (`rich-markdown-facts.md` §2): libxml2's HTML parser builds the tree (recovering from
/// unclosed and overlapping tags as browsers do), and a walk maps Telegram's tag set (§2.2) onto blocks and
/// inline styles. Whitespace collapses as in a browser except in `<pre>`, `<code>` and formulas; bare text at
/// the top level is paragraph text; unknown tags are dropped with a warning and their content kept.
public struct HTMLReader {
    public static let maxBytes = MarkdownReader.maxBytes

    var registry: MediaRegistry
    var warnings: [String] = []
    private var warnedTags: Set<String> = []
    /// Where each top-level block starts.
    var locations: [SourceLocation] = []
    /// What an `<ipr-message>` element said of the whole message (ipraster's lossless copy).
    var message = MessageFlags()
    /// Source lines, to find a tag's column for messages (libxml2 keeps only the line).
    private let lines: [Substring]

    init(source: String, options: MarkupOptions) {
        registry = MediaRegistry(bindings: options.mediaBindings)
        lines = source.split(separator: "\n", omittingEmptySubsequences: false)
    }

    public static func read(_ source: String, options: MarkupOptions = MarkupOptions()) throws -> MarkupResult {
        guard source.utf8.count <= maxBytes else {
            throw MarkupError(line: 1, column: 1, message: "the HTML text is larger than \(maxBytes / 1_000_000) MB")
        }
        try MarkupLimits.checkAttributes(source)
        if let missing = ipr_xml_load() {
            throw MarkupError(line: 1, column: 1, message: "cannot read HTML: \(String(cString: missing)) (Debian: libxml2)")
        }
        var reader = HTMLReader(source: source, options: options)
        let tree = HTMLTree(source)
        var blocks = try reader.blocks(tree.bodyChildren, depth: 1).map { $0.mappingTexts(Self.unwrappingLiterals) }
        if options.detectEntities && !reader.message.skipEntityDetection { blocks = blocks.map { $0.mappingTexts(EntityDetector.detect) } }
        var result = MarkupResult(blocks: blocks, media: reader.registry.media, warnings: reader.warnings, locations: reader.locations)
        result.message = reader.message
        return result
    }

    /// `line:column` of a node: the line libxml2 records, the column of the tag's first `<name` on it.
    func position(_ node: HTMLNode) -> (line: Int, column: Int) {
        let line = max(node.line, 1)
        guard node.isElement, line <= lines.count, let range = lines[line - 1].firstRange(of: "<" + node.name) else { return (line, 1) }
        return (line, lines[line - 1].distance(from: lines[line - 1].startIndex, to: range.lowerBound) + 1)
    }

    /// Records that `blocks` top-level blocks start at `node`.
    mutating func noteLocation(of node: HTMLNode, blocks: Int) {
        let at = position(node)
        locations += Array(repeating: .text(line: at.line, column: at.column), count: blocks)
    }

    mutating func warn(_ node: HTMLNode, _ message: String) {
        let at = position(node)
        let text = "\(at.line):\(at.column): \(message)"
        if !warnings.contains(text) { warnings.append(text) }
    }

    func error(_ node: HTMLNode, _ message: String) -> MarkupError {
        let at = position(node)
        return MarkupError(line: at.line, column: at.column, message: message)
    }

    // MARK: - Blocks

    static let inlineNames: Set<String> = ["b", "strong", "i", "em", "u", "ins", "s", "strike", "del", "code", "mark", "sub", "sup", "tg-spoiler",
                                           "a", "tg-reference", "tg-emoji", "tg-time", "tg-math", "br", "tg-button", "span",
                                           "ipr-text", "ipr-image", "ipr-diff", "ipr-unknown"]

    static let blockNames: Set<String> = ["p", "h1", "h2", "h3", "h4", "h5", "h6", "footer", "hr", "pre", "tg-math-block", "ul", "ol", "li",
                                          "blockquote", "aside", "img", "video", "audio", "tg-document", "figure", "figcaption", "tg-map",
                                          "tg-collage", "tg-slideshow", "table", "details", "summary", "tg-thinking", "tg-button-row",
                                          "html", "body", "div", "section", "article", "main", "header",
                                          "ipr-title", "ipr-subtitle", "ipr-kicker", "ipr-header", "ipr-subheader", "ipr-author-date", "ipr-embed",
                                          "ipr-embed-post", "ipr-channel", "ipr-related-articles", "ipr-cover", "ipr-unsupported", "ipr-message"]

    /// A node is inline when it is text or an inline tag (an `<img>` of a custom emoji too); an unknown tag is
    /// inline when everything in it is.
    static func isInline(_ node: HTMLNode) -> Bool {
        if node.isText { return true }
        guard node.isElement else { return false }
        if node.name == "img" { return node.attribute("src")?.hasPrefix("tg://emoji") == true }
        // MathML (`HTMLCopy`'s formulas): a block formula unless inline.
        if node.name == "math" { return node.attribute("display") != "block" }
        if node.name == "a" { return !(node.has("name") && !node.has("href") && node.textContent.allSatisfy(\.isWhitespace)) }
        if inlineNames.contains(node.name) { return true }
        return !blockNames.contains(node.name) && node.children.allSatisfy(isInline)
    }

    /// A MathML element's TeX: its `alttext`, else its `application/x-tex` annotation, else its text.
    static func mathSource(_ node: HTMLNode) -> String {
        if let alt = node.attribute("alttext"), !alt.trimmingSpaces.isEmpty { return alt.trimmingSpaces }
        var stack = [node]
        var visited = 0
        while let next = stack.popLast(), visited < 10_000 {
            visited += 1
            if next.isElement, next.name == "annotation", next.attribute("encoding") == "application/x-tex" { return next.textContent.trimmingSpaces }
            stack.append(contentsOf: next.children.reversed())
        }
        return node.textContent.trimmingSpaces
    }

    mutating func blocks(_ nodes: [HTMLNode], depth: Int) throws -> [Block] {
        guard let first = nodes.first else { return [] }
        guard depth <= MarkupError.maxDepth else { throw error(first, "blocks nest deeper than \(MarkupError.maxDepth)") }
        var result: [Block] = []
        var run: [HTMLNode] = []
        func flush(_ reader: inout HTMLReader) throws {
            guard let first = run.first else { return }
            let text = Self.trimmed(try reader.inlines(run, depth: depth))
            if !text.isEmpty, !text.plainText.allSatisfy(\.isWhitespace) {
                result.append(.paragraph(text))
                if depth == 1 { reader.noteLocation(of: first, blocks: 1) }
            }
            run = []
        }
        for node in nodes {
            if Self.isInline(node) { run.append(node); continue }
            guard node.isElement else { continue }  // comments
            try flush(&self)
            let added = try block(node, depth: depth)
            result.append(contentsOf: added)
            if depth == 1 { noteLocation(of: node, blocks: added.count) }
        }
        try flush(&self)
        return result
    }

    mutating func block(_ node: HTMLNode, depth: Int) throws -> [Block] {
        func text() throws -> RichText { Self.trimmed(try inlines(node.children, depth: depth + 1)) }
        switch node.name {
        case "p":
            return try blocks(node.children, depth: depth + 1)
        case "h1", "h2", "h3", "h4", "h5", "h6":
            let content = try text()
            let level = node.attribute("ipr-level").flatMap(Int.init) ?? Int(String(node.name.last!))!
            return content.isEmpty ? [] : [.heading(level: level, content)]
        case "footer":
            return [.footer(try text())]
        case "hr":
            return [.divider]
        case "pre":
            let code = node.children.first { $0.isElement && $0.name == "code" }
            let language = code?.attribute("class")?.split(separator: " ").first { $0.hasPrefix("language-") }.map { String($0.dropFirst(9)) } ?? ""
            if node.has("ipr-rich") {
                var rich = try inlines(code?.children ?? node.children, depth: depth + 1, literal: true)
                rich = Self.droppingEdgeNewlines(rich)
                return [.preformatted(rich, language: language.lowercased())]
            }
            var literal = node.textContent
            if literal.hasPrefix("\n") { literal.removeFirst() }
            if literal.hasSuffix("\n") { literal.removeLast() }
            return [.preformatted(.plain(literal), language: language.lowercased())]
        case "tg-math-block":
            return [.formula(source: node.textContent.trimmingSpaces, location: location(node))]
        case "math":
            return [.formula(source: Self.mathSource(node), location: location(node))]
        case "ul", "ol":
            return [.list(try list(node, depth: depth))]
        case "blockquote":
            let credit = try cite(node, depth: depth)
            let body = node.children.filter { $0.name != "cite" }
            if node.has("ipr-blocks") {
                return [.blockQuote(blocks: try blocks(body, depth: depth + 1), credit: credit, collapsed: node.has("expandable") || node.has("collapsed"))]
            }
            if node.has("expandable") || node.has("collapsed") {
                let content = Self.trimmed(try inlines(body, depth: depth + 1))
                return [.blockQuote(blocks: [.paragraph(content)], credit: credit, collapsed: true)]
            }
            return [.blockQuote(blocks: try blocks(body, depth: depth + 1), credit: credit, collapsed: false)]
        case "aside":
            let credit = try cite(node, depth: depth)
            return [.pullQuote(Self.trimmed(try inlines(node.children.filter { $0.name != "cite" }, depth: depth + 1)), credit: credit)]
        case "img", "video", "audio", "tg-document":
            return media(node, caption: .none).map { [$0] } ?? []
        case "figure":
            let caption = try figcaption(node, depth: depth)
            var result: [Block] = []
            for child in node.children where child.isElement && child.name != "figcaption" {
                if child.name == "tg-map" { result += try map(child, caption: caption, depth: depth) } else if let media = media(child, caption: caption) { result.append(media) }
            }
            return result
        case "tg-map":
            return try map(node, caption: .none, depth: depth)
        case "tg-collage", "tg-slideshow":
            let caption = try figcaption(node, depth: depth)
            let items = node.children.filter { $0.isElement && ($0.name == "img" || $0.name == "video") }.compactMap { media($0, caption: .none) }
            return [node.name == "tg-collage" ? .collage(items, caption: caption) : .slideshow(items, caption: caption)]
        case "table":
            return [try table(node, depth: depth)]
        case "details":
            let summary = node.children.first { $0.name == "summary" }
            let title = try summary.map { Self.trimmed(try inlines($0.children, depth: depth + 1)) } ?? .empty
            return [.details(title: title, blocks: try blocks(node.children.filter { $0.name != "summary" }, depth: depth + 1), open: node.has("open"))]
        case "tg-thinking":
            return [.thinking(try text())]
        case "tg-button-row":
            let buttons = try node.children.filter { $0.name == "tg-button" }.map { try button($0, depth: depth) }
            let align = ButtonRow.Alignment(rawValue: node.attribute("align") ?? "justify") ?? .justify
            return [.buttonRow(ButtonRow(buttons: buttons, alignment: align))]
        case "a" where node.has("name"):
            return [.anchor(name: node.attribute("name") ?? "")]
        case "ipr-title": return [.title(try text())]
        case "ipr-subtitle": return [.subtitle(try text())]
        case "ipr-kicker": return [.kicker(try text())]
        case "ipr-header": return [.header(try text())]
        case "ipr-subheader": return [.subheader(try text())]
        case "ipr-author-date": return [.authorDate(author: try text(), unixTime: node.attribute("time").flatMap { Int64($0) } ?? 0)]
        case "ipr-channel": return [.channel(title: node.attribute("title") ?? "")]
        case "ipr-related-articles": return [.relatedArticles(title: try text(), count: node.attribute("count").flatMap(Int.init) ?? 0)]
        case "ipr-unsupported": return [.unsupported(type: node.attribute("type") ?? "", location: location(node))]
        case "ipr-cover": return try blocks(node.children, depth: depth + 1).first.map { [.cover($0)] } ?? []
        case "ipr-embed":
            return [.embed(EmbedBlock(url: node.attribute("url"), posterMediaId: node.attribute("poster"), width: node.attribute("width").flatMap(Int.init),
                                      height: node.attribute("height").flatMap(Int.init), caption: try figcaption(node, depth: depth)))]
        case "ipr-embed-post":
            let body = node.children.filter { $0.name != "figcaption" }
            return [.embedPost(author: node.attribute("author") ?? "", unixTime: node.attribute("time").flatMap { Int64($0) } ?? 0,
                               blocks: try blocks(body, depth: depth + 1), caption: try figcaption(node, depth: depth))]
        case "ipr-message":
            message = MessageFlags(rtl: node.has("rtl"), partial: node.has("partial"), skipEntityDetection: node.has("skip-entity-detection"), given: true)
            return []
        case "html", "body", "div", "section", "article", "main", "header":
            if node.name != "html" && node.name != "body" { unknownTag(node) }
            return try blocks(node.children, depth: depth + 1)
        default:
            unknownTag(node)
            return try blocks(node.children, depth: depth + 1)
        }
    }

    mutating func unknownTag(_ node: HTMLNode) {
        if warnedTags.insert(node.name).inserted { warn(node, "unsupported tag <\(node.name)> dropped (its content is kept)") }
    }

    func location(_ node: HTMLNode) -> SourceLocation {
        let at = position(node)
        return .text(line: at.line, column: at.column)
    }

    private mutating func cite(_ node: HTMLNode, depth: Int) throws -> RichText {
        guard let cite = node.children.first(where: { $0.name == "cite" }) else { return .empty }
        return Self.trimmed(try inlines(cite.children, depth: depth + 1))
    }

    private mutating func figcaption(_ node: HTMLNode, depth: Int) throws -> Caption {
        guard let figcaption = node.children.first(where: { $0.name == "figcaption" }) else { return .none }
        let text = Self.trimmed(try inlines(figcaption.children.filter { $0.name != "cite" }, depth: depth + 1))
        return Caption(text: text, credit: try cite(figcaption, depth: depth))
    }

    private mutating func media(_ node: HTMLNode, caption: Caption) -> Block? {
        guard let src = node.attribute("src"), !src.isEmpty else {
            warn(node, "<\(node.name)> without src dropped")
            return nil
        }
        let hint: Media.Kind? = ["img": .photo, "video": .video, "audio": .audio, "tg-document": .document][node.name] ?? nil
        // ipraster's lossless copy names every fact of the media (README "Copy"): its key is the block's media id.
        if let described = Self.describedMedia(node, source: src) {
            if let item = described.media { registry.define(described.key, item) }
            let block = MediaRegistry.block(key: described.key, kind: described.kind, caption: caption, spoiler: node.has("tg-spoiler"))
            if case .photo(let id, let caption, let spoiler, _) = block, let url = node.attribute("ipr-url") { return .photo(mediaId: id, caption: caption, spoiler: spoiler, url: url) }
            return block
        }
        switch registry.register(src, hint: src.hasPrefix("tg://") ? nil : hint) {
        case .success(let media):
            if let warning = media.warning { warn(node, warning) }
            return MediaRegistry.block(key: media.key, kind: media.kind, caption: caption, spoiler: node.has("tg-spoiler"))
        case .failure(let failure):
            warn(node, failure.message + "; dropped")
            return nil
        }
    }

    /// The media an element of ipraster's lossless copy describes (`ipr-kind`, `ipr-ids`, sizes, thumbnail …); nil
    /// for an ordinary element.
    static func describedMedia(_ node: HTMLNode, source: String) -> (key: String, kind: Media.Kind, media: Media?)? {
        let tagKind: Media.Kind? = ["img": .photo, "video": .video, "audio": .audio, "tg-document": .document][node.name] ?? nil
        let key: String
        if let tg = MarkdownReader.tgLink(source), let id = tg.query["id"] { key = id } else { key = source }
        if node.has("ipr-no-media") { return (key, tagKind ?? .photo, nil) }
        guard let kindName = node.attribute("ipr-kind"), let kind = Media.Kind(rawValue: kindName) else { return nil }
        var media = Media(kind: kind, lookupIds: (node.attribute("ipr-ids") ?? key).split(separator: " ").map(String.init),
                          width: node.attribute("width").flatMap(Int.init), height: node.attribute("height").flatMap(Int.init))
        media.durationSeconds = node.attribute("ipr-duration").flatMap(Double.init)
        media.title = node.attribute("ipr-title")
        media.performer = node.attribute("ipr-performer")
        media.fileName = node.attribute("ipr-file-name")
        media.mimeType = node.attribute("ipr-mime")
        media.fileSize = node.attribute("ipr-file-size").flatMap { Int64($0) }
        if let uri = node.attribute("ipr-thumbnail"), let comma = uri.firstIndex(of: ","), uri.hasPrefix("data:"),
           let bytes = Data(base64Encoded: String(uri[uri.index(after: comma)...])) {
            media.strippedThumbnail = [UInt8](bytes)
        }
        // The block follows the media's kind (an animation is a video block, a voice note an audio one).
        let blockKind: Media.Kind = tagKind == .document && kind != .document && kind != .sticker ? .document : kind
        return (key, blockKind, media)
    }

    private mutating func map(_ node: HTMLNode, caption: Caption, depth: Int) throws -> [Block] {
        guard let lat = node.attribute("lat").flatMap(Double.init), let long = node.attribute("long").flatMap(Double.init) else {
            throw error(node, "<tg-map> needs lat and long")
        }
        let zoom = node.attribute("zoom").flatMap(Int.init) ?? 15
        let width = node.attribute("width").flatMap(Int.init) ?? 600, height = node.attribute("height").flatMap(Int.init) ?? 300
        var result: [Block] = [.map(MapBlock(latitude: lat, longitude: long, zoom: zoom, width: width, height: height, caption: caption))]
        // libxml2 does not know <tg-map/> closes itself: what it swallowed follows the map.
        let swallowed = node.children.filter { $0.name != "figcaption" }
        if !swallowed.isEmpty { result += try blocks(swallowed, depth: depth + 1) }
        return result
    }
}

