import FoundationEssentials
import Primitives

/// mhchem's `\ce{…}` and `\pu{…}` (version 4 of its grammar, from the mhchem manual), read into the LaTeX the
/// formula parser then sets, so spacing, fonts and fallback are the typesetter's. Hand-written: mhchem is a TeX
/// package and a JavaScript library; nothing in Debian parses its notation for another program.
///
/// `\ce`: species (element symbols upright, digits after them subscripts, charges and oxidation states as
/// superscripts, isotopes as left scripts), stoichiometric numbers and fractions, states (`(aq)`), adducts (`*`,
/// `.`), bonds (`-`, `=`, `#` inside a species), precipitate and gas (`v`, `^` alone), the arrows (`->`, `<-`,
/// `<->`, `<-->`, `<=>`, `<=>>`, `<<=>`) with text or formulas above and below, `+` between species, and the
/// `$…$` (math) and `{…}` (text) escapes. `\pu`: numbers with exponents (`1.2e3` → 1.2·10³, `1.2E3` → 1.2×10³),
/// units with products (a space), quotients (`/`, `//` as a fraction) and powers (`^2`, `s-2`).
enum ChemistryParser {
    struct Failure: ClassifiedError {
        var kind: FailureKind { .unreadable }
        var description: String { message }
        /// Characters from the start of the argument.
        var offset: Int
        var message: String
    }

    // MARK: - \ce

    /// One word of `\ce` before it is read: a species (or sign) as written, or an arrow already in LaTeX.
    private enum Word {
        case written(String, offset: Int)
        case arrow(String)
    }

    static func chemistry(_ source: String) throws -> String {
        let characters = Array(source)
        var words: [Word] = []
        var index = 0
        // Words split at spaces; arrows and `+` are their own words when spaced, and arrows also when glued.
        while index < characters.count {
            if characters[index].isWhitespace { index += 1; continue }
            if let (arrow, length) = arrowAt(characters, index) {
                index += length
                var above: String?, below: String?
                if index < characters.count, characters[index] == "[" {
                    let (text, next) = try bracketed(characters, index)
                    above = text
                    index = next
                    if index < characters.count, characters[index] == "[" {
                        let (text, next) = try bracketed(characters, index)
                        below = text
                        index = next
                    }
                }
                words.append(.arrow(try arrowLaTeX(arrow, above: above, below: below, at: index)))
                continue
            }
            let start = index
            var word = ""
            var depth = 0
            while index < characters.count {
                let c = characters[index]
                if c == "{" { depth += 1 }
                if c == "}" { depth -= 1 }
                if depth == 0, c.isWhitespace { break }
                if depth == 0, !word.isEmpty, arrowAt(characters, index) != nil, !word.hasSuffix("^"), !word.hasSuffix("_") { break }
                if c == "$" {
                    // A math escape runs to its closing $ whatever it holds.
                    word.append(c)
                    index += 1
                    while index < characters.count, characters[index] != "$" { word.append(characters[index]); index += 1 }
                    guard index < characters.count else { throw Failure(offset: start, message: "missing $ in \\ce") }
                }
                word.append(characters[index])
                index += 1
            }
            guard depth == 0 else { throw Failure(offset: start, message: "unbalanced braces in \\ce") }
            words.append(.written(word, offset: start))
        }
        // A lone Greek letter is a particle, and a sign written apart after it is its charge (\beta +, \alpha +), as
        // LaTeX's mhchem reads it.
        var merged: [Word] = []
        for word in words {
            if case .written(let sign, _) = word, sign == "+" || sign == "-", case .written(let particle, let offset)? = merged.last,
               particle.hasPrefix("\\"), Self.greekNames.contains(String(particle.dropFirst())) {
                merged[merged.count - 1] = .written(particle + sign, offset: offset)
                continue
            }
            merged.append(word)
        }
        words = merged
        var output: [String] = []
        for (position, word) in words.enumerated() {
            switch word {
            case .arrow(let latex):
                output.append(latex)
            case .written(let text, let offset):
                // A lower-case word before a species is its stoichiometric variable (n H2O: italic, a thin space);
                // anywhere else it is text (heat, ->[heat], x alone), upright as LuaLaTeX's mhchem sets it.
                if !Self.operators.contains(text), text.allSatisfy({ $0.isLowercase && $0.isASCII }) {
                    var beforeSpecies = false
                    if position + 1 < words.count, case .written(let next, _) = words[position + 1] { beforeSpecies = !Self.operators.contains(next) }
                    output.append(beforeSpecies ? text + "\\," : "\\text{\(text)}")
                } else {
                    output.append(try wordLaTeX(text, at: offset))
                }
            }
        }
        return output.joined(separator: " ")
    }

