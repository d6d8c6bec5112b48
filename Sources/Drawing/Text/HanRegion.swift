/// Which regional forms Han characters take: the same code point (直, 骨, 写) is drawn differently in Chinese,
/// Japanese and Korean. Chosen once per message: by the render's `--locale` when it is a CJK one, else from the message's
/// kana and Hangul (`message(_:)`, docs/rendering.md "Fonts and scripts"); mapped to the Noto Sans CJK face of that region.
public enum HanRegion: String, Sendable, CaseIterable {
    case simplifiedChinese = "SC", traditionalChinese = "TC", hongKong = "HK", japanese = "JP", korean = "KR"

    /// The region of a BCP 47 locale (`_` read as `-`, case ignored): `zh`, `zh-CN`, `zh-SG`, `zh-Hans…` → SC;
    /// `zh-HK`, `zh-MO` → HK; `zh-TW`, `zh-Hant…` → TC; `ja…` → JP; `ko…` → KR; any other → SC, as iOS
    /// with an English system. A region subtag (HK, MO, TW, CN, SG) wins over a script subtag.
    public init(locale: String) {
        self = HanRegion(cjkLocale: locale) ?? .simplifiedChinese
    }

    /// The region of a Chinese, Japanese or Korean locale (`zh…`, `ja…`, `ko…`); nil for any other. Such a locale
    /// decides the Han forms of a whole message (README Decisions, fifth review, "A given CJK locale decides Han forms").
    public init?(cjkLocale locale: String) {
        let parts = locale.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
        switch parts.first {
        case "ja": self = .japanese
        case "ko": self = .korean
        case "zh":
            let rest = parts.dropFirst()
            if rest.contains("hk") || rest.contains("mo") { self = .hongKong }
            else if rest.contains("tw") { self = .traditionalChinese }
            else if rest.contains("cn") || rest.contains("sg") { self = .simplifiedChinese }
            else if rest.contains("hant") { self = .traditionalChinese }
            else { self = .simplifiedChinese }
        default: return nil
        }
    }

    /// The region of a message whose text holds `tally`'s kana and Hangul when the render gives no CJK locale (README
    /// Decisions, fourth review, "Han forms without `--locale`", and fifth review): kana and no Hangul is Japanese,
    /// Hangul and no kana Korean; with both, the script with more characters (a tie: Japanese); with neither,
    /// Simplified Chinese, as iOS with an English system. A `zh…`, `ja…` or `ko…` locale decides instead
    /// (`init(cjkLocale:)`), whatever the message holds.
    public static func message(_ tally: HanTally) -> HanRegion {
        switch (tally.kana > 0, tally.hangul > 0) {
        case (false, false): return .simplifiedChinese
        case (true, false): return .japanese
        case (false, true): return .korean
        case (true, true): return tally.hangul > tally.kana ? .korean : .japanese
        }
    }

    static func isKana(_ value: UInt32) -> Bool {
        (0x3040...0x30FF).contains(value) || (0x31F0...0x31FF).contains(value) || (0xFF66...0xFF9F).contains(value)
            || (0x1AFF0...0x1B16F).contains(value)
    }

    static func isHangul(_ value: UInt32) -> Bool {
        (0x1100...0x11FF).contains(value) || (0x3130...0x318F).contains(value) || (0xA960...0xA97F).contains(value)
            || (0xAC00...0xD7FF).contains(value) || (0xFFA0...0xFFDC).contains(value)
    }

    /// The Noto Sans CJK family of the region ("Noto Sans CJK JP"), or its monospaced one for code.
    public func family(monospaced: Bool) -> String { (monospaced ? "Noto Sans Mono CJK " : "Noto Sans CJK ") + rawValue }
}

/// The kana and Hangul characters of a message, counted for its Han region (`HanRegion.message`).
public struct HanTally: Sendable, Equatable {
    public var kana = 0
    public var hangul = 0

    public init(kana: Int = 0, hangul: Int = 0) {
        self.kana = kana
        self.hangul = hangul
    }

    /// Adds the kana and Hangul of `text`.
    public mutating func count(_ text: String) {
        for scalar in text.unicodeScalars where scalar.value >= 0x1100 {
            if HanRegion.isKana(scalar.value) { kana += 1 } else if HanRegion.isHangul(scalar.value) { hangul += 1 }
        }
    }
}
