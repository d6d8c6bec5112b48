import Drawing

/// Radicals (`math-facts.md` §3.8; TeX Rule 11, tex.web §737) and stretched glyphs as boxes (§2.5).
extension MathTypesetter {
    func radical(_ radicand: MathList, index: MathList?, style: StyleState) throws -> MathBox {
        let root = try radical(radicand, style: style)
        guard let index else { return root }
        // The index in SS: kern before max(0, RadicalKernBeforeDegree), after RadicalKernAfterDegree, the three never
        // less than nothing (LuaTeX: \sqrt[3]{x} is 1.2 pt wider than \sqrt{x}; bounding the kern by the index's width
        // made it 5.3 pt);
        // its ink bottom RadicalDegreeBottomRaisePercent of the radical's height above the radical's bottom (§3.8).
        let size = style.size(base: baseSize, constants: font.constants)
        let degree = try layout(index, style: StyleState(.scriptScript, cramped: true))
        let before = max(0, constant(.radicalKernBeforeDegree, size: size))
        let after = max(-(before + degree.width), constant(.radicalKernAfterDegree, size: size))
        let raise = constant(.radicalDegreeBottomRaisePercent, size: size) * (root.ascent + root.descent) - root.descent + degree.descent
        var frame = degree.frame.offsetBy(dx: before, dy: -raise)
        let rootX = before + degree.width + after
        frame.append(contentsOf: root.frame.offsetBy(dx: rootX, dy: 0))
        return MathBox(width: rootX + root.width, ascent: max(root.ascent, raise + degree.ascent), descent: max(root.descent, degree.descent - raise),
                       frame: frame)
    }

    private func radical(_ radicand: MathList, style: StyleState) throws -> MathBox {
        let size = style.size(base: baseSize, constants: font.constants)
        let body = try layout(radicand, style: style.crampedSame)
        var gap = constant(style.isDisplay ? .radicalDisplayStyleVerticalGap : .radicalVerticalGap, size: size)
        let thickness = constant(.radicalRuleThickness, size: size)
        let target = body.ascent + body.descent + gap + thickness
        let surd = stretchedBox("\u{221A}", height: target, size: size)
        let surdHeight = surd.ascent + surd.descent
        // A taller surd than needed centres the radicand in it.
        if surdHeight > target { gap += (surdHeight - target) / 2 }
        let barTop = body.ascent + gap + thickness
        var frame = Frame()
        // The surd's ink top meets the bar's top edge.
        frame.append(contentsOf: surd.frame.offsetBy(dx: 0, dy: -(barTop - surd.ascent)))
        frame.append(.fill(.rect(Rect(x: surd.width, y: -barTop, width: body.width, height: thickness)), .solid(color)))
        frame.append(contentsOf: body.frame.offsetBy(dx: surd.width, dy: 0))
        return MathBox(width: surd.width + body.width, ascent: barTop + constant(.radicalExtraAscender, size: size),
                       descent: max(body.descent, surdHeight - barTop), frame: frame)
    }

    /// `scalar`'s glyph grown vertically to at least `height` points: the glyph, a size variant or the
    /// assembly, as a box whose ascent and descent are its ink above and below its own baseline.
    func stretchedBox(_ scalar: Unicode.Scalar, height: Double, size: Double) -> MathBox {
        guard let base = font.glyph(for: scalar) else { return glyph(scalar, size: size) }
        let target = height * Double(font.unitsPerEm) / size
        switch font.stretched(base, to: target, vertical: true) {
        case .glyph(let glyph):
            return self.box(glyph: glyph, size: size)
        case .assembly(let assembly):
            // Parts are drawn with their ink bottom at their origin; the first part's bottom is the assembly's.
            var width = 0.0
            let pieces = assembly.parts.map { part -> PositionedGlyph in
                let advance = points(Double(font.advance(part.glyph)), size: size)
                width = max(width, advance)
                return PositionedGlyph(id: part.glyph, x: 0, y: -points(part.offset, size: size), advance: advance, isMissing: false)
            }
            return MathBox(width: width, ascent: points(assembly.size, size: size), descent: 0,
                           italicCorrection: points(Double(assembly.italicCorrection), size: size), frame: oneShape(pieces, size: size))
        }
    }

    /// An assembly's pieces as one glyph run filled as one shape (`GlyphRun.isOneShape`), on the box's origin.
    func oneShape(_ pieces: [PositionedGlyph], size: Double) -> Frame {
        Frame([.glyphs(GlyphRun(font: font.key(size: size), color: color, glyphs: pieces, isOneShape: true), origin: Point(x: 0, y: 0))])
    }

    /// A glyph by id at `size` (size variants and assembly parts have no code point). `text`: the character it draws, kept
    /// with it so a PDF's text says it (a script-style or variant glyph has no code point of its own in the font).
    func box(glyph: UInt32, size: Double, text: String = "") -> MathBox {
        let ink = font.ink(glyph)
        let advance = points(Double(font.advance(glyph)), size: size)
        let run = GlyphRun(font: font.key(size: size), color: color, glyphs: [PositionedGlyph(id: glyph, x: 0, y: 0, advance: advance, isMissing: false)],
                           text: text, clusters: text.isEmpty ? [] : [TextCluster(bytes: text.utf8.count, glyphs: 1)])
        return MathBox(width: advance, ascent: max(0, points(Double(ink.maxY), size: size)), descent: max(0, -points(Double(ink.minY), size: size)),
                       italicCorrection: points(Double(font.italicCorrection(glyph)), size: size), isSingleGlyph: !font.isExtendedShape(glyph),
                       frame: Frame([.glyphs(run, origin: Point(x: 0, y: 0))]))
    }
}
