import Document
import Primitives

/// Inline Markdown (`rich-markdown-facts.md` §1.2): emphasis, strikes, code, links by scheme, `tg://emoji` and
/// `tg://time` images, footnote references, formula placeholders, `==` / `||` and the inline rich HTML tags.
extension MarkdownReader {
    /// Inline HTML tags and the style they give (facts §2.2; the iOS converter's `<u> <sub> <sup> <mark> <br>`).
    static let inlineTags: [String: RichText.InlineStyle?] = [
        "b": .bold, "strong": .bold, "i": .italic, "em": .italic, "u": .underline, "ins": .underline,
        "s": .strikethrough, "strike": .strikethrough, "del": .strikethrough, "code": .fixed, "sub": .subscript,
        "sup": .superscript, "mark": .marked, "tg-spoiler": .spoiler, "span": nil,
    ]

    mutating func inlines(_ node: CmarkNode, depth: Int) throws -> RichText {
        try inlines(node.children, depth: depth)
    }

    /// Inline HTML elements read as Rich HTML when they appear in Markdown text.
    static let elementTags: Set<String> = ["tg-emoji", "tg-time", "tg-math", "tg-reference", "tg-button", "a", "img",
                                           "ipr-text", "ipr-image", "ipr-diff", "ipr-unknown"]

    /// Formulas of an element read apart, placed where the element stands in the Markdown.
    static func locating(_ text: RichText, at location: SourceLocation) -> RichText {
        switch text {
        case .math(let source, _): return .math(source: source, location: location)
        case .concat(let parts): return .concat(parts.map { locating($0, at: location) })
        case .styled(let style, let inner): return .styled(style, locating(inner, at: location))
        case .link(let link, let inner): return .link(link, locating(inner, at: location))
        default: return text
        }
    }

    /// The source text of inline Markdown inside an HTML element, as HTML.
    static func htmlSource(_ item: InlineSource) -> String {
        switch item {
        case .node(let node): return htmlSource(node)
        case .text(let text): return text.replacingEvery("&", with: "&amp;").replacingEvery("<", with: "&lt;")
        case .styled(let style, let inner):
            let mark = style == .bold ? "**" : style == .strikethrough ? "~~" : "*"
            return mark + inner.map(htmlSource).joined() + mark
        }
    }

    static func htmlSource(_ node: CmarkNode) -> String {
        switch node.type {
        case .text, .code:
            return node.literal.replacingEvery("&", with: "&amp;").replacingEvery("<", with: "&lt;")
        case .htmlInline: return node.literal
        case .softBreak: return " "
        case .lineBreak: return "<br>"
        // Emphasis inside an element (a formula's "*y*") goes back to the characters it was written with.
        case .emph: return "*" + node.children.map(htmlSource).joined() + "*"
        case .strong: return "**" + node.children.map(htmlSource).joined() + "**"
        default: return node.children.map(htmlSource).joined()
        }
    }

    /// One inline scope (a paragraph, heading, table cell, link text): cmark-gfm's nodes, with emphasis next to CJK
    /// text resolved as README's Decision says (`CJKEmphasis`).
    mutating func inlines(_ nodes: [CmarkNode], depth: Int) throws -> RichText {
        try inlines(CJKEmphasis.resolve(nodes, lines: lines) ?? nodes.map(InlineSource.node), depth: depth)
    }

    /// The children of an emphasis or strikethrough node: a `*` or `~~` one was part of its parent's scope for the
    /// CJK pass (which left it as cmark-gfm made it), a `_` one is a scope of its own.
    private mutating func emphasisChildren(_ node: CmarkNode, depth: Int) throws -> RichText {
        if CJKEmphasis.delimiterCharacter(node, lines: lines) == "_" { return try inlines(node, depth: depth + 1) }
        return try inlines(node.children.map(InlineSource.node), depth: depth + 1)
    }

