import Dispatch
import Drawing

/// LaTeX in, a placed formula out: parse, lay out in display (block) or text (inline) style at a size and
/// colour, and refuse what is too big (`math-facts.md` §7 item 4). Remembers its results, so a formula measured
/// twice (table columns, reveal frames) is typeset once. Not thread-safe: one per font set.
public final class FormulaTypesetter {
    /// Sources longer than this are not parsed.
    public static let maxSourceLength = 20_000
    /// A formula drawing more glyphs and rules than this, or wider or taller than `maxExtent` points, fails.
    public static let maxDrawnItems = MathTypesetter.maxDrawnItems
    public static let maxExtent = 30_000.0

    public let font: MathFont
    /// Faces for the characters the math font lacks.
    public let fallbacks: MathFallbackFonts?
    private struct Key: Hashable {
        var source: String
        var display: Bool
        var size: Double
        var color: RGBA
        var hanRegion: HanRegion
    }
    private var cache: [Key: Result<Formula, FormulaError>] = [:]
    /// Time spent parsing and laying out formulas that were not cached, and how many (for `ipraster bench`).
    public private(set) var typesetSeconds = 0.0
    public private(set) var typesetCount = 0

    public init(font: MathFont, fallbacks: MathFallbackFonts?) {
        self.font = font
        self.fallbacks = fallbacks
    }

    /// A typesetter whose only fallback is `textFont` (nil: none).
    public convenience init(font: MathFont, textFont: TextFont?) {
        self.init(font: font, fallbacks: textFont.map(MathFallbackFonts.init))
    }

    /// `source` typeset in display style (`display`) or text style at `size` points in `color`; Han characters in
    /// `hanRegion`'s forms.
    public func typeset(_ source: String, display: Bool, size: Double, color: RGBA, hanRegion: HanRegion = .simplifiedChinese) -> Result<Formula, FormulaError> {
        let key = Key(source: source, display: display, size: size, color: color, hanRegion: hanRegion)
        if let known = cache[key] { return known }
        let start = DispatchTime.now().uptimeNanoseconds
        let result = Result { try make(source, display: display, size: size, color: color, hanRegion: hanRegion) }.mapError { $0 as? FormulaError ?? FormulaError("\($0)") }
        typesetSeconds += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        typesetCount += 1
        if cache.count > 4096 { cache.removeAll() }
        cache[key] = result
        return result
    }

    /// Forgets the results so far, so a benchmark times typesetting rather than the cache.
    public func removeCachedResults() { cache.removeAll() }

    private func make(_ source: String, display: Bool, size: Double, color: RGBA, hanRegion: HanRegion) throws -> Formula {
        guard source.count <= Self.maxSourceLength else {
            throw FormulaError("the formula is longer than \(Self.maxSourceLength) characters")
        }
        let stripped = FormulaSource(source)
        let parsed: LaTeXParser.Parsed
        do {
            parsed = try LaTeXParser.parseFormula(stripped.body, numbering: display)
        } catch let error as MathParseError {
            throw FormulaError(error.message, offset: error.offset + stripped.leadingOffset)
        }
        let list = parsed.list
        let typesetter = MathTypesetter(font: font, baseSize: size, color: color, fallbacks: fallbacks, hanRegion: hanRegion)
        let box: MathBox
        do {
            box = try typesetter.layout(list, style: StyleState(display ? .display : .text))
        } catch let error as MathTypesetter.TooLarge {
            throw FormulaError(error.description)
        }
        guard box.width <= Self.maxExtent, box.ascent + box.descent <= Self.maxExtent else {
            throw FormulaError("the formula is larger than \(Int(Self.maxExtent)) points")
        }
        guard box.frame.drawnItemCount <= Self.maxDrawnItems else {
            throw FormulaError("the formula draws more than \(Self.maxDrawnItems) glyphs and rules")
        }
        var tags = box.tags.map { FormulaTag(width: $0.box.width, ascent: $0.box.ascent, descent: $0.box.descent, frame: $0.box.frame, baseline: $0.baseline) }
        // An `equation` is numbered (1) unless it has a \tag or \notag (the Decision "Equation numbers").
        let automatic = stripped.isNumberedEquation && display && !parsed.unnumbered && box.tags.isEmpty
            ? MathList([.atom(MathAtom(.ord, .textRun("(1)", .normal)))]) : nil
        if let tag = parsed.tag ?? automatic {
            let tagBox = try typesetter.layout(tag, style: StyleState(.text))
            tags.append(FormulaTag(width: tagBox.width, ascent: tagBox.ascent, descent: tagBox.descent, frame: tagBox.frame, baseline: 0))
        }
        // KaTeX: "\tag works only in display equations".
        if !display, !tags.isEmpty { throw FormulaError("\\tag works only in a block formula, not inline") }
        var formula = Formula(width: box.width, ascent: box.ascent, descent: box.descent, frame: box.frame, missingCodePoints: typesetter.missingCodePoints)
        formula.tags = tags.sorted { $0.baseline < $1.baseline }
        return formula
    }
}

private extension Frame {
    /// Glyphs and shapes the frame draws, groups included.
    var drawnItemCount: Int {
        items.reduce(0) { count, item in
            switch item {
            case .glyphs(let run, _): return count + run.glyphs.count
            case .group(let group): return count + group.frame.drawnItemCount
            default: return count + 1
            }
        }
    }
}
