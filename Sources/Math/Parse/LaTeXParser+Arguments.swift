import Primitives

/// Where TeX and KaTeX refuse an unbraced argument (issue 40): a command with arguments of its own as a token
/// argument of `\frac` or `\binom`, a primitive after `^` or `_`.
extension LaTeXParser {
    /// An argument of a macro TeX hands its arguments as tokens (`\frac`, `\binom`): an unbraced command there must
    /// not take arguments of its own (`\frac\frac12 3` is an error in TeX and in KaTeX).
    mutating func tokenArgument(of name: String) throws -> MathList {
        skipSpaces()
        let start = index
        guard peek == "\\" else { return try argument() }
        var end = index + 1
        if end < characters.count, characters[end].isASCII, characters[end].isLetter {
            while end < characters.count, characters[end].isASCII, characters[end].isLetter { end += 1 }
        } else {
            end += 1
        }
        while end < characters.count, characters[end] == " " { end += 1 }
        let list = try argument()
        guard index <= end else {
            throw error("\\\(name) needs braces around \(String(characters[start..<min(end, characters.count)]).trimmingWhitespace()) and its arguments", at: start)
        }
        return list
    }

    /// After `^` or `_`: TeX reads a math field there, so a primitive that builds a noad of its own (`\sqrt`, a math
    /// accent, `\overline`, `\mathop` …, `\left`) must be braced (`x^\sqrt{2}` is "Missing { inserted" in TeX
    /// and an error in KaTeX), while a macro that expands to a group (`x^\frac12`, `A^\mathrm{T}`) is fine.
    mutating func refuseUnbracedPrimitive(after script: Character) throws {
        let save = index
        skipSpaces()
        defer { index = save }
        guard peek == "\\" else { return }
        let start = index
        let name = readCommandName()
        let refused = ["sqrt", "overline", "underline", "left", "vcenter", "overset", "underset", "stackrel"].contains(name)
            || Self.classCommands[name] != nil
            || MathSymbol.named(name).map { [.accent, .wideAccent, .overRule, .underRule, .underAccent].contains($0.kind) } == true
        if refused { throw error("\\\(name) after \(script) needs braces: \(script){\\\(name)…}", at: start) }
    }
}
