import Foundation

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
    struct Failure: Error {
        /// Characters from the start of the argument.
        var offset: Int
        var message: String
    }

    // MARK: - \ce

    static func chemistry(_ source: String) throws -> String {
        let characters = Array(source)
        var output: [String] = []
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
                output.append(try arrowLaTeX(arrow, above: above, below: below, at: index))
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
            output.append(try wordLaTeX(word, at: start))
        }
        return output.joined(separator: " ")
    }

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
            guard let text, !text.trimmingCharacters(in: .whitespaces).isEmpty else { return "" }
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
        // mhchem's arrows are at least 2 em long (the typesetter's chemistry lists see to it).
        return "\(command)\(lower.isEmpty ? "" : "[{\(lower)}]"){\(upper)}"
    }

    /// One word: `+`, a precipitate or gas sign, or a species with its stoichiometric number.
    private static func wordLaTeX(_ word: String, at offset: Int) throws -> String {
        switch word {
        case "+": return "+"
        case "v": return "\\downarrow"
        case "^": return "\\uparrow"
        case "->", "<-": return try arrowLaTeX(word, above: nil, below: nil, at: offset)
        default: break
        }
        // A lone lower-case word is a variable stoichiometric number (n H2O): italic, a thin space after it.
        if word.allSatisfy({ $0.isLowercase && $0.isASCII }) { return word + "\\," }
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
        func failure(_ message: String) -> Failure { Failure(offset: offset + index, message: message) }
        while index < characters.count {
            let c = characters[index]
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
                out += name + " "
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
                out += afterAtom ? "_{\(variable)}" : variable
                afterAtom = true
            case _ where c.isNumber:
                var digits = ""
                while index < characters.count, characters[index].isNumber || characters[index] == "." { digits.append(characters[index]); index += 1 }
                // A trailing charge after a count: SO4^2- is handled by ^; "Fe3+" makes 3+ a charge at the end of a word.
                if index < characters.count, characters[index] == "+" || characters[index] == "-", index + 1 == characters.count {
                    out += "^{\(digits)\(characters[index] == "-" ? "-" : "+")}"
                    index += 1
                } else if afterAtom {
                    // A count after a charge or oxidation state follows it (Fe^{III}2: mhchem 4 as LuaLaTeX sets it).
                    out += (lastIsSuperscript(out) ? "{}" : "") + "_{\(digits)}"
                } else {
                    out += digits
                }
            case "(" where isState(characters, index):
                let end = characters[index...].firstIndex(of: ")")!
                out += "(\\mathrm{\(String(characters[(index + 1)..<end]))})"
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
                // After a subscript the charge follows it rather than standing over it (mhchem 4 as LuaLaTeX sets it:
                // SO4^2- is as wide as SO, 4 and 2− side by side).
                out += (lastIsSubscript(out) ? "{}" : "") + "^{\(charge(script))}"
            case "_":
                index += 1
                let (script, next) = try scriptArgument(characters, index, at: offset)
                index = next
                out += "_{\(script)}"
            case "+" where isTrailingCharge(characters, index), "-" where isTrailingCharge(characters, index):
                // Trailing + or - (Na+, Cl-, O2 2-): the charge.
                var signs = ""
                while index < characters.count, characters[index] == "+" || characters[index] == "-" { signs.append(characters[index]); index += 1 }
                out += (lastIsSubscript(out) ? "{}" : "") + "^{\(charge(signs))}"
            case "-":
                // A single bond inside a species.
                out += "{-}"
                index += 1
                afterAtom = false
            case "=":
                out += "{=}"
                index += 1
                afterAtom = false
            case "#":
                out += "{\\equiv}"
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
            default:
                throw failure("\\ce cannot read \(c)")
            }
        }
        return out
    }

    /// A + or − that ends the species or starts a run of signs that does (Na+, O2 2-, Fe++).
    private static func isTrailingCharge(_ characters: [Character], _ index: Int) -> Bool {
        characters[index...].allSatisfy { $0 == "+" || $0 == "-" }
    }

    /// Whether the LaTeX so far ends with a superscript group `^{…}`.
    private static func lastIsSuperscript(_ latex: String) -> Bool { lastGroupFollows("^", latex) }

    /// Whether the LaTeX so far ends with a subscript group `_{…}`.
    private static func lastIsSubscript(_ latex: String) -> Bool { lastGroupFollows("_", latex) }

    /// Whether `latex` ends with a braced group that stands right after `marker`.
    private static func lastGroupFollows(_ marker: Character, _ latex: String) -> Bool {
        let characters = Array(latex)
        guard characters.last == "}" else { return false }
        var depth = 0
        var index = characters.count - 1
        while index >= 0 {
            if characters[index] == "}" { depth += 1 }
            if characters[index] == "{" {
                depth -= 1
                if depth == 0 { return index > 0 && characters[index - 1] == marker }
            }
            index -= 1
        }
        return false
    }

    private static func isState(_ characters: [Character], _ index: Int) -> Bool {
        guard let end = characters[index...].firstIndex(of: ")") else { return false }
        let inner = String(characters[(index + 1)..<end])
        return ["aq", "s", "l", "g", "cr", "aq,\\infty", "sln", "gas", "liq"].contains(inner)
    }

    /// `^2-`, `^{2-}`, `^-`, `^{II}`: the script text (one token, or a braced group, or a run of digits and signs).
    private static func scriptArgument(_ characters: [Character], _ start: Int, at offset: Int) throws -> (String, Int) {
        var index = start
        guard index < characters.count else { throw Failure(offset: offset + start, message: "a script needs something after it in \\ce") }
        if characters[index] == "{" {
            var depth = 0, text = ""
            index += 1
            while index < characters.count {
                if characters[index] == "{" { depth += 1 }
                if characters[index] == "}" { if depth == 0 { return (text, index + 1) }; depth -= 1 }
                text.append(characters[index])
                index += 1
            }
            throw Failure(offset: offset + start, message: "missing } in \\ce")
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

    // MARK: - \pu

    static func physicalUnit(_ source: String) throws -> String {
        let trimmed = source.trimmingCharacters(in: .whitespaces)
        var characters = Array(trimmed)
        var number = ""
        while let c = characters.first, c.isNumber || c == "." || c == "," || c == "-" || c == "+" && number.isEmpty {
            number.append(c)
            characters.removeFirst()
        }
        var out = number
        // An exponent: e (·10ⁿ) or E (×10ⁿ).
        if let c = characters.first, c == "e" || c == "E", characters.count > 1, characters[1].isNumber || characters[1] == "-" || characters[1] == "+" {
            characters.removeFirst()
            var exponent = ""
            while let d = characters.first, d.isNumber || d == "-" || d == "+" { exponent.append(d); characters.removeFirst() }
            out += (c == "e" ? "\\cdot" : "\\times") + "10^{\(exponent)}"
        }
        let units = String(characters).trimmingCharacters(in: .whitespaces)
        guard !units.isEmpty else { return out }
        let unitLaTeX = try unitExpression(units)
        // LuaLaTeX's mhchem: a thin space between number and unit, 1 mu between units (measured).
        return out.isEmpty ? unitLaTeX : out + "\\," + unitLaTeX
    }

    /// `kJ/mol`, `kJ//mol` (a fraction), `m/s^2`, `kg m s-2`.
    private static func unitExpression(_ units: String) throws -> String {
        if let range = units.range(of: "//") {
            let top = String(units[..<range.lowerBound]), bottom = String(units[range.upperBound...])
            return "\\frac{\(try unitProduct(top))}{\(try unitProduct(bottom))}"
        }
        return try units.split(separator: "/", omittingEmptySubsequences: false).map { try unitProduct(String($0)) }.joined(separator: "/")
    }

    /// Units separated by spaces or `*`/`.`: thin spaces between them, powers as superscripts.
    private static func unitProduct(_ text: String) throws -> String {
        let parts = text.split(whereSeparator: { $0 == " " || $0 == "*" || $0 == "\u{00B7}" }).map(String.init)
        return try parts.map { part in
            var characters = Array(part)
            var name = ""
            while let c = characters.first, c.isLetter || c == "°" || c == "%" || c == "µ" || c == "Ω" || c == "\\" {
                name.append(c)
                characters.removeFirst()
            }
            var power = String(characters)
            if power.hasPrefix("^") { power.removeFirst() }
            if power.hasPrefix("{"), power.hasSuffix("}") { power = String(power.dropFirst().dropLast()) }
            guard power.isEmpty || Int(power) != nil else { throw Failure(offset: 0, message: "\\pu cannot read \(part)") }
            let unit = name.hasPrefix("\\") ? name : "\\mathrm{\(name)}"
            return power.isEmpty ? unit : "\(unit)^{\(power)}"
        }.joined(separator: "\\mkern1mu ")
    }
}
