import FoundationEssentials

/// A deterministic JSON writer: keys in insertion order, numbers rounded to 0.01 (the layout JSON contract)
/// unless written `exact` (ratios, which must not round small differences to 0).
public indirect enum JSONOut {
    case null
    case bool(Bool)
    case int(Int)
    case number(Double)
    /// A number with every digit it needs to read back the same Double.
    case exact(Double)
    case string(String)
    case array([JSONOut])
    case object([(String, JSONOut)])

    public func serialized(pretty: Bool = true) -> String {
        var out = ""
        write(&out, indent: pretty ? 0 : nil)
        return out
    }

    private func write(_ out: inout String, indent: Int?) {
        switch self {
        case .null: out += "null"
        case .bool(let flag): out += flag ? "true" : "false"
        case .int(let value): out += String(value)
        case .number(let value): out += Self.format(value)
        case .exact(let value): out += value.isFinite ? (value == 0 ? "0.0" : "\(value)") : "0"
        case .string(let text): JSONText.quote(text, into: &out)
        case .array(let elements):
            // Short arrays of scalars stay on one line ([x, y, w, h]).
            let inline = indent == nil || elements.allSatisfy { if case .array = $0 { return false }; if case .object = $0 { return false }; return true }
            out += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { out += inline ? ", " : "," }
                if !inline, let indent { out += "\n" + String(repeating: "  ", count: indent + 1) }
                element.write(&out, indent: indent.map { $0 + 1 })
            }
            if !inline, let indent, !elements.isEmpty { out += "\n" + String(repeating: "  ", count: indent) }
            out += "]"
        case .object(let members):
            out += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { out += "," }
                if let indent { out += "\n" + String(repeating: "  ", count: indent + 1) }
                JSONText.quote(member.0, into: &out)
                out += indent == nil ? ":" : ": "
                member.1.write(&out, indent: indent.map { $0 + 1 })
            }
            if let indent, !members.isEmpty { out += "\n" + String(repeating: "  ", count: indent) }
            out += "}"
        }
    }

    public static func format(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        var rounded = (value * 100).rounded() / 100
        if rounded == 0 { rounded = 0 }  // no "-0.0"
        if rounded == rounded.rounded() { return String(cFormat: "%.1f", rounded) }
        var text = String(cFormat: "%.2f", rounded)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }
}
