import CCmark

/// A CommonMark + GFM syntax tree from libcmark-gfm, with the table, strikethrough and task-list extensions and
/// footnotes (`rich-markdown-facts.md` §3.2): no autolink extension (Telegram detects entities itself), only `~~`
/// strikes, source positions on every node. Owns the parser and the tree.
final class CmarkTree {
    let root: OpaquePointer
    private let parser: OpaquePointer

    init(_ text: String) {
        cmark_gfm_core_extensions_ensure_registered()
        let options = CMARK_OPT_FOOTNOTES | CMARK_OPT_SOURCEPOS | CMARK_OPT_STRIKETHROUGH_DOUBLE_TILDE
        let parser: OpaquePointer = cmark_parser_new(options)
        for name in ["table", "strikethrough", "tasklist"] {
            if let extensionPointer = cmark_find_syntax_extension(name) { cmark_parser_attach_syntax_extension(parser, extensionPointer) }
        }
        let bytes = Array(text.utf8)
        bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { cmark_parser_feed(parser, $0.baseAddress, buffer.count) }
        }
        self.parser = parser
        root = cmark_parser_finish(parser)
    }

    deinit {
        cmark_node_free(root)
        cmark_parser_free(parser)
    }
}

/// A node of a `CmarkTree`, valid while the tree lives: the one Swift view of cmark's nodes (issue 58), so no other
/// file names libcmark-gfm's C types or constants.
struct CmarkNode {
    let pointer: OpaquePointer

    /// The node kinds the reader tells apart (extension nodes — tables, strikethrough, task lists — are `other`:
    /// `typeName` names them).
    enum Kind {
        case document, paragraph, heading, codeBlock, thematicBreak, blockQuote, list, item, htmlBlock, footnoteDefinition
        case text, code, htmlInline, softBreak, lineBreak, emph, strong, link, image, footnoteReference
        case other
    }

    var type: Kind {
        switch cmark_node_get_type(pointer) {
        case CMARK_NODE_TEXT: return .text
        case CMARK_NODE_EMPH: return .emph
        case CMARK_NODE_STRONG: return .strong
        case CMARK_NODE_CODE: return .code
        case CMARK_NODE_HTML_INLINE: return .htmlInline
        case CMARK_NODE_LINK: return .link
        case CMARK_NODE_IMAGE: return .image
        case CMARK_NODE_SOFTBREAK: return .softBreak
        case CMARK_NODE_LINEBREAK: return .lineBreak
        case CMARK_NODE_FOOTNOTE_REFERENCE: return .footnoteReference
        case CMARK_NODE_HTML_BLOCK: return .htmlBlock
        case CMARK_NODE_PARAGRAPH: return .paragraph
        case CMARK_NODE_HEADING: return .heading
        case CMARK_NODE_CODE_BLOCK: return .codeBlock
        case CMARK_NODE_THEMATIC_BREAK: return .thematicBreak
        case CMARK_NODE_BLOCK_QUOTE: return .blockQuote
        case CMARK_NODE_LIST: return .list
        case CMARK_NODE_ITEM: return .item
        case CMARK_NODE_DOCUMENT: return .document
        case CMARK_NODE_FOOTNOTE_DEFINITION: return .footnoteDefinition
        default: return .other
        }
    }
    /// "table", "table_row", "table_cell", "strikethrough", "tasklist" for extension nodes.
    var typeName: String { String(cString: cmark_node_get_type_string(pointer)) }
    var literal: String { cmark_node_get_literal(pointer).map { String(cString: $0) } ?? "" }
    var url: String { cmark_node_get_url(pointer).map { String(cString: $0) } ?? "" }
    var title: String { cmark_node_get_title(pointer).map { String(cString: $0) } ?? "" }
    var fenceInfo: String { cmark_node_get_fence_info(pointer).map { String(cString: $0) } ?? "" }
    var headingLevel: Int { Int(cmark_node_get_heading_level(pointer)) }
    var isOrderedList: Bool { cmark_node_get_list_type(pointer) == CMARK_ORDERED_LIST }
    var listStart: Int { Int(cmark_node_get_list_start(pointer)) }
    var startLine: Int { Int(cmark_node_get_start_line(pointer)) }
    var startColumn: Int { Int(cmark_node_get_start_column(pointer)) }
    var endLine: Int { Int(cmark_node_get_end_line(pointer)) }
    var endColumn: Int { Int(cmark_node_get_end_column(pointer)) }
    var isCheckedTask: Bool { cmark_gfm_extensions_get_tasklist_item_checked(pointer) }
    var isHeaderRow: Bool { cmark_gfm_extensions_get_table_row_is_header(pointer) != 0 }

    /// The table's column alignments: "l", "c", "r" or nothing per column.
    var tableAlignments: [Character?] {
        let count = Int(cmark_gfm_extensions_get_table_columns(pointer))
        guard let alignments = cmark_gfm_extensions_get_table_alignments(pointer) else { return Array(repeating: nil, count: count) }
        return (0..<count).map { alignments[$0] == 0 ? nil : Character(Unicode.Scalar(alignments[$0])) }
    }

    var children: [CmarkNode] {
        var result: [CmarkNode] = []
        var child = cmark_node_first_child(pointer)
        while let node = child {
            result.append(CmarkNode(pointer: node))
            child = cmark_node_next(node)
        }
        return result
    }
}
