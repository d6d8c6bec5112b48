/// `X-Ipraster-Alt-Text` on `/render?alt-text=1` (issue 63): the message's alt text, UTF-8 percent-encoded (every
/// byte but RFC 3986's unreserved characters as `%XX`, so the field is printable ASCII whatever the text), when that
/// is at most `maxBytes`; a longer one is left out with a warning that `/layout` answers it whole (`altText`).
package enum AltTextHeader {
    package static let name = "X-Ipraster-Alt-Text"
    package static let maxBytes = 8 << 10

    /// The header's value, or nil when it would pass `maxBytes`.
    package static func value(_ text: String) -> String? {
        var out: [UInt8] = []
        out.reserveCapacity(min(maxBytes, text.utf8.count * 3))
        let hex = Array("0123456789ABCDEF".utf8)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.append(byte)
            default:
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
            if out.count > maxBytes { return nil }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The warning said instead of a header that would not fit.
    package static func tooLong(_ text: String) -> String {
        "the alt text (\(text.utf8.count) bytes) is more than the \(maxBytes / 1024) KiB X-Ipraster-Alt-Text carries percent-encoded: "
            + "POST /layout answers it whole as altText"
    }
}
