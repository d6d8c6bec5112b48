import Document

/// The app's send-time decision for typed Markdown (seed "Markdown send: entity vs. rich detection"): parse with
/// the strict formula rule, then send a rich message iff some block or inline style has no message-entity
/// equivalent. Paragraphs, code, quotes without a credit, anchors and dividers are expressible as entities; the
/// effective triggers are headings, lists, tables and formulas (and the rarer sub/superscript, marked text,
/// media and dates the iOS converter also counts).
public enum SendClassifier {
    public struct Decision: Sendable, Equatable {
        public var rich: Bool
        /// What made it rich ("heading", "list", "table", "formula", …); nil when plain.
        public var trigger: String?
    }

    public static func classify(markdown: String) throws -> Decision {
        let blocks = try MarkdownReader.read(markdown, options: MarkupOptions(detectEntities: false)).blocks
        for block in blocks {
            if let trigger = trigger(block) { return Decision(rich: true, trigger: trigger) }
        }
        return Decision(rich: false, trigger: nil)
    }

    static func trigger(_ block: Block) -> String? {
        switch block {
        case .paragraph(let text): return trigger(text)
        case .preformatted, .anchor, .divider, .unsupported: return nil
        case .blockQuote(let inner, let credit, let collapsed):
            if !credit.isEmpty || collapsed { return "quote with a credit" }
            return inner.lazy.compactMap(trigger).first
        case .heading, .title, .subtitle, .header, .subheader, .kicker: return "heading"
        case .list: return "list"
        case .table: return "table"
        case .formula: return "formula"
        case .photo, .video, .audio, .document, .collage, .slideshow, .map: return "media"
        default: return block.typeName
        }
    }

    static func trigger(_ text: RichText) -> String? {
        switch text {
        case .plain, .customEmoji, .anchor: return nil
        case .concat(let parts): return parts.lazy.compactMap(trigger).first
        case .styled(let style, let inner):
            switch style {
            case .subscript, .superscript: return "sub/superscript"
            case .marked: return "marked text"
            default: return trigger(inner)
            }
        case .link(_, let inner): return trigger(inner)
        case .math: return "formula"
        case .date: return "date"
        case .image: return "media"
        case .diff, .button, .unknown: return nil
        }
    }
}
