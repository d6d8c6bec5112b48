import CommandCatalog
/// `--shard I/N`: the I-th of N parts of a stably ordered list (Playwright's semantics): every item is in
/// exactly one shard, shard sizes differ by at most one, and earlier shards take the extra items.
struct Shard: Equatable {
    let index: Int
    let count: Int

    /// Parses "I/N" with 1 ≤ I ≤ N.
    init(_ text: String, command: String) throws {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, (1...count).contains(index) else {
            throw UsageError(message: "--shard needs I/N with 1 ≤ I ≤ N (e.g. 2/4), not \(text)", command: command)
        }
        self.index = index
        self.count = count
    }

    /// The part of `items` this shard takes.
    func slice<T>(_ items: [T]) -> [T] {
        let size = items.count / count, extra = items.count % count
        let start = size * (index - 1) + min(extra, index - 1)
        let length = size + (index - 1 < extra ? 1 : 0)
        return Array(items[start..<(start + length)])
    }
}
