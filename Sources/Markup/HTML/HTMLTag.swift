import CXML2

/// One HTML tag token that CommonMark hands over raw (`<b>`, `</b>`, `<tg-emoji emoji-id="5">`): its lower-cased
/// name, whether it closes or closes itself, and its attributes. The attributes are read by libxml2's HTML parser
/// (quoting, entities, case), by parsing the token under a neutral element name so the parser's rules for
/// particular tags (a `<tr>` outside a table is dropped) cannot lose it; only the name is taken from the token.
struct HTMLTag {
    var name: String
    var closing: Bool
    var selfClosing: Bool
    var attributes: [String: String]

    init?(_ raw: String) {
        var text = Substring(raw.trimmingSpaces)
        guard text.hasPrefix("<"), text.hasSuffix(">") else { return nil }
        text = text.dropFirst().dropLast()
        closing = text.hasPrefix("/")
        if closing { text = text.dropFirst() }
        selfClosing = text.hasSuffix("/")
        let nameEnd = text.firstIndex { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "/" } ?? text.endIndex
        name = text[..<nameEnd].lowercased()
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }) else { return nil }
        attributes = [:]
        let rest = text[nameEnd...]
        guard !closing, rest.contains(where: { !$0.isWhitespace && $0 != "/" }) else { return }
        let tree = HTMLTree("<body><ipr-tag" + rest + "></ipr-tag></body>")
        guard let element = tree.bodyChildren.first(where: { $0.isElement && $0.name == "ipr-tag" }) else { return }
        attributes = element.attributes
    }
}

extension HTMLNode {
    /// Every attribute of an element, names lower-cased, values with entities decoded (a boolean attribute has its
    /// own name as its value, as libxml2 reads `checked`).
    var attributes: [String: String] {
        var result: [String: String] = [:]
        var property = pointer.pointee.properties
        while let attribute = property {
            if let name = attribute.pointee.name.map({ String(cString: $0).lowercased() }) {
                let value = ipr_xml_node_list_get_string(pointer.pointee.doc, attribute.pointee.children, 1)
                result[name] = value.map { String(cString: $0) } ?? ""
                if let value { ipr_xml_free(value) }
            }
            property = attribute.pointee.next
        }
        return result
    }
}
