import Drawing
import Primitives

/// Lays a math list out TeX's way (`math-facts.md` §3; TeX Appendix G with OpenType constants) into boxes whose
/// frames draw the glyphs of the math font. Built so far: characters, text, groups, explicit spaces, style
/// changes, inter-atom spacing with binary-operator demotion, sub- and superscripts, fractions and stacks
/// and binomials, radicals, `\left…\middle…\right`, `\big`, large operators with limits or scripts, accents,
/// accents below, rules over and under, stretchy arrows and braces (with labels), colours, boxes, phantoms and
/// tables.
public struct MathTypesetter {
    /// A list drew more than `maxDrawnItems` items: the formula is refused before it grows further.
    public struct TooLarge: ClassifiedError, Sendable, Equatable {
        public var kind: FailureKind { .tooLarge }
        public var description: String { "the formula draws more than \(MathTypesetter.maxDrawnItems) glyphs and rules" }
    }

    public static let maxDrawnItems = 20_000

    public let font: MathFont
    /// s₀: the size of display and text style, in points (`\large` and friends change it for their list).
    public internal(set) var baseSize: Double
    /// The formula's own size, which the size commands are relative to.
    public let normalSize: Double
    public internal(set) var color: RGBA
    /// Where characters the math font lacks come from; nil: they are drawn as missing-glyph boxes.
    public let fallbacks: MathFallbackFonts?
    /// The Han region of the text around the formula, for the CJK face of `fallbacks`.
    public let hanRegion: HanRegion
    /// Inside `\left … \right`: the size `\middle` delimiters grow to (nil while the body is measured).
    var middleHeight: Double?
    /// The shortest an extensible arrow may be, in ems (mhchem's arrows inside `\ce`: 2).
    var minimumArrowWidth = 0.0
    /// Characters no face drew.
    let missing = MissingCodePoints()

    public init(font: MathFont, baseSize: Double, color: RGBA, fallbacks: MathFallbackFonts? = nil, hanRegion: HanRegion = .simplifiedChinese) {
        self.font = font
        self.baseSize = baseSize
        self.normalSize = baseSize
        self.color = color
        self.fallbacks = fallbacks
        self.hanRegion = hanRegion
    }

    /// One text face for every character the math font lacks (the form before the fallback chain).
    @available(*, deprecated, message: "use init(font:baseSize:color:fallbacks:hanRegion:)")
    public init(font: MathFont, baseSize: Double, color: RGBA, textFont: TextFont?) {
        self.init(font: font, baseSize: baseSize, color: color, fallbacks: textFont.map(MathFallbackFonts.init))
    }

    /// The code points drawn as boxes so far.
    public var missingCodePoints: [UInt32] { missing.values }

    /// Design units at `size` in points.
    func points(_ units: Double, size: Double) -> Double { units * size / Double(font.unitsPerEm) }

    func constant(_ name: MathConstants.Name, size: Double) -> Double { font.constants.value(name, size: size) }

    // MARK: - Lists

    public func layout(_ list: MathList, style start: StyleState) throws -> MathBox {
        var style = start
        var box = MathBox()
        var previous: AtomClass?
        // Bin demotion needs the whole list's classes first (§3.3).
        let atoms = list.items.compactMap { item -> MathAtom? in
            if case .atom(let atom) = item { return atom }
            return nil
        }
        let middles = Set(atoms.indices.filter { if case .middle = atoms[$0].nucleus { return true } else { return false } })
        let classes = AtomSpacing.demotingBins(atoms.map(\.atomClass), opensAfter: middles)
        var atomIndex = 0
        // A character's italic correction, added when another atom follows it: TeX §755 as LuaTeX applies it to
        // OpenType fonts, where the end of a list and an explicit space take none (`\frac{f}{1}` is as wide as f).
        var pendingCorrection = 0.0
        var onlyAtom: MathBox?
        var atomCount = 0
        for item in list.items {
            let size = style.size(base: baseSize, constants: font.constants)
            switch item {
            case .style(let next):
                style = StyleState(next, cramped: false)
                pendingCorrection = 0
            case .space(let space):
                // An explicit space follows the character without its italic correction (LuaTeX: `f\,` is f + 3 mu).
                pendingCorrection = 0
                box.width += points(space, style: style)
            case .atom(let atom):
                let atomClass = classes[atomIndex]
                atomIndex += 1
                box.width += pendingCorrection
                pendingCorrection = 0
                if let previous { box.width += AtomSpacing.mu(between: previous, atomClass, tight: style.isTight) * size / 18 }
                let child = try self.atom(atom, style: style)
                if atom.upper == nil, atom.lower == nil, case .character = atom.nucleus, child.isSingleGlyph { pendingCorrection = child.italicCorrection }
                append(child, to: &box)
                box.italicCorrection = child.italicCorrection
                previous = middles.contains(atomIndex - 1) ? .open : atomClass
                onlyAtom = child
                atomCount += 1
            }
        }
        box.isSingleGlyph = atomCount == 1 && onlyAtom?.isSingleGlyph == true
        guard box.frame.items.count <= Self.maxDrawnItems else { throw TooLarge() }
        return box
    }

