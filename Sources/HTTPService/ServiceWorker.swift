/// What answers requests inside a worker process (`ipraster serve`'s render pipeline): warmed up once, then asked
/// one request at a time on the process's only working thread.
public protocol RequestHandler: AnyObject {
    /// A render at start, so the first request finds fonts loaded and caches warm.
    func warmUp() throws
    /// The answer to `request`.
    func handle(_ request: HTTPRequest) -> HTTPResponse
}

/// One member of the service's pool as the service sees it: a worker process (`WorkerProcess`) in the product, an
/// in-process stand-in in the HTTP core's tests. A pool slot's thread is the only one that calls it.
public protocol ServiceWorker: AnyObject {
    /// Starts it and waits for its warm-up; throws with the reason when it cannot start.
    func start() throws
    /// The answer to `request`, or why there is none. Returns by `deadline` (uptime nanoseconds) at the latest: a
    /// worker still busy then is stopped (`.timedOut`).
    func run(_ request: HTTPRequest, deadline: UInt64) -> WorkerOutcome
    /// Ends it (at once: it may be busy or stuck) and releases what it holds.
    func stop()
    /// Whether it ended while idle (killed from outside): the slot replaces it before giving it a request.
    var hasEnded: Bool { get }
    /// Its resident memory in bytes, when known.
    var residentBytes: Int? { get }
}

public enum WorkerOutcome {
    case answered(HTTPResponse)
    /// It ended while handling the request (a trap, a signal): the reason, for the answer and the log.
    case died(String)
    /// Its deadline passed; it has been stopped.
    case timedOut
}
