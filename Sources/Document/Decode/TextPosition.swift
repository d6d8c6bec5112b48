/// Line and column of a byte offset in UTF-8 text, for errors that point into JSON, Markdown or HTML sources.
public enum TextPosition {
    /// 1-based line and column of `offset`; the column counts characters (Unicode scalars, an invalid
    /// byte as one), so an editor's cursor lands on it. Lines end at LF, CR LF or a lone CR.
    public static func lineAndColumn(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1, column = 1, i = 0
        let end = min(offset, bytes.count)
        while i < end {
            let byte = bytes[i]
            if byte == 0x0A || (byte == 0x0D && (i + 1 >= bytes.count || bytes[i + 1] != 0x0A)) {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                // Not a continuation byte: a new character starts.
                column += 1
            }
            i += 1
        }
        return (line, column)
    }

    /// The offset of the first byte that is not part of valid UTF-8, or nil when all of `bytes` is.
    public static func firstInvalidUTF8(in bytes: [UInt8]) -> Int? {
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            let length: Int
            switch byte {
            case 0x00...0x7F: i += 1; continue
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: return i
            }
            guard i + length <= bytes.count else { return i }
            for k in 1..<length where bytes[i + k] & 0xC0 != 0x80 { return i }
            // Overlong forms, surrogates and code points above U+10FFFF.
            let second = bytes[i + 1]
            if byte == 0xE0 && second < 0xA0 || byte == 0xED && second > 0x9F || byte == 0xF0 && second < 0x90 || byte == 0xF4 && second > 0x8F {
                return i
            }
            i += length
        }
        return nil
    }
}
