/// A math list (TeX's noad list, `math-facts.md` §3.3): what the LaTeX parser produces and the typesetter lays out.
public struct MathList: Sendable, Equatable {
    public var items: [MathItem]

    public init(_ items: [MathItem] = []) {
        self.items = items
    }
}

public enum MathItem: Sendable, Equatable {
    case atom(MathAtom)
    /// Explicit space (`\,`, `\quad`, `~`): it does not change the previous atom's class for spacing (§3.14).
    case space(MathSpace)
    /// `\displaystyle` … `\scriptscriptstyle`: the style from here to the end of the list.
    case style(MathStyle)
}

/// TeX's four style sizes (cramping is decided by the typesetter from the construct, §3.2).
public enum MathStyle: String, Sendable, Equatable {
    case display, text, script, scriptScript
}

public enum MathSpace: Sendable, Equatable {
    /// Math units: 1/18 em of the current style.
    case mu(Double)
    /// Ems of the current style's size.
    case em(Double)
}

/// One atom: a nucleus of some class with optional scripts.
public struct MathAtom: Sendable, Equatable {
    public enum Limits: Sendable, Equatable {
        /// TeX's rule: limits in display style for large operators, scripts otherwise.
        case automatic
        case limits
        case noLimits
    }

    public var atomClass: AtomClass
    public var nucleus: MathNucleus
    /// The superscript, or the upper limit of an operator set with limits.
    public var upper: MathList?
    /// The subscript, or the lower limit.
    public var lower: MathList?
    public var limits: Limits

    public init(_ atomClass: AtomClass, _ nucleus: MathNucleus, upper: MathList? = nil, lower: MathList? = nil, limits: Limits = .automatic) {
        self.atomClass = atomClass
        self.nucleus = nucleus
        self.upper = upper
        self.lower = lower
        self.limits = limits
    }
}

/// The math alphabets of `math-facts.md` §3.13: how letters and digits map to code points.
public enum MathAlphabet: String, Sendable, Equatable {
    /// Italic letters, upright digits and capital Greek, italic lowercase Greek.
    case normal
    case roman, bold, italic, boldItalic, sansSerif, monospace, calligraphic, fraktur, doubleStruck
}

public indirect enum MathNucleus: Sendable, Equatable {
    /// Nothing (a script on an empty base: `{}^2`, `^2`).
    case empty
    case character(Unicode.Scalar, MathAlphabet)
    /// Upright text: `\text{…}`, an operator name.
    case text(String, MathAlphabet)
    /// A braced group.
    case list(MathList)
    case fraction(MathFraction)
    case radical(radicand: MathList, index: MathList?)
    /// `\left … \right`; `nil` delimiters are `.`.
    case leftRight(left: Unicode.Scalar?, body: MathList, right: Unicode.Scalar?)
    /// `\middle` inside `\left … \right`.
    case middle(Unicode.Scalar?)
    /// A delimiter of a fixed larger size: `\big` (1) … `\Bigg` (4).
    case sizedDelimiter(Unicode.Scalar, size: Int)
    /// An accent, wide accent, stretchy over/under construction or rule over its base.
    case accent(Unicode.Scalar, kind: MathSymbol.Kind, base: MathList)
}

/// `\frac`, `\dfrac`, `\tfrac`, `\cfrac`, `\binom` and relatives.
public struct MathFraction: Sendable, Equatable {
    public enum Style: Sendable, Equatable {
        /// The current style's numerator and denominator styles (`\frac`).
        case automatic
        /// `\dfrac`, `\cfrac`: as in display style.
        case display
        /// `\tfrac`: as in text style.
        case text
    }

    public var numerator: MathList
    public var denominator: MathList
    /// `\binom` has no rule.
    public var hasRule: Bool
    public var style: Style
    /// Delimiters around it (`\binom`: parentheses).
    public var left: Unicode.Scalar?
    public var right: Unicode.Scalar?

    public init(numerator: MathList, denominator: MathList, hasRule: Bool = true, style: Style = .automatic,
                left: Unicode.Scalar? = nil, right: Unicode.Scalar? = nil) {
        self.numerator = numerator
        self.denominator = denominator
        self.hasRule = hasRule
        self.style = style
        self.left = left
        self.right = right
    }
}