    /// Appends `child` at the end of `box` on its baseline.
    private func append(_ child: MathBox, to box: inout MathBox, shiftUp: Double = 0) {
        box.frame.append(contentsOf: child.frame.offsetBy(dx: box.width, dy: -shiftUp))
        box.tags.append(contentsOf: child.tags.map { MathTag(box: $0.box, baseline: $0.baseline - shiftUp) })
        box.ascent = max(box.ascent, child.ascent + shiftUp)
        box.descent = max(box.descent, child.descent - shiftUp)
        box.width += child.width
    }

    // MARK: - Atoms

    func atom(_ atom: MathAtom, style: StyleState) throws -> MathBox {
        if let scripted = try accentedCharacterWithScripts(atom, style: style) { return scripted }
        var base: MathBox
        if atom.atomClass == .op, case .character(let scalar, _) = atom.nucleus {
            base = largeOperator(scalar, style: style)
        } else {
            base = try nucleus(atom.nucleus, style: style)
        }
        guard atom.upper != nil || atom.lower != nil else {
            // TeX §755: a character without scripts is followed by its italic correction when an atom follows it
            // ("f)" does not collide; math-facts §3.5, the TeX column of §8); `layout` adds it then.
            return base
        }
        // Limits are displayed iff \limits (also \overset and braces), or automatic on an operator in display style (TeX §749).
        if atom.limits == .limits || (atom.atomClass == .op && atom.limits == .automatic && style.isDisplay) {
            return try limits(on: base, upper: atom.upper, lower: atom.lower, style: style)
        }
        try attachScripts(to: &base, upper: atom.upper, lower: atom.lower, style: style, isOperator: atom.atomClass == .op)
        return base
    }

    func nucleus(_ nucleus: MathNucleus, style: StyleState) throws -> MathBox {
        let size = style.size(base: baseSize, constants: font.constants)
        switch nucleus {
        case .empty:
            return MathBox()
        case .character(let scalar, let alphabet):
            return glyph(alphabet.map(scalar), size: size, scriptLevel: style.scriptLevel)
        case .text(let text, let alphabet):
            return self.text(text, alphabet: alphabet, size: size)
        case .textRun(let text, let face):
            return textRun(text, face: face, size: size)
        case .list(let list):
            var box = try layout(list, style: style)
            // TeX §1186: a group that holds one Ord character without scripts is that character (`\mathbf{Q}_4`,
            // `{x}^2` take their scripts as Q and x would); any other group is a box.
            if list.items.count == 1, case .atom(let only) = list.items[0], only.atomClass == .ord, only.upper == nil, only.lower == nil,
               case .character = only.nucleus {
                return box
            }
            box.isSingleGlyph = false
            return box
        case .fraction(let fraction): return try self.fraction(fraction, style: style)
        case .radical(let radicand, let index): return try radical(radicand, index: index, style: style)
        case .leftRight(let left, let body, let right): return try leftRight(left: left, body: body, right: right, style: style)
        case .middle(let scalar):
            guard let middleHeight else { return MathBox() }
            return delimiter(scalar, height: middleHeight, size: size)
        case .sizedDelimiter(let scalar, let step): return sizedDelimiter(scalar, step: step, style: style)
        case .accent(let scalar, let kind, let base): return try accent(scalar, kind: kind, base: base, style: style)
        case .colored(let color, let list):
            var colored = self
            colored.color = color
            return try colored.layout(list, style: style)
        case .boxed(let list, let background, let border): return try boxed(list, background: background, border: border, style: style)
        case .phantom(let list, let keepsWidth, let keepsHeight):
            let box = try layout(list, style: style)
            return MathBox(width: keepsWidth ? box.width : 0, ascent: keepsHeight ? box.ascent : 0, descent: keepsHeight ? box.descent : 0)
        case .extensibleArrow(let scalar, let above, let below): return try extensibleArrow(scalar, above: above, below: below, style: style)
        case .table(let table): return try self.table(table, style: style)
        case .sized(let factor, let list): return try sized(factor, list, style: style)
        case .lap(let list, let alignment): return try lap(list, alignment, style: style)
        case .smash(let list, let height, let depth): return try smash(list, height: height, depth: depth, style: style)
        case .enclosed(let list, let lines): return try enclosed(list, lines, style: style)
        case .raised(let list, let space): return try raised(list, by: space, style: style)
        case .rule(let width, let height, let raise): return rule(width: width, height: height, raise: raise, style: style)
        case .vcenter(let list): return try vcenter(list, style: style)
        case .choice(let display, let text, let script, let scriptScript):
            return try choice(display: display, text: text, script: script, scriptScript: scriptScript, style: style)
        case .negated(let list): return try negated(list, style: style)
        case .framed(let list, let border, let background): return try framed(list, border: border, background: background, style: style)
        case .inlineMath(let list):
            var box = try layout(list, style: style.isDisplay ? StyleState(.text, cramped: style.cramped) : style)
            box.isSingleGlyph = false
            return box
        case .chemistry(let list):
            var chemistry = self
            chemistry.minimumArrowWidth = 2
            return try chemistry.layout(list, style: style)
        }
    }

