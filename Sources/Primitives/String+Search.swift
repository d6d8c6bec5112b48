extension StringProtocol {
    /// Every occurrence of `target` replaced by `replacement`, compared scalar by scalar (as Foundation's literal
    /// `replacingOccurrences(of:with:)`: `"\n"` is found inside `"\r\n"`, which Swift's `replacing` treats as one
    /// character).
    public func replacingEvery(_ target: String, with replacement: String) -> String {
        let needle = Array(target.unicodeScalars)
        guard !needle.isEmpty else { return String(self) }
        let scalars = Array(unicodeScalars)
        var out = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            if scalars[index] == needle[0], index + needle.count <= scalars.count, Array(scalars[index..<index + needle.count]) == needle {
                out.append(contentsOf: replacement.unicodeScalars)
                index += needle.count
            } else {
                out.append(scalars[index])
                index += 1
            }
        }
        return String(out)
    }

    /// The first range of `needle` with ASCII letters compared without case (Foundation's `.caseInsensitive`
    /// for the tag names and ASCII words it is used with).
    public func range(ofIgnoringASCIICase needle: String) -> Range<String.Index>? {
        let wanted = Array(needle.unicodeScalars).map(Self.folded)
        guard !wanted.isEmpty else { return nil }
        let view = unicodeScalars
        var start = view.startIndex
        while start != view.endIndex {
            var cursor = start, matched = 0
            while matched < wanted.count, cursor != view.endIndex, Self.folded(view[cursor]) == wanted[matched] {
                cursor = view.index(after: cursor)
                matched += 1
            }
            if matched == wanted.count { return start..<cursor }
            start = view.index(after: start)
        }
        return nil
    }

    private static func folded(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        (0x41...0x5A).contains(scalar.value) ? Unicode.Scalar(scalar.value + 0x20) ?? scalar : scalar
    }
}
