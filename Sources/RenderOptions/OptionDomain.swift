import Document
import FoundationEssentials
import Layout
import Primitives
import RichMessageRenderer
import Synchronization

/// The values an option accepts, as one machine-readable rule (issue 56): the argument scanner checks every given
/// value against it before any effect reads it, and the service's OpenAPI document states it as the parameter's
/// schema (`jsonSchema`), so what the document allows is exactly what a request may send.
public enum OptionDomain: Sendable {
    /// A decimal number (`12`, `-1.5`, `2e3`; no hex, `inf` or `nan`) in the range.
    case number(ClosedRange<Double>)
    /// A whole number (`-3`, `42`) in the range.
    case integer(ClosedRange<Int64>)
    /// One of these words, exactly as written (`what` names them in an error when the list is too long to print).
    case choice([String], what: String? = nil)
    /// One of the words a list gives, read when first needed (time zones: ICU's i18n library is opened only then).
    case names(@Sendable () -> [String], contains: @Sendable (String) -> Bool, what: String)
    /// Text that a regular expression matches whole — written in the syntax common to Swift's `Regex` and
    /// ECMA-262, which JSON Schema's `pattern` uses — of at most `maxLength` characters; `what` says it in words.
    case pattern(String, maxLength: Int, what: String, example: String)

    /// Why `text` is refused (the message after the option's name), or nil when it is accepted.
    public func refusal(_ text: String) -> String? {
        switch self {
        case .number(let range):
            guard let number = Self.decimal(text), range.contains(number) else {
                return "expected a number in \(range.lowerBound.clean)...\(range.upperBound.clean), found \(Diagnostic.quoted(text))"
            }
        case .integer(let range):
            guard text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 || $0 == 0x2D || $0 == 0x2B }), let number = Int64(text), range.contains(number) else {
                return "expected a whole number in \(range.lowerBound)...\(range.upperBound), found \(Diagnostic.quoted(text))"
            }
        case .choice(let words, let what):
            guard words.contains(text) else {
                let listed = words.dropLast().joined(separator: ", ") + (words.count > 1 ? " or " : "") + (words.last ?? "")
                return "expected \(words.count <= 12 ? listed : what ?? "one of \(words.count) names"), found \(Diagnostic.quoted(text))"
            }
        case .names(_, let contains, let what):
            guard contains(text) else { return "expected \(what), found \(Diagnostic.quoted(text))" }
        case .pattern(let pattern, let maxLength, let what, _):
            guard text.count <= maxLength, Self.matches(pattern, text) else { return "expected \(what), found \(Diagnostic.quoted(text))" }
        }
        return nil
    }

    /// The parameter's JSON Schema (OpenAPI 3.1), as an object's members.
    public var jsonSchema: [(String, JSONOut)] {
        switch self {
        case .number(let range): return [("type", .string("number")), ("minimum", .exact(range.lowerBound)), ("maximum", .exact(range.upperBound))]
        case .integer(let range): return [("type", .string("integer")), ("minimum", .int(Int(range.lowerBound))), ("maximum", .int(Int(range.upperBound)))]
        case .choice(let words, _): return [("type", .string("string")), ("enum", .array(words.map { .string($0) }))]
        case .names(let words, _, _): return [("type", .string("string")), ("enum", .array(words().map { .string($0) }))]
        case .pattern(let pattern, let maxLength, _, _):
            return [("type", .string("string")), ("pattern", .string("^(?:" + pattern + ")$")), ("maxLength", .int(maxLength))]
        }
    }

    /// A value the domain accepts (the command-line tests give every option one).
    public var example: String {
        switch self {
        case .number(let range): return range.lowerBound.clean
        case .integer(let range): return String(range.lowerBound)
        case .choice(let words, _): return words.first ?? ""
        case .names(let words, _, _): return words().first ?? ""
        case .pattern(_, _, _, let example): return example
        }
    }

    /// Patterns compiled once (the locale tag's lists every language ICU knows: milliseconds to compile).
    private static let compiled = Mutex<[String: Regex<AnyRegexOutput>]>([:])

    private static func matches(_ pattern: String, _ text: String) -> Bool {
        let regex: Regex<AnyRegexOutput>? = compiled.withLock { cache in
            if let regex = cache[pattern] { return regex }
            let regex = try? Regex(pattern)
            cache[pattern] = regex
            return regex
        }
        return (try? regex?.wholeMatch(in: text)) != nil
    }

    /// `text` as a decimal number: an optional sign, digits with an optional fraction (or a fraction alone), an
    /// optional exponent — what a JSON number or a query serialiser writes; Swift's `Double` alone would also take
    /// `0x1p3`, `inf` and `nan`.
    static func decimal(_ text: String) -> Double? {
        var digits = 0, fractionDigits = 0, index = text.utf8.startIndex
        let bytes = text.utf8
        func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
        if index < bytes.endIndex, bytes[index] == 0x2B || bytes[index] == 0x2D { index = bytes.index(after: index) }
        while index < bytes.endIndex, isDigit(bytes[index]) { digits += 1; index = bytes.index(after: index) }
        if index < bytes.endIndex, bytes[index] == 0x2E {
            index = bytes.index(after: index)
            while index < bytes.endIndex, isDigit(bytes[index]) { fractionDigits += 1; index = bytes.index(after: index) }
        }
        guard digits + fractionDigits > 0 else { return nil }
        if index < bytes.endIndex, bytes[index] == 0x65 || bytes[index] == 0x45 {
            index = bytes.index(after: index)
            if index < bytes.endIndex, bytes[index] == 0x2B || bytes[index] == 0x2D { index = bytes.index(after: index) }
            var exponentDigits = 0
            while index < bytes.endIndex, isDigit(bytes[index]) { exponentDigits += 1; index = bytes.index(after: index) }
            guard exponentDigits > 0 else { return nil }
        }
        guard index == bytes.endIndex, let number = Double(text), number.isFinite else { return nil }
        return number
    }
}

extension OptionDomain {
    /// `#RRGGBB` or `#RRGGBBAA` in hex digits of either case.
    public static let hexColor = OptionDomain.pattern("#[0-9A-Fa-f]{6}(?:[0-9A-Fa-f]{2})?", maxLength: 9, what: "#RRGGBB or #RRGGBBAA",
                                                      example: "#000000")
    /// A colour or `transparent`.
    public static let backgroundColor = OptionDomain.pattern("transparent|#[0-9A-Fa-f]{6}(?:[0-9A-Fa-f]{2})?", maxLength: 11,
                                                             what: "#RRGGBB, #RRGGBBAA or transparent", example: "transparent")
    /// A locale tag `TextLocale` accepts.
    public static let localeTag = OptionDomain.pattern(TextLocale.pattern, maxLength: 64,
                                                       what: "a locale tag: an ISO 639 language in lower case and subtags of 1-8 letters or digits after - or _ (en, ja, zh-Hant, pt-BR)",
                                                       example: "en")
    /// A time zone ICU knows.
    public static let timeZone = OptionDomain.names({ TimeZoneName.all }, contains: { TimeZoneName.isKnown($0) },
                                                    what: "a time zone ICU knows (an IANA name: UTC, Europe/Berlin, Asia/Tokyo)")
}
