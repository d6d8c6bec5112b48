import CICUText

/// ICU's word-break iterator (`UBRK_WORD`), the owner of its C state: UAX #29 word boundaries with ICU's
/// dictionaries, so Thai, Lao, Khmer, Myanmar, Chinese and Japanese text splits into real words (annotations,
/// issue 60). Pango's log attributes know word starts too, but only Thai has a dictionary there. Not thread-safe:
/// one per annotation pass.
final class WordSegmenter {
    private let breaker: OpaquePointer?

    /// Without ICU's word rules (its data missing), a whole text is one segment.
    init() {
        breaker = ipr_word_breaker_open()
    }

    deinit { ipr_line_breaker_close(breaker) }

    /// The UTF-16 offsets where `text`'s word segments start, from 0 to its UTF-16 length, both ends included.
    func boundaries(_ text: String) -> [Int] {
        let bytes = Array(text.utf8).map { CChar(bitPattern: $0) }
        let units = text.utf16.count
        guard let breaker, !bytes.isEmpty, bytes.count < Int(Int32.max) else { return units == 0 ? [0] : [0, units] }
        var result = [Int64](repeating: 0, count: bytes.count + 1)
        let count = bytes.withUnsafeBufferPointer { buffer in
            result.withUnsafeMutableBufferPointer { ipr_line_breaks(breaker, buffer.baseAddress, Int64(buffer.count), $0.baseAddress, Int64($0.count)) }
        }
        guard count > 1 else { return [0, units] }
        // Byte offsets to UTF-16 offsets, walking the scalars once (boundaries only fall on scalar starts).
        var byteToUnit: [Int: Int] = [:]
        byteToUnit.reserveCapacity(Int(count))
        let wanted = Set(result.prefix(Int(count)).map { Int($0) })
        var byte = 0, unit = 0
        for scalar in text.unicodeScalars {
            if wanted.contains(byte) { byteToUnit[byte] = unit }
            byte += UTF8.width(scalar)
            unit += UTF16.width(scalar)
        }
        byteToUnit[byte] = unit
        var offsets = result.prefix(Int(count)).compactMap { byteToUnit[Int($0)] }
        if offsets.first != 0 { offsets.insert(0, at: 0) }
        if offsets.last != units { offsets.append(units) }
        return offsets
    }
}
