import Primitives

/// Text a golden comparison or a documentation shot must not depend on (`--redact REGEX`: a time, an id, a counter),
/// laid out as one fixed-size neutral box whatever it says, so the layout around it never moves (issue 57). Matches
/// are found in each run of plain text (a match across two styles is two runs); code blocks, formulas and dates
/// stay as they are (dates follow `--now`).
public struct Redaction: Sendable {
    /// What every match becomes: four full blocks, one box the width of four of them in the run's font.
    public static let box = "\u{2588}\u{2588}\u{2588}\u{2588}"

    /// Why a pattern is refused.
    public struct Invalid: ClassifiedError, Sendable {
        public var kind: FailureKind { .usage }
        public let description: String
    }

    public let patterns: [String]

    /// Checks that every pattern compiles (Swift's `Regex` syntax, which takes the common ECMA/PCRE forms).
    public init(patterns: [String]) throws(Invalid) {
        for pattern in patterns {
            guard !pattern.isEmpty else { throw Invalid(description: "an empty pattern would match everywhere") }
            do { _ = try Regex(pattern) } catch { throw Invalid(description: "\(Diagnostic.quoted(pattern)) is not a regular expression: \(error)") }
        }
        self.patterns = patterns
    }

    /// `document` with every match of every pattern replaced by the box.
    public func apply(to document: Document) -> Document {
        guard !patterns.isEmpty else { return document }
        let expressions = patterns.compactMap { try? Regex($0) }
        var redacted = document
        redacted.blocks = document.blocks.map { block in block.mappingTexts { text in expressions.reduce(text) { Self.redact($0, $1) } } }
        return redacted
    }

    static func redact(_ text: RichText, _ expression: Regex<AnyRegexOutput>) -> RichText {
        switch text {
        case .plain(let string):
            var parts: [RichText] = [], rest = string.startIndex
            for match in string.matches(of: expression) where !match.range.isEmpty {
                if rest < match.range.lowerBound { parts.append(.plain(String(string[rest..<match.range.lowerBound]))) }
                parts.append(.plain(box))
                rest = match.range.upperBound
            }
            guard !parts.isEmpty else { return text }
            if rest < string.endIndex { parts.append(.plain(String(string[rest...]))) }
            return .concat(parts)
        case .concat(let parts): return .concat(parts.map { redact($0, expression) })
        case .styled(let style, let inner): return .styled(style, redact(inner, expression))
        case .link(let link, let inner): return .link(link, redact(inner, expression))
        case .anchor(let name, let inner): return .anchor(name: name, redact(inner, expression))
        case .unknown(let type, let inner): return .unknown(type: type, text: redact(inner, expression))
        case .diff(let new, let old): return .diff(new: redact(new, expression), old: redact(old, expression))
        case .date, .customEmoji, .math, .image, .button: return text
        }
    }
}
