/// What is typeset of a formula's source (`math-facts.md` §4.3 item 10): the `$…$`, `$$…$$`, `\(…\)` and `\[…\]`
/// delimiters and a `\begin{equation}`, `equation*` or `displaymath` wrapper are stripped; the style still
/// comes from where the formula stands (inline or block).
public struct FormulaSource: Sendable, Equatable {
    /// The LaTeX to parse.
    public let body: String
    /// Characters dropped before `body`: parse error offsets are moved back by this to name the source.
    public let leadingOffset: Int
    /// The source was `\begin{equation}…\end{equation}` (unstarred): a block formula numbers it (1).
    public let isNumberedEquation: Bool

    public init(_ source: String) {
        var characters = Array(source)
        var lead = 0
        func trimSpaces() {
            while let first = characters.first, first.isWhitespace { characters.removeFirst(); lead += 1 }
            // A control space at the end (`x\ `) keeps its space.
            while let last = characters.last, last.isWhitespace,
                  characters.dropLast().reversed().prefix(while: { $0 == "\\" }).count % 2 == 0 { characters.removeLast() }
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
        var numbered = false
        for environment in ["equation", "equation*", "displaymath"] where strip("\\begin{\(environment)}", "\\end{\(environment)}") {
            numbered = environment == "equation"
            trimSpaces()
            break
        }
        isNumberedEquation = numbered
        body = String(characters)
        leadingOffset = lead
    }
}
