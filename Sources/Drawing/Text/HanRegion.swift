/// Which regional forms Han characters take: the same code point (直, 骨, 写) is drawn differently in Chinese,
/// Japanese and Korean. Chosen from the render's `--locale`, then per text by the kana/Hangul rule (README
/// "Fonts"), and mapped to the Noto Sans CJK face of that region.
public enum HanRegion: String, Sendable, CaseIterable {
    case simplifiedChinese = "SC", traditionalChinese = "TC", hongKong = "HK", japanese = "JP", korean = "KR"

    /// The region of a BCP 47 locale (`_` read as `-`, case ignored): `zh`, `zh-CN`, `zh-SG`, `zh-Hans…` → SC;
    /// `zh-HK`, `zh-MO` → HK; `zh-TW`, `zh-Hant…` → TC; `ja…` → JP; `ko…` → KR; any other → SC, as iOS
    /// with an English system. A region subtag (HK, MO, TW, CN, SG) wins over a script subtag.
    public init(locale: String) {
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
        default: self = .simplifiedChinese
        }
    }

    /// The region for one text: a text with kana and no Hangul is Japanese, one with Hangul and no kana Korean;
    /// any other keeps the locale's region.
    public func resolved(for scalars: String.UnicodeScalarView) -> HanRegion {
        var kana = false, hangul = false
        for scalar in scalars where scalar.value >= 0x1100 {
            if Self.isKana(scalar.value) { kana = true } else if Self.isHangul(scalar.value) { hangul = true }
            if kana && hangul { break }
        }
        if kana && !hangul { return .japanese }
        if hangul && !kana { return .korean }
        return self
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
