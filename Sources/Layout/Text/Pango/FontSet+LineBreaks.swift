import CPango

/// Where lines may break, beyond Pango's own Unicode line breaking (README Decisions, fourth review, "Line breaking"):
/// ICU's dictionary word boundaries for Lao, Khmer and Myanmar, and no line starting with closing or break-after
/// punctuation of any script, also where Pango breaks an over-long word between characters.
extension FontSet {
    /// Lao, Khmer (with Khmer Symbols) and Myanmar (with Extended-A and -B): written without spaces between words,
    /// their words found by ICU's dictionaries. Thai keeps Pango's libthai breaks.
    static func isDictionaryScript(_ value: UInt32) -> Bool {
        (0x0E80...0x0EFF).contains(value) || (0x1780...0x17FF).contains(value) || (0x19E0...0x19FF).contains(value)
            || (0x1000...0x109F).contains(value) || (0xA9E0...0xA9FF).contains(value) || (0xAA60...0xAA7F).contains(value)
    }

    /// Wraps each of ICU's line-break segments of every paragraph that holds Lao, Khmer or Myanmar text in a Pango
    /// word attribute: Pango 1.50 then breaks lines at exactly those boundaries in the paragraph (a word attribute
    /// also removes Pango's own opportunities inside it) and still between graphemes inside a word wider than the
    /// line (WORD_CHAR). Paragraphs without those scripts are not given to ICU, so other text costs one byte scan.
    func insertDictionaryBreaks(_ bytes: [UInt8], into attributes: OpaquePointer?) {
        for paragraph in Self.dictionaryParagraphs(bytes) {
            guard let breaker = dictionaryBreaker else { return }
            let boundaries = bytes.withUnsafeBufferPointer { breaker.boundaries(UnsafeBufferPointer(rebasing: $0[paragraph])) }
            for index in boundaries.indices.dropLast() {
                guard let attribute = pango_attr_word_new() else { continue }
                attribute.pointee.start_index = UInt32(paragraph.lowerBound + boundaries[index])
                attribute.pointee.end_index = UInt32(paragraph.lowerBound + boundaries[index + 1])
                pango_attr_list_insert(attributes, attribute)
            }
        }
    }

    /// Byte ranges of the paragraphs (as Pango splits them: at "\n", "\r", "\r\n" and U+2029) that hold a
    /// character of a dictionary script. One pass over the bytes; a lead byte other than E0, E1 or EA (where those
    /// scripts' three-byte forms start) is skipped without decoding.
    static func dictionaryParagraphs(_ bytes: [UInt8]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var start = 0, found = false, index = 0
        func close(_ end: Int) {
            if found && end > start { result.append(start..<end) }
            found = false
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A || byte == 0x0D {
                close(index)
                start = index + 1
            } else if (byte == 0xE0 || byte == 0xE1 || byte == 0xEA || byte == 0xE2), index + 2 < bytes.count {
                let value = UInt32(byte & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F)
                if value == 0x2029 {
                    close(index)
                    start = index + 3
                } else if !found && isDictionaryScript(value) {
                    found = true
                }
                index += 3
                continue
            }
            index += 1
        }
        close(bytes.count)
        return result
    }

    /// Closing and break-after punctuation, which never starts a line: UAX #14 classes CL, CP, EX, IS and NS, with CJ
    /// resolved to NS as the default rules do (。，」！・ー ぁ), break-after (BA) characters that are punctuation
    /// (general category Po): the section marks of Myanmar (၊ ။), Khmer (។ ៕), Tibetan (the tsheg ་), the dandas
    /// (। ॥) and the like; and Ethiopic punctuation (፡ ። ፣ ፤ ፥ ፦ ፧ ፨), whose full stop and commas UAX #14 classes
    /// as letters.
    static func isNoStartMark(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x80 {
            switch value {
            case 0x21, 0x29, 0x2C, 0x2E, 0x3A, 0x3B, 0x3F, 0x5D, 0x7D: return true  // ! ) , . : ; ? ] }
            default: return false
            }
        }
        if (0x1361...0x1368).contains(value) { return true }
        switch g_unichar_break_type(value) {
        case G_UNICODE_BREAK_CLOSE_PUNCTUATION, G_UNICODE_BREAK_CLOSE_PARANTHESIS, G_UNICODE_BREAK_EXCLAMATION,
             G_UNICODE_BREAK_INFIX_SEPARATOR, G_UNICODE_BREAK_NON_STARTER, G_UNICODE_BREAK_CONDITIONAL_JAPANESE_STARTER:
            return true
        case G_UNICODE_BREAK_AFTER:
            return scalar.properties.generalCategory == .otherPunctuation
        default:
            return false
        }
    }

    /// Forbids a break before every no-start mark (`isNoStartMark`) that follows another character on its line:
    /// Pango's line breaking already keeps most of them, but its character breaks inside an over-long word
    /// (WORD_CHAR) do not. Marks in a row stay together ("）！", "」、") up to `gluedMarks`; a longer run of marks
    /// may still wrap, so no text becomes one unbreakable run. An ASCII mark after an ASCII character that is not a
    /// mark ("word.", "a, b") is left to Pango: Latin text keeps CoreText's character wrapping of an over-long word
    /// (a URL), and a Latin page gets no attributes to carry.
    func insertNoStartMarks(_ text: String, into attributes: OpaquePointer?) {
        var byte = 0
        var previousStart = -1
        var previousASCII = false
        var marksInRun = 0
        for scalar in text.unicodeScalars {
            let width = UTF8.width(scalar)
            defer { byte += width }
            let value = scalar.value
            // Letters and digits of ASCII (most of a Latin text) are never marks: no lookup.
            let mark = value > 0x20 && !(0x30...0x39).contains(value) && !(0x41...0x5A).contains(value) && !(0x61...0x7A).contains(value)
                && Self.isNoStartMark(scalar)
            let separator = value == 0x0A || value == 0x0D || value == 0x2028 || value == 0x2029
            let latin = value < 0x80 && previousASCII && marksInRun == 0
            if mark, !latin, previousStart >= 0, marksInRun < Self.gluedMarks, let attribute = pango_attr_allow_breaks_new(0) {
                attribute.pointee.start_index = UInt32(previousStart)
                attribute.pointee.end_index = UInt32(byte + width)
                pango_attr_list_insert(attributes, attribute)
            }
            marksInRun = mark ? marksInRun + 1 : 0
            previousStart = separator ? -1 : byte
            previousASCII = value < 0x80
        }
    }

    /// The most marks in a row kept from starting a line.
    static let gluedMarks = 4
}
