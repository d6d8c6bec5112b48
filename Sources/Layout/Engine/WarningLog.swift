import Document
import Math

/// The warnings of one page's layout, in order, each once. A reference, so text building deep inside a
/// block (an inline formula shown as its source) can note one without threading state back out.
final class WarningLog {
    private(set) var messages: [String] = []
    private var seen: Set<String> = []
    /// Formulas shown as their LaTeX source, where and why (errors under `--strict`).
    private(set) var formulaFailures: [DecodeError] = []
    /// Where the top-level block being laid out came from (set by the page's block sequence).
    var place: SourceLocation?
    /// Code points no installed font draws, in the order met, and where the first one was.
    private(set) var missingCodePoints: [UInt32] = []
    private var missingSeen: Set<UInt32> = []
    private(set) var firstMissingPlace: SourceLocation?
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
        let failure = DecodeError(path: place, message: "cannot typeset the formula: \(error)", refused: true)
        if !formulaFailures.contains(failure) { formulaFailures.append(failure) }
        note("\(failure); it is shown as its LaTeX source")
    }
}

extension WarningLog {
    /// Notes characters a text laid out with no font's glyph (drawn as boxes).
    func missingGlyphs(_ glyphs: [MissingGlyph]) {
        for glyph in glyphs where missingSeen.insert(glyph.codePoint).inserted {
            if missingCodePoints.isEmpty { firstMissingPlace = place }
            missingCodePoints.append(glyph.codePoint)
        }
    }

    /// The page's one missing-glyph warning: the code points (at most 12 named), where the first was, and the
    /// packages of listed collection files that are not installed.
    func missingGlyphMessage(missingPackages: [String]) -> String? {
        guard !missingCodePoints.isEmpty else { return nil }
        let shown = missingCodePoints.prefix(12).map(MissingGlyph.name).joined(separator: ", ")
        let more = missingCodePoints.count > 12 ? " and \(missingCodePoints.count - 12) more" : ""
        var message = "no font draws \(shown)\(more)"
        if let firstMissingPlace { message += " (at \(firstMissingPlace))" }
        message += "; they are drawn as boxes"
        if !missingPackages.isEmpty {
            message += " (some listed font files are not installed: apt-get install \(missingPackages.joined(separator: " ")))"
        }
        return message
    }
}
