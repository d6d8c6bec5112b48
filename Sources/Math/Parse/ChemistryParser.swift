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

    /// Words that stand between species: signs, precipitate and gas.
    private static let operators: Set<String> = ["+", "-", "v", "^", "->", "<-"]

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
        let command: String
        switch arrow {
        case "->": command = "\\xrightarrow"
        case "<-": command = "\\xleftarrow"
        case "<->": command = "\\xleftrightarrow"
        case "<-->": command = "\\xtofrom"
        case "<=>": command = "\\xrightleftharpoons"
        case "<=>>": command = "\\xrightleftharpoons"
        default: command = "\\xrightleftharpoons"
        }
        let upper = try label(above), lower = try label(below)
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
        // mhchem's arrows are at least 2 em long (the typesetter's chemistry lists see to it).
        return "\(command)\(lower.isEmpty ? "" : "[{\(lower)}]"){\(upper)}"
    }

    /// One word: `+`, a precipitate or gas sign, or a species with its stoichiometric number.
    private static func wordLaTeX(_ word: String, at offset: Int) throws -> String {
        switch word {
        case "+": return "+"
        // A spaced hyphen is an operator (A - B), set as the minus sign between species, not a charge.
        case "-": return "-"
        case "v": return "\\downarrow"
        case "^": return "\\uparrow"
        case "->", "<-": return try arrowLaTeX(word, above: nil, below: nil, at: offset)
        default: break
        }
        var characters = Array(word)
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
        func failure(_ message: String) -> Failure { Failure(offset: offset + index, message: message) }
        while index < characters.count {
            let c = characters[index]
            let wasPrescript = prescript
            prescript = false
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
            case _ where c.isLowercase && c.isASCII:
                // Lower-case letters alone are variables (x in H_xO) set in italic, as mhchem does.
                var variable = String(c)
                index += 1
                while index < characters.count, characters[index].isLowercase, characters[index].isASCII { variable.append(characters[index]); index += 1 }
                out += afterAtom ? Self.lowered(variable) : variable
                // One letter at the start and a - after it: a hyphen (n-Bu, x-ray), as after a lone Greek letter.
                if !afterAtom, variable.count == 1, index == 1, index < characters.count, characters[index] == "-", !isTrailingCharge(characters, index) {
                    out += "\\text{-}"
                    index += 1
                    afterAtom = false
                    continue
                }
                afterAtom = true
            case _ where c.isNumber:
                // A count is whole digits: a . after it is an adduct (KCr(SO4)2.12H2O), as mhchem reads it.
                var digits = ""
                while index < characters.count, characters[index].isNumber { digits.append(characters[index]); index += 1 }
                // A trailing charge after a count: SO4^2- is handled by ^; "Fe3+" makes 3+ a charge at the end of a word
                // or before its state (Fe3+(aq)).
                if index < characters.count, characters[index] == "+" || characters[index] == "-",
                   index + 1 == characters.count || (characters[index + 1] == "(" && isState(characters, index + 1)) {
                    out += Self.raised("\(digits)\(characters[index] == "-" ? "-" : "+")")
                    index += 1
                } else if afterAtom {
                    out += Self.lowered(digits)
                } else {
                    // A number inside a word after an adduct dot is that part's stoichiometric number (5H2O).
                    out += digits + (index < characters.count && characters[index].isLetter ? "\\," : "")
                }
            case "(" where isState(characters, index):
                let end = characters[index...].firstIndex(of: ")")!
                // mhchem keeps 2 mu before a state of aggregation.
                out += "\\mskip2mu (\\mathrm{\(String(characters[(index + 1)..<end]))})"
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
            case "_":
                index += 1
                let (script, next) = try scriptArgument(characters, index, at: offset)
                index = next
                prescript = out.isEmpty || wasPrescript
                if out.isEmpty { out = "{\\vphantom{X}}" }
                out += prescript ? "_{\(script)}" : Self.lowered(script)
            case "+" where isTrailingCharge(characters, index), "-" where isTrailingCharge(characters, index):
                // Trailing + or - (Na+, Cl-, O2 2-): the charge.
                var signs = ""
                while index < characters.count, characters[index] == "+" || characters[index] == "-" { signs.append(characters[index]); index += 1 }
                out += Self.raised(charge(signs))
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
        var text = ""
        while index < characters.count, characters[index].isNumber || characters[index] == "+" || characters[index] == "-" {
            text.append(characters[index])
            index += 1
        }
        if text.isEmpty {
            text = String(characters[index])
            index += 1
        }
        return (text, index)
    }

    /// A charge written `2-`, `-`, `3+`, `II`: signs as the minus and plus of math, Roman numerals upright.
    private static func charge(_ text: String) -> String {
        if !text.isEmpty, text.allSatisfy({ "IVXLivxl".contains($0) }) { return "\\mathrm{\(text)}" }
        return text.map { $0 == "-" ? "-" : String($0) }.joined()
    }
}
