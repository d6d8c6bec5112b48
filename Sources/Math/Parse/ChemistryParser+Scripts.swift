/// What `\ce` reads inside and around a species' scripts (see ChemistryParser): charges (with mhchem's Kröger–Vink
/// forms), the letters of a subscript, and orbitals.
extension ChemistryParser {
    /// A charge written `2-`, `-`, `3+`, `II`: signs as the minus and plus of math, Roman numerals upright; and the
    /// Kröger–Vink charges: `x` (neutral) stays the letter x, as LaTeX's mhchem sets it (mhchemParser writes ×;
    /// LuaLaTeX: \ce{Si_{Si}^x} is 14.12 pt high, as with x), dots are positive charges (• side by side, LaTeX's mhchem: \\ce{V_{O}^{..}} is 41.43 pt wide), `'` negative
    /// ones (′).
    static func charge(_ text: String) -> String {
        if !text.isEmpty, text.allSatisfy({ $0 == "." }) { return String(repeating: "{\\bullet}", count: text.count) }
        if !text.isEmpty, text.allSatisfy({ $0 == "'" }) { return String(repeating: "\\prime ", count: text.count) }
        if text == "x" { return "x" }
        if !text.isEmpty, text.allSatisfy({ "IVXLivxl".contains($0) }) { return "\\mathrm{\(text)}" }
        return text.map { $0 == "-" ? "-" : String($0) }.joined()
    }

    /// A subscript's text as mhchem sets it: parts between commas that read as a formula (x, 2x, 1-x, n+1: lower-case
    /// letters among digits and signs) keep italic letters; any other letters are upright, as element symbols and
    /// Kröger–Vink sites are (V_{O}, Si_{Si}, Li_{Li,1-2x}, i for interstitial). Anything with commands or math is
    /// left to the math parser.
    static func subscriptText(_ text: String) -> String {
        guard text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || " +-,.()".contains($0)) }) else { return text }
        return text.split(separator: ",", omittingEmptySubsequences: false).map { part -> String in
            let isFormula = part.contains(where: \.isLowercase) && part.allSatisfy { ($0.isLowercase && $0 != "i") || $0.isNumber || " +-.()".contains($0) }
            guard !isFormula, part.contains(where: \.isLetter) else { return String(part) }
            var out = "", letters = ""
            for c in part {
                if c.isLetter { letters.append(c); continue }
                if !letters.isEmpty { out += "\\mathrm{\(letters)}"; letters = "" }
                out.append(c)
            }
            if !letters.isEmpty { out += "\\mathrm{\(letters)}" }
            return out
        }.joined(separator: "{,}\\mkern1mu ")
    }

    /// The length of an orbital at `index` (mhchem: one or two digits and s, p, d, f, g or h, or up to two digits
    /// and sp), when no letter follows it; nil otherwise.
    static func orbitalLength(_ characters: [Character], _ index: Int) -> Int? {
        var end = index
        while end < characters.count, end - index < 2, characters[end].isASCII, characters[end].isNumber { end += 1 }
        let digits = end - index
        if end + 1 < characters.count, characters[end] == "s", characters[end + 1] == "p" {
            end += 2
        } else if digits > 0, end < characters.count, "spdfgh".contains(characters[end]) {
            end += 1
        } else {
            return nil
        }
        if end < characters.count, characters[end].isLetter { return nil }
        return end - index
    }
}
