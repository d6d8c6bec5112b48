import Dispatch
import FoundationEssentials
import Primitives

/// One request on one connection, from its head to its completion: what was asked, the body as it arrives and the
/// answer, set once — by the worker slot that ran it or by the deadline, whichever comes first.
final class Exchange: @unchecked Sendable {
    let connection: OpaquePointer
    /// The connection's receive-deadline record (nil only if libmicrohttpd gave none).
    let client: ConnectionWatch.Client?
    var request: HTTPRequest
    /// The route's name in metrics and logs (`/render`, or `other` for unknown paths).
    let route: String
    let started = DispatchTime.now().uptimeNanoseconds
    /// Uptime nanoseconds of the 504.
    let deadline: UInt64

    // Touched on libmicrohttpd's thread only.
    /// An answer has been queued on the connection.
    var responded = false
    /// The body is over the limit: the rest is read and dropped, then 413 (`dropped` bytes so far).
    var tooLarge = false
    var dropped = 0
    /// Given to the queue (and the connection suspended).
    var dispatched = false

    private let lock = Lock()
    private var answer: HTTPResponse?
    private var taken = false
    private(set) var status = 0
    private(set) var bytes = 0

    /// `X-Request-Id`: the client's (sanitised) or made by the service; echoed in the answer and the log.
    let requestId: String
    private var workerIndex: Int?

    init(connection: OpaquePointer, client: ConnectionWatch.Client?, request: HTTPRequest, route: String, timeout: Double, requestId: String) {
        self.connection = connection
        self.client = client
        self.requestId = requestId
        self.request = request
        self.route = route
        deadline = started + UInt64(timeout * 1e9)
    }

    /// Sets the answer if none is set yet; false when another one came first (the result is dropped).
    func settle(_ response: HTTPResponse) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard answer == nil, !taken else { return false }
        answer = response
        return true
    }

    /// The answer to send, once (libmicrohttpd's thread, after the connection is resumed).
    func takeAnswer() -> HTTPResponse? {
        lock.lock()
        defer { lock.unlock() }
        guard let answer, !taken else { return nil }
        taken = true
        return answer
    }

    func recordSent(_ response: HTTPResponse) {
        lock.lock()
        status = response.status
        bytes = response.body.count
        lock.unlock()
    }

    /// The worker slot that ran the request (nil: answered without a worker).
    var worker: Int? {
        lock.lock()
        defer { lock.unlock() }
        return workerIndex
    }

    func setWorker(_ index: Int) {
        lock.lock()
        workerIndex = index
        lock.unlock()
    }

    var settled: Bool {
        lock.lock()
        defer { lock.unlock() }
        return answer != nil || taken
    }
}
