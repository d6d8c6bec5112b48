/// TeX's atom classes (`math-facts.md` §3.3): they decide inter-atom spacing and binary-operator demotion.
public enum AtomClass: String, Sendable, CaseIterable {
    case ord, op, bin, rel, open, close, punct, inner
}

/// What a LaTeX symbol command stands for (`math-facts.md` §5).
public struct MathSymbol: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// A character atom of that class.
        case atom(AtomClass)
        /// An accent over its argument (\hat), fixed or grown to the next size variant.
        case accent
        /// An accent stretched over its whole argument (\widehat).
        case wideAccent
        /// A stretchy construction over or under its argument (\overrightarrow, \overbrace / \underbrace).
        case over, under
        /// A rule over or under its argument (\overline, \underline).
        case overRule, underRule
        /// A line segment with a tick at each end over or under its argument (KaTeX's \overlinesegment).
        case overSegment, underSegment
        /// An accent below its argument.
        case underAccent
    }

    public let scalar: Unicode.Scalar
    public let kind: Kind
    /// Latin Modern Math has the code point (else a fallback font draws it).
    public let inLatinModernMath: Bool

    init(scalar: UInt32, kind: Kind, inLatinModernMath: Bool) {
        self.scalar = Unicode.Scalar(scalar) ?? "\u{FFFD}"
        self.kind = kind
        self.inLatinModernMath = inLatinModernMath
    }

    /// The symbol a command names (without the backslash), nil when it is not a symbol command.
    public static func named(_ command: String) -> MathSymbol? { table[command] }
}
