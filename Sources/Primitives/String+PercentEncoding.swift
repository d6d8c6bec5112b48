extension StringProtocol {
    /// `%XX` escapes decoded as UTF-8; nil when an escape is malformed or the bytes are not UTF-8 (Foundation's
    /// `removingPercentEncoding`).
    public var percentDecoded: String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var iterator = utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else { bytes.append(byte); continue }
            guard let high = iterator.next().flatMap(Self.hexValue), let low = iterator.next().flatMap(Self.hexValue) else { return nil }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    /// Every byte of the UTF-8 form that is not an unreserved character (RFC 3986: letters, digits, `-._~`) or
    /// in `keep` written as `%XX`.
    public func addingPercentEncoding(keeping keep: Set<UInt8> = []) -> String {
        var out = ""
        for byte in utf8 {
            let unreserved = (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~")
            if unreserved || keep.contains(byte) { out.unicodeScalars.append(Unicode.Scalar(byte)) }
            else { out += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 15, radix: 16, uppercase: true) }
        }
        return out
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: return byte - 0x30
        case 0x41...0x46: return byte - 0x41 + 10
        case 0x61...0x66: return byte - 0x61 + 10
        default: return nil
        }
    }
}
