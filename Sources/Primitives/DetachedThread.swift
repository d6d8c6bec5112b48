import Glibc

/// A detached pthread running a closure, in place of Foundation's `Thread` (the tool's modules import
/// FoundationEssentials only).
public enum DetachedThread {
    /// Starts `body` on a new thread; false when the system cannot make one.
    @discardableResult
    public static func start(_ body: @escaping @Sendable () -> Void) -> Bool {
        let box = Unmanaged.passRetained(Box(body: body)).toOpaque()
        var thread = pthread_t()
        let status = pthread_create(&thread, nil, { context in
            guard let context else { return nil }
            let box = Unmanaged<Box>.fromOpaque(context).takeRetainedValue()
            box.body()
            return nil
        }, box)
        guard status == 0 else {
            Unmanaged<Box>.fromOpaque(box).release()
            return false
        }
        pthread_detach(thread)
        return true
    }

    private final class Box {
        let body: @Sendable () -> Void

        init(body: @escaping @Sendable () -> Void) { self.body = body }
    }
}
