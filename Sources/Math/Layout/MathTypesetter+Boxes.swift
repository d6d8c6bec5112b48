import Drawing

/// `\boxed`, `\colorbox` and `\xrightarrow` (`math-facts.md` §3.11, §3.15; LaTeX \fbox: \fboxsep 3 pt, \fboxrule
/// 0.4 pt; KaTeX's `\xrightarrow`: labels padded by 0.5 em on each side, at least 1.469 em of arrow).
extension MathTypesetter {
    func boxed(_ list: MathList, background: RGBA?, border: Bool, style: StyleState) throws -> MathBox {
        let size = style.size(base: baseSize, constants: font.constants)
        let body = try layout(list, style: style)
        let pad = 0.3 * size, rule = border ? 0.04 * size : 0
        let width = body.width + 2 * (pad + rule)
        let top = body.ascent + pad + rule, bottom = body.descent + pad + rule
        var frame = Frame()
        if let background { frame.append(.fill(.rect(Rect(x: 0, y: -top, width: width, height: top + bottom)), .solid(background))) }
        frame.append(contentsOf: body.frame.offsetBy(dx: pad + rule, dy: 0))
        if border {
            frame.append(.fill(.rects([
                Rect(x: 0, y: -top, width: width, height: rule), Rect(x: 0, y: bottom - rule, width: width, height: rule),
                Rect(x: 0, y: -top + rule, width: rule, height: top + bottom - 2 * rule),
                Rect(x: width - rule, y: -top + rule, width: rule, height: top + bottom - 2 * rule),
            ]), .solid(color)))
        }
        return MathBox(width: width, ascent: top, descent: bottom, frame: frame)
    }

    /// An arrow stretched under its upper label and over its lower one; the labels sit by the stretch-stack
    /// constants (StretchStackTopShiftUp / GapAboveMin above, BottomShiftDown / GapBelowMin below).
    func extensibleArrow(_ scalar: Unicode.Scalar, above: MathList?, below: MathList?, style: StyleState) throws -> MathBox {
        let size = style.size(base: baseSize, constants: font.constants)
        let upper = try above.map { try layout($0, style: style.superscript) }
        let lower = try below.map { try layout($0, style: style.subscript) }
        let labels = max(upper?.width ?? 0, lower?.width ?? 0)
        let target = max(labels + size, 1.469 * size)
        guard let glyph = font.glyph(for: scalar) else { return glyph(scalar, size: size) }
        let arrow = horizontalStretch(glyph, width: target, size: size)
        let width = max(target, arrow.width)
        var frame = arrow.frame.offsetBy(dx: (width - arrow.width) / 2, dy: 0)
        var ascent = arrow.ascent, descent = arrow.descent
        if let upper {
            let shift = max(constant(.stretchStackTopShiftUp, size: size), arrow.ascent + constant(.stretchStackGapBelowMin, size: size) + upper.descent)
            frame.append(contentsOf: upper.frame.offsetBy(dx: (width - upper.width) / 2, dy: -shift))
            ascent = max(ascent, shift + upper.ascent)
        }
        if let lower {
            let shift = max(constant(.stretchStackBottomShiftDown, size: size), arrow.descent + constant(.stretchStackGapAboveMin, size: size) + lower.ascent)
            frame.append(contentsOf: lower.frame.offsetBy(dx: (width - lower.width) / 2, dy: shift))
            descent = max(descent, shift + lower.descent)
        }
        return MathBox(width: width, ascent: ascent, descent: descent, frame: frame)
    }
}
