/// Commands that are macros over other commands, expanded by `MacroExpander` before parsing: KaTeX's aliases
/// (`\Alpha`, `\isin`, `\larr`, `\R` …, from its support table), the mathtools colon relations, Dirac's
/// brackets, the TeX logos, operator names of Russian and European notation, and amsmath's dots. Each entry is
/// `name: (parameters, body)`; a user's `\def` or `\newcommand` of the same name wins.
enum LaTeXMacros {
    static let builtin: [String: MacroExpander.Macro] = {
        var table: [String: MacroExpander.Macro] = [:]
        for (name, body) in simple {
            table[name] = MacroExpander.Macro(parameters: 0, optionalDefault: nil, body: tokens(body))
        }
        for (name, (parameters, body)) in withArguments {
            table[name] = MacroExpander.Macro(parameters: parameters, optionalDefault: nil, body: tokens(body))
        }
        return table
    }()

    private static func tokens(_ body: String) -> [MacroExpander.Token] { MacroExpander.tokenize(body).map(\.token) }

    /// Capital Greek letters that look Latin are upright Latin capitals (as in KaTeX and the TeX fonts).
    private static let greekCapitals = ["Alpha": "A", "Beta": "B", "Epsilon": "E", "Zeta": "Z", "Eta": "H", "Iota": "I", "Kappa": "K",
                                        "Mu": "M", "Nu": "N", "Omicron": "O", "Rho": "P", "Tau": "T", "Chi": "X"]