    /// Words that stand between species, as mhchem's operators: signs, relations, precipitate and gas (`v`, `(v)`,
    /// `^`, `(^)`), and arrows written apart.
    private static let operators: Set<String> = Set(operatorLaTeX.keys).union(["->", "<-"])

    /// mhchem's operators written apart and what LaTeX's mhchem (version 4, in math) sets for each: `+` and `±` as
    /// binary signs with an empty atom on both sides, so they keep their spaces wherever they stand (`A +`); `-` and
    /// `=` as ordinary signs 0.5 ex from their neighbours; the other relations as relations; precipitate and gas as
    /// arrows set like operators.
    private static let operatorLaTeX: [String: String] = [
        "+": "{}+{}", "-": "\\hspace{0.5ex}{-}\\hspace{0.5ex}", "=": "\\hspace{0.5ex}{=}\\hspace{0.5ex}", "<": "{}<{}", ">": "{}>{}",
        "<<": "{}\\ll{}", ">>": "{}\\gg{}", "\\pm": "{}\\pm{}", "$\\pm$": "{}\\pm{}", "+-": "{}\\pm{}", "+/-": "{}\\pm{}",
        "\\approx": "{}\\approx{}", "$\\approx$": "{}\\approx{}", "v": "{}\\mathop{\\downarrow}{}", "(v)": "{}\\mathop{\\downarrow}{}",
        "^": "{}\\mathop{\\uparrow}{}", "(^)": "{}\\mathop{\\uparrow}{}",
    ]

    private static let arrows = ["<=>>", "<<=>", "<-->", "<=>", "<->", "->", "<-"]

    private static func arrowAt(_ characters: [Character], _ index: Int) -> (String, Int)? {
        for arrow in arrows {
            let pattern = Array(arrow)
            if index + pattern.count <= characters.count, Array(characters[index..<(index + pattern.count)]) == pattern { return (arrow, pattern.count) }
        }
        return nil
    }

    private static func bracketed(_ characters: [Character], _ start: Int) throws -> (String, Int) {
        var index = start + 1
        var depth = 0
        var text = ""
        while index < characters.count {
            let c = characters[index]
            if c == "{" { depth += 1 }
            if c == "}" { depth -= 1 }
            if c == "]", depth == 0 { return (text, index + 1) }
            text.append(c)
            index += 1
        }
        throw Failure(offset: start, message: "missing ] after an arrow in \\ce")
    }

