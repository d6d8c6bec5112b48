extension StringProtocol {
    /// Without leading and trailing spaces and tabs (Unicode's space separators and U+0009, the characters of
    /// Foundation's `CharacterSet.whitespaces`).
    public func trimmingWhitespace() -> String { trimming { $0.isWhitespaceNotNewline } }

    /// Without leading and trailing white space and line breaks (`CharacterSet.whitespacesAndNewlines`).
    public func trimmingWhitespaceAndNewlines() -> String { trimming { $0.isWhitespaceNotNewline || $0.isNewline } }

    /// Without the trailing scalars for which `drop` holds.
    public func trimmingTrailing(_ drop: (Unicode.Scalar) -> Bool) -> String {
        let scalars = unicodeScalars
        guard let last = scalars.lastIndex(where: { !drop($0) }) else { return "" }
        var kept = String.UnicodeScalarView()
        kept.append(contentsOf: scalars[...last])
        return String(kept)
    }

    /// Without the leading and trailing scalars for which `drop` holds.
    public func trimming(_ drop: (Unicode.Scalar) -> Bool) -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !drop($0) }), let last = scalars.lastIndex(where: { !drop($0) }) else { return "" }
        var kept = String.UnicodeScalarView()
        kept.append(contentsOf: scalars[first...last])
        return String(kept)
    }
}

extension Unicode.Scalar {
    /// Unicode's space separators (Zs) and the tab.
    var isWhitespaceNotNewline: Bool { self == "\t" || properties.generalCategory == .spaceSeparator }

    /// U+000A–U+000D, U+0085, U+2028 and U+2029.
    var isNewline: Bool { (0x0A...0x0D).contains(value) || value == 0x85 || value == 0x2028 || value == 0x2029 }
}
