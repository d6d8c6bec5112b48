/// Math alphabet commands (`\mathbf`, `\mathrm`, `\boldsymbol` …) applied to their argument.
extension LaTeXParser {
    /// `list` with its characters in `alphabet`, as a TeX family switch (`\mathbf{…}`) sets every math character of
    /// its group: nested groups, accents' bases (`\mathbf{\hat n}`), scripts (`\mathbf{x^2}`), fractions, radicals,
    /// delimited bodies, colours, phantoms, laps and the like. Text (`\text`, operator names but under `\boldsymbol`)
    /// and chemistry keep their own fonts; a table's cells are groups of their own.
    static func applying(_ alphabet: MathAlphabet, to list: MathList) -> MathList {
        func apply(_ list: MathList) -> MathList { applying(alphabet, to: list) }
        return MathList(list.items.map { item in
            guard case .atom(var atom) = item else { return item }
            switch atom.nucleus {
            case .character(let scalar, _): atom.nucleus = .character(scalar, alphabet)
            // amsbsy's \boldsymbol sets its argument in the bold math version, whose operator font is bold too
            // (`\boldsymbol{\lim}`); a family switch (\mathbf) leaves operator names as they are.
            case .text(let name, .roman) where alphabet == .boldItalic && atom.atomClass == .op: atom.nucleus = .text(name, .bold)
            case .list(let inner): atom.nucleus = .list(apply(inner))
            case .accent(let scalar, let kind, let base): atom.nucleus = .accent(scalar, kind: kind, base: apply(base))
            case .fraction(var fraction):
                fraction.numerator = apply(fraction.numerator)
                fraction.denominator = apply(fraction.denominator)
                atom.nucleus = .fraction(fraction)
            case .radical(let radicand, let index): atom.nucleus = .radical(radicand: apply(radicand), index: index.map(apply))
            case .leftRight(let left, let body, let right): atom.nucleus = .leftRight(left: left, body: apply(body), right: right)
            case .colored(let color, let inner): atom.nucleus = .colored(color, apply(inner))
            case .boxed(let inner, let background, let border): atom.nucleus = .boxed(apply(inner), background: background, border: border)
            case .phantom(let inner, let width, let height): atom.nucleus = .phantom(apply(inner), keepsWidth: width, keepsHeight: height)
            case .sized(let size, let inner): atom.nucleus = .sized(size, apply(inner))
            case .lap(let inner, let lap): atom.nucleus = .lap(apply(inner), lap)
            case .smash(let inner, let height, let depth): atom.nucleus = .smash(apply(inner), height: height, depth: depth)
            case .raised(let inner, let by): atom.nucleus = .raised(apply(inner), by: by)
            case .vcenter(let inner): atom.nucleus = .vcenter(apply(inner))
            case .negated(let inner): atom.nucleus = .negated(apply(inner))
            default: break
            }
            atom.upper = atom.upper.map(apply)
            atom.lower = atom.lower.map(apply)
            return .atom(atom)
        })
    }
}