    /// An arrow with labels that are chemistry themselves (`->[H2O]`), or math/text escapes.
    private static func arrowLaTeX(_ arrow: String, above: String?, below: String?, at offset: Int) throws -> String {
        func label(_ text: String?) throws -> String {
            guard let text, !text.trimmingWhitespace().isEmpty else { return "" }
            return try chemistry(text)
        }
        let upper = try label(above), lower = try label(below)
        if arrow == "<=>>" || arrow == "<<=>" {
            // mhchem's unequal equilibria: the harpoon of the favoured direction full length, the other 1 em shorter
            // and centred on it (mhchem.sty's equilibriumRight and equilibriumLeft): a short harpoon is the font's
            // 1 em glyph when there are no labels, else an arrow 1 em shorter than the labels make the long one.
            let right = arrow == "<=>>"
            let longLabel = right ? upper : lower, shortLabel = right ? lower : upper
            let longArrow = right ? "\\xrightharpoonup" : "\\xleftharpoondown", shortArrow = right ? "\\xleftharpoondown" : "\\xrightharpoonup"
            let long: String, short: String
            if upper.isEmpty && lower.isEmpty {
                long = longArrow + "{}"
                short = "\\mkern9mu" + (right ? "\\leftharpoondown" : "\\rightharpoonup") + "\\mkern9mu"
            } else {
                // The long one is as long as its own label needs, and 1 em longer than the short one (which an arrow in
                // \ce cannot make shorter than 2 em).
                let phantom = longLabel.isEmpty ? "" : "\\hphantom{\(longLabel)}\\mkern-18mu"
                let shortBody = right ? "\(shortArrow)[{\(shortLabel)}]{\(phantom)}" : "\(shortArrow)[\(phantom)]{\(shortLabel)}"
                let room = "\\hphantom{\(shortBody)}\\mkern18mu"
                long = right ? "\(longArrow)[\(room)]{\(longLabel)}" : "\(longArrow)[{\(longLabel)}]{\(room)}"
                short = "\\mkern9mu" + shortBody
            }
            let (top, bottom) = right ? (long, short) : (short, long)
            // The long arrow sets the width: the short one is drawn over it without width of its own.
            return right
                ? "\\mathrel{\\mathrlap{\\raisebox{-.22ex}{$\(bottom)$}}\\raisebox{.22ex}{$\(top)$}}"
                : "\\mathrel{\\mathrlap{\\raisebox{.22ex}{$\(top)$}}\\raisebox{-.22ex}{$\(bottom)$}}"
        }
        if arrow.contains("=") || arrow == "<-->" {
            // mhchem's equilibrium (and <-->): a right harpoon raised 0.22 ex over a left one lowered 0.22 ex (two
            // full arrows 0.44 ex), each as long as both labels need (the other's label as a phantom), the upper
            // label over the upper one, the lower under the lower (LuaLaTeX: \ce{A <=> B} is 1.86 pt deep, the
            // lower harpoon's 3 units and 0.22 ex).
            let harpoons = arrow != "<-->", shift = harpoons ? ".22ex" : ".44ex"
            let up = (harpoons ? "\\xrightharpoonup" : "\\xrightarrow") + (lower.isEmpty ? "" : "[\\hphantom{\(lower)}]") + "{\(upper)}"
            let down = (harpoons ? "\\xleftharpoondown" : "\\xleftarrow") + (lower.isEmpty ? "" : "[{\(lower)}]") + "{"
                + (upper.isEmpty ? "" : "\\hphantom{\(upper)}") + "}"
            return "\\mathrel{\\mathrlap{\\raisebox{\(shift)}{$\(up)$}}\\raisebox{-\(shift)}{$\(down)$}}"
        }
        // The single arrows (->, <-, <->); mhchem's arrows are at least 2 em long (the typesetter's chemistry lists
        // see to it).
        let command = arrow == "<-" ? "\\xleftarrow" : arrow == "<->" ? "\\xleftrightarrow" : "\\xrightarrow"
        return "\(command)\(lower.isEmpty ? "" : "[{\(lower)}]"){\(upper)}"
    }

    /// One word: `+`, a precipitate or gas sign, or a species with its stoichiometric number.
    private static func wordLaTeX(_ word: String, at offset: Int) throws -> String {
        // A spaced hyphen is an operator (A - B), set as the minus sign between species, not a charge.
        if let latex = operatorLaTeX[word] { return latex }
        if word == "->" || word == "<-" { return try arrowLaTeX(word, above: nil, below: nil, at: offset) }
        var characters = Array(word)
        // An orbital (1s, 2p, 3d, sp, sp3 …): read by `species`, which also joins a hyphen after it (1s^2-N).
        if orbitalLength(characters, 0) != nil { return try species(characters, at: offset) }
        var prefix = ""
        // Stoichiometric number: digits, a decimal, a fraction (1/2), or a parenthesised letter ((n)).
        var number = ""
        while let c = characters.first, c.isNumber || c == "." || c == "/" || c == "," {
            number.append(c)
            characters.removeFirst()
        }
        if !number.isEmpty {
            if number.contains("/") {
                let parts = number.split(separator: "/", maxSplits: 1).map(String.init)
                guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { throw Failure(offset: offset, message: "a bad fraction \(number) in \\ce") }
                prefix = "\\frac{\(parts[0])}{\(parts[1])}"
            } else {
                prefix = number
            }
            // A number alone (or before a space) is just a number; mhchem sets a thin space after it.
            if characters.isEmpty { return prefix + "\\," }
            prefix += "\\,"
        }
        return prefix + (try species(characters, at: offset + word.count - characters.count))
    }

