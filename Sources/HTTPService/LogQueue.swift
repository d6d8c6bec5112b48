import Dispatch
import FoundationEssentials
import Primitives

/// The service's log lines on their way out (issue 56): appended by any thread without ever waiting for the
/// reader of the log, written one after another by a writer of their own (a serial dispatch queue), so a reader
/// that stalls — a full pipe nobody reads, a log collector that stops — stalls only that writer. While it stalls,
/// lines beyond `capacity` lines or `maxBytes` bytes are dropped and counted (`/metrics` shows the count), so the
/// event loop, every probe and the drain on SIGTERM go on.
public final class LogQueue: @unchecked Sendable {
    /// Lines held at most while the writer waits (about 1 MB of access lines).
    public static let defaultCapacity = 4_096
    /// Bytes held at most while the writer waits.
    public static let maxBytes = 1 << 20

    public let capacity: Int
    private var bytes = 0
    private let write: @Sendable (String) -> Void
    private let lock = Condition()
    private var lines: [String] = []
    private var head = 0
    private var writing = false
    private var droppedLines = 0
    private let writer = DispatchQueue(label: "ipraster.log")

    /// `write` puts one line where it goes (it may block; only the writer calls it).
    public init(capacity: Int = LogQueue.defaultCapacity, write: @escaping @Sendable (String) -> Void) {
        self.capacity = max(1, capacity)
        self.write = write
    }

    /// Queues `line` (never waits); drops it, counted, when `capacity` lines are waiting already.
    public func append(_ line: String) {
        lock.lock()
        defer { lock.unlock() }
        guard lines.count - head < capacity, bytes + line.utf8.count <= Self.maxBytes else {
            droppedLines += 1
            return
        }
        lines.append(line)
        bytes += line.utf8.count
        guard !writing else { return }
        writing = true
        writer.async { self.drain() }
    }

    /// Lines dropped because the writer could not keep up.
    public var dropped: Int {
        lock.lock()
        defer { lock.unlock() }
        return droppedLines
    }

    /// Waits until every queued line is written or `seconds` pass (the service's last lines before it exits);
    /// false when lines were still waiting.
    @discardableResult
    public func flush(seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        lock.lock()
        defer { lock.unlock() }
        while writing || lines.count > head {
            guard lock.wait(until: deadline) || Date() < deadline else { return false }
        }
        return true
    }

    private func drain() {
        while true {
            lock.lock()
            guard head < lines.count else {
                lines.removeAll(keepingCapacity: lines.capacity <= 4 * capacity)
                head = 0
                writing = false
                lock.broadcast()
                lock.unlock()
                return
            }
            let line = lines[head]
            lines[head] = ""
            head += 1
            bytes -= line.utf8.count
            // The consumed front is released now and then, so the buffer stays within a few times `capacity`.
            if head >= capacity, head * 2 >= lines.count {
                lines.removeFirst(head)
                head = 0
            }
            lock.unlock()
            write(line)
        }
    }
}
