/// One value per worker of `DispatchQueue.concurrentPerform`: worker i only ever touches element i, so no value is
/// used by two threads at once. For values that own C state and are not thread-safe themselves (a `FrameEncoder`'s
/// Cairo surface, a golden harness's pipeline): the owner builds one per worker and hands each its own.
public struct PerWorker<Value>: @unchecked Sendable {
    private let values: [Value]

    public init(_ values: [Value]) { self.values = values }

    public var count: Int { values.count }

    public subscript(worker: Int) -> Value { values[worker] }

    /// Every worker's value, for reading after the workers are done.
    public var all: [Value] { values }
}
