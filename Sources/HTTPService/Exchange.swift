import Foundation

/// One request on one connection, from its headers to its completion: what was asked, the body as it arrives and
/// the answer, set once — by the worker that rendered it or by the deadline, whichever comes first.
final class Exchange: @unchecked Sendable {
    let connection: OpaquePointer
    var request: HTTPRequest
    /// The route's name in metrics and logs (`/render`, or `other` for unknown paths).
    let route: String
    let started = DispatchTime.now().uptimeNanoseconds
    let cancellation = CancellationFlag()
    /// Set on libmicrohttpd's thread only.
    var queued = false
    var tooLarge = false
    var dispatched = false

    private let lock = NSLock()
    private var answer: HTTPResponse?
    private var taken = false
    private(set) var status = 0
    private(set) var bytes = 0

    init(connection: OpaquePointer, request: HTTPRequest, route: String) {
        self.connection = connection
        self.request = request
        self.route = route
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

    var settled: Bool {
        lock.lock()
        defer { lock.unlock() }
        return answer != nil || taken
    }
}
