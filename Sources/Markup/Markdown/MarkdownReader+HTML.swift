import Document
import Primitives

/// Block HTML in Markdown (`rich-markdown-facts.md` §1.1, §1.3, §3.1 item 3): `<details>`, `<tg-collage>` and
/// `<tg-slideshow>` are containers whose body is Markdown (the summary too); other block HTML is Rich HTML.
extension MarkdownReader {
    private static let containers = ["details", "tg-collage", "tg-slideshow"]

    /// Handles the HTML block `node`; returns how many of the `following` sibling nodes it consumed.
    mutating func htmlBlock(_ node: CmarkNode, following: [CmarkNode], depth: Int, into result: inout [Block]) throws -> Int {
        let raw = node.literal
        // A container written as HTML throughout (ipraster's lossless copy marks it ipr-html) is Rich HTML.
        guard let tag = Self.leadingTag(raw), !tag.closing, Self.containers.contains(tag.name), tag.attributes["ipr-html"] == nil else {
            try otherHTML(node, into: &result)
            return 0
        }
        let closer = "</\(tag.name)>"
        // The opening block may hold the summary and even the whole container when no blank line splits it.
        var inside = String(raw.drop { $0.isWhitespace }.dropFirst(tag.length))
        var bodyNodes: [CmarkNode] = []
        var consumed = 0
        var closed = false
        if let range = inside.range(ofIgnoringASCIICase: closer) {
            inside = String(inside[..<range.lowerBound])
            closed = true
        } else {
            var level = 1
            for sibling in following {
                consumed += 1
                if sibling.type == .htmlBlock {
                    let literal = sibling.literal.lowercased()
                    if literal.contains("<\(tag.name)") { level += 1 }
                    if literal.contains(closer) {
                        level -= 1
                        if level == 0 { closed = true; break }
                    }
                }
                bodyNodes.append(sibling)
            }
        }
        if !closed { warn(node, "<\(tag.name)> is not closed; its body runs to the end") }
        var summary: RichText = .empty
        if let open = inside.range(ofIgnoringASCIICase: "<summary>"), let close = inside.range(ofIgnoringASCIICase: "</summary>"),
           open.upperBound <= close.lowerBound {
            summary = try inlineMarkdown(String(inside[open.upperBound..<close.lowerBound]), depth: depth)
            inside = String(inside[close.upperBound...])
        }
        var body = try markdownBlocks(inside, depth: depth + 1)
        body += try blocks(bodyNodes, depth: depth + 1)
        switch tag.name {
        case "details":
            result.append(.details(title: summary, blocks: body, open: tag.attributes["open"] != nil))
        default:
            let media = body.filter {
                switch $0 {
                case .photo, .video: return true
                default: return false
                }
            }
            if media.count < body.count { warn(node, "<\(tag.name)> holds only photos and videos; other blocks are dropped") }
            result.append(tag.name == "tg-collage" ? .collage(media, caption: .none) : .slideshow(media, caption: .none))
        }
        return consumed
    }

    /// Block HTML outside the containers is Rich HTML (facts §1.1: Markdown is not parsed inside it): read by the
    /// HTML reader, its positions moved to the block's place in the Markdown.
    private mutating func otherHTML(_ node: CmarkNode, into result: inout [Block]) throws {
        let raw = restoringFormulas(node.literal)
        if raw.trimmingSpaces.hasPrefix("<!--") { return }
        let offset = node.startLine - 1
        do {
            let html = try HTMLReader.read(raw, options: MarkupOptions(mediaBindings: registry.bindings, detectEntities: false))
            result.append(contentsOf: html.blocks)
            registry.merge(html.media)
            if html.message.given { message = html.message }
            for warning in html.warnings {
                let parts = warning.split(separator: ":", maxSplits: 1)
                if let line = Int(parts[0]), parts.count == 2 { warnings.append("\(line + offset):" + parts[1]) } else { warnings.append(warning) }
            }
        } catch let error as MarkupError {
            throw MarkupError(line: error.line + offset, column: error.column, message: error.message)
        }
    }

    /// Markdown text found inside an HTML block (already through the formula pre-pass).
    private mutating func markdownBlocks(_ text: String, depth: Int) throws -> [Block] {
        guard !text.trimmingSpaces.isEmpty else { return [] }
        let tree = CmarkTree(text)
        return try blocks(CmarkNode(pointer: tree.root).children, depth: depth)
    }

    /// Inline Markdown (a summary): the inlines of its first paragraph.
    private mutating func inlineMarkdown(_ text: String, depth: Int) throws -> RichText {
        let tree = CmarkTree(text)
        guard let paragraph = CmarkNode(pointer: tree.root).children.first(where: { $0.type == .paragraph }) else { return .empty }
        return try inlines(paragraph, depth: depth + 1)
    }

    /// The first tag of an HTML block and its length in characters.
    private static func leadingTag(_ raw: String) -> (name: String, closing: Bool, attributes: [String: String], length: Int)? {
        let text = raw.drop { $0.isWhitespace }
        guard text.first == "<", let end = text.firstIndex(of: ">"), let tag = HTMLTag(String(text[...end])) else { return nil }
        return (tag.name, tag.closing, tag.attributes, text.distance(from: text.startIndex, to: end) + 1)
    }
}
