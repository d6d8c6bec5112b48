import Drawing

/// Accents, rules over and under, and stretchy constructions (`math-facts.md` §3.11; TeX Rules 9–12).
extension MathTypesetter {
    func accent(_ scalar: Unicode.Scalar, kind: MathSymbol.Kind, base list: MathList, style: StyleState) throws -> MathBox {
        let size = style.size(base: baseSize, constants: font.constants)
        switch kind {
        case .overRule:
            let body = try layout(list, style: style.crampedSame)
            let gap = constant(.overbarVerticalGap, size: size), thickness = constant(.overbarRuleThickness, size: size)
            var frame = body.frame
            frame.append(.fill(.rect(Rect(x: 0, y: -(body.ascent + gap + thickness), width: body.width, height: thickness)), .solid(color)))
            return MathBox(width: body.width, ascent: body.ascent + gap + thickness + constant(.overbarExtraAscender, size: size),
                           descent: body.descent, frame: frame)
        case .underRule:
            let body = try layout(list, style: style)
            let gap = constant(.underbarVerticalGap, size: size), thickness = constant(.underbarRuleThickness, size: size)
            var frame = body.frame
            frame.append(.fill(.rect(Rect(x: 0, y: body.descent + gap, width: body.width, height: thickness)), .solid(color)))
            return MathBox(width: body.width, ascent: body.ascent,
                           descent: body.descent + gap + thickness + constant(.underbarExtraDescender, size: size), frame: frame)
        case .accent, .wideAccent:
            return try topAccent(scalar, wide: kind == .wideAccent, base: list, style: style)
        case .over, .under:
            return try stretchedOverUnder(scalar, over: kind == .over, base: list, style: style)
        case .underAccent:
            return try bottomAccent(scalar, base: list, style: style)
        case .atom:
            return try layout(list, style: style)
        }
    }

    /// TeX §738 (make_math_accent, "swap the subscript and superscript into box x"): when an accent over a single
    /// character carries scripts (`\hat{A}^2`, `\vec{v}^2`, `\tilde{x}_1^2`), the scripts attach to the character as
    /// if it had no accent, and the accent keeps the place it has over the bare character. Nil for anything else.
    func accentedCharacterWithScripts(_ atom: MathAtom, style: StyleState) throws -> MathBox? {
        guard atom.upper != nil || atom.lower != nil, atom.limits != .limits,
              case .accent(let scalar, let kind, let list) = atom.nucleus, kind == .accent || kind == .wideAccent,
              list.items.count == 1, case .atom(let inner) = list.items[0],
              inner.upper == nil, inner.lower == nil, case .character = inner.nucleus else { return nil }
        let bare = try layout(list, style: style.crampedSame)
        let accented = try topAccent(scalar, wide: kind == .wideAccent, base: list, style: style)
        // The accent's own items: what topAccent drew after the bare character's.
        let accentItems = Frame(Array(accented.frame.items.dropFirst(bare.frame.items.count)))
        var scripted = try layout(MathList([.atom(MathAtom(inner.atomClass, inner.nucleus, upper: atom.upper, lower: atom.lower))]), style: style)
        scripted.frame.append(contentsOf: accentItems)
        scripted.ascent = max(scripted.ascent, accented.ascent)
        scripted.descent = max(scripted.descent, accented.descent)
        scripted.isSingleGlyph = false
        return scripted
    }

    /// A math accent: placed so that its attachment point meets the base's, raised by what the base rises above
    /// AccentBaseHeight; a wide accent takes the largest horizontal variant no wider than the base (TeX §740).
    func topAccent(_ scalar: Unicode.Scalar, wide: Bool, base list: MathList, style: StyleState) throws -> MathBox {
        let size = style.size(base: baseSize, constants: font.constants)
        let base = try layout(list, style: style.crampedSame)
        guard var accentGlyph = font.glyph(for: scalar) else { return base }
        if Self.stretchyAccents.contains(scalar.value) {
            // \overrightarrow and friends (unicode-math): the combining arrow stretched to the base, placed as an accent.
            let arrow = horizontalStretch(accentGlyph, width: base.width, size: size, exact: true)
            let raise = max(0, base.ascent - constant(.accentBaseHeight, size: size))
            var frame = base.frame
            frame.append(contentsOf: arrow.frame.offsetBy(dx: (base.width - arrow.width) / 2, dy: -raise))
            return MathBox(width: max(base.width, arrow.width), ascent: max(base.ascent, raise + arrow.ascent), descent: base.descent,
                           italicCorrection: base.italicCorrection, frame: frame)
        }
        if wide {
            let limit = base.width * Double(font.unitsPerEm) / size
            accentGlyph = font.variants(accentGlyph, vertical: false).last { Double($0.advance) <= limit }?.glyph ?? accentGlyph
        }
        let baseAttach: Double
        if base.isSingleGlyph, let glyph = Self.singleGlyph(base.frame) {
            baseAttach = points(Double(font.topAccentAttachment(glyph)), size: size)
        } else {
            baseAttach = base.width / 2
        }
        let accentBox = box(glyph: accentGlyph, size: size)
        let accentX = baseAttach - points(Double(font.topAccentAttachment(accentGlyph)), size: size)
        let raise = max(0, base.ascent - constant(.accentBaseHeight, size: size))
        var frame = base.frame
        frame.append(contentsOf: accentBox.frame.offsetBy(dx: accentX, dy: -raise))
        return MathBox(width: base.width, ascent: max(base.ascent, raise + accentBox.ascent), descent: base.descent,
                       italicCorrection: base.italicCorrection, frame: frame)
    }

