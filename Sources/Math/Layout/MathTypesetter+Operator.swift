import Drawing

/// Large operators and limits (`math-facts.md` §3.9; TeX Rule 13, tex.web §749–751).
extension MathTypesetter {
    /// A large-operator glyph: in display style the first vertical variant of at least DisplayOperatorMinHeight,
    /// centred on the axis.
    func largeOperator(_ scalar: Unicode.Scalar, style: StyleState) -> MathBox {
        let size = style.size(base: baseSize, constants: font.constants)
        guard let base = font.glyph(for: scalar) else { return glyph(scalar, size: size) }
        var chosen = base
        if style.isDisplay {
            let minimum = font.constants[.displayOperatorMinHeight]
            chosen = font.variants(base, vertical: true).first { $0.advance >= minimum }?.glyph ?? base
        }
        // Scripts attach to an operator by the box rules, as to an extended shape.
        return centredOnAxis(box(glyph: chosen, size: size), size: size)
    }

    /// Limits above and below `op`, all three centred on the widest, the upper one ic/2 right and the lower ic/2 left.
    /// The labels of `\overbrace` and `\underbrace` too (unicode-math: `\mathop{…}\limits`; LuaLaTeX's
    /// \underbrace{AB}_{k} is 19.93 pt deep, the brace's 7.37 and the limit rules).
    func limits(on op: MathBox, upper: MathList?, lower: MathList?, style: StyleState) throws -> MathBox {
        let size = style.size(base: baseSize, constants: font.constants)
        let sup = try upper.map { try layout($0, style: style.superscript) }
        let sub = try lower.map { try layout($0, style: style.subscript) }
        let width = max(op.width, sup?.width ?? 0, sub?.width ?? 0)
        let ic = op.italicCorrection
        var frame = op.frame.offsetBy(dx: (width - op.width) / 2, dy: 0)
        var ascent = op.ascent, descent = op.descent
        if let sup {
            let u = max(constant(.upperLimitBaselineRiseMin, size: size), constant(.upperLimitGapMin, size: size) + sup.descent)
            frame.append(contentsOf: sup.frame.offsetBy(dx: (width - sup.width) / 2 + ic / 2, dy: -(op.ascent + u)))
            ascent = op.ascent + u + sup.ascent
        }
        if let sub {
            let v = max(constant(.lowerLimitBaselineDropMin, size: size), constant(.lowerLimitGapMin, size: size) + sub.ascent)
            frame.append(contentsOf: sub.frame.offsetBy(dx: (width - sub.width) / 2 - ic / 2, dy: op.descent + v))
            descent = op.descent + v + sub.descent
        }
        return MathBox(width: width, ascent: ascent, descent: descent, frame: frame)
    }
}
