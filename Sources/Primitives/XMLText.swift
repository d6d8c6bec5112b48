/// Text written into XML (issue 63's SVG titles and MathML): `&`, `<`, `>` and `"` as entities, the C0 controls XML
/// 1.0 does not allow dropped; in an attribute value (`attribute`), tab, line feed and carriage return as character
/// references, so XML's attribute-value normalisation keeps them.
public enum XMLText {
    public static func escaped(_ text: String, attribute: Bool = false) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\t" where attribute: out += "&#9;"
            case "\n" where attribute: out += "&#10;"
            case "\r" where attribute: out += "&#13;"
            default:
                if scalar.value < 0x20 && scalar != "\t" && scalar != "\n" && scalar != "\r" { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
