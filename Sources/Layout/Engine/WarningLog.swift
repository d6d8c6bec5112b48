import Document
import Math

/// The warnings of one page's layout, in order, each once. A reference, so text building deep inside a
/// block (an inline formula shown as its source) can note one without threading state back out.
final class WarningLog {
    private(set) var messages: [String] = []
    private var seen: Set<String> = []
    /// Formulas shown as their LaTeX source, where and why (errors under `--strict`).
    private(set) var formulaFailures: [DecodeError] = []

    func note(_ message: String) {
        if seen.insert(message).inserted { messages.append(message) }
    }
}

extension WarningLog {
    /// A formula that could not be typeset (`math-facts.md` §7): a warning naming where and the first error.
    func formulaFailed(at location: SourceLocation?, _ error: FormulaError) {
        let place = location.map(String.init(describing:)) ?? "a formula"
        let failure = DecodeError(path: place, message: "cannot typeset the formula: \(error)")
        if !formulaFailures.contains(failure) { formulaFailures.append(failure) }
        note("\(failure); it is shown as its LaTeX source")
    }
}
