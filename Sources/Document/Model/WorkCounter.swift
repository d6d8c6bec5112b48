import FoundationEssentials
import Primitives

/// Counts the elementary steps of the passes whose cost must stay linear in the input — finding entities, marking
/// them in rich text, joining inline text, placing link rectangles — so that tests measure cost by work rather than
/// by time. Nothing is counted unless a test sets a counter for its task (`WorkCounter.$current.withValue`); each
/// pass adds its total once, at its end.
public final class WorkCounter: @unchecked Sendable {
    public enum Pass: CaseIterable, Sendable {
        /// Characters the entity finders look at (each finder walks the text once).
        case entityFinding
        /// Pieces and ranges visited while marking found entities in the rich text.
        case entityMarking
        /// Characters copied while joining adjacent plain text of a paragraph's inlines.
        case inlineJoining
        /// Glyphs visited while placing the rectangles of links on their lines.
        case linkRects
        /// Blocks written by the Markdown copy (each once).
        case blocksWritten
    }

    /// Guarded by `lock`: a pass may run on threads of the task that set the counter.
    private var counted: [Pass: Int] = [:]
    private let lock = Lock()

    public init() {}

    @TaskLocal public static var current: WorkCounter?

    public static func add(_ pass: Pass, _ count: Int) {
        guard let counter = current else { return }
        counter.lock.lock()
        counter.counted[pass, default: 0] += count
        counter.lock.unlock()
    }

    public var steps: [Pass: Int] {
        lock.lock()
        defer { lock.unlock() }
        return counted
    }

    public subscript(_ pass: Pass) -> Int { steps[pass] ?? 0 }
}
