import CRLottie
import Dispatch
import FoundationEssentials
import Primitives

/// The process's rlottie helper (a C-state owner over `ipr_lottie_helper`, `lottie_helper.c`): a forked process that
/// makes every rlottie call, under an address-space limit and a deadline per call (issue 56), so a sticker that
/// makes rlottie allocate without end, abort or spin ends as a failed call — the sticker's fallback — and the next
/// call starts a new helper. Animations are loaded into it by id; a helper that was replaced has forgotten them, so
/// each load remembers the helper's generation and a render loads the JSON again when that changed. Thread-safe:
/// one call at a time.
final class LottieHelper: @unchecked Sendable {
    static let shared = LottieHelper(memoryBudget: LottieHelper.memoryBudget)

    /// The helper's memory over what it inherits from this process: room for rlottie's models and raster buffers,
    /// and for its thread pool's stacks (one thread a core).
    static var memoryBudget: Int { (256 << 20) + ProcessInfo.processInfo.activeProcessorCount * (16 << 20) }
    /// CPU seconds one request may take in the helper when nobody waits for it any more (a parent that died).
    static let cpuSecondsPerRequest: UInt32 = 30

    enum Failure: ClassifiedError, Equatable {
        var kind: FailureKind { .unreadable }
        var description: String {
            switch self {
            case .died: return "rlottie's helper process died"
            case .timedOut: return "rlottie ran past its time"
            case .refused: return "rlottie cannot load its Lottie JSON"
            }
        }
        /// The helper could not be started, or died during the call (its memory limit, a crash).
        case died
        /// The call ran past its deadline; the helper was killed.
        case timedOut
        /// rlottie refused the JSON.
        case refused
    }

    private let lock = Lock()
    private var state = ipr_lottie_helper()
    private var generation = 0
    private var nextID: UInt32 = 0
    /// Helpers started in this process (a test counts that a failure replaces it).
    private(set) var starts = 0

    /// The helper's address space over what it inherits, in bytes.
    let memory: Int

    /// A helper of its own (tests give it a small `memoryBudget`); renderers use `shared`.
    init(memoryBudget: Int) {
        memory = memoryBudget
        ipr_lottie_helper_init(&state)
    }

    deinit { ipr_lottie_helper_stop(&state) }

    /// A new id for an animation.
    func makeID() -> UInt32 {
        lock.lock()
        defer { lock.unlock() }
        nextID &+= 1
        return nextID
    }

    /// Loads `json` under `id` (again when the helper changed since `loadedIn`): its frame count and rate, and the
    /// generation it is loaded in.
    func load(id: UInt32, json: [UInt8], seconds: Double) -> Result<(frames: Int, frameRate: Double, generation: Int), Failure> {
        lock.lock()
        defer { lock.unlock() }
        return loadLocked(id: id, json: json, seconds: seconds)
    }

    private func loadLocked(id: UInt32, json: [UInt8], seconds: Double) -> Result<(frames: Int, frameRate: Double, generation: Int), Failure> {
        guard startLocked() else { return .failure(.died) }
        var frames = 0, frameRate = 0.0
        let status = json.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { ipr_lottie_helper_load(&state, id, $0.baseAddress, $0.count, seconds, &frames, &frameRate) }
        }
        if let failure = failure(status) { return .failure(failure) }
        return .success((frames, frameRate, generation))
    }

    /// Renders frame `frame` of animation `id` into a `side` × `side` buffer, loading it first when the helper is
    /// not the one it was loaded in (`generation` is updated).
    func render(id: UInt32, json: [UInt8], generation loadedIn: inout Int, frame: Int, side: Int, seconds: Double) -> Result<[UInt32], Failure> {
        lock.lock()
        defer { lock.unlock() }
        let started = DispatchTime.now().uptimeNanoseconds
        if loadedIn != generation || state.pid <= 0 {
            switch loadLocked(id: id, json: json, seconds: seconds) {
            case .success(let loaded): loadedIn = loaded.generation
            case .failure(let failure): return .failure(failure)
            }
        }
        let left = seconds - Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        var status: Int32 = -2
        let pixels = [UInt32](unsafeUninitializedCapacity: side * side) { buffer, count in
            buffer.initialize(repeating: 0)
            count = buffer.count
            if left > 0 { status = ipr_lottie_helper_render(&state, id, frame, buffer.baseAddress, side, left) }
        }
        if let failure = failure(status) { return .failure(failure) }
        return .success(pixels)
    }

    /// Forgets animation `id` in the helper (if it is the one it was loaded in).
    func unload(id: UInt32, generation loadedIn: Int) {
        lock.lock()
        defer { lock.unlock() }
        if loadedIn == generation { ipr_lottie_helper_unload(&state, id) }
    }

    /// The helper's process id while one runs (tests kill it to check a dead helper is replaced).
    var processID: Int32? {
        lock.lock()
        defer { lock.unlock() }
        return state.pid > 0 ? state.pid : nil
    }

    private func startLocked() -> Bool {
        if state.pid > 0 { return true }
        guard ipr_lottie_helper_start(&state, memory, Self.cpuSecondsPerRequest) == 0 else { return false }
        generation += 1
        starts += 1
        return true
    }

    private func stopLocked() {
        ipr_lottie_helper_stop(&state)
    }

    /// The failure a C status means; a helper that died or ran late is stopped (killed and reaped).
    private func failure(_ status: Int32) -> Failure? {
        switch status {
        case 0: return nil
        case -3: return .refused
        case -2:
            stopLocked()
            return .timedOut
        default:
            stopLocked()
            return .died
        }
    }
}
