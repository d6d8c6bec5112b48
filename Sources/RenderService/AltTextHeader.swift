import Primitives

/// `X-Ipraster-Alt-Text` on `/render?alt-text=1` (issue 63): the message's alt text, UTF-8 percent-encoded (every
/// byte but RFC 3986's unreserved characters as `%XX`, so the field is printable ASCII whatever the text), when that
/// is at most `maxBytes`; a longer one is left out with a warning that `/layout` answers it whole (`altText`).
package enum AltTextHeader {
    package static let name = "X-Ipraster-Alt-Text"
    package static let maxBytes = 8 << 10

    /// The header's value, or nil when it would pass `maxBytes`.
    package static func value(_ text: String) -> String? {
        // A byte becomes at most three: only a text of at most 3 × maxBytes bytes is encoded.
        guard text.utf8.count <= 3 * maxBytes else { return nil }
        let encoded = text.addingPercentEncoding()
        return encoded.utf8.count <= maxBytes ? encoded : nil
    }

    /// The warning said instead of a header that would not fit.
    package static func tooLong(_ text: String) -> String {
        "the alt text (\(text.utf8.count) bytes) is more than the \(maxBytes / 1024) KiB X-Ipraster-Alt-Text carries percent-encoded: "
            + "POST /layout answers it whole as altText"
    }
}