    /// One glyph of the math font at `size`, in its `ssty` form in script styles: advance for width, the ink box
    /// for ascent and descent (§3.1). A character the math font lacks comes from the text font.
    func glyph(_ scalar: Unicode.Scalar, size: Double, scriptLevel: Int = 0) -> MathBox {
        guard let glyph = font.glyph(for: scalar, scriptLevel: scriptLevel) else { return fallback(String(Character(scalar)), size: size) }
        return box(glyph: glyph, size: size, text: String(Character(scalar)))
    }

    /// Upright text (`\text`, operator names): the math font's glyphs where it has them, runs of other
    /// characters shaped together in the text font.
    func text(_ text: String, alphabet: MathAlphabet, size: Double) -> MathBox {
        var box = MathBox()
        var pending = ""
        func flush() {
            guard !pending.isEmpty else { return }
            append(fallback(pending, size: size), to: &box)
            pending = ""
        }
        for character in text {
            let scalars = character.unicodeScalars
            if scalars.count == 1, let scalar = scalars.first, font.glyph(for: alphabet.map(scalar)) != nil {
                flush()
                append(glyph(alphabet.map(scalar), size: size), to: &box)
            } else {
                pending.append(character)
            }
        }
        flush()
        box.italicCorrection = 0
        return box
    }

    /// Text in a text face (`\text`, `\textbf`, `\texttt` …): the Latin Modern file LaTeX loads for the face at this
    /// size (a 10 pt design in text and display style, 7 pt in scripts, 5 pt in second-order scripts, 12 and 17 pt
    /// under `\large` and up: `TextFace.fileName`), shaped whole with the font's kerning and ligatures (fi, ff);
    /// characters it lacks come from the fallback faces. Without the Latin Modern text faces, the math font's letters
    /// in the nearest alphabet.
    func textRun(_ text: String, face: TextFace, size: Double) -> MathBox {
        let designSize = 10 * size / normalSize
        guard let textFont = fallbacks?.textFace(named: face.fileName(designSize: designSize)) else {
            return self.text(text, alphabet: face.mathAlphabet, size: size)
        }
        var box = MathBox()
        var covered = "", uncovered = ""
        func flush() {
            if !covered.isEmpty {
                let shaped = textFont.shape(covered, size: size, color: color)
                append(MathBox(width: shaped.width, ascent: shaped.ascent, descent: shaped.descent,
                               frame: Frame([.glyphs(shaped.run, origin: Point(x: 0, y: 0))])), to: &box)
                covered = ""
            }
            if !uncovered.isEmpty {
                append(fallback(uncovered, size: size), to: &box)
                uncovered = ""
            }
        }
        for character in text {
            if character.unicodeScalars.allSatisfy(textFont.covers) {
                if !uncovered.isEmpty { flush() }
                covered.append(character)
            } else {
                if !covered.isEmpty { flush() }
                uncovered.append(character)
            }
        }
        flush()
        box.italicCorrection = 0
        return box
    }

    /// `text` in the fallback faces, each run of characters in the first face that has them (shaped together);
    /// a character no face has is a missing-glyph box of half an em, and noted.
    func fallback(_ text: String, size: Double) -> MathBox {
        var box = MathBox()
        var pending = ""
        var pendingFont: TextFont?
        func flush() {
            defer { pending = "" }
            guard !pending.isEmpty else { return }
            guard let font = pendingFont else {
                var glyphs: [PositionedGlyph] = []
                for (i, character) in pending.enumerated() {
                    if let scalar = character.unicodeScalars.first { missing.note(scalar) }
                    glyphs.append(PositionedGlyph(id: 0, x: Double(i) * size / 2, y: 0, advance: size / 2, isMissing: true))
                }
                let run = GlyphRun(font: self.font.key(size: size), color: color, glyphs: glyphs)
                append(MathBox(width: Double(glyphs.count) * size / 2, ascent: size * 0.7, descent: 0,
                               frame: Frame([.glyphs(run, origin: Point(x: 0, y: 0))])), to: &box)
                return
            }
            let shaped = font.shape(pending, size: size, color: color)
            append(MathBox(width: shaped.width, ascent: shaped.ascent, descent: shaped.descent,
                           frame: Frame([.glyphs(shaped.run, origin: Point(x: 0, y: 0))])), to: &box)
        }
        for character in text {
            guard let scalar = character.unicodeScalars.first else { continue }
            let font = fallbacks?.font(for: scalar, region: hanRegion)
            if !pending.isEmpty, font !== pendingFont { flush() }
            pendingFont = font
            pending.append(character)
        }
        flush()
        return box
    }
}
