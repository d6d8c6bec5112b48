import FoundationEssentials
import Primitives

/// The process's decoded sticker files, keyed by their content (so one file under several ids, folders or requests
/// is decoded once) and bounded in bytes: the least recently used are dropped past `capacity`. A file that failed
/// is remembered with its reason, so a hostile file costs one decode. A service worker that is recycled takes its
/// cache with it. Thread-safe.
public final class StickerCache: @unchecked Sendable {
    public static let shared = StickerCache(capacity: 96 << 20)

    public let capacity: Int
    private let lock = Lock()
    private var entries: [[UInt8]: Entry] = [:]
    private var clock = 0
    private var counted = 0

    private struct Entry {
        var result: Result<Sticker, StickerError>
        var lastUse: Int
    }

    public init(capacity: Int) {
        self.capacity = capacity
    }

    /// How many files were decoded (a test counts that 50 copies of one emoji decode it once).
    public var decodes: Int {
        lock.lock()
        defer { lock.unlock() }
        return counted
    }

    /// The sticker of `bytes`, decoded by `decode` the first time (outside the lock: two threads may both decode a
    /// new file; the first result is kept).
    public func sticker(for bytes: [UInt8], decode: ([UInt8]) throws -> Sticker) -> Result<Sticker, StickerError> {
        lock.lock()
        clock += 1
        if var entry = entries[bytes] {
            entry.lastUse = clock
            entries[bytes] = entry
            // Bitmaps rendered since the last look count too.
            trim()
            lock.unlock()
            return entry.result
        }
        lock.unlock()
        let result: Result<Sticker, StickerError>
        do {
            result = .success(try decode(bytes))
        } catch let error as StickerError {
            result = .failure(error)
        } catch {
            result = .failure(StickerError("\(error)"))
        }
        lock.lock()
        defer { lock.unlock() }
        counted += 1
        if let known = entries[bytes] { return known.result }
        entries[bytes] = Entry(result: result, lastUse: clock)
        trim()
        return result
    }

    /// Drops the least recently used entries until the total is within `capacity` (the newest stays); under the lock.
    private func trim() {
        var total = entries.reduce(0) { $0 + $1.key.count + ((try? $1.value.result.get().cost) ?? 0) }
        guard total > capacity else { return }
        for (key, entry) in entries.sorted(by: { $0.value.lastUse < $1.value.lastUse }) where total > capacity && entry.lastUse != clock {
            total -= key.count + ((try? entry.result.get().cost) ?? 0)
            entries[key] = nil
        }
    }

    /// Forgets every sticker.
    public func removeAll() {
        lock.lock()
        defer { lock.unlock() }
        entries.removeAll()
    }
}
