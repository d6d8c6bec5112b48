import Drawing

/// The constructions that move, hide or resize a list without a glyph of their own: sizes, laps, `\smash`,
/// `\raisebox`, `\rule`, `\vcenter`, `\mathchoice` (TeX's \llap/\rlap, \smash, \vcenter and \mathchoice;
/// LaTeX's \raisebox and \rule; KaTeX's size factors).
extension MathTypesetter {
    func sized(_ factor: Double, _ list: MathList, style: StyleState) throws -> MathBox {
        var resized = self
        resized.baseSize = normalSize * factor
        return try resized.layout(list, style: style)
    }

    func lap(_ list: MathList, _ alignment: MathLap, style: StyleState) throws -> MathBox {
        let body = try layout(list, style: style)
        let dx: Double
        switch alignment {
        case .left: dx = -body.width
        case .right: dx = 0
        case .center: dx = -body.width / 2
        }
        return MathBox(width: 0, ascent: body.ascent, descent: body.descent, frame: body.frame.offsetBy(dx: dx, dy: 0))
    }

    func smash(_ list: MathList, height: Bool, depth: Bool, style: StyleState) throws -> MathBox {
        var body = try layout(list, style: style)
        if height { body.ascent = 0 }
        if depth { body.descent = 0 }
        body.isSingleGlyph = false
        return body
    }

    /// A length of `MathSpace` in points: mu are 1/18 em of the style's size; ems (and pt, ex, which the parser
    /// reads as ems) are the text size's in every style, as TeX's em is the current text font's (LuaLaTeX:
    /// x^{\rule{1em}{1em}} holds a 19.04 pt square at 19.04 pt, x^{a\quad b} a 19.04 pt space).
    func points(_ space: MathSpace, style: StyleState) -> Double {
        switch space {
        case .em(let em): return em * baseSize
        case .mu(let mu): return mu * style.size(base: baseSize, constants: font.constants) / 18
        }
    }

    func raised(_ list: MathList, by space: MathSpace, style: StyleState) throws -> MathBox {
        let body = try layout(list, style: style)
        let shift = points(space, style: style)
        return MathBox(width: body.width, ascent: max(0, body.ascent + shift), descent: max(0, body.descent - shift),
                       frame: body.frame.offsetBy(dx: 0, dy: -shift))
    }

    func rule(width: MathSpace, height: MathSpace, raise: MathSpace, style: StyleState) -> MathBox {
        let w = max(0, points(width, style: style)), h = max(0, points(height, style: style)), up = points(raise, style: style)
        var frame = Frame()
        if w > 0, h > 0 { frame.append(.fill(.rect(Rect(x: 0, y: -(up + h), width: w, height: h)), .solid(color))) }
        return MathBox(width: w, ascent: max(0, up + h), descent: max(0, -up), frame: frame)
    }

    func vcenter(_ list: MathList, style: StyleState) throws -> MathBox {
        let body = try layout(list, style: style)
        let axis = constant(.axisHeight, size: style.size(base: baseSize, constants: font.constants))
        // TeX §736: the box is shifted so that its vertical centre sits on the axis.
        let shift = (body.ascent - body.descent) / 2 - axis
        return MathBox(width: body.width, ascent: body.ascent - shift, descent: body.descent + shift, frame: body.frame.offsetBy(dx: 0, dy: shift))
    }

    func choice(display: MathList, text: MathList, script: MathList, scriptScript: MathList, style: StyleState) throws -> MathBox {
        switch style.style {
        case .display: return try layout(display, style: style)
        case .text: return try layout(text, style: style)
        case .script: return try layout(script, style: style)
        case .scriptScript: return try layout(scriptScript, style: style)
        }
    }
}
