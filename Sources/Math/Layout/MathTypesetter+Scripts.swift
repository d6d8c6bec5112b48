/// Sub- and superscripts (`math-facts.md` §3.6; TeX Rule 18, tex.web §756–759).
extension MathTypesetter {
    func attachScripts(to base: inout MathBox, upper: MathList?, lower: MathList?, style: StyleState, isOperator: Bool) throws {
        let size = style.size(base: baseSize, constants: font.constants)
        let sup = try upper.map { try layout($0, style: style.superscript) }
        let sub = try lower.map { try layout($0, style: style.subscript) }
        // Step 1: a single glyph starts from 0; anything else from its box, with the drops at the base's size: the
        // OpenType constants are for the nucleus's font, as LuaTeX applies them (TeX's TFM rule took the drops
        // from the script font; measured against LuaLaTeX, `\log_2 n` was 1.1 pt short of its depth).
        var u = base.isSingleGlyph ? 0 : base.ascent - constant(.superscriptBaselineDropMax, size: size)
        var v = base.isSingleGlyph ? 0 : base.descent + constant(.subscriptBaselineDropMin, size: size)
        let shiftUp = style.cramped ? constant(.superscriptShiftUpCramped, size: size) : constant(.superscriptShiftUp, size: size)
        if let sup {
            u = max(u, shiftUp, sup.descent + constant(.superscriptBottomMin, size: size))
        }
        if let sub {
            if sup == nil {
                // Step 2a: a subscript alone.
                v = max(v, constant(.subscriptShiftDown, size: size), sub.ascent - constant(.subscriptTopMax, size: size))
            } else if let sup {
                // Step 2c: both, kept apart by SubSuperscriptGapMin, moved up together within the limit.
                v = max(v, constant(.subscriptShiftDown, size: size))
                let gap = (u - sup.descent) - (sub.ascent - v)
                if gap < constant(.subSuperscriptGapMin, size: size) {
                    v += constant(.subSuperscriptGapMin, size: size) - gap
                    let delta = constant(.superscriptBottomMaxWithSubscript, size: size) - (u - sup.descent)
                    if delta > 0 {
                        u += delta
                        v -= delta
                    }
                }
            }
        }
        // Step 3: the superscript after the italic correction; on a large operator the subscript tucks in by it.
        let ic = base.italicCorrection
        let supX = isOperator ? base.width : base.width + ic
        let subX = isOperator ? base.width - ic : base.width
        var end = base.width
        let after = constant(.spaceAfterScript, size: size)
        var frame = base.frame
        var ascent = base.ascent, descent = base.descent
        if let sup {
            frame.append(contentsOf: sup.frame.offsetBy(dx: supX, dy: -u))
            end = max(end, supX + sup.width)
            ascent = max(ascent, u + sup.ascent)
            descent = max(descent, sup.descent - u)
        }
        if let sub {
            frame.append(contentsOf: sub.frame.offsetBy(dx: subX, dy: v))
            end = max(end, subX + sub.width)
            descent = max(descent, v + sub.descent)
            ascent = max(ascent, sub.ascent - v)
        }
        base = MathBox(width: end + after, ascent: ascent, descent: descent, italicCorrection: 0, isSingleGlyph: false, frame: frame)
    }
}
