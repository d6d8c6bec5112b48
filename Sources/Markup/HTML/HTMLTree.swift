import CXML2

/// An HTML document parsed by libxml2's HTML parser (error recovery on, no network, no implied DTD): tags it
/// does not know (`tg-…`, `figure`, `details`) stay elements. Owns the document.
final class HTMLTree {
    let document: htmlDocPtr?

    init(_ text: String) {
        let bytes = Array(text.utf8)
        let options = Int32(HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
            | HTML_PARSE_NONET.rawValue | HTML_PARSE_NODEFDTD.rawValue)
        document = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { ipr_html_read_memory($0.baseAddress, Int32(buffer.count), nil, "UTF-8", options) }
        }
    }

    deinit {
        if let document { ipr_xml_free_doc(document) }
    }

    /// The children of `<body>` (or of the root when there is none).
    var bodyChildren: [HTMLNode] {
        guard let document, let root = ipr_xml_doc_get_root_element(document) else { return [] }
        let rootNode = HTMLNode(pointer: root)
        if let body = rootNode.children.first(where: { $0.name == "body" }) { return body.children }
        return rootNode.children.flatMap { $0.name == "head" ? [] : ($0.isElement && $0.name == "body" ? $0.children : [$0]) }
    }
}

/// A node of an `HTMLTree`, valid while the tree lives.
struct HTMLNode {
    let pointer: xmlNodePtr

    var isElement: Bool { pointer.pointee.type == XML_ELEMENT_NODE }
    var isText: Bool { pointer.pointee.type == XML_TEXT_NODE || pointer.pointee.type == XML_CDATA_SECTION_NODE }
    var name: String { pointer.pointee.name.map { String(cString: $0).lowercased() } ?? "" }
    var line: Int { Int(ipr_xml_get_line_no(pointer)) }

    /// A text node's text (entities decoded).
    var text: String { pointer.pointee.content.map { String(cString: $0) } ?? "" }

    /// All text below the node, as written (for `<pre>`, `<tg-math>`).
    var textContent: String {
        guard let content = ipr_xml_node_get_content(pointer) else { return "" }
        defer { ipr_xml_free(content) }
        return String(cString: content)
    }

    func attribute(_ name: String) -> String? {
        guard let value = ipr_xml_get_prop(pointer, name) else { return nil }
        defer { ipr_xml_free(value) }
        return String(cString: value)
    }

    func has(_ name: String) -> Bool { ipr_xml_has_prop(pointer, name) != nil }

    var children: [HTMLNode] {
        var result: [HTMLNode] = []
        var child = pointer.pointee.children
        while let node = child {
            result.append(HTMLNode(pointer: node))
            child = node.pointee.next
        }
        return result
    }
}