    private static let simple: [String: String] = {
        var table: [String: String] = [
            // KaTeX aliases.
            "alef": #"\aleph"#, "alefsym": #"\aleph"#, "bull": #"\bullet"#, "clubs": #"\clubsuit"#, "diamonds": #"\diamondsuit"#,
            "hearts": #"\heartsuit"#, "spades": #"\spadesuit"#, "cnums": #"\mathbb{C}"#, "Complex": #"\mathbb{C}"#, "N": #"\mathbb{N}"#,
            "natnums": #"\mathbb{N}"#, "R": #"\mathbb{R}"#, "Reals": #"\mathbb{R}"#, "reals": #"\mathbb{R}"#, "Z": #"\mathbb{Z}"#,
            "image": #"\Im"#, "real": #"\Re"#, "infin": #"\infty"#, "isin": #"\in"#, "exist": #"\exists"#, "empty": #"\emptyset"#,
            "plusmn": #"\pm"#, "sdot": #"\cdot"#, "sub": #"\subset"#, "sube": #"\subseteq"#, "supe": #"\supseteq"#,
            "thetasym": #"\vartheta"#, "weierp": #"\wp"#, "Dagger": #"\ddagger"#, "omicron": #"\mathit{o}"#,
            "Darr": #"\Downarrow"#, "dArr": #"\Downarrow"#, "darr": #"\downarrow"#, "Harr": #"\Leftrightarrow"#, "hArr": #"\Leftrightarrow"#,
            "harr": #"\leftrightarrow"#, "Larr": #"\Leftarrow"#, "lArr": #"\Leftarrow"#, "larr": #"\leftarrow"#,
            "Lrarr": #"\Leftrightarrow"#, "lrArr": #"\Leftrightarrow"#, "lrarr": #"\leftrightarrow"#, "Rarr": #"\Rightarrow"#,
            "rArr": #"\Rightarrow"#, "rarr": #"\rightarrow"#, "Uarr": #"\Uparrow"#, "uArr": #"\Uparrow"#, "uarr": #"\uparrow"#,
            "lq": "`", "rq": "'", "mathsterling": #"\pounds"#, "mathellipsis": #"\ldots"#,
            "cdotp": #"\mathpunct{\cdot}"#, "ldotp": #"\mathpunct{.}"#,
            "gvertneqq": "\u{2269}", "lvertneqq": "\u{2268}", "notni": "\u{220C}", "varsubsetneq": "\u{228A}", "varsubsetneqq": "\u{2ACB}",
            "varsupsetneq": "\u{228B}", "varsupsetneqq": "\u{2ACC}", "ngeqq": #"\not\geqq"#, "ngeqslant": #"\not\geqslant"#,
            "nleqq": #"\not\leqq"#, "nleqslant": #"\not\leqslant"#, "nshortmid": #"\nmid"#, "nshortparallel": #"\nparallel"#,
            "nsubseteqq": #"\not\subseteqq"#, "nsupseteqq": #"\not\supseteqq"#, "minuso": #"\mathbin{\char"29B5}"#,
            // amsmath dots: \dotsb and \dotsm are centred, \dotsc and \dotso low, \dotsi centred after a thin negative kern.
            "dotso": #"\ldots"#, "dotsm": #"\cdots"#, "dotsi": #"\!\cdots"#,
            // The colon relations of mathtools: the colon centred on the axis, pieces 1.2 mu closer.
            "ratio": #"\vcentcolon"#, "dblcolon": #"\vcentcolon\mathrel{\mkern-.9mu}\vcentcolon"#, "coloncolon": #"\dblcolon"#,
            "colonequals": #"\vcentcolon\mathrel{\mkern-1.2mu}="#, "coloneqq": #"\colonequals"#,
            "coloncolonequals": #"\dblcolon\mathrel{\mkern-1.2mu}="#, "Coloneqq": #"\coloncolonequals"#,
            "colonminus": #"\vcentcolon\mathrel{\mkern-1.2mu}\mathrel{-}"#, "coloneq": #"\colonminus"#,
            "coloncolonminus": #"\dblcolon\mathrel{\mkern-1.2mu}\mathrel{-}"#, "Coloneq": #"\coloncolonminus"#,
            "equalscolon": #"=\mathrel{\mkern-1.2mu}\vcentcolon"#, "eqqcolon": #"\equalscolon"#,
            "equalscoloncolon": #"=\mathrel{\mkern-1.2mu}\dblcolon"#, "Eqqcolon": #"\equalscoloncolon"#,
            "minuscolon": #"\mathrel{-}\mathrel{\mkern-1.2mu}\vcentcolon"#, "eqcolon": #"\minuscolon"#,
            "minuscoloncolon": #"\mathrel{-}\mathrel{\mkern-1.2mu}\dblcolon"#, "Eqcolon": #"\minuscoloncolon"#,
            "colonapprox": #"\vcentcolon\mathrel{\mkern-1.2mu}\approx"#, "coloncolonapprox": #"\dblcolon\mathrel{\mkern-1.2mu}\approx"#,
            "Colonapprox": #"\coloncolonapprox"#, "colonsim": #"\vcentcolon\mathrel{\mkern-1.2mu}\sim"#,
            "coloncolonsim": #"\dblcolon\mathrel{\mkern-1.2mu}\sim"#, "Colonsim": #"\coloncolonsim"#,
            "approxcolon": #"\approx\mathrel{\mkern-1.2mu}\vcentcolon"#, "approxcoloncolon": #"\approx\mathrel{\mkern-1.2mu}\dblcolon"#,
            "simcolon": #"\sim\mathrel{\mkern-1.2mu}\vcentcolon"#, "simcoloncolon": #"\sim\mathrel{\mkern-1.2mu}\dblcolon"#,
            // The logos, as LaTeX builds them.
            // \textrm, so that the logos work in math and inside \text alike.
            "TeX": #"\textrm{T\kern-.1667em\raisebox{-.5ex}{E}\kern-.125em X}"#,
            "LaTeX": #"\textrm{L\kern-.36em\raisebox{.21em}{\scriptsize A}\kern-.15em\TeX}"#,
            "KaTeX": #"\textrm{K\kern-.17em\raisebox{.21em}{\scriptsize A}\kern-.15em\TeX}"#,
            // Operators.
            "arcctg": #"\operatorname{arcctg}"#, "arctg": #"\operatorname{arctg}"#, "cosec": #"\operatorname{cosec}"#,
            "cotg": #"\operatorname{cotg}"#, "ctg": #"\operatorname{ctg}"#, "cth": #"\operatorname{cth}"#, "sh": #"\operatorname{sh}"#,
            "ch": #"\operatorname{ch}"#, "th": #"\operatorname{th}"#, "tg": #"\operatorname{tg}"#,
            "injlim": #"\operatorname*{inj\,lim}"#, "projlim": #"\operatorname*{proj\,lim}"#, "plim": #"\operatorname*{plim}"#,
            "varinjlim": #"\mathop{\underrightarrow{\mathrm{lim}}}\limits"#, "varprojlim": #"\mathop{\underleftarrow{\mathrm{lim}}}\limits"#,
            "varliminf": #"\mathop{\underline{\mathrm{lim}}}\limits"#, "varlimsup": #"\mathop{\overline{\mathrm{lim}}}\limits"#,
            // Spacing and breaking.
            "mathstrut": #"\vphantom{(}"#, "space": #"\ "#, "nobreakspace": "~", "nobreak": "", "allowbreak": "", "relax": "",
            "|": #"\Vert"#, "begingroup": "{", "endgroup": "}", "bgroup": "{", "egroup": "}", "newline": #"\\"#, "implies": #"\;\Longrightarrow\;"#,
            "impliedby": #"\;\Longleftarrow\;"#, "iff": #"\;\Longleftrightarrow\;"#, "angln": #"\angl{n}"#,
        ]
        for (name, letter) in greekCapitals { table[name] = "\\mathrm{\(letter)}" }
        return table
    }()

    private static let withArguments: [String: (Int, String)] = [
        "bra": (1, #"\mathinner{\langle{#1}|}"#), "ket": (1, #"\mathinner{|{#1}\rangle}"#),
        "braket": (1, #"\mathinner{\langle{#1}\rangle}"#), "Bra": (1, #"\left\langle #1\right|"#), "Ket": (1, #"\left|#1\right\rangle"#),
        "Braket": (1, #"\left\langle #1\right\rangle"#),
        "pod": (1, #"\mathchoice{\mkern18mu}{\mkern8mu}{\mkern8mu}{\mkern8mu}(#1)"#), "frak": (1, #"\mathfrak{#1}"#), "Bbb": (1, #"\mathbb{#1}"#), "bold": (1, #"\mathbf{#1}"#),
    ]
}
