/// The part a listed font file plays (`fonts.list`, third column).
public enum FontRole: String, Sendable, CaseIterable {
    /// Inter, Noto Serif, DejaVu Sans Mono, Noto Color Emoji, Latin Modern Math: the faces ipraster cannot run
    /// without (a missing one is exit 3).
    case base
    /// Noto Sans: Latin, Greek and Cyrillic beyond Inter, right after the style's own face.
    case latin
    /// A script's Noto Sans face (Arabic, Devanagari, Ethiopic …).
    case script
    /// A script's Noto Serif face, for serif styles; where a script has no Sans face (Tibetan) also for the others.
    case serif
    /// Noto Sans CJK: Han, kana and Hangul in every style; one family per region, chosen by `HanRegion`.
    case cjk
    /// Noto Sans Math, Symbols, Symbols 2, Music and the number forms: symbols no script face has.
    case symbols
    /// Latin Modern Roman, Sans and Mono at their optical sizes: text inside formulas (`\text`, `\textbf`, `\texttt`
    /// …), as LuaLaTeX sets it. Never seen by Pango; a missing file leaves that text in Latin Modern Math's letters.
    case formula

    /// Whether the file belongs to the world collection, loaded only when a text needs a face the style lacks.
    public var isCollection: Bool { self != .base && self != .formula }
}
