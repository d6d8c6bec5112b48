import Drawing

/// `\boxed`, `\colorbox` and `\xrightarrow` (`math-facts.md` §3.11, §3.15; LaTeX \fbox: \fboxsep 3 pt, \fboxrule
/// 0.4 pt; amsmath's `\xrightarrow`: 5 + 9 mu around a label, at least the arrow's own width).
extension MathTypesetter {
    func boxed(_ list: MathList, background: RGBA?, border: Bool, style: StyleState) throws -> MathBox {
        try framed(list, border: nil, background: background, rule: border, style: style)
    }

    /// An arrow stretched under its upper label and over its lower one, as amsmath's \ext@arrow builds it: the
    /// arrow at least its natural width and as wide as the wider label with 5 mu before and 9 mu after it (in
    /// script style), the labels set as the limits of an operator (the limit gap and rise constants).
    func extensibleArrow(_ scalar: Unicode.Scalar, above: MathList?, below: MathList?, style: StyleState) throws -> MathBox {
        let size = style.size(base: baseSize, constants: font.constants)
        let scriptSize = style.superscript.size(base: baseSize, constants: font.constants)
        // An empty label is none (amsmath's \@ifnotempty).
        let upper = try above.flatMap { $0.items.isEmpty ? nil : try layout($0, style: style.superscript) }
        let lower = try below.flatMap { $0.items.isEmpty ? nil : try layout($0, style: style.subscript) }
        let padding = 14.0 / 18 * scriptSize
        let labels = max(upper.map { $0.width + padding } ?? 0, lower.map { $0.width + padding } ?? 0)
        guard let glyph = font.glyph(for: scalar) else { return glyph(scalar, size: size) }
        let natural = max(points(Double(font.advance(glyph)), size: size), minimumArrowWidth * size)
        // The arrow is a fill (\rightarrowfill@): exactly as long as needed, not the next larger variant.
        let arrow = horizontalStretch(glyph, width: max(labels, natural), size: size, exact: true)
        let width = max(labels, arrow.width)
        var frame = arrow.frame.offsetBy(dx: (width - arrow.width) / 2, dy: 0)
        var ascent = arrow.ascent, descent = arrow.descent
        // The label box is 5 mu + label + 9 mu, centred: the label itself sits 2 mu left of the centre.
        let offset = -2.0 / 18 * scriptSize
        if let upper {
            let shift = arrow.ascent + max(constant(.upperLimitBaselineRiseMin, size: size), constant(.upperLimitGapMin, size: size) + upper.descent)
            frame.append(contentsOf: upper.frame.offsetBy(dx: (width - upper.width) / 2 + offset, dy: -shift))
            ascent = max(ascent, shift + upper.ascent)
        }
        if let lower, minimumArrowWidth > 0 {
            // mhchem's arrows (inside \ce) hang the lower label as \raisebox{1.25ex − its height}[0pt]{…}: a limit of
            // no height whose top is 1.25 ex of the text size above the limit's baseline, so the label sits a fixed
            // distance under the arrow and deepens the box only when it is taller than 1.25 ex (LuaLaTeX's mhchem:
            // \ce{A ->[x][x_i] B} is 11.61 pt deep at 19.04 pt, whatever the lower label).
            let shift = arrow.descent + max(constant(.lowerLimitBaselineDropMin, size: size), constant(.lowerLimitGapMin, size: size))
            let top = shift - 1.25 * 0.431 * baseSize
            frame.append(contentsOf: lower.frame.offsetBy(dx: (width - lower.width) / 2 + offset, dy: top + lower.ascent))
            descent = max(descent, shift, top + lower.ascent + lower.descent)
        } else if let lower {
            let shift = arrow.descent + max(constant(.lowerLimitBaselineDropMin, size: size), constant(.lowerLimitGapMin, size: size) + lower.ascent)
            frame.append(contentsOf: lower.frame.offsetBy(dx: (width - lower.width) / 2 + offset, dy: shift))
            descent = max(descent, shift + lower.descent)
        }
        return MathBox(width: width, ascent: ascent, descent: descent, frame: frame)
    }
}
