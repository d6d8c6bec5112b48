import CICUText
import Document
import Drawing
import FoundationEssentials
import Primitives

/// The locale of a render (`--locale`), parsed and checked once where it enters: the BCP 47 tag dates are
/// formatted in and the Han forms it selects (`HanRegion`). Downstream reads these two values, never the text.
public struct TextLocale: Sendable, Equatable, CustomStringConvertible {
    /// The tag as given (`zh-Hant-TW`, `pt_BR`), for Foundation's date formatting.
    public let identifier: String
    /// The Han forms a `zh…`, `ja…` or `ko…` tag decides for every message; nil for any other tag.
    public let cjkRegion: HanRegion?
    /// The Han forms of the tag (docs/rendering.md "Fonts and scripts"): Simplified Chinese for a tag that is not CJK.
    public var hanRegion: HanRegion { cjkRegion ?? .simplifiedChinese }

    /// English, the default: dates in English, Han in Simplified Chinese forms (iOS with an English system).
    public static let english = TextLocale(known: "en")

    /// Why a tag is refused.
    public struct Invalid: ClassifiedError, Sendable {
        public var kind: FailureKind { .usage }
        public let tag: String
        public let reason: String
        public var description: String { reason }
    }

    /// A tag whose language subtag ICU knows (an ISO 639 code in lower case: `en`, `zh`, `yue`), with well-formed
    /// further subtags (1-8 letters or digits: script, region, variants), `-` or `_` between them; at most 64 characters.
    public init(_ tag: String) throws(Invalid) {
        guard !tag.isEmpty else { throw Invalid(tag: tag, reason: "expected a locale tag such as en, ja, zh-Hant or pt-BR") }
        guard tag.utf8.count <= 64 else { throw Invalid(tag: tag, reason: "a locale tag is at most 64 characters") }
        let parts = tag.split(separator: "-", omittingEmptySubsequences: false).flatMap { $0.split(separator: "_", omittingEmptySubsequences: false) }
        guard parts.allSatisfy({ (1...8).contains($0.count) && $0.unicodeScalars.allSatisfy { $0.isASCII && $0.properties.isAlphabetic || ("0"..."9").contains($0) } }) else {
            throw Invalid(tag: tag, reason: "\(Diagnostic.quoted(tag)) is not a locale tag (subtags of 1-8 letters or digits, joined by -)")
        }
        let language = String(parts[0])
        guard Self.knownLanguages.contains(language) else {
            throw Invalid(tag: tag, reason: "unknown language \(Diagnostic.quoted(String(parts[0]))) in \(Diagnostic.quoted(tag)) (an ISO 639 code: en, ja, zh-Hant, pt-BR)")
        }
        self.init(known: tag)
    }

    /// ICU's ISO 639 language codes (lower case).
    public static let languages: [String] = ICUList.read(ipr_icu_iso_languages)

    private static let knownLanguages = Set(languages)

    /// The tags `init` accepts, as a regular expression (Swift's `Regex` and ECMA-262 alike) together with a length
    /// of at most 64: `--locale`'s domain and the service's parameter pattern.
    public static let pattern = "(?:" + languages.sorted { $0.count != $1.count ? $0.count > $1.count : $0 < $1 }.joined(separator: "|")
        + ")(?:[-_][A-Za-z0-9]{1,8})*"

    private init(known tag: String) {
        identifier = tag
        cjkRegion = HanRegion(cjkLocale: tag)
    }

    /// The Han forms of a message whose text holds `tally`'s kana and Hangul: a CJK locale's own, else the
    /// message's (`HanRegion.message`; README Decisions, fifth review, "A given CJK locale decides Han forms").
    public func messageRegion(_ tally: HanTally) -> HanRegion { cjkRegion ?? HanRegion.message(tally) }

    public var description: String { identifier }
}
