import Drawing

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
    /// `\mathsfit`: sans-serif italic Latin letters (digits sans-serif upright).
    case sansSerifItalic
}

public indirect enum MathNucleus: Sendable, Equatable {
    /// Nothing (a script on an empty base: `{}^2`, `^2`).
    case empty
    case character(Unicode.Scalar, MathAlphabet)
    /// Upright text in the math font's letters: an operator name (`\sin`, `\operatorname{…}`), `\bmod`.
    case text(String, MathAlphabet)
    /// Text in a text face (`\text{…}`, `\textbf{…}`, `\mbox{…}`, `\verb`, a tag): Latin Modern's text fonts at
    /// the optical size of the style, as LuaLaTeX sets it.
    case textRun(String, TextFace)
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
    /// `\color`, `\textcolor`: the list in another colour.
    case colored(RGBA, MathList)
    /// `\boxed` (a frame around display-style math) and `\colorbox` (a background behind text).
    case boxed(MathList, background: RGBA?, border: Bool)
    /// `\phantom` (both dimensions), `\hphantom` (width only), `\vphantom` (height and depth only): room, no ink.
    case phantom(MathList, keepsWidth: Bool, keepsHeight: Bool)
    /// `\xrightarrow[below]{above}` and relatives: an arrow stretched under or over its labels.
    case extensibleArrow(Unicode.Scalar, above: MathList?, below: MathList?)
    /// A matrix, `cases`, `aligned`, `array`, `\substack` … (`math-facts.md` §3.12).
    case table(MathTable)
    /// `\tiny` … `\Huge`: the list at this multiple of the formula's size (KaTeX's factors, absolute, not nested).
    case sized(Double, MathList)
    /// `\llap`, `\rlap`, `\clap` and the `\math…lap` forms: the list drawn with no width, ending at, starting at or
    /// centred on the current point.
    case lap(MathList, MathLap)
    /// `\smash` (`[t]` keeps the depth, `[b]` the height): the list drawn with its height and/or depth taken away.
    case smash(MathList, height: Bool, depth: Bool)
    /// `\cancel`, `\bcancel`, `\xcancel`, `\sout`, `\angl`, `\phase`: lines drawn over or around the list.
    case enclosed(MathList, [MathEnclosure])
    /// `\raisebox{len}{…}`: the list moved up by a length, its box moved with it.
    case raised(MathList, by: MathSpace)
    /// `\rule[raise]{width}{height}`: a filled rectangle standing on the baseline (raised by `raise`).
    case rule(width: MathSpace, height: MathSpace, raise: MathSpace)
    /// `\vcenter`: the list centred on the math axis.
    case vcenter(MathList)
    /// `\mathchoice{D}{T}{S}{SS}`: the list of the current style.
    case choice(display: MathList, text: MathList, script: MathList, scriptScript: MathList)
    /// `\not`: the list with a slash over it.
    case negated(MathList)
    /// `\fbox` and `\fcolorbox`: a frame (in `border`, or the current colour) around the list on a background.
    case framed(MathList, border: RGBA?, background: RGBA?)
    /// `\ce{…}` and `\pu{…}` as read: set like any list, but with mhchem's arrows (at least 2 em long).
    case chemistry(MathList)
    /// `$…$` inside text (`\text{…}`, `\hbox{…}`): math that starts in text style, as TeX starts inline math, in
    /// a display formula (in scripts it keeps the script's style and size).
    case inlineMath(MathList)
}

public enum MathLap: Sendable, Equatable { case left, right, center }

/// The lines of `MathNucleus.enclosed`.
public enum MathEnclosure: Sendable, Equatable {
    /// `/` from the bottom left to the top right corner (`\cancel`).
    case upDiagonal
    /// `\` from the top left to the bottom right (`\bcancel`).
    case downDiagonal
    /// A line through the middle at the strike height (`\sout`).
    case horizontalStrike
    /// A rule over the top and down the right side (`\angl`, actuarial notation).
    case topAndRight
    /// A rule under the bottom and a slanted stroke up the left side (`\phase`, steinmetz notation).
    case phaseAngle
}

/// The rows and columns of an environment, and how the kind of environment spaces them (`math-facts.md` §3.12;
/// LaTeX `array` and amsmath: \arraycolsep 5 pt, \baselineskip 12 pt, struts 0.7 and 0.3 of it, \jot 3 pt;
/// lengths here are in ems of the cell style).
public struct MathTable: Sendable, Equatable {
    public enum Alignment: Sendable, Equatable { case left, center, right }

