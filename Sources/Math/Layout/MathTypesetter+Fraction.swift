import Drawing

/// Fractions and stacks (`math-facts.md` §3.7; TeX Rule 15, tex.web §743–748).
extension MathTypesetter {
    /// The null delimiter space TeX puts on each side of a fraction without delimiters: 0.12 em of the formula's
    /// size in every style (\nulldelimiterspace is a fixed 1.2 pt at 10 pt, not scaled with the script style).
    static let nullDelimiterSpace = 0.12

    func fraction(_ fraction: MathFraction, style outer: StyleState) throws -> MathBox {
        let style: StyleState
        switch fraction.style {
        case .automatic: style = outer
        case .display: style = StyleState(.display, cramped: outer.cramped)
        case .text: style = StyleState(.text, cramped: outer.cramped)
        }
        let size = style.size(base: baseSize, constants: font.constants)
        let display = style.isDisplay
        let numerator = try layout(fraction.numerator, style: style.numerator)
        let denominator = try layout(fraction.denominator, style: style.denominator)
        let width = max(numerator.width, denominator.width)
        let axis = constant(.axisHeight, size: size)
        var u: Double, v: Double
        let fontThickness = constant(.fractionRuleThickness, size: size)
        let thickness = fraction.hasRule ? fraction.ruleThickness.map { $0 * baseSize } ?? fontThickness : 0
        // A thickness given with the fraction (`\above 2pt`, `\genfrac`) scales the minimum gaps with it, as TeX's
        // φ = 3θ (display) or θ is (Rule 15d): Latin Modern Math's gaps are exactly 3 and 1 of its own rule, and
        // LuaLaTeX's {a \above 2pt b} grows by 3.5θ above and below in display style, 1.5θ in text style.
        let gapScale = fontThickness > 0 && fraction.ruleThickness != nil ? thickness / fontThickness : 1
        if fraction.hasRule {
            u = constant(display ? .fractionNumeratorDisplayStyleShiftUp : .fractionNumeratorShiftUp, size: size)
            v = constant(display ? .fractionDenominatorDisplayStyleShiftDown : .fractionDenominatorShiftDown, size: size)
            let gapNumerator = gapScale * constant(display ? .fractionNumDisplayStyleGapMin : .fractionNumeratorGapMin, size: size)
            let gapDenominator = gapScale * constant(display ? .fractionDenomDisplayStyleGapMin : .fractionDenominatorGapMin, size: size)
            u = max(u, axis + thickness / 2 + gapNumerator + numerator.descent)
            v = max(v, gapDenominator + thickness / 2 + denominator.ascent - axis)
        } else {
            u = constant(display ? .stackTopDisplayStyleShiftUp : .stackTopShiftUp, size: size)
            v = constant(display ? .stackBottomDisplayStyleShiftDown : .stackBottomShiftDown, size: size)
            let gap = (u - numerator.descent) - (denominator.ascent - v)
            let minimum = constant(display ? .stackDisplayStyleGapMin : .stackGapMin, size: size)
            if gap < minimum {
                u += (minimum - gap) / 2
                v += (minimum - gap) / 2
            }
        }
        // Without delimiters each side gets the null delimiter space; \binom's are at least 2.40 em (D) or 1.01 em
        // tall (LuaTeX's FractionDelimiterDisplayStyleSize and FractionDelimiterSize; TeX's delim1 was 2.39 em,
        // which takes a size variant too small against LuaLaTeX), centred on the axis.
        // In script styles the delimiters are text-size glyphs on the text-size axis, the target still scaled with
        // the style (LuaLaTeX: \binom{a}{b} is 18.96 pt tall in \scriptstyle and in \scriptscriptstyle, the base
        // parenthesis at 19.04 pt, 14.24 above the baseline; script-size glyphs made it 15.3 pt, centred lower).
        let delimiterHeight = (display ? 2.40 : 1.01) * size
        let delimiterSize = max(size, baseSize)
        let left = fraction.left.map { delimiter($0, height: delimiterHeight, size: delimiterSize) }
        let right = fraction.right.map { delimiter($0, height: delimiterHeight, size: delimiterSize) }
        let side = left?.width ?? Self.nullDelimiterSpace * normalSize
        let trailing = right?.width ?? Self.nullDelimiterSpace * normalSize
        var frame = left?.frame ?? Frame()
        // Both parts centred over the wider one (TeX `rebox`).
        frame.append(contentsOf: numerator.frame.offsetBy(dx: side + (width - numerator.width) / 2, dy: -u))
        frame.append(contentsOf: denominator.frame.offsetBy(dx: side + (width - denominator.width) / 2, dy: v))
        if fraction.hasRule {
            frame.append(.fill(.rect(Rect(x: side, y: -(axis + thickness / 2), width: width, height: thickness)), .solid(color)))
        }
        if let right { frame.append(contentsOf: right.frame.offsetBy(dx: side + width, dy: 0)) }
        return MathBox(width: side + width + trailing,
                       ascent: max(u + numerator.ascent, axis + thickness / 2, left?.ascent ?? 0, right?.ascent ?? 0),
                       descent: max(v + denominator.descent, thickness / 2 - axis, 0, left?.descent ?? 0, right?.descent ?? 0), frame: frame)
    }
}
