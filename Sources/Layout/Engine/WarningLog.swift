/// The warnings of one page's layout, in order, each once. A reference, so text building deep inside a
/// block (an inline formula shown as its source) can note one without threading state back out.
final class WarningLog {
    private(set) var messages: [String] = []
    private var seen: Set<String> = []

    func note(_ message: String) {
        if seen.insert(message).inserted { messages.append(message) }
    }
}