    mutating func inlines(_ nodes: [InlineSource], depth: Int) throws -> RichText {
        guard depth <= MarkupError.maxDepth else {
            let first = nodes.lazy.compactMap { if case .node(let node) = $0 { return node } else { return nil } }.first
            throw MarkupError(line: first?.startLine ?? 1, column: first.map(column) ?? 1, message: "inline styles nest deeper than \(MarkupError.maxDepth)")
        }
        var builder = InlineBuilder()
        var index = 0
        // After a `<br>`, the next line starts without white space, as in a browser (a soft break there is dropped).
        var afterBreak = false
        while index < nodes.count {
            let item = nodes[index]
            index += 1
            let breaks = afterBreak
            afterBreak = false
            let node: CmarkNode
            switch item {
            case .node(let cmark): node = cmark
            case .styled(let style, let inner):
                builder.append(.styled(style, try inlines(inner, depth: depth + 1)))
                continue
            case .text(let literal):
                let text = breaks ? String(literal.drop { $0 == " " || $0 == "\t" }) : literal
                afterBreak = breaks && text.isEmpty
                appendText(text, to: &builder)
                continue
            }
            if breaks, node.type == .softBreak {
                afterBreak = true
                continue
            }
            if node.type == .htmlInline, HTMLTag(node.literal).map({ $0.name == "br" && !$0.closing }) == true { afterBreak = true }
            // Rich HTML elements with meaning of their own (an emoji, a date, a formula, a link, a button) are
            // read by the HTML reader, from the opening tag to its closing one (facts §1.2: HTML inside Markdown).
            if node.type == .htmlInline, let tag = HTMLTag(node.literal), !tag.closing, Self.elementTags.contains(tag.name) {
                var raw = node.literal
                if !tag.selfClosing && tag.name != "img" {
                    guard let end = nodes[index...].firstIndex(where: {
                        guard case .node(let other) = $0 else { return false }
                        return other.type == .htmlInline && HTMLTag(other.literal).map { $0.closing && $0.name == tag.name } == true
                    }) else {
                        warn(node, "<\(tag.name)> is not closed; dropped")
                        continue
                    }
                    raw += nodes[index..<end].map(Self.htmlSource).joined()
                    if case .node(let closing) = nodes[end] { raw += closing.literal }
                    index = end + 1
                }
                let html = try HTMLReader.read("<p>" + restoringFormulas(raw) + "</p>", options: MarkupOptions(mediaBindings: registry.bindings, detectEntities: false))
                for warning in html.warnings { warn(node, String(warning.split(separator: ":", maxSplits: 2).last ?? "").trimmingSpaces) }
                if case .paragraph(let text)? = html.blocks.first {
                    builder.append(Self.locating(text, at: .text(line: node.startLine, column: column(node))))
                }
                continue
            }
            switch node.type {
            case .text:
                let text = breaks ? String(node.literal.drop { $0 == " " || $0 == "\t" }) : node.literal
                afterBreak = breaks && text.isEmpty
                appendText(text, to: &builder)
            case .softBreak:
                builder.append(.plain(" "))
            case .lineBreak:
                builder.append(.plain("\n"))
            case .code:
                builder.append(.styled(.fixed, .plain(restoringFormulas(node.literal))))
            case .emph:
                builder.append(.styled(.italic, try emphasisChildren(node, depth: depth)))
            case .strong:
                builder.append(.styled(.bold, try emphasisChildren(node, depth: depth)))
            case .link:
                builder.append(try link(node, depth: depth))
            case .image:
                builder.append(try inlineImage(node, depth: depth))
            case .footnoteReference:
                // cmark-gfm gives the footnote's number as the reference's literal.
                let number = node.literal
                builder.append(.link(.referenceLink(number), .plain("[\(number)]")))
            case .htmlInline:
                htmlTag(node, into: &builder)
            default:
                if node.typeName == "strikethrough" {
                    builder.append(.styled(.strikethrough, try emphasisChildren(node, depth: depth)))
                } else {
                    builder.append(try inlines(node, depth: depth + 1))
                }
            }
        }
        return builder.finish()
    }

    /// Text with formula placeholders turned into formulas and `==` / `||` delimiters applied.
    private func appendText(_ text: String, to builder: inout InlineBuilder) {
        guard text.unicodeScalars.contains(MathPrepass.inlineStartScalar) else { return builder.appendText(text) }
        var rest = Substring(text)
        while let start = rest.firstIndex(of: MathPrepass.inlineStart), let end = rest[start...].firstIndex(of: MathPrepass.inlineEnd),
              let number = Int(rest[rest.index(after: start)..<end]), let formula = prepass.formulas[safe: number] {
            builder.appendText(String(rest[..<start]))
            builder.append(.math(source: formula.source, location: .text(line: formula.line, column: formula.column)))
            rest = rest[rest.index(after: end)...]
        }
        builder.appendText(String(rest))
    }

