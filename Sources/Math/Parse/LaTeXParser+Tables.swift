/// The parser's fixed vocabulary beyond the symbol table (`math-facts.md` §3.2, §3.13, §3.14, §5.12).
extension LaTeXParser {
    static let spaces: [String: MathSpace] = [
        ",": .mu(3), "thinspace": .mu(3), ":": .mu(4), ">": .mu(4), "medspace": .mu(4), ";": .mu(5), "thickspace": .mu(5),
        "!": .mu(-3), "negthinspace": .mu(-3), "negmedspace": .mu(-4), "negthickspace": .mu(-5),
        "quad": .em(1), "qquad": .em(2), "enspace": .em(0.5), " ": .em(0.332),
    ]

    static let styles: [String: MathStyle] = [
        "displaystyle": .display, "textstyle": .text, "scriptstyle": .script, "scriptscriptstyle": .scriptScript,
    ]

    /// Math alphabets that apply to their argument.
    static let alphabets: [String: MathAlphabet] = [
        "mathnormal": .normal, "mathrm": .roman, "mathbf": .bold, "mathit": .italic, "boldsymbol": .boldItalic, "bm": .boldItalic,
        "mathbfit": .boldItalic, "mathsf": .sansSerif, "mathsfit": .sansSerifItalic, "mathtt": .monospace, "mathcal": .calligraphic, "mathscr": .calligraphic,
        "mathfrak": .fraktur, "mathbb": .doubleStruck,
    ]

    /// Text commands: their argument is text, in the current text face changed by the command (`TextFace`).
    static let textCommands: [String: TextFace.Change] = [
        "text": .keep, "mbox": .keep, "textnormal": .set(.normal), "textrm": .family(.roman), "textsf": .family(.sans),
        "texttt": .family(.mono), "textbf": .bold(true), "textmd": .bold(false), "textit": .italic(true), "textsl": .italic(true),
        "textup": .italic(false), "emph": .emphasis,
    ]

    /// Named operators (§5.12): the upright name and whether it takes limits in display style.
    static let namedOperators: [String: (text: String, limits: Bool)] = {
        var table: [String: (text: String, limits: Bool)] = [:]
        for name in ["sin", "cos", "tan", "cot", "sec", "csc", "arcsin", "arccos", "arctan", "sinh", "cosh", "tanh", "coth",
                     "log", "ln", "lg", "exp", "arg", "ker", "dim", "hom", "deg"] {
            table[name] = (name, false)
        }
        for name in ["lim", "max", "min", "sup", "inf", "det", "Pr", "gcd"] { table[name] = (name, true) }
        // amsmath's lim\,sup: a thin space (U+2006, a sixth of an em: 3 mu) between the words, not an interword space.
        table["limsup"] = ("lim\u{2006}sup", true)
        table["liminf"] = ("lim\u{2006}inf", true)
        table["argmax"] = ("arg\u{2006}max", true)
        table["argmin"] = ("arg\u{2006}min", true)
        return table
    }()

    /// `\big` … `\Bigg` with their l/r/m forms: the size step and the class.
    static let bigSizes: [String: (size: Int, atomClass: AtomClass)] = {
        var table: [String: (size: Int, atomClass: AtomClass)] = [:]
        for (name, size) in [("big", 1), ("Big", 2), ("bigg", 3), ("Bigg", 4)] {
            table[name] = (size, .ord)
            table[name + "l"] = (size, .open)
            table[name + "r"] = (size, .close)
            table[name + "m"] = (size, .rel)
        }
        return table
    }()

    /// Unicode superscript and subscript digits, signs and parentheses, and what they stand for.
    static let scriptDigits: [Character: (scalar: Unicode.Scalar, superscript: Bool)] = {
        var table: [Character: (scalar: Unicode.Scalar, superscript: Bool)] = [:]
        let supers: [UInt32] = [0x2070, 0x00B9, 0x00B2, 0x00B3, 0x2074, 0x2075, 0x2076, 0x2077, 0x2078, 0x2079]
        for (digit, code) in supers.enumerated() {
            table[Character(Unicode.Scalar(code)!)] = (Unicode.Scalar(0x30 + UInt32(digit))!, true)
            table[Character(Unicode.Scalar(0x2080 + UInt32(digit))!)] = (Unicode.Scalar(0x30 + UInt32(digit))!, false)
        }
        table["\u{207A}"] = ("+", true)
        table["\u{207B}"] = ("\u{2212}", true)
        table["\u{208A}"] = ("+", false)
        table["\u{208B}"] = ("\u{2212}", false)
        table["\u{207F}"] = ("n", true)
        return table
    }()
}
