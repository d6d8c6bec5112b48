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
        case .overSegment, .underSegment:
            // KaTeX's line segment: a rule of the overbar's thickness with a tick at each end, 0.3 em tall and
            // centred on it, the overbar's (underbar's) gap from the body; the box grows by the gap and the tick.
            let over = kind == .overSegment
            let body = try layout(list, style: over ? style.crampedSame : style)
            let thickness = constant(over ? .overbarRuleThickness : .underbarRuleThickness, size: size)
            let gap = constant(over ? .overbarVerticalGap : .underbarVerticalGap, size: size), tick = 0.3 * size
            let middle = over ? -(body.ascent + gap + tick / 2) : body.descent + gap + tick / 2
            var frame = body.frame
            for rect in [Rect(x: 0, y: middle - thickness / 2, width: body.width, height: thickness),
                         Rect(x: 0, y: middle - tick / 2, width: thickness, height: tick),
                         Rect(x: body.width - thickness, y: middle - tick / 2, width: thickness, height: tick)] {
                frame.append(.fill(.rect(rect), .solid(color)))
            }
            return MathBox(width: body.width, ascent: over ? body.ascent + gap + tick : body.ascent,
                           descent: over ? body.descent : body.descent + gap + tick, frame: frame)
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

    /// An arrow or brace stretched to the body's width above or below it. Braces, parentheses and brackets
    /// (`\overbrace`, `\overparen`, `\overgroup` …) as LuaTeX sets a stretchy `\Umathaccent`: the widest variant
    /// that fits (`MathFont.fitted`), the box as wide as the body, the glyph centred and overhanging when even its
    /// smallest size is wider (TeX §738: width(y) := width(x)); over the body its baseline is
    /// height(body) − min(height(body), AccentBaseHeight) up (§738's delta), under it the glyph hangs from the
    /// body's depth. Measured against LuaLaTeX at 19.04 pt: \overbrace{ABCDEFGH} 21.33 pt high, \overparen{AB}
    /// 19.55, \underbrace{x+y} 11.41 deep. Arrows keep StretchStackGapBelowMin (over) or StretchStackGapAboveMin
    /// (under) between their ink and the body's. A label wider than the body widens the box as an operator's limits
    /// do (`\underbrace` is `\mathop{…}\limits`, §750).
    private func stretchedOverUnder(_ scalar: Unicode.Scalar, over: Bool, base list: MathList, style: StyleState) throws -> MathBox {
        let size = style.size(base: baseSize, constants: font.constants)
        let body = try layout(list, style: over ? style.crampedSame : style)
        guard let glyph = font.glyph(for: scalar) else { return body }
        let braced = LaTeXParser.isBrace(scalar)
        let units = body.width * Double(font.unitsPerEm) / size
        let stretched: MathBox
        if let paren = Self.groupParens[scalar.value].flatMap({ font.glyph(for: $0) }),
           let built = font.build(font.assembly(paren, vertical: false).parts, italicCorrection: 0, to: units, vertical: false) {
            // \overgroup and \undergroup (KaTeX's, as LaTeX has none): a flat rule with arcs turning down (up) at its
            // ends, which the parenthesis's assembly draws (the tortoise-shell bracket's ends are straight slants);
            // over a body narrower than the shortest assembly, the parenthesis's own arc.
            stretched = horizontalBox(built.size <= units + 0.5 ? .assembly(built) : font.fitted(paren, within: units), size: size)
        } else {
            stretched = braced ? horizontalBox(font.fitted(glyph, within: units), size: size) : horizontalStretch(glyph, width: body.width, size: size)
        }
        let x = (body.width - stretched.width) / 2
        var frame = body.frame
        // Arrows: the gap is between inks (an arrow's ink sits on and above its baseline).
        let ink = glyphInk(stretched.frame, size: size) ?? (bottom: -stretched.descent, top: stretched.ascent)
        if over {
            let baseline = braced ? body.ascent - min(body.ascent, constant(.accentBaseHeight, size: size))
                : body.ascent + constant(.stretchStackGapBelowMin, size: size) - ink.bottom
            frame.append(contentsOf: stretched.frame.offsetBy(dx: x, dy: -baseline))
            return MathBox(width: body.width, ascent: max(body.ascent, baseline + ink.top), descent: body.descent, frame: frame)
        }
        // The combining arrows below (\underrightarrow, \underleftarrow, \underleftrightarrow: unicode-math's stretchy
        // bottom accents) hang from the body's depth on their own baseline, their ink designed below it (LuaLaTeX:
        // \underrightarrow{AB} is 5.35 pt deep at 19.04 pt, \underrightarrow{gy} that much below g's depth).
        let baseline = braced || Self.arrowsBelow.contains(scalar.value) ? body.descent
            : body.descent + constant(.stretchStackGapAboveMin, size: size) + ink.top
        frame.append(contentsOf: stretched.frame.offsetBy(dx: x, dy: baseline))
        return MathBox(width: body.width, ascent: body.ascent, descent: max(body.descent, baseline - ink.bottom), frame: frame)
    }

    /// `glyph` grown horizontally to at least `width` points: the glyph, a variant or the assembly.
    func horizontalStretch(_ glyph: UInt32, width: Double, size: Double, exact: Bool = false) -> MathBox {
        horizontalBox(font.stretched(glyph, to: width * Double(font.unitsPerEm) / size, vertical: false, exact: exact), size: size)
    }

    /// A glyph or assembly laid out horizontally on the baseline.
    func horizontalBox(_ stretched: MathFont.StretchedGlyph, size: Double) -> MathBox {
        switch stretched {
        case .glyph(let chosen):
            return box(glyph: chosen, size: size)
        case .assembly(let assembly):
            var ascent = 0.0, descent = 0.0
            let pieces = assembly.parts.map { part -> PositionedGlyph in
                let piece = box(glyph: part.glyph, size: size)
                ascent = max(ascent, piece.ascent)
                descent = max(descent, piece.descent)
                return PositionedGlyph(id: part.glyph, x: points(part.offset, size: size), y: 0, advance: piece.width, isMissing: false)
            }
            return MathBox(width: points(assembly.size, size: size), ascent: ascent, descent: descent, frame: oneShape(pieces, size: size))
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

    /// `\overgroup`'s and `\undergroup`'s brackets and the parentheses whose assemblies draw them.
    static let groupParens: [UInt32: Unicode.Scalar] = [0x23E0: "\u{23DC}", 0x23E1: "\u{23DD}"]

    /// The combining arrows below that `\underrightarrow`, `\underleftarrow` and `\underleftrightarrow` stretch.
    static let arrowsBelow: Set<UInt32> = [0x20EE, 0x20EF, 0x034D]

    /// The combining arrows above that `\overrightarrow`, `\overleftarrow` and `\overleftrightarrow` stretch.
    static let stretchyAccents: Set<UInt32> = [0x20D6, 0x20D7, 0x20E1]

    /// The glyph id of a frame that draws exactly one glyph.
    static func singleGlyph(_ frame: Frame) -> UInt32? {
        guard frame.items.count == 1, case .glyphs(let run, _) = frame.items[0], run.glyphs.count == 1 else { return nil }
        return run.glyphs[0].id
    }
}
