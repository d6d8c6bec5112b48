/// The base families: a text style's own face (`v2-render-facts.md` §2 with the substitutions of the README),
/// the colour emoji and the math font. Every other family is part of the collection and reached by fallback.
public enum FontFamily: String, Sendable, CaseIterable {
    case sans = "Inter", serif = "Noto Serif", mono = "DejaVu Sans Mono", emoji = "Noto Color Emoji", math = "Latin Modern Math"

    /// The text families, in the order they close every cascade.
    static let text: [FontFamily] = [.sans, .serif, .mono]
}
