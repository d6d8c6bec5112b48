import FoundationEssentials
import Primitives

/// The process's decoded sticker files, keyed by their content (so one file under several ids, folders or requests
/// is decoded once) and bounded in bytes: the least recently used are dropped past `capacity`. A file that failed
/// is remembered with its reason, so a hostile file costs one decode. A service worker that is recycled takes its
/// cache with it. Thread-safe.
///
/// Every lookup costs O(1) besides hashing the file's bytes (issue 56): the entries form a list from the most to the
/// least recently used, and the cache keeps a running total of their costs. A sticker's cost grows as it renders
/// bitmaps, so each entry remembers the cost it was counted at and the total takes the difference when the entry is
/// next used; the total is then exact for every entry but the ones rendering since their last lookup.
public final class StickerCache: @unchecked Sendable {
    public static let shared = StickerCache(capacity: 96 << 20)

    public let capacity: Int
    private let lock = Lock()
    private var entries: [[UInt8]: Entry] = [:]
    /// The most and the least recently used entries (the two ends of the list).
    private weak var newest: Entry?
    private weak var oldest: Entry?
    private var total = 0
    private var counted = 0
    private var steps = 0

    private final class Entry {
        let key: [UInt8]
        let result: Result<Sticker, StickerError>
        /// The bytes this entry adds to `total`: its key's and its sticker's cost when last counted.
        var cost = 0
        /// The list's links; `entries` holds every entry, so neither link needs to own one (and dropping the cache
        /// releases no chain of entries recursively).
        weak var newer: Entry?
        weak var older: Entry?

        init(key: [UInt8], result: Result<Sticker, StickerError>) {
            self.key = key
            self.result = result
        }

        var currentCost: Int { key.count + ((try? result.get().cost) ?? 0) }
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

    /// Entries moved, added or dropped since the cache was made: a work counter that grows linearly with the lookups
    /// (a test checks 20,000 distinct stickers cost at most 5× the work of 5,000).
    public var work: Int {
        lock.lock()
        defer { lock.unlock() }
        return steps
    }

    /// The bytes the entries are counted at (a test checks the bound).
    public var countedBytes: Int {
        lock.lock()
        defer { lock.unlock() }
        return total
    }

    /// The sticker of `bytes`, decoded by `decode` the first time (outside the lock: two threads may both decode a
    /// new file; the first result is kept).
    public func sticker(for bytes: [UInt8], decode: ([UInt8]) throws -> Sticker) -> Result<Sticker, StickerError> {
        lock.lock()
        if let entry = entries[bytes] {
            touch(entry)
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
        if let known = entries[bytes] {
            touch(known)
            return known.result
        }
        let entry = Entry(key: bytes, result: result)
        entries[bytes] = entry
        touch(entry)
        trim()
        return result
    }

    /// Moves `entry` to the newest end (adding it when new) and brings its counted cost up to date; under the lock.
    private func touch(_ entry: Entry) {
        steps += 1
        let cost = entry.currentCost
        total += cost - entry.cost
        entry.cost = cost
        guard newest !== entry else { return }
        unlink(entry)
        entry.older = newest
        newest?.newer = entry
        newest = entry
        if oldest == nil { oldest = entry }
    }

    /// Takes `entry` out of the list (not out of `entries`); under the lock.
    private func unlink(_ entry: Entry) {
        if let older = entry.older { older.newer = entry.newer }
        if let newer = entry.newer { newer.older = entry.older }
        if oldest === entry { oldest = entry.newer }
        if newest === entry { newest = entry.older }
        entry.newer = nil
        entry.older = nil
    }

    /// Drops the least recently used entries until the total is within `capacity` (the newest stays); under the lock.
    private func trim() {
        while total > capacity, let entry = oldest, entry !== newest {
            steps += 1
            unlink(entry)
            entries[entry.key] = nil
            total -= entry.cost
        }
    }

    /// Forgets every sticker.
    public func removeAll() {
        lock.lock()
        defer { lock.unlock() }
        entries.removeAll()
        total = 0
    }
}
