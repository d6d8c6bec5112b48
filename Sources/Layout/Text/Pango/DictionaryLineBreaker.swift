import CICUText

/// ICU's line-break iterator (`UBRK_LINE`), the owner of its C state: the break opportunities of text in scripts
/// written without spaces between words, found with ICU's dictionaries (README Decisions, fourth review, "Line
/// breaking"). Pango has a dictionary only for Thai (libthai); Lao, Khmer and Myanmar take ICU's breaks. Opened
/// on the first paragraph that needs it, then reused. Not thread-safe: one per `FontSet`.
final class DictionaryLineBreaker {
    private let breaker: OpaquePointer

    /// nil when ICU cannot open its line rules (its data missing): text then keeps Pango's own breaks.
    init?() {
        guard let breaker = ipr_line_breaker_open() else { return nil }
        self.breaker = breaker
    }

    deinit { ipr_line_breaker_close(breaker) }

    /// The line-break opportunities of `bytes` (UTF-8): byte offsets of the starts of the segments ICU's rules and
    /// dictionaries find, from 0 to `bytes.count`, both ends included. Empty when ICU fails on the text.
    func boundaries(_ bytes: UnsafeBufferPointer<UInt8>) -> [Int] {
        guard let base = bytes.baseAddress, !bytes.isEmpty, bytes.count < Int(Int32.max) else { return [] }
        // At most one boundary per byte, and the end.
        var result = [Int64](repeating: 0, count: bytes.count + 1)
        let count = base.withMemoryRebound(to: CChar.self, capacity: bytes.count) { text in
            result.withUnsafeMutableBufferPointer { ipr_line_breaks(breaker, text, Int64(bytes.count), $0.baseAddress, Int64($0.count)) }
        }
        guard count > 0 else { return [] }
        return result.prefix(Int(count)).map { Int($0) }
    }

    /// ICU's version, for the golden environment fingerprint: a dictionary update can move breaks.
    static var version: String {
        var buffer = [CChar](repeating: 0, count: 32)
        ipr_icu_version(&buffer, Int32(buffer.count))
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