    /// Placeholders inside code spans go back to the source they replaced.
    func restoringFormulas(_ text: String) -> String {
        var rest = Substring(text)
        var result = ""
        while let start = rest.firstIndex(where: { $0 == MathPrepass.inlineStart || $0 == MathPrepass.blockStart }),
              let end = rest[start...].firstIndex(where: { $0 == MathPrepass.inlineEnd || $0 == MathPrepass.blockEnd }),
              let number = Int(rest[rest.index(after: start)..<end]), let formula = prepass.formulas[safe: number] {
            result += rest[..<start] + (formula.block ? "$$\(formula.source)$$" : "$\(formula.source)$")
            rest = rest[rest.index(after: end)...]
        }
        return result + rest
    }

    /// Links by scheme (facts §1.2): `mailto:`, `tel:`, `tg://user?id=`, `tg://emoji?id=` (the iOS marker form),
    /// `#anchor`, anything else a URL.
    private mutating func link(_ node: CmarkNode, depth: Int) throws -> RichText {
        let url = node.url
        let text = try inlines(node, depth: depth + 1)
        if url.lowercased().hasPrefix("mailto:") { return .link(.email(String(url.dropFirst(7))), text) }
        if url.lowercased().hasPrefix("tel:") { return .link(.phone(String(url.dropFirst(4))), text) }
        if let tg = Self.tgLink(url) {
            if tg.host == "user", let id = tg.query["id"].flatMap({ Int64($0) }) { return .link(.textMention(userId: id), text) }
            if tg.host == "emoji", let id = tg.query["id"] { return .customEmoji(id: id, alt: text.plainText) }
        }
        if url.hasPrefix("#") { return .link(.anchorLink(String(url.dropFirst())), text) }
        return .link(.url(url, instantView: false), text)
    }

    /// An image inside text: a custom emoji, a date, or (media only stand alone) its alternative text.
    private mutating func inlineImage(_ node: CmarkNode, depth: Int) throws -> RichText {
        let alt = try inlines(node, depth: depth + 1)
        if let tg = Self.tgLink(node.url) {
            if tg.host == "emoji", let id = tg.query["id"] { return .customEmoji(id: id, alt: alt.plainText) }
            if tg.host == "time", let unix = tg.query["unix"].flatMap({ Int64($0) }) {
                let format = tg.query["format"].flatMap { DateFormat(flags: $0) } ?? DateFormat()
                if tg.query["format"] != nil, DateFormat(flags: tg.query["format"]!) == nil {
                    warn(node, "invalid date format \(tg.query["format"]!) (expected r or w?[dD]?[tT]?); the date is shown as its text")
                    return alt
                }
                return .date(DateText(fallback: alt, unixTime: unix, format: format))
            }
        }
        warn(node, "an image inside text is not a media block (media stand on their own line); its alternative text is shown")
        return alt
    }

    /// An inline HTML token: a known tag opens or closes its style, `<br>` breaks the line, anything else is
    /// dropped with a warning (facts §1.1 "unknown HTML-like tokens").
    private mutating func htmlTag(_ node: CmarkNode, into builder: inout InlineBuilder) {
        let raw = node.literal
        guard let tag = HTMLTag(raw) else {
            if !raw.hasPrefix("<!--") { warn(node, "unsupported HTML \(raw.prefix(40)) dropped") }
            return
        }
        if tag.name == "br" { builder.append(.plain("\n")); return }
        guard let style = Self.inlineTags[tag.name] else {
            // Once per tag name (its closing tag says nothing new).
            if warnedTags.insert(tag.name).inserted { warn(node, "unsupported tag <\(tag.name)> dropped (its text is kept)") }
            return
        }
        if tag.closing {
            if !builder.close(tag: tag.name) { warn(node, "</\(tag.name)> closes no open <\(tag.name)>; dropped") }
        } else if !tag.selfClosing {
            builder.open(tag: tag.name, style: style, literal: "")
        }
    }
}
