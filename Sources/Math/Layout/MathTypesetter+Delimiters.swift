import Drawing

/// `\left … \middle … \right` and `\big` … `\Bigg` (`math-facts.md` §3.10; TeX Rule 19, tex.web §762).
extension MathTypesetter {
    /// TeX's \delimiterfactor (901/1000) and \delimitershortfall (0.5 em).
    static let delimiterFactor = 0.901, delimiterShortfall = 0.5

    /// The size a delimiter must reach to cover a body `ascent` above and `descent` below the baseline.
    func delimiterSize(ascent: Double, descent: Double, size: Double) -> Double {
        let axis = constant(.axisHeight, size: size)
        let delta = max(ascent - axis, descent + axis)
        return max(2 * delta * Self.delimiterFactor, 2 * delta - Self.delimiterShortfall * size)
    }

    /// A delimiter grown to `height` and centred on the axis; `nil` (`.`) is the null delimiter space.
    func delimiter(_ scalar: Unicode.Scalar?, height: Double, size: Double) -> MathBox {
        guard let scalar else { return MathBox(width: Self.nullDelimiterSpace * normalSize) }
        return centredOnAxis(stretchedBox(scalar, height: height, size: size), size: size)
    }

    /// `box` moved up or down so its ink centre sits on the axis (§2.5 "Centering on the axis"); scripts then
    /// attach to it by the box rules.
    func centredOnAxis(_ box: MathBox, size: Double) -> MathBox {
        var box = box
        let shift = constant(.axisHeight, size: size) - (box.ascent - box.descent) / 2
        box.frame = box.frame.offsetBy(dx: 0, dy: -shift)
        box.ascent += shift
        box.descent -= shift
        box.isSingleGlyph = false
        return box
    }

    func leftRight(left: Unicode.Scalar?, body list: MathList, right: Unicode.Scalar?, style: StyleState) throws -> MathBox {
        let size = style.size(base: baseSize, constants: font.constants)
        // The body first with its \middle delimiters empty, to measure it; then with them sized.
        let measured = try layout(list, style: style)
        let height = delimiterSize(ascent: measured.ascent, descent: measured.descent, size: size)
        var sized = self
        sized.middleHeight = height
        let body = list.items.contains(where: Self.isMiddle) ? try sized.layout(list, style: style) : measured
        var box = MathBox()
        for part in [delimiter(left, height: height, size: size), body, delimiter(right, height: height, size: size)] {
            box.frame.append(contentsOf: part.frame.offsetBy(dx: box.width, dy: 0))
            box.width += part.width
            box.ascent = max(box.ascent, part.ascent)
            box.descent = max(box.descent, part.descent)
        }
        return box
    }

    /// `\big` (1) … `\Bigg` (4): a box of F × 1.2 × the height + depth of the text-style "(" (F = 1, 1.5, 2, 2.5),
    /// centred on the axis, through the size rule above (LaTeX's amsmath definition).
    func sizedDelimiter(_ scalar: Unicode.Scalar, step: Int, style: StyleState) -> MathBox {
        let size = style.size(base: baseSize, constants: font.constants)
        let factors = [1.0, 1.5, 2.0, 2.5]
        let paren = font.glyph(for: "(").map { Double(font.ink($0).maxY - font.ink($0).minY) } ?? Double(font.unitsPerEm)
        let extent = factors[min(max(step, 1), 4) - 1] * 1.2 * points(paren, size: size)
        let axis = constant(.axisHeight, size: size)
        // amsmath's \left( \vcenter to the extent{} \right.: the delimiter by \left's rule, the box as tall as the
        // empty \vcenter when that is taller (LuaLaTeX: \bigl( is 1.2 × the paren's extent tall, on a 1.1 em glyph).
        var box = delimiter(scalar, height: delimiterSize(ascent: axis + extent / 2, descent: extent / 2 - axis, size: size), size: size)
        box.ascent = max(box.ascent, axis + extent / 2)
        box.descent = max(box.descent, extent / 2 - axis)
        return box
    }

    static func isMiddle(_ item: MathItem) -> Bool {
        if case .atom(let atom) = item, case .middle = atom.nucleus { return true }
        return false
    }
}