    /// A species: elements, groups, scripts, charges, states, adducts and bonds.
    private static func species(_ characters: [Character], at offset: Int) throws -> String {
        var out = ""
        var index = 0
        /// Whether a digit now is a subscript (after an element, a closing group or a charge-less state).
        var afterAtom = false
        /// Whether everything so far is a prescript (an isotope's numbers).
        var prescript = false
        /// Whether the species began with an orbital (a hyphen after it joins, not bonds).
        var orbital = false
        /// Whether the last thing read was a charge written with ^ (a subscript then goes under it).
        var charged = false
        /// Whether the last thing read was a script (a count, a charge, ^ or _).
        var hasScript = false
        func failure(_ message: String) -> Failure { Failure(offset: offset + index, message: message) }
        while index < characters.count {
            let c = characters[index]
            let wasPrescript = prescript, wasCharge = charged, scripted = hasScript
            prescript = false
            charged = false
            hasScript = false
            switch c {
            case "$":
                var math = ""
                index += 1
                while index < characters.count, characters[index] != "$" { math.append(characters[index]); index += 1 }
                guard index < characters.count else { throw failure("missing $ in \\ce") }
                index += 1
                out += "{\(math)}"
                afterAtom = true
            case "{":
                // A text escape: its content as upright text (mhchem's {…}).
                var depth = 0, text = ""
                index += 1
                while index < characters.count {
                    if characters[index] == "{" { depth += 1 }
                    if characters[index] == "}" { if depth == 0 { break }; depth -= 1 }
                    text.append(characters[index])
                    index += 1
                }
                guard index < characters.count else { throw failure("missing } in \\ce") }
                index += 1
                out += "\\text{\(text)}"
                afterAtom = true
            case "\\":
                // A command (Greek letters, \alpha-particles…): passed to the math parser.
                var name = "\\"
                index += 1
                while index < characters.count, characters[index].isLetter { name.append(characters[index]); index += 1 }
                if name == "\\" , index < characters.count { name.append(characters[index]); index += 1 }
                if index < characters.count, characters[index] == "{", !Self.greekNames.contains(String(name.dropFirst())) {
                    // A command with braced arguments: \bond{…}, a nested \ce{…} (an arrow's label), or LaTeX
                    // passed on whole (\text{…}, \mathrm{…}, \frac{…}{…}).
                    var arguments: [String] = []
                    while index < characters.count, characters[index] == "{" {
                        let (argument, next) = try braced(characters, index, at: offset)
                        arguments.append(argument)
                        index = next
                    }
                    switch name {
                    case "\\bond":
                        guard let bond = Self.bonds[arguments[0]] else {
                            throw failure("\\bond{\(arguments[0])} is no bond (-, =, #, 1, 2, 3, ~, ~-, ~=, ~--, -~-, ..., ...., ->, <-)")
                        }
                        out += bond
                        afterAtom = false
                    case "\\ce":
                        out += "{" + (try chemistry(arguments[0])) + "}"
                        afterAtom = true
                    default:
                        out += name + arguments.map { "{\($0)}" }.joined()
                        afterAtom = true
                    }
                    continue
                }
                // Greek letters are upright in a formula (mhchem sets them as text); a hyphen follows a lone one (\mu-Cl).
                let greek = Self.greekNames.contains(String(name.dropFirst()))
                out += greek ? "\\mathrm{\(name)}" : name + " "
                if greek, index == name.count, index < characters.count, characters[index] == "-", !isTrailingCharge(characters, index) {
                    out += "\\text{-}"
                    index += 1
                    afterAtom = false
                    continue
                }
                afterAtom = true
            case _ where c.isUppercase && c.isASCII:
                var symbol = String(c)
                index += 1
                while index < characters.count, characters[index].isLowercase, characters[index].isASCII { symbol.append(characters[index]); index += 1 }
                out += "\\mathrm{\(symbol)}"
                afterAtom = true
            case _ where !afterAtom && orbitalLength(characters, index) != nil:
                // An orbital (1s, 2p, sp3) where a species starts: its number, a thin space and the upright letters,
                // as LaTeX's mhchem sets them (LuaLaTeX: \ce{1s} is 20.2 pt wide); a hyphen after it and its scripts
                // joins the next part (1s^2-N), as mhchem reads an orbital overlap.
                let length = orbitalLength(characters, index) ?? 0
                let orbitalText = characters[index..<(index + length)]
                let number = String(orbitalText.prefix { $0.isNumber }), letters = String(orbitalText.drop { $0.isNumber })
                out += (number.isEmpty ? "" : number + "\\,") + "\\mathrm{\(letters)}"
                index += length
                afterAtom = true
                orbital = true
            case "-" where orbital && !isTrailingCharge(characters, index):
                out += "\\text{-}"
                index += 1
                afterAtom = false
                orbital = false
            case _ where c.isLowercase && c.isASCII:
                var letters = String(c)
                index += 1
                while index < characters.count, characters[index].isLowercase, characters[index].isASCII { letters.append(characters[index]); index += 1 }
                if afterAtom {
                    // Letters right after a group or a count: its variable count, a subscript ((CH2)n).
                    out += Self.lowered(letters)
                    hasScript = true
                } else if letters.count == 1, index == 1, index < characters.count, characters[index].isUppercase {
                    // One letter before an element where the species starts: its amount, italic (xH2O), as mhchem's amount.
                    out += letters + "\\,"
                    afterAtom = false
                    continue
                } else if letters.count == 1, index == 1, index < characters.count, characters[index] == "-", !isTrailingCharge(characters, index) {
                    // One letter at the start and a - after it: italic and a hyphen (n-Bu, x-ray), as after a lone Greek letter.
                    out += letters + "\\text{-}"
                    index += 1
                    afterAtom = false
                    continue
                } else {
                    // Anywhere else letters are upright, as mhchem sets a formula's letters: e-, (en), (aq), pH.
                    out += "\\mathrm{\(letters)}"
                }
                afterAtom = true
            case _ where c.isNumber:
                // A count is whole digits: a . after it is an adduct (KCr(SO4)2.12H2O), as mhchem reads it.
                var digits = ""
                while index < characters.count, characters[index].isNumber { digits.append(characters[index]); index += 1 }
                // A count after an atom is its subscript, also before a charge: mhchem reads Fe3+ as Fe₃⁺ (a charge's
                // digits need ^: Fe^3+).
                if afterAtom {
                    out += Self.lowered(digits)
                    hasScript = true
                } else {
                    // A number inside a word after an adduct dot is that part's stoichiometric number (5H2O).
                    out += digits + (index < characters.count && characters[index].isLetter ? "\\," : "")
                }
            case "(" where isState(characters, index):
                guard let end = characters[index...].firstIndex(of: ")") else { throw failure("missing ) in \\ce") }
                // LaTeX's mhchem keeps 0.2 ex before a state of aggregation, none after a script (CO2(g), Ag+(aq)).
                out += (scripted ? "" : "\\hspace{0.2ex}") + "(\\mathrm{\(String(characters[(index + 1)..<end]))})"
                index = end + 1
                afterAtom = false
            case "(", "[":
                out += String(c)
                index += 1
                afterAtom = false
            case ")", "]":
                out += String(c)
                index += 1
                afterAtom = true
            case "^":
                index += 1
                let (script, next) = try scriptArgument(characters, index, at: offset)
                index = next
                // Before the first atom a script is an isotope's mass or atomic number: one script pair on nothing.
                prescript = out.isEmpty || wasPrescript
                // An isotope's numbers hang on a capital-height strut, as mhchem sets them (LuaLaTeX: \ce{^{227}_{90}Th}
                // is 17.25 pt high and 4.97 deep, as {\vphantom{X}}^{227}_{90}\mathrm{Th}).
                if out.isEmpty { out = "{\\vphantom{X}}" }
                out += prescript ? "^{\(script)}" : Self.raised(charge(script))
                charged = !prescript
                hasScript = true
            case "_":
                index += 1
                let (script, next) = try scriptArgument(characters, index, at: offset)
                index = next
                prescript = out.isEmpty || wasPrescript
                if out.isEmpty { out = "{\\vphantom{X}}" }
                if wasCharge {
                    // A subscript right after a charge hangs under it on the same strut (Kröger–Vink: Li^x_{Li}), as
                    // mhchem sets a charge before a subscript.
                    out += "_{\\smash[t]{\(subscriptText(script))}}"
                } else {
                    out += prescript ? "_{\(script)}" : Self.lowered(subscriptText(script))
                }
                hasScript = true
            case "+" where isTrailingCharge(characters, index), "-" where isTrailingCharge(characters, index):
                // Trailing + or - (Na+, Cl-, O2 2-): the charge.
                var signs = ""
                while index < characters.count, characters[index] == "+" || characters[index] == "-" { signs.append(characters[index]); index += 1 }
                out += Self.raised(charge(signs))
                hasScript = true
            case "-":
                // A single bond inside a species.
                out += "{-}"
                index += 1
                afterAtom = false
            case "=":
                // LaTeX's mhchem draws a double bond as two minus signs raised and lowered by 0.2 ex, a triple one
                // as three 0.4 ex apart.
                out += "{\\mathrlap{\\raisebox{.2ex}{$-$}}\\raisebox{-.2ex}{$-$}}"
                index += 1
                afterAtom = false
            case "#":
                out += "{\\mathrlap{\\raisebox{.4ex}{$-$}}\\mathrlap{-}\\raisebox{-.4ex}{$-$}}"
                index += 1
                afterAtom = false
            case "*", ".", "\u{00B7}":
                // An adduct or hydrate: a centred dot with a little room.
                out += "\\,{\\cdot}\\,"
                index += 1
                afterAtom = false
            case "+":
                out += "+"
                index += 1
                afterAtom = false
            case ",", ";", ":", "'":
                out += String(c)
                index += 1
            case _ where !c.isASCII && !c.isWhitespace:
                // Anything else outside ASCII (加热, é, °) is text, upright, as mhchem passes it through.
                var text = ""
                while index < characters.count, !characters[index].isASCII, !characters[index].isWhitespace {
                    text.append(characters[index])
                    index += 1
                }
                out += "\\text{\(text)}"
                afterAtom = true
            default:
                throw failure("\\ce cannot read \(c)")
            }
        }
        return out
    }

