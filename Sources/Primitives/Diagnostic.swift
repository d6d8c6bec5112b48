/// Text from the input that appears in a message (a type name, a path component, a date format) is made
/// safe for a terminal: control characters are escaped and long strings are cut, so a 100,000-character
/// type name cannot make a 100 KB warning line and an ESC in the input cannot drive the terminal.
public enum Diagnostic {
    /// The longest echoed input string, in characters.
    public static let echoLimit = 60
    /// The longest message line, in characters.
    public static let lineLimit = 1000

    /// `text` quoted for a message: control characters escaped, cut to `limit` characters with "…".
    public static func quoted(_ text: String, limit: Int = echoLimit) -> String {
        "\"" + escaped(text, limit: limit) + "\""
    }

    /// `text` made printable and cut to `limit` characters with "…", unquoted (a path in a message).
    public static func shortened(_ text: String, limit: Int = echoLimit) -> String {
        escaped(text, limit: limit)
    }

    /// A whole message line made printable: control characters escaped, at most `lineLimit` characters.
    public static func printable(_ message: String) -> String {
        escaped(message, limit: lineLimit)
    }

    static func escaped(_ text: String, limit: Int) -> String {
        var out = ""
        var count = 0
        for scalar in text.unicodeScalars {
            if count >= limit {
                out += "…"
                break
            }
            switch scalar.value {
            case 0x0A: out += "\\n"
            case 0x09: out += "\\t"
            case 0x0D: out += "\\r"
            case 0..<0x20, 0x7F, 0x80..<0xA0, 0x2028, 0x2029:
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: out.unicodeScalars.append(scalar)
            }
            count += 1
        }
        return out
    }
}