    public var rows: [[MathList]]
    /// Per column; the last one repeats for columns beyond (with `pairedColumns`, the pair repeats).
    public var alignments: [Alignment]
    /// The cells' style; nil keeps the surrounding style (`\substack`).
    public var style: MathStyle?
    /// Between columns (or, with `pairedColumns`, between column pairs).
    public var columnGap: Double
    /// `aligned`: columns come in right-left pairs with no gap inside a pair.
    public var pairedColumns: Bool
    /// Room left of the first and right of the last column (`array` keeps \arraycolsep there).
    public var outerPadding: Double
    /// \arraystretch: the row struts are 0.7 and 0.3 of 1.2 em times this.
    public var rowStretch: Double
    /// Extra depth of every row (amsmath's \jot in `aligned` and `gathered`).
    public var jot: Double
    /// Extra room after each row (`\\[len]`), in ems; missing entries are 0.
    public var rowGaps: [Double]
    /// Horizontal rules: the row index a rule sits above (`rows.count`: below the last).
    public var horizontalRules: [Int]
    /// Vertical rules: the column index a rule sits before (`columns`: after the last).
    public var verticalRules: [Int]
    /// The rules of `verticalRules` (by index there) and `horizontalRules` that are dashed (`:` and `\hdashline`).
    public var dashedVerticalRules: Set<Int> = []
    public var dashedHorizontalRules: Set<Int> = []
    /// Each row's equation tag (`\tag` in the row), already with its parentheses; missing entries have none.
    public var rowTags: [MathList?] = []
    /// Where the baseline goes: through the middle on the axis (TeX's \vcenter), or on the first (`[t]`) or last
    /// (`[b]`) row's baseline (`\begin{aligned}[t]`).
    public enum VerticalAlignment: Sendable, Equatable { case center, top, bottom }
    public var verticalAlignment = VerticalAlignment.center
    /// `smallmatrix` as amsmath sets it: no struts, baselines 0.6 em apart (\baselineskip 6\ex@) unless the rows
    /// come closer than 0.15 em (\lineskip), columns a \thickspace (0.2777 em) apart, both in the formula's ems.
    public var compactRows = false
    /// `multline`: the first row flush left and the last flush right in the table's width.
    public var multline = false
    /// amsmath's `\substack` and `subarray`: no struts, each row \lineskip below the one above (0.12 em of the
    /// script size: LuaLaTeX's \substack{a\\b} is 16.99 pt tall at 19.04 pt, 1.6 pt between b's top and a's bottom).
    public var subarrayRows = false

    public init(rows: [[MathList]], alignments: [Alignment], style: MathStyle?, columnGap: Double, pairedColumns: Bool = false,
                outerPadding: Double = 0, rowStretch: Double = 1, jot: Double = 0, rowGaps: [Double] = [],
                horizontalRules: [Int] = [], verticalRules: [Int] = []) {
        self.rows = rows
        self.alignments = alignments
        self.style = style
        self.columnGap = columnGap
        self.pairedColumns = pairedColumns
        self.outerPadding = outerPadding
        self.rowStretch = rowStretch
        self.jot = jot
        self.rowGaps = rowGaps
        self.horizontalRules = horizontalRules
        self.verticalRules = verticalRules
    }

    public var columnCount: Int { rows.map(\.count).max() ?? 0 }

    public func alignment(ofColumn column: Int) -> Alignment {
        guard !alignments.isEmpty else { return .center }
        // `aligned`, `align`, `alignat`: amsmath's \halign template is a right-aligned and a left-aligned column,
        // repeated for every pair, so the third and fifth columns align right again.
        if pairedColumns { return alignments[column % alignments.count] }
        return alignments[min(column, alignments.count - 1)]
    }
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
    /// A rule's thickness given with it (`\above 2pt`, `\genfrac`'s third argument), in ems of the formula's size
    /// (TeX's dimension does not shrink in scripts); nil: the font's FractionRuleThickness.
    public var ruleThickness: Double?
    public var style: Style
    /// Delimiters around it (`\binom`: parentheses).
    public var left: Unicode.Scalar?
    public var right: Unicode.Scalar?

    public init(numerator: MathList, denominator: MathList, hasRule: Bool = true, style: Style = .automatic,
                left: Unicode.Scalar? = nil, right: Unicode.Scalar? = nil, ruleThickness: Double? = nil) {
        self.numerator = numerator
        self.denominator = denominator
        self.hasRule = hasRule
        self.ruleThickness = ruleThickness
        self.style = style
        self.left = left
        self.right = right
    }
}