    /// mhchem's `\bond{…}`: single, double and triple as the inline bonds draw them; dotted as centred dots
    /// side by side (LuaLaTeX: `\bond{...}` is 15.9 pt at 19.04 pt, three \cdot); partial bonds as a tilde or a
    /// dotted line over a solid one; arrows as dative bonds.
    static let bonds: [String: String] = {
        let single = "{-}", double = "{\\mathrlap{\\raisebox{.2ex}{$-$}}\\raisebox{-.2ex}{$-$}}"
        let triple = "{\\mathrlap{\\raisebox{.4ex}{$-$}}\\mathrlap{-}\\raisebox{-.4ex}{$-$}}"
        return ["-": single, "1": single, "=": double, "2": double, "#": triple, "3": triple, "~": "{\\sim}",
                "~-": "{\\mathrlap{\\raisebox{.25ex}{$\\sim$}}\\raisebox{-.25ex}{$-$}}",
                "~--": "{\\mathrlap{\\raisebox{.45ex}{$\\sim$}}\\mathrlap{-}\\raisebox{-.4ex}{$-$}}",
                "~=": "{\\mathrlap{\\raisebox{.45ex}{$\\sim$}}\\mathrlap{-}\\raisebox{-.4ex}{$-$}}",
                "-~-": "{\\mathrlap{\\raisebox{.4ex}{$-$}}\\mathrlap{\\sim}\\raisebox{-.4ex}{$-$}}",
                "...": "{\\cdot}{\\cdot}{\\cdot}", "....": "{\\cdot}{\\cdot}{\\cdot}{\\cdot}",
                "->": "{\\rightarrow}", "<-": "{\\leftarrow}"]
    }()

