import FoundationEssentials

/// Stretchy glyphs (`math-facts.md` §2.5; MathML Core "shape a stretchy glyph", TeX `var_delimiter`): a size
/// variant when one is big enough, else the glyph assembly built to the target size.
extension MathFont {
    /// One glyph of an assembly, `offset` design units from the assembly's bottom (vertical) or left (horizontal).
    public struct PlacedPart: Sendable, Equatable {
        public var glyph: UInt32
        public var offset: Double
    }

    public struct GlyphAssembly: Sendable, Equatable {
        public var parts: [PlacedPart]
        /// Height (vertical) or width (horizontal) in design units.
        public var size: Double
        /// The overlap between adjacent glyphs.
        public var overlap: Double
        public var italicCorrection: Int
    }

    public enum StretchedGlyph: Sendable, Equatable {
        /// The glyph itself or one of its size variants.
        case glyph(UInt32)
        case assembly(GlyphAssembly)
    }

    /// `glyph` stretched to at least `target` design units: its height + depth when `vertical`, else its width.
    /// `exact`: an assembly, when the font has one, is built to exactly `target` in preference to a larger variant
    /// (LuaTeX's horizontal braces: `\overbrace` is as wide as its body, not as the next variant).
    public func stretched(_ glyph: UInt32, to target: Double, vertical: Bool, exact: Bool = false) -> StretchedGlyph {
        let variants = self.variants(glyph, vertical: vertical)
        let assembly = self.assembly(glyph, vertical: vertical)
        guard !variants.isEmpty || !assembly.parts.isEmpty else { return .glyph(glyph) }
        let ink = self.ink(glyph)
        let own = vertical ? Double(ink.maxY - ink.minY) : Double(advance(glyph))
        if own >= target { return .glyph(glyph) }
        if exact, variants.last.map({ Double($0.advance) < target }) ?? true || !assembly.parts.isEmpty,
           let built = build(assembly.parts, italicCorrection: assembly.italicCorrection, to: target, vertical: vertical),
           variants.first(where: { Double($0.advance) == target }) == nil {
            return .assembly(built)
        }
        if let variant = variants.first(where: { Double($0.advance) >= target }) { return .glyph(variant.glyph) }
        if let built = build(assembly.parts, italicCorrection: assembly.italicCorrection, to: target, vertical: vertical) { return .assembly(built) }
        return .glyph(variants.last?.glyph ?? glyph)
    }

    /// A horizontal brace, parenthesis or bracket over or under a body `target` design units wide, as LuaTeX
    /// chooses it for a stretchy `\Umathaccent`: the widest size variant not wider than the body (the smallest when
    /// all are), and the assembly built to the body's width when the body is wider than every variant. Measured with
    /// Latin Modern Math: \overbrace{AB} (1509 units) takes the 1495-unit variant, \overbrace{x+y} (2284) the 1997
    /// one, \overbrace{ABCDEFGH} (6340) the assembly.
    public func fitted(_ glyph: UInt32, within target: Double) -> StretchedGlyph {
        let variants = self.variants(glyph, vertical: false)
        if let last = variants.last, Double(last.advance) < target,
           let built = build(self.assembly(glyph, vertical: false).parts, italicCorrection: 0, to: target, vertical: false) {
            return .assembly(built)
        }
        // Half a unit of slack: a body of exactly a variant's width arrives here as a sum of scaled advances.
        return .glyph(variants.last(where: { Double($0.advance) <= target + 0.5 })?.glyph ?? variants.first?.glyph ?? glyph)
    }

    /// The assembly with every extender repeated the fewest times that reach `target` at the minimum overlap,
    /// then the overlap grown (within the connectors) until the size is `target`; nil when it is unusable.
    func build(_ parts: [AssemblyPart], italicCorrection: Int, to target: Double, vertical: Bool) -> GlyphAssembly? {
        let minOverlap = Double(minConnectorOverlap(vertical: vertical))
        let extenders = parts.filter(\.isExtender), others = parts.filter { !$0.isExtender }
        let extenderCount = Double(extenders.count), otherCount = Double(others.count)
        let extenderSum = Double(extenders.reduce(0) { $0 + $1.fullAdvance }), otherSum = Double(others.reduce(0) { $0 + $1.fullAdvance })
        // The connectors that join two glyphs: every end but the last part's, every start but the first's.
        let joining = parts.dropLast().map(\.endConnector) + parts.dropFirst().map(\.startConnector)
        guard extenderCount > 0, extenderSum - minOverlap * extenderCount > 0, let connectorLimit = joining.min(),
              Double(connectorLimit) >= minOverlap else { return nil }
        let repeats = max(0, Int(((target - otherSum + minOverlap * (otherCount - 1)) / (extenderSum - minOverlap * extenderCount)).rounded(.up)))
        let count = otherCount + Double(repeats) * extenderCount
        let unoverlapped = otherSum + Double(repeats) * extenderSum
        let overlap = count > 1 ? min((unoverlapped - target) / (count - 1), Double(connectorLimit)) : 0
        var placed: [PlacedPart] = []
        var offset = 0.0
        for part in parts {
            for _ in 0..<(part.isExtender ? repeats : 1) {
                placed.append(PlacedPart(glyph: part.glyph, offset: offset))
                offset += Double(part.fullAdvance) - overlap
            }
        }
        return GlyphAssembly(parts: placed, size: unoverlapped - overlap * (count - 1), overlap: overlap, italicCorrection: italicCorrection)
    }
}
