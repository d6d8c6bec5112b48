@testable import Layout

/// A text shaper for tests of layout logic without fonts (issue 11, P2): every character advances
/// `advance` points, an inline object its own width; lines break at spaces (a word wider than the line
/// stays whole) and at "\n". As the Pango shaper does, a wrapped line's range and width hold its trailing spaces
/// but its glyphs do not, and a paragraph's line ends before the "\n". Metrics are fractions of the size.
final class FixedAdvanceShaper: TextShaper {
    let advance: Double
    private let font = FontKey(file: "fixed-advance", faceIndex: 0, size: 10)

    init(advance: Double = 10) {
        self.advance = advance
    }

    func metrics(_ spec: FontSpec) -> FontMetrics {
        FontMetrics(family: spec.family.rawValue, size: spec.size, ascent: spec.size * 0.8, descent: spec.size * 0.2, capHeight: spec.size * 0.7,
                    file: font.file)
    }

    func covers(_ spec: FontSpec, _ scalar: Unicode.Scalar) -> Bool { true }

    func measure(_ text: AttributedText, width: Double?, inkRects: Bool, ellipsize: Bool, wholeWords: Bool) -> MeasuredParagraph {
        var objects: [Int: Double] = [:]
        for attachment in text.attachments { objects[attachment.byte] = attachment.width }
        // (byte, byte count, advance, is a space) per character; "\n" ends a paragraph.
        var paragraphs: [[(byte: Int, length: Int, advance: Double, space: Bool)]] = [[]]
        var paragraphStarts = [0]
        var byte = 0
        for scalar in text.text.unicodeScalars {
            let length = String(scalar).utf8.count
            if scalar == "\n" {
                paragraphs.append([])
                paragraphStarts.append(byte + length)
            } else {
                paragraphs[paragraphs.count - 1].append((byte, length, objects[byte] ?? advance, scalar == " " || scalar == "\t"))
            }
            byte += length
        }
        var lines: [MeasuredParagraph.Line] = []
        for (index, characters) in paragraphs.enumerated() {
            var start = 0
            while start < characters.count || (start == 0 && characters.isEmpty) {
                // Take words while they fit (always at least one).
                var end = start, lineWidth = 0.0
                while end < characters.count {
                    var wordEnd = end
                    while wordEnd < characters.count, characters[wordEnd].space { wordEnd += 1 }
                    while wordEnd < characters.count, !characters[wordEnd].space { wordEnd += 1 }
                    let wordWidth = characters[end..<wordEnd].reduce(0) { $0 + $1.advance }
                    if end > start, let width, lineWidth + wordWidth > width { break }
                    lineWidth += wordWidth
                    end = wordEnd
                }
                var rangeEnd = end
                while rangeEnd < characters.count, characters[rangeEnd].space { rangeEnd += 1 }
                var glyphs: [MeasuredParagraph.Glyph] = []
                var attachmentCells: [Int: MeasuredParagraph.AttachmentCell] = [:]
                var x = 0.0
                var drawnEnd = end
                while drawnEnd > start, characters[drawnEnd - 1].space { drawnEnd -= 1 }
                for character in characters[start..<drawnEnd] {
                    if objects[character.byte] != nil {
                        attachmentCells[character.byte] = MeasuredParagraph.AttachmentCell(x: x, advance: character.advance, takesDecorations: true)
                    }
                    glyphs.append(MeasuredParagraph.Glyph(id: 1, x: x, yOffset: 0, advance: character.advance, cluster: character.byte,
                                                          clusterEnd: character.byte + character.length, fontIndex: 0,
                                                          ink: inkRects ? Rect(x: 0, y: -7, width: character.advance, height: 7) : nil, isRTL: false))
                    x += character.advance
                }
                let startByte = characters.indices.contains(start) ? characters[start].byte : paragraphStarts[index]
                let endByte = rangeEnd < characters.count ? characters[rangeEnd].byte : (characters.last.map { $0.byte + $0.length } ?? startByte)
                // The width counts the trailing spaces, as the Pango shaper gives it (CoreText's typographic width).
                let trailing = characters[drawnEnd..<rangeEnd].reduce(0) { $0 + $1.advance }
                lines.append(MeasuredParagraph.Line(startByte: startByte, endByte: endByte, width: x + trailing, isRTL: false, glyphs: glyphs,
                                                    attachmentCells: attachmentCells))
                if characters.isEmpty { break }
                start = rangeEnd
            }
        }
        return MeasuredParagraph(lines: lines, fonts: [font])
    }
}
