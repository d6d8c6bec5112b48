import Drawing

/// Lines over and around a list: `\cancel` family and `\sout` (the cancel package's strokes, at the
/// fraction rule's thickness, KaTeX's 0.2 em of overhang beyond the ink for short bodies), `\angl`, `\phase`,
/// `\not` (a slash over the relation, as TeX's zero-width \not glyph), and `\fbox`/`\fcolorbox` (LaTeX's
/// \fboxsep 3 pt and \fboxrule 0.4 pt at 10 pt).
extension MathTypesetter {
    func enclosed(_ list: MathList, _ lines: [MathEnclosure], style: StyleState) throws -> MathBox {
        let size = style.size(base: baseSize, constants: font.constants)
        var body = try layout(list, style: style)
        body.isSingleGlyph = false
        let thickness = constant(.fractionRuleThickness, size: size)
        let stroke = Stroke(width: thickness)
        var frame = body.frame
        var box = body
        let top = -body.ascent, bottom = body.descent, width = body.width
        for line in lines {
            switch line {
            case .upDiagonal, .downDiagonal:
                // A short body gets its stroke longer than its ink so that it reads as a cancel mark.
                let pad = width < size ? 0.2 * size : 0
                let (y0, y1) = line == .upDiagonal ? (bottom, top) : (top, bottom)
                frame.append(.stroke(Path([.move(Point(x: -pad / 2, y: y0 + (line == .upDiagonal ? pad / 4 : -pad / 4))),
                                           .line(Point(x: width + pad / 2, y: y1 + (line == .upDiagonal ? -pad / 4 : pad / 4)))]),
                                     .solid(color), stroke))
            case .horizontalStrike:
                let y = -constant(.axisHeight, size: size)
                frame.append(.fill(.rect(Rect(x: 0, y: y - thickness / 2, width: width, height: thickness)), .solid(color)))
            case .topAndRight:
                let gap = constant(.overbarVerticalGap, size: size), pad = 0.15 * size
                let y = top - gap - thickness
                frame.append(.fill(.rects([Rect(x: 0, y: y, width: width + pad + thickness, height: thickness),
                                           Rect(x: width + pad, y: y, width: thickness, height: bottom - y)]), .solid(color)))
                box.width += pad + thickness
                box.ascent = body.ascent + gap + thickness
            case .phaseAngle:
                let gap = constant(.underbarVerticalGap, size: size), lean = 0.5 * (body.ascent + body.descent + gap)
                let y = bottom + gap
                frame = body.frame.offsetBy(dx: lean, dy: 0)
                frame.append(.fill(.rect(Rect(x: 0, y: y, width: width + lean, height: thickness)), .solid(color)))
                frame.append(.stroke(Path([.move(Point(x: thickness, y: y)), .line(Point(x: lean + thickness, y: top - gap))]), .solid(color), stroke))
                box.width = width + lean
                box.descent = body.descent + gap + thickness
                box.ascent = body.ascent + gap
            }
        }
        box.frame = frame
        return box
    }

    /// `\not X`: X with the math font's long solidus overlay (U+0338), or a slash, centred over it.
    func negated(_ list: MathList, style: StyleState) throws -> MathBox {
        let size = style.size(base: baseSize, constants: font.constants)
        var body = try layout(list, style: style)
        let slash = font.glyph(for: "\u{29F8}") != nil ? glyph("\u{29F8}", size: size, scriptLevel: style.scriptLevel)
                                                      : glyph("/", size: size, scriptLevel: style.scriptLevel)
        let axis = constant(.axisHeight, size: size)
        let dy = ((slash.ascent - slash.descent) / 2 - axis)
        body.frame.append(contentsOf: slash.frame.offsetBy(dx: (body.width - slash.width) / 2, dy: dy))
        body.ascent = max(body.ascent, slash.ascent - dy)
        body.descent = max(body.descent, slash.descent + dy)
        body.isSingleGlyph = false
        return body
    }

    /// `\fbox`, `\fcolorbox`, `\boxed` and `\colorbox`: \fboxsep of padding on a background, and (`rule`) a
    /// \fboxrule frame in `border` or the current colour.
    func framed(_ list: MathList, border: RGBA?, background: RGBA?, rule drawsRule: Bool = true, style: StyleState) throws -> MathBox {
        let body = try layout(list, style: style)
        // \fboxsep (3 pt) and \fboxrule (0.4 pt) are lengths: the text size's in scripts too (LuaLaTeX: z_{\fbox{a}}).
        let pad = 0.3 * baseSize, rule = drawsRule ? 0.04 * baseSize : 0
        let width = body.width + 2 * (pad + rule)
        let top = body.ascent + pad + rule, bottom = body.descent + pad + rule
        var frame = Frame()
        if let background { frame.append(.fill(.rect(Rect(x: 0, y: -top, width: width, height: top + bottom)), .solid(background))) }
        frame.append(contentsOf: body.frame.offsetBy(dx: pad + rule, dy: 0))
        if drawsRule {
            frame.append(.fill(.rects([
                Rect(x: 0, y: -top, width: width, height: rule), Rect(x: 0, y: bottom - rule, width: width, height: rule),
                Rect(x: 0, y: -top + rule, width: rule, height: top + bottom - 2 * rule),
                Rect(x: width - rule, y: -top + rule, width: rule, height: top + bottom - 2 * rule),
            ]), .solid(border ?? color)))
        }
        return MathBox(width: width, ascent: top, descent: bottom, frame: frame)
    }
}
