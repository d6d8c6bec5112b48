import CICUText

/// Time zone names as the date formats read them (ICU's ids: `Europe/Berlin`, `UTC`, and their aliases).
public enum TimeZoneName {
    /// Every id ICU knows, in ICU's order: `--timezone`'s domain and the service's enum (Foundation's `TimeZone`
    /// needs swift-corelibs-foundation's ICU, which the tool does not link).
    public static let all: [String] = ICUList.read(ipr_icu_time_zones)

    private static let known = Set(all)

    public static func isKnown(_ name: String) -> Bool { known.contains(name) }
}

/// A newline-separated list an ICU helper writes (`ipr_icu_time_zones`, `ipr_icu_iso_languages`), as strings.
enum ICUList {
    static func read(_ fill: (UnsafeMutablePointer<CChar>?, Int64) -> Int64) -> [String] {
        let needed = fill(nil, 0)
        guard needed > 0 else { return [] }
        var buffer = [CChar](repeating: 0, count: Int(needed))
        let written = buffer.withUnsafeMutableBufferPointer { fill($0.baseAddress, needed) }
        guard written == needed else { return [] }
        return buffer.split(separator: 10).map { String(decoding: $0.map { UInt8(bitPattern: $0) }, as: UTF8.self) }
    }
}
