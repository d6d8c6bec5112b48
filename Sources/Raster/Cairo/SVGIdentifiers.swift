/// Cairo numbers SVG `image` and `surface` elements from counters shared by the whole process, so the second page
/// a process writes names its images `image243` where a fresh process writes `image15`. A warm process (`serve`,
/// a batch) must write the bytes a one-shot run writes, so each document's ids are renumbered from 1 in the order
/// they are defined, and every `#id` reference with them.
///
/// Written by hand: it is a renaming of two id families in cairo's own output, which an XML library would
/// re-serialise and change in other ways.
enum SVGIdentifiers {
    private static let families: [[UInt8]] = [Array("image".utf8), Array("surface".utf8)]
    private static let definition = Array("id=\"".utf8)

    static func normalize(_ svg: [UInt8]) -> [UInt8] {
        // Pass 1: the defined ids, in order, per family.
        var mapping: [[UInt8]: [UInt8]] = [:]
        var counts = [Int](repeating: 0, count: families.count)
        var index = 0
        while index < svg.count {
            if svg[index] == UInt8(ascii: "i") || svg[index] == UInt8(ascii: "s"), index >= definition.count,
               svg[(index - definition.count)..<index].elementsEqual(definition), let (family, end) = token(svg, at: index) {
                let name = Array(svg[index..<end])
                if mapping[name] == nil {
                    counts[family] += 1
                    mapping[name] = families[family] + Array(String(counts[family]).utf8)
                }
                index = end
                continue
            }
            index += 1
        }
        guard !mapping.isEmpty else { return svg }
        // Pass 2: definitions and `#` references renamed.
        var out: [UInt8] = []
        out.reserveCapacity(svg.count)
        index = 0
        while index < svg.count {
            let byte = svg[index]
            let afterDefinition = index >= definition.count && svg[(index - definition.count)..<index].elementsEqual(definition)
            let afterHash = index > 0 && svg[index - 1] == UInt8(ascii: "#")
            if (byte == UInt8(ascii: "i") || byte == UInt8(ascii: "s")), afterDefinition || afterHash, let (_, end) = token(svg, at: index),
               let renamed = mapping[Array(svg[index..<end])] {
                out += renamed
                index = end
                continue
            }
            out.append(byte)
            index += 1
        }
        return out
    }

    /// `image123` or `surface45` at `index` (letters then at least one digit, ending at a non-digit): its family
    /// and end.
    private static func token(_ bytes: [UInt8], at index: Int) -> (family: Int, end: Int)? {
        for (family, word) in families.enumerated() where index + word.count < bytes.count && bytes[index..<(index + word.count)].elementsEqual(word) {
            var end = index + word.count
            while end < bytes.count, bytes[end] >= 48, bytes[end] <= 57 { end += 1 }
            return end > index + word.count ? (family, end) : nil
        }
        return nil
    }
}
