import Drawing

/// amsmath's `\dots` (`\@xdots`): which dots it is depends on the token after it.
extension LaTeXParser {
    /// `\dots` by what follows: a binary operator, a relation, `\not` or a big operator takes ⋯ on the axis
    /// (`\dotsb`: `a_1 + \dots + a_n`), an integral ⋯ after a thin negative kern (`\dotsi`), anything else — a comma,
    /// a closing delimiter, the end — the low dots (`\dotsc`, `\dotso`).
    mutating func dots() -> [MathItem] {
        let centred = MathItem.atom(MathAtom(.inner, .character("\u{22EF}", .normal)))
        switch followingDotsContext() {
        case .binary: return [centred]
        case .integral: return [.space(.mu(-3)), centred]
        case .other: return [.atom(MathAtom(.inner, .character("\u{2026}", .normal)))]
        }
    }

    /// What follows a `\dots`, for amsmath's choice of dots (the next token, spaces skipped; nothing is consumed).
    enum DotsContext { case binary, integral, other }

    mutating func followingDotsContext() -> DotsContext {
        let saved = index
        defer { index = saved }
        skipSpaces()
        guard let c = peek else { return .other }
        guard c == "\\" else {
            guard case .atom(let atom)? = Self.item(for: c) else { return .other }
            return atom.atomClass == .bin || atom.atomClass == .rel ? .binary : .other
        }
        let name = readCommandName()
        if name == "not" { return .binary }
        guard let symbol = MathSymbol.named(name), case .atom(let atomClass) = symbol.kind else { return .other }
        switch atomClass {
        case .bin, .rel: return .binary
        case .op: return Self.isIntegral(symbol.scalar) ? .integral : .binary
        default: return .other
        }
    }
}
