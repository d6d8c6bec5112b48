import Primitives

/// mhchem's `\pu{…}` (see ChemistryParser): numbers with exponents and digit groups, units with products,
/// quotients and powers, as mhchemParser writes them.
extension ChemistryParser {
    /// `\pu`, as mhchem's parser for MathJax and KaTeX writes it (LaTeX's mhchem package has no `\pu`): a number
    /// (digit groups of more than four digits split by 2 mu, `,` as a decimal comma), an exponent (`e` and `*10^` →
    /// ·10ⁿ, `E`, `x10^` and `\times10^` → ×10ⁿ), a tie (`~`, an interword space) before the unit, units in
    /// `\mathrm` with their powers inside, 3 mu between units written apart, a tight `·` for `*` and `.`, `/` (with
    /// thin spaces around it when a side has several units) and `//` as a text-style fraction.
    static func physicalUnit(_ source: String) throws -> String {
        let characters = Array(source.trimmingWhitespace())
        guard !characters.isEmpty else { throw Failure(offset: 0, message: "\\pu needs a number or a unit") }
        // Each quotient is read by a nested call (its two sides are quantities): their number bounds the depth.
        guard characters.filter({ $0 == "/" }).count <= Self.maxQuotients else {
            throw Failure(offset: 0, message: "\\pu has more than \(Self.maxQuotients) quotients")
        }
        return "{" + (try quantity(characters, at: source.count - String(source.drop(while: \.isWhitespace)).count).latex) + "}"
    }

    /// The most `/` a `\pu` may hold (units are written with a few).
    static let maxQuotients = 32

    /// The sign before a number (`+-`, `+/-` and `\pm` are ±) or between two (`1.2 \pm 0.1`, `$\pm$` too).
    private static let signs = ["+/-", "+-", "$\\pm$", "\\pm", "+", "-"]

    /// A quantity as mhchem's `\pu` reads it: numbers (each with its sign, digit groups, uncertainty and exponent),
    /// further ones after ± (set as the binary ±, `{}\pm{}`), then a tie and the units. Returns the LaTeX and how
    /// many parts it has (a number, ±, a unit, a space between units: a quotient's side of more than one part
    /// gets thin spaces around its `/`).
    private static func quantity(_ characters: [Character], at offset: Int) throws -> (latex: String, parts: Int) {
        var index = 0
        var out = ""
        var parts = 0
        func skipSpaces() { while index < characters.count, characters[index] == " " { index += 1 } }
        while true {
            skipSpaces()
            let start = index
            var sign = ""
            for candidate in signs where characters[index...].starts(with: Array(candidate)) {
                sign = candidate == "+" || candidate == "-" ? candidate : "\\pm "
                index += candidate.count
                break
            }
            skipSpaces()
            let mantissaStart = index
            while index < characters.count, characters[index].isASCII,
                  characters[index].isNumber || ((characters[index] == "." || characters[index] == ",") && index + 1 < characters.count && characters[index + 1].isNumber) {
                index += 1
            }
            let mantissa = String(characters[mantissaStart..<index])
            guard !mantissa.isEmpty else {
                // A sign without a number belongs to the units (or is the ± between numbers that never came).
                index = start
                break
            }
            if parts > 0 {
                // Only ± joins a second number.
                guard sign == "\\pm " else { index = start; break }
                out += "{}\\pm{}"
                parts += 1
            } else {
                out += sign
            }
            out += grouped(mantissa)
            parts += 1
            // An uncertainty in parentheses: 1.23(4).
            if index < characters.count, characters[index] == "(", let close = characters[index...].firstIndex(of: ")"),
               close > index + 1, characters[(index + 1)..<close].allSatisfy({ $0.isNumber || $0 == "." }) {
                out += String(characters[index...close])
                index = close + 1
            }
            if let (product, exponent, next) = exponent(characters, index) {
                out += "\(product)10^{\(exponent)}"
                index = next
            } else if index < characters.count, characters[index] == "^" {
                let (power, next) = try unitPower(characters, index + 1, at: offset)
                out += "^{\(power)}"
                index = next
            }
        }
        let units = String(characters[index...]).trimmingWhitespace()
        guard !units.isEmpty else {
            guard !out.isEmpty else { throw Failure(offset: offset, message: "\\pu needs a number or a unit") }
            return (out, parts)
        }
        let unitOffset = offset + characters.count - String(characters[index...]).drop(while: \.isWhitespace).count
        let (unitLaTeX, unitParts) = try unitQuotient(units, at: unitOffset)
        return out.isEmpty ? (unitLaTeX, unitParts) : (out + "~" + unitLaTeX, parts + 1 + unitParts)
    }

