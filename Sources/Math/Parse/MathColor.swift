import Drawing

/// Colours in formulas (`math-facts.md` §3.15): `#rrggbb` as SwiftMath takes it, the same six digits without
/// `#` (xcolor's HTML model), and the colour names of LaTeX's `color` package, xcolor's base set and the CSS
/// names KaTeX users write most.
enum MathColor {
    static func parse(_ text: String) -> RGBA? {
        let trimmed = text.trimmingCharacters(in: " ")
        if let color = RGBA(hex: trimmed), trimmed.count == 7 || trimmed.count == 6 { return color }
        return names[trimmed.lowercased()].flatMap { RGBA(hex: $0) }
    }

    static let names: [String: String] = [
        "black": "#000000", "white": "#ffffff", "red": "#ff0000", "green": "#00ff00", "blue": "#0000ff", "cyan": "#00ffff",
        "magenta": "#ff00ff", "yellow": "#ffff00", "gray": "#808080", "grey": "#808080", "darkgray": "#404040", "lightgray": "#bfbfbf",
        "orange": "#ff8000", "purple": "#bf0040", "brown": "#bf8040", "pink": "#ffbfbf", "teal": "#008080", "olive": "#808000",
        "violet": "#800080", "lime": "#bfff00", "navy": "#000080", "maroon": "#800000", "gold": "#ffd700", "silver": "#c0c0c0",
    ]
}

private extension String {
    func trimmingCharacters(in set: Character) -> String {
        var slice = Substring(self)
        while slice.first == set { slice.removeFirst() }
        while slice.last == set { slice.removeLast() }
        return String(slice)
    }
}
