/// `X-Ipraster-Warnings` on the rendering routes (issue 42): the render's warnings as a JSON array of strings,
/// ASCII only (every other character as a `\u` escape, so the field is valid HTTP), at most `maxBytes`; past that the
/// array ends with "and N more".
package enum WarningsHeader {
    package static let name = "X-Ipraster-Warnings"
    package static let maxBytes = 8 << 10

    package static func value(_ warnings: [String]) -> String {
        var items: [String] = []
        var length = 2
        for (index, warning) in warnings.enumerated() {
            let item = escaped(warning)
            let rest = warnings.count - index - 1
            // Room for this item, and for the "and N more" that would follow it if any remain.
            let tail = rest > 0 ? escaped("and \(warnings.count) more").utf8.count + 1 : 0
            if length + item.utf8.count + 1 + tail > maxBytes {
                items.append(escaped("and \(warnings.count - index) more"))
                break
            }
            items.append(item)
            length += item.utf8.count + 1
        }
        return "[" + items.joined(separator: ",") + "]"
    }

    /// A JSON string of printable ASCII.
    package static func escaped(_ text: String) -> String {
        var out = "\""
        for unit in text.utf16 {
            switch unit {
            case 0x22: out += "\\\""
            case 0x5C: out += "\\\\"
            case 0x20...0x7E: out.unicodeScalars.append(Unicode.Scalar(UInt8(unit)))
            default: out += "\\u" + String(repeating: "0", count: 4 - String(unit, radix: 16).count) + String(unit, radix: 16)
            }
        }
        return out + "\""
    }
}