    /// `e3`, `E-5`, `*10^3`, `x10^{-3}`, `\times 10^3` after a number: the product sign and the exponent.
    private static func exponent(_ characters: [Character], _ start: Int) -> (String, String, Int)? {
        var index = start
        var product: String
        if index < characters.count, characters[index] == "e" || characters[index] == "E" {
            product = characters[index] == "e" ? "\\cdot " : "\\times "
            index += 1
        } else {
            while index < characters.count, characters[index] == " " { index += 1 }
            let rest = String(characters[index...])
            guard let sign = ["*", "x", "\u{00D7}", "\\times"].first(where: { rest.hasPrefix($0) }) else { return nil }
            product = sign == "*" ? "\\cdot " : "\\times "
            index += sign.count
            while index < characters.count, characters[index] == " " { index += 1 }
            guard String(characters[index...]).hasPrefix("10^") else { return nil }
            index += 3
        }
        var exponent = ""
        var braced = false
        if index < characters.count, characters[index] == "{" { braced = true; index += 1 }
        if index < characters.count, characters[index] == "+" || characters[index] == "-" { exponent.append(characters[index]); index += 1 }
        while index < characters.count, characters[index].isASCII, characters[index].isNumber { exponent.append(characters[index]); index += 1 }
        if braced {
            guard index < characters.count, characters[index] == "}" else { return nil }
            index += 1
        }
        guard exponent.contains(where: \.isNumber) else { return nil }
        return (product, exponent, index)
    }

    /// Digit groups: a whole part of more than four digits in threes from the right, a fraction in threes from the
    /// left, 2 mu between them; a decimal comma as `{,}`.
    private static func grouped(_ number: String) -> String {
        let separator = number.firstIndex(where: { $0 == "." || $0 == "," })
        let whole = String(number[..<(separator ?? number.endIndex)])
        func groups(_ digits: String, fromRight: Bool) -> String {
            guard digits.count > 4 else { return digits }
            let characters = Array(digits)
            var parts: [String] = []
            if fromRight {
                var end = characters.count
                while end > 0 { parts.insert(String(characters[max(0, end - 3)..<end]), at: 0); end -= 3 }
            } else {
                var begin = 0
                while begin < characters.count { parts.append(String(characters[begin..<min(characters.count, begin + 3)])); begin += 3 }
            }
            return parts.joined(separator: "\\mkern2mu ")
        }
        guard let separator else { return groups(whole, fromRight: true) }
        let fraction = String(number[number.index(after: separator)...])
        return groups(whole, fromRight: true) + (number[separator] == "," ? "{,}" : ".") + groups(fraction, fromRight: false)
    }

    /// `kJ//mol` (a text-style fraction), `kJ/mol`, `J/(mol K)`, `l//100km`: split at the first `/` or `//`, each side
    /// a quantity of its own (the rest may hold further quotients), `/` with thin spaces when a side has several parts.
    private static func unitQuotient(_ units: String, at offset: Int) throws -> (String, Int) {
        guard let slash = units.firstIndex(of: "/") else { return try unitProduct(units, at: offset) }
        let isFraction = units[units.index(after: slash)...].first == "/"
        let top = String(units[..<slash]).trimmingWhitespace()
        let bottomStart = units.index(slash, offsetBy: isFraction ? 2 : 1)
        let bottom = String(units[bottomStart...]).trimmingWhitespace()
        let name = isFraction ? "//" : "/"
        guard !top.isEmpty, !bottom.isEmpty else { throw Failure(offset: offset, message: "\(name) needs units on both sides in \\pu") }
        let upper = try quantity(Array(top), at: offset)
        let lower = try quantity(Array(bottom), at: offset + units.distance(from: units.startIndex, to: bottomStart))
        if isFraction {
            let fraction = "\\frac{\(upper.latex)}{\(lower.latex)}"
            return ("\\mathchoice{\\textstyle\(fraction)}{\(fraction)}{\(fraction)}{\(fraction)}", 1)
        }
        let several = upper.parts > 1 || lower.parts > 1
        return (upper.latex + (several ? "\\,/\\," : "/") + lower.latex, upper.parts + 1 + lower.parts)
    }