    /// A braced group from the `{` at `start`: its content and the index after its `}`.
    private static func braced(_ characters: [Character], _ start: Int, at offset: Int) throws -> (String, Int) {
        var depth = 0, text = "", index = start + 1
        while index < characters.count {
            if characters[index] == "{" { depth += 1 }
            if characters[index] == "}" { if depth == 0 { return (text, index + 1) }; depth -= 1 }
            text.append(characters[index])
            index += 1
        }
        throw Failure(offset: offset + start, message: "missing } in \\ce")
    }

    /// A + or − that starts a run of signs ending the species, or followed only by its state of aggregation (Na+,
    /// O2 2-, Fe++, Ag+(aq), Cl-(aq)): the charge, as mhchem reads it, not a bond or a plus between species.
    private static func isTrailingCharge(_ characters: [Character], _ index: Int) -> Bool {
        var end = index
        while end < characters.count, characters[end] == "+" || characters[end] == "-" { end += 1 }
        return end == characters.count || (end > index && characters[end] == "(" && isState(characters, end))
    }

    /// Scripts hang on a capital-height strut of their own, as mhchem sets them: a count and a charge follow each
    /// other (SO4^2- is as wide as SO, 4 and 2− side by side) at the heights a capital gives them, and a count's
    /// height does not raise the charge after it.
    private static func lowered(_ text: String) -> String { "{\\vphantom{X}}_{\\smash[t]{\(text)}}" }

