/// Letters, digits and Greek in a math alphabet (`math-facts.md` §3.5, §3.13): Unicode Mathematical Alphanumeric
/// Symbols, with the holes filled from Letterlike Symbols.
extension MathAlphabet {
    /// The code point `scalar` is drawn as in this alphabet; anything the alphabet does not cover stays.
    public func map(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        let v = scalar.value
        let upper = (0x41...0x5A).contains(v), lower = (0x61...0x7A).contains(v), digit = (0x30...0x39).contains(v)
        let greekUpper = (0x391...0x3A9).contains(v), greekLower = (0x3B1...0x3C9).contains(v)
        func at(_ base: UInt32, _ first: UInt32) -> Unicode.Scalar { Unicode.Scalar(base + v - first) ?? scalar }
        switch self {
        case .roman:
            return scalar
        case .normal, .italic:
            if upper { return at(0x1D434, 0x41) }
            if lower { return v == 0x68 ? "\u{210E}" : at(0x1D44E, 0x61) }
            if greekLower { return at(0x1D6FC, 0x3B1) }
            // Capital Greek stays upright by default; \mathit slants it.
            if greekUpper { return self == .italic ? at(0x1D6E2, 0x391) : scalar }
            return Self.italicSymbols[v].flatMap(Unicode.Scalar.init) ?? scalar
        case .bold:
            if upper { return at(0x1D400, 0x41) }
            if lower { return at(0x1D41A, 0x61) }
            if digit { return at(0x1D7CE, 0x30) }
            if greekUpper { return at(0x1D6A8, 0x391) }
            if greekLower { return at(0x1D6C2, 0x3B1) }
            return scalar
        case .boldItalic:
            if upper { return at(0x1D468, 0x41) }
            if lower { return at(0x1D482, 0x61) }
            if digit { return at(0x1D7CE, 0x30) }
            if greekUpper { return at(0x1D71C, 0x391) }
            if greekLower { return at(0x1D736, 0x3B1) }
            return scalar
        case .sansSerif:
            if upper { return at(0x1D5A0, 0x41) }
            if lower { return at(0x1D5BA, 0x61) }
            if digit { return at(0x1D7E2, 0x30) }
            return MathAlphabet.normal.map(scalar)
        case .sansSerifItalic:
            if upper { return at(0x1D608, 0x41) }
            if lower { return at(0x1D622, 0x61) }
            if digit { return at(0x1D7E2, 0x30) }
            return MathAlphabet.normal.map(scalar)
        case .monospace:
            if upper { return at(0x1D670, 0x41) }
            if lower { return at(0x1D68A, 0x61) }
            if digit { return at(0x1D7F6, 0x30) }
            return MathAlphabet.normal.map(scalar)
        case .calligraphic:
            // Script lowercase is missing from Latin Modern Math: it falls back to italic (§1).
            if upper { return Self.scriptHoles[v].flatMap(Unicode.Scalar.init) ?? at(0x1D49C, 0x41) }
            return MathAlphabet.normal.map(scalar)
        case .fraktur:
            if upper { return Self.frakturHoles[v].flatMap(Unicode.Scalar.init) ?? at(0x1D504, 0x41) }
            if lower { return at(0x1D51E, 0x61) }
            return MathAlphabet.normal.map(scalar)
        case .doubleStruck:
            if upper { return Self.doubleStruckHoles[v].flatMap(Unicode.Scalar.init) ?? at(0x1D538, 0x41) }
            if lower { return at(0x1D552, 0x61) }
            if digit { return at(0x1D7D8, 0x30) }
            return MathAlphabet.normal.map(scalar)
        }
    }

    /// ϵ ϑ ϰ ϕ ϱ ϖ, ∂, ı ȷ in math italic.
    private static let italicSymbols: [UInt32: UInt32] = [
        0x3F5: 0x1D716, 0x3D1: 0x1D717, 0x3F0: 0x1D718, 0x3D5: 0x1D719, 0x3F1: 0x1D71A, 0x3D6: 0x1D71B, 0x2202: 0x1D715,
        0x131: 0x1D6A4, 0x237: 0x1D6A5,
    ]
    private static let scriptHoles: [UInt32: UInt32] = [
        0x42: 0x212C, 0x45: 0x2130, 0x46: 0x2131, 0x48: 0x210B, 0x49: 0x2110, 0x4C: 0x2112, 0x4D: 0x2133, 0x52: 0x211B,
    ]
    private static let frakturHoles: [UInt32: UInt32] = [0x43: 0x212D, 0x48: 0x210C, 0x49: 0x2111, 0x52: 0x211C, 0x5A: 0x2128]
    private static let doubleStruckHoles: [UInt32: UInt32] = [
        0x43: 0x2102, 0x48: 0x210D, 0x4E: 0x2115, 0x50: 0x2119, 0x51: 0x211A, 0x52: 0x211D, 0x5A: 0x2124,
    ]
}