    /// An accent below (`\utilde`): the widest variant no wider than the base, centred, its ink top
    /// UnderbarVerticalGap below the base's ink.
    private func bottomAccent(_ scalar: Unicode.Scalar, base list: MathList, style: StyleState) throws -> MathBox {
        let size = style.size(base: baseSize, constants: font.constants)
        let base = try layout(list, style: style)
        guard var glyph = font.glyph(for: scalar) else { return base }
        let limit = base.width * Double(font.unitsPerEm) / size
        glyph = font.variants(glyph, vertical: false).last { Double($0.advance) <= limit }?.glyph ?? glyph
        let accent = box(glyph: glyph, size: size)
        let inkTop = points(Double(font.ink(glyph).maxY), size: size), inkBottom = points(Double(font.ink(glyph).minY), size: size)
        let shift = base.descent + constant(.underbarVerticalGap, size: size) + inkTop
        var frame = base.frame
        frame.append(contentsOf: accent.frame.offsetBy(dx: (base.width - accent.width) / 2, dy: shift))
        return MathBox(width: base.width, ascent: base.ascent, descent: max(base.descent, shift - inkBottom), frame: frame)
    }

    /// An arrow or brace stretched to the body's width above or below it, StretchStackGapBelowMin (over) or
    /// StretchStackGapAboveMin (under) away from its ink.
    private func stretchedOverUnder(_ scalar: Unicode.Scalar, over: Bool, base list: MathList, style: StyleState) throws -> MathBox {
        let size = style.size(base: baseSize, constants: font.constants)
        let body = try layout(list, style: over ? style.crampedSame : style)
        guard let glyph = font.glyph(for: scalar) else { return body }
        let stretched = horizontalStretch(glyph, width: body.width, size: size, exact: LaTeXParser.isBrace(scalar))
        // Issue 40, defect 2: a brace or arrow wider than a short body (its smallest variant) widens the box on both
        // sides, body and brace centred in it, as TeX centres the rows of the \vbox it builds; drawn from the body's
        // origin, it overhung the box to the left and met the neighbour there.
        let width = max(body.width, stretched.width)
        let x = (width - stretched.width) / 2
        var frame = body.frame.offsetBy(dx: (width - body.width) / 2, dy: 0)
        // The gap is between inks: a brace glyph's ink may sit wholly above its baseline (U+23DE) or below it.
        let ink = glyphInk(stretched.frame, size: size) ?? (bottom: -stretched.descent, top: stretched.ascent)
        // Braces sit on the body's ink with no gap, as LuaTeX sets \overbrace and \underbrace with Latin Modern Math
        // (measured: 7.8 pt of brace over a 19 pt body; the stretch-stack gap put it 2.2 pt higher).
        let braced = LaTeXParser.isBrace(scalar)
        if over {
            let gap = braced ? 0 : constant(.stretchStackGapBelowMin, size: size)
            let baseline = body.ascent + gap - ink.bottom
            frame.append(contentsOf: stretched.frame.offsetBy(dx: x, dy: -baseline))
            return MathBox(width: width, ascent: baseline + ink.top, descent: body.descent, frame: frame)
        }
        let gap = braced ? 0 : constant(.stretchStackGapAboveMin, size: size)
        let baseline = body.descent + gap + ink.top
        frame.append(contentsOf: stretched.frame.offsetBy(dx: x, dy: baseline))
        return MathBox(width: width, ascent: body.ascent, descent: baseline - ink.bottom, frame: frame)
    }

    /// `glyph` grown horizontally to at least `width` points: the glyph, a variant or the assembly.
    func horizontalStretch(_ glyph: UInt32, width: Double, size: Double, exact: Bool = false) -> MathBox {
        switch font.stretched(glyph, to: width * Double(font.unitsPerEm) / size, vertical: false, exact: exact) {
        case .glyph(let chosen):
            return box(glyph: chosen, size: size)
        case .assembly(let assembly):
            var frame = Frame()
            var ascent = 0.0, descent = 0.0
            for part in assembly.parts {
                let piece = box(glyph: part.glyph, size: size)
                frame.append(contentsOf: piece.frame.offsetBy(dx: points(part.offset, size: size), dy: 0))
                ascent = max(ascent, piece.ascent)
                descent = max(descent, piece.descent)
            }
            return MathBox(width: points(assembly.size, size: size), ascent: ascent, descent: descent, frame: frame)
        }
    }

    /// The ink of the glyphs a frame draws on its baseline, in points up from it (bottom, top); nil without glyphs.
    func glyphInk(_ frame: Frame, size: Double) -> (bottom: Double, top: Double)? {
        var bottom = Double.infinity, top = -Double.infinity
        for item in frame.items {
            guard case .glyphs(let run, let origin) = item else { continue }
            for glyph in run.glyphs where !glyph.isMissing {
                let ink = font.ink(glyph.id)
                bottom = min(bottom, points(Double(ink.minY), size: size) - origin.y - glyph.y)
                top = max(top, points(Double(ink.maxY), size: size) - origin.y - glyph.y)
            }
        }
        return bottom <= top ? (bottom, top) : nil
    }

    /// The combining arrows above that `\overrightarrow`, `\overleftarrow` and `\overleftrightarrow` stretch.
    static let stretchyAccents: Set<UInt32> = [0x20D6, 0x20D7, 0x20E1]

    /// The glyph id of a frame that draws exactly one glyph.
    static func singleGlyph(_ frame: Frame) -> UInt32? {
        guard frame.items.count == 1, case .glyphs(let run, _) = frame.items[0], run.glyphs.count == 1 else { return nil }
        return run.glyphs[0].id
    }
}
