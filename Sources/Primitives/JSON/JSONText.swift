/// JSON text written by hand where a whole encoder is not wanted (the layout JSON, the service's log lines).
public enum JSONText {
    /// `text` as a JSON string: quoted, `"` and `\` escaped, line breaks and tabs in their short forms, the other
    /// control characters as `\u00XX`; everything else as it is (UTF-8, `/` unescaped).
    public static func quote(_ text: String, into out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += String(cFormat: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }

    /// `text` as a JSON string (see `quote(_:into:)`).
    public static func quoted(_ text: String) -> String {
        var out = ""
        quote(text, into: &out)
        return out
    }
}
