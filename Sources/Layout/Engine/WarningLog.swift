import Document
import Math

/// The warnings of one page's layout, in order, each once. A reference, so text building deep inside a
/// block (an inline formula shown as its source) can note one without threading state back out.
final class WarningLog {
    private(set) var messages: [String] = []
    private var seen: Set<String> = []
    /// Formulas shown as their LaTeX source, where and why (errors under `--strict`).
    private(set) var formulaFailures: [Refusal] = []
    /// Where the top-level block being laid out came from (set by the page's block sequence).
    var place: SourceLocation?
    /// Code points no installed font draws, in the order met, and where the first one was.
    private(set) var missingCodePoints: [UInt32] = []
    /// Where each missing code point was met (each place once, in order); "" stands for a text with no place.
    private var missingPlaces: [UInt32: [String]] = [:]
    private var missingPlaceSeen: Set<MissingPlace> = []
    /// Where the first missing character was (the `--strict` error's place).
    private(set) var firstMissingPlace: SourceLocation?

    private struct MissingPlace: Hashable {
        var codePoint: UInt32
        var place: String
    }
    /// A text reached the shaper's size limits and was cut, or a table had too many cells: the page is refused.
    var exceededLineLimit = false

    func note(_ message: String) {
        if seen.insert(message).inserted { messages.append(message) }
    }
}

extension WarningLog {
    /// A formula that could not be typeset (`math-facts.md` §7): a warning naming where and the first error.
    func formulaFailed(at location: SourceLocation?, _ error: FormulaError) {
        let place = location.map(String.init(describing:)) ?? "a formula"
        let failure = Refusal(.formula, path: place, message: "cannot typeset the formula: \(error)")
        if !formulaFailures.contains(failure) { formulaFailures.append(failure) }
        note("\(failure); it is shown as its LaTeX source")
    }
}

extension WarningLog {
    /// Notes characters a text laid out with no font's glyph (drawn as boxes).
    func missingGlyphs(_ glyphs: [MissingGlyph]) {
        let here = place.map(String.init(describing:)) ?? ""
        for glyph in glyphs {
            if missingPlaces[glyph.codePoint] == nil {
                if missingCodePoints.isEmpty { firstMissingPlace = place }
                missingCodePoints.append(glyph.codePoint)
            }
            // Each place once per code point (a set keeps it linear); "" is a text with no place.
            if missingPlaceSeen.insert(MissingPlace(codePoint: glyph.codePoint, place: here)).inserted {
                missingPlaces[glyph.codePoint, default: []].append(here)
            }
        }
    }

    /// At most this many places are named in the missing-glyph warning.
    static let shownPlaces = 20

    /// The page's one missing-glyph warning: every code point with every place it was met, grouped — "no font draws
    /// U+1FAE9 (at $.blocks[1], $.blocks[4]), U+0378 (at 5:3)" — at most 20 places in all, then "and N more" (the
    /// code points and places left unnamed); then the packages of listed collection files that are not installed.
    func missingGlyphMessage(missingPackages: [String]) -> String? {
        guard !missingCodePoints.isEmpty else { return nil }
        var parts: [String] = [], budget = Self.shownPlaces, unnamed = 0
        for codePoint in missingCodePoints {
            let places = (missingPlaces[codePoint] ?? []).filter { !$0.isEmpty }
            guard budget > 0 else { unnamed += max(1, places.count); continue }
            let named = places.prefix(budget)
            budget -= named.count
            unnamed += places.count - named.count
            parts.append(MissingGlyph.name(codePoint) + (named.isEmpty ? "" : " (at " + named.joined(separator: ", ") + ")"))
        }
        var message = "no font draws " + parts.joined(separator: ", ") + (unnamed > 0 ? ", and \(unnamed) more" : "")
        message += "; they are drawn as boxes"
        if !missingPackages.isEmpty {
            message += " (some listed font files are not installed: apt-get install \(missingPackages.joined(separator: " ")))"
        }
        return message
    }
}
