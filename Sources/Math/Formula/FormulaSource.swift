/// What is typeset of a formula's source (`math-facts.md` §4.3 item 10): the `$…$`, `$$…$$`, `\(…\)` and `\[…\]`
/// delimiters and a `\begin{equation}`, `equation*` or `displaymath` wrapper are stripped; the style still
/// comes from where the formula stands (inline or block).
public struct FormulaSource: Sendable, Equatable {
    /// The LaTeX to parse.
    public let body: String
    /// Characters dropped before `body`: parse error offsets are moved back by this to name the source.
    public let leadingOffset: Int

    public init(_ source: String) {
        var characters = Array(source)
        var lead = 0
        func trimSpaces() {
            while let first = characters.first, first.isWhitespace { characters.removeFirst(); lead += 1 }
            while let last = characters.last, last.isWhitespace { characters.removeLast() }
        }
        func strip(_ open: String, _ close: String) -> Bool {
            let o = Array(open), c = Array(close)
            guard characters.count >= o.count + c.count, Array(characters.prefix(o.count)) == o, Array(characters.suffix(c.count)) == c else {
                return false
            }
            characters = Array(characters.dropFirst(o.count).dropLast(c.count))
            lead += o.count
            return true
        }
        trimSpaces()
        for (open, close) in [("$$", "$$"), ("$", "$"), ("\\(", "\\)"), ("\\[", "\\]")] where strip(open, close) {
            trimSpaces()
            break
        }
        for environment in ["equation", "equation*", "displaymath"] where strip("\\begin{\(environment)}", "\\end{\(environment)}") {
            trimSpaces()
            break
        }
        body = String(characters)
        leadingOffset = lead
    }
}
