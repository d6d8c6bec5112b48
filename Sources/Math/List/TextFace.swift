/// The text font of a run of text in a formula (`\text`, `\textbf`, `\textit`, `\textsf`, `\texttt`, `\mbox` …), as
/// LaTeX's font selection describes it: a family (Latin Modern Roman, Sans or Mono), a series (medium or bold) and a
/// shape (upright or italic). Text commands change one axis and keep the others, so they combine when nested
/// (`\textbf{\textit{…}}` is bold italic, `\textsf{\textbf{…}}` sans bold); the old switches (`\bf`, `\it`) reset
/// the rest, as LaTeX 2.09's did.
public struct TextFace: Sendable, Hashable {
    public enum Family: String, Sendable, Hashable { case roman, sans, mono }

    public var family: Family
    public var bold: Bool
    public var italic: Bool

    public init(family: Family = .roman, bold: Bool = false, italic: Bool = false) {
        self.family = family
        self.bold = bold
        self.italic = italic
    }

    /// The document's text font: Latin Modern Roman, medium, upright (`\textnormal`).
    public static let normal = TextFace()

    /// What a text font command does to the current face.
    enum Change: Sendable {
        /// `\text`, `\mbox`: the current face.
        case keep
        /// `\bf`, `\it`, `\textnormal` …: this face, whatever the current one is.
        case set(TextFace)
        case family(Family)
        case bold(Bool)
        case italic(Bool)
        /// `\emph`, `\em`: italic in upright text, upright in italic text.
        case emphasis

        func applied(to face: TextFace) -> TextFace {
            var result = face
            switch self {
            case .keep: break
            case .set(let other): result = other
            case .family(let family): result.family = family
            case .bold(let bold): result.bold = bold
            case .italic(let italic): result.italic = italic
            case .emphasis: result.italic.toggle()
            }
            return result
        }
    }

    /// The math alphabet closest to this face: what the math font draws the text in when the Latin Modern text
    /// faces are not installed.
    var mathAlphabet: MathAlphabet {
        switch family {
        case .mono: return .monospace
        case .sans: return italic ? .sansSerifItalic : .sansSerif
        case .roman: return bold ? (italic ? .boldItalic : .bold) : (italic ? .italic : .roman)
        }
    }
}