    private static func raised(_ text: String) -> String { "{\\vphantom{X}}^{\(text)}" }

    /// Greek letter commands, set upright inside `\ce`.
    private static let greekNames: Set<String> = [
        "alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta", "iota", "kappa", "lambda", "mu", "nu", "xi",
        "omicron", "pi", "rho", "sigma", "tau", "upsilon", "phi", "chi", "psi", "omega", "Gamma", "Delta", "Theta",
        "Lambda", "Xi", "Pi", "Sigma", "Upsilon", "Phi", "Psi", "Omega",
    ]

    private static func isState(_ characters: [Character], _ index: Int) -> Bool {
        guard let end = characters[index...].firstIndex(of: ")") else { return false }
        let inner = characters[(index + 1)..<end]
        // mhchem: one to three lower-case letters in parentheses at the end of a species (aq, s, l, g, cr, sln).
        guard (1...3).contains(inner.count), inner.allSatisfy({ $0.isASCII && $0.isLowercase }) else { return false }
        return end + 1 == characters.count || ",;)]}".contains(characters[end + 1])
    }

    /// `^2-`, `^{2-}`, `^-`, `^{II}`: the script text (one token, or a braced group, or a run of digits and signs).
    private static func scriptArgument(_ characters: [Character], _ start: Int, at offset: Int) throws -> (String, Int) {
        var index = start
        guard index < characters.count else { throw Failure(offset: offset + start, message: "a script needs something after it in \\ce") }
        if characters[index] == "{" {
            let (text, next) = try braced(characters, index, at: offset)
            // A math escape inside a script (_{$x$}, ^{$n$+}) is math there too: a group, its dollars dropped.
            let parts = text.split(separator: "$", omittingEmptySubsequences: false)
            guard parts.count % 2 == 1 else { throw Failure(offset: offset + start, message: "missing $ in \\ce") }
            return (parts.enumerated().map { $0.offset % 2 == 1 ? "{\($0.element)}" : String($0.element) }.joined(), next)
        }
        // mhchem's unbraced script is its digits (or one character); signs after them join it as a charge only where
        // they end the species (SO4^2-, Fe^3+(aq)), not before more of it (1s^2-N: a hyphen).
        var text = ""
        while index < characters.count, characters[index].isNumber {
            text.append(characters[index])
            index += 1
        }
        if index < characters.count, characters[index] == "+" || characters[index] == "-", text.isEmpty || isTrailingCharge(characters, index) {
            while index < characters.count, characters[index] == "+" || characters[index] == "-" {
                text.append(characters[index])
                index += 1
            }
        }
        if text.isEmpty {
            text = String(characters[index])
            index += 1
        }
        return (text, index)
    }
}