    /// Units apart (3 mu) or joined by `*` or `.` (a tight centred dot), each in `\mathrm` with its power inside
    /// (`mol-1`, `s^2`, `m^{-2}`); `°C`, `^oC` as a degree sign before the C. Returns the LaTeX and the number of units.
    private static func unitProduct(_ text: String, at offset: Int) throws -> (String, Int) {
        let characters = Array(text)
        var out = ""
        var unit = "", count = 0
        var index = 0
        func flush() {
            guard !unit.isEmpty else { return }
            out += "\\mathrm{\(unit)}"
            unit = ""
            count += 1
        }
        while index < characters.count {
            let c = characters[index]
            if c == " " || c == "*" || c == "." || c == "\u{00B7}" || c == "\u{22C5}" {
                var next = index
                var dot = false
                while next < characters.count, " *.\u{00B7}\u{22C5}".contains(characters[next]) { dot = dot || characters[next] != " "; next += 1 }
                flush()
                if next < characters.count, !out.isEmpty { out += dot ? "\\mkern1mu{\\cdot}\\mkern1mu " : "\\mkern3mu " }
                index = next
                continue
            }
            if c == "^", index + 1 < characters.count, characters[index + 1] == "o" || characters[index + 1] == "{",
               String(characters[index...]).hasPrefix("^oC") || String(characters[index...]).hasPrefix("^{o}C") ||
               String(characters[index...]).hasPrefix("^oF") || String(characters[index...]).hasPrefix("^{o}F") {
                let length = characters[index + 1] == "o" ? 3 : 5
                unit += "{}^{\\circ}\(characters[index + length - 1])"
                index += length
                continue
            }
            if c == "\u{00B0}", index + 1 < characters.count, characters[index + 1] == "C" || characters[index + 1] == "F" {
                unit += "{}^{\\circ}\(characters[index + 1])"
                index += 2
                continue
            }
            if c == "^" {
                guard !unit.isEmpty else { throw Failure(offset: offset + index, message: "a power needs a unit before it in \\pu") }
                let (power, next) = try unitPower(characters, index + 1, at: offset)
                unit += "^{\(power)}"
                index = next
                continue
            }
            if (c.isASCII && c.isNumber) || ((c == "-" || c == "+") && index + 1 < characters.count && characters[index + 1].isNumber), !unit.isEmpty {
                // Digits right after a unit are its power (mol-1, m2).
                var power = String(c)
                index += 1
                while index < characters.count, characters[index].isASCII, characters[index].isNumber { power.append(characters[index]); index += 1 }
                unit += "^{\(power)}"
                continue
            }
            if c == "\\" {
                var name = "\\"
                index += 1
                while index < characters.count, characters[index].isLetter { name.append(characters[index]); index += 1 }
                guard name.count > 1 else { throw Failure(offset: offset + index - 1, message: "\\pu cannot read \\") }
                unit += name + " "
                continue
            }
            if c == "{" || c == "}" || c == "$" || c == "_" || c == "&" || c == "#" {
                throw Failure(offset: offset + index, message: "\\pu cannot read \(c)")
            }
            unit.append(c)
            index += 1
        }
        flush()
        guard count > 0 else { throw Failure(offset: offset, message: "\\pu needs a unit here") }
        return (out, count)
    }

    /// A power after `^`: digits with a sign, or a braced group of them.
    private static func unitPower(_ characters: [Character], _ start: Int, at offset: Int = 0) throws -> (String, Int) {
        var index = start
        var braced = false
        if index < characters.count, characters[index] == "{" { braced = true; index += 1 }
        var power = ""
        if index < characters.count, characters[index] == "+" || characters[index] == "-" { power.append(characters[index]); index += 1 }
        while index < characters.count, characters[index].isASCII, characters[index].isNumber { power.append(characters[index]); index += 1 }
        if braced {
            guard index < characters.count, characters[index] == "}" else { throw Failure(offset: offset + start, message: "a power in \\pu is digits in braces") }
            index += 1
        }
        guard power.contains(where: \.isNumber) else { throw Failure(offset: offset + start, message: "a power in \\pu needs digits") }
        return (power, index)
    }
}
