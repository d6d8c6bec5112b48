import Foundation

/// What answers a service's requests: early checks on libmicrohttpd's thread (unknown path, method, content type,
/// parameters — before the body is read), and a worker per thread for the work itself.
public protocol ServiceRouter: Sendable {
    /// The route's name in metrics and logs; nil for a path the service does not serve (404).
    func route(for path: String) -> String?
    /// An answer without reading the body (an error, or a route that needs none); nil to read the body and queue
    /// the request to a worker.
    func early(_ request: HTTPRequest) -> HTTPResponse?
    /// An error answer in the service's shape (the service's own: 405, 413, 429, 504).
    func error(_ status: Int, _ message: String, location: String?) -> HTTPResponse
}

/// One render worker: its state (a Pango font map, surfaces, compressors) lives on one thread.
public protocol ServiceWorker: AnyObject {
    /// A render at start, so the first request finds fonts loaded and caches warm.
    func warmUp() throws
    /// The answer to `request`. `cancellation` is set at the request's deadline: stop at the next stage boundary.
    func handle(_ request: HTTPRequest, cancellation: CancellationFlag) -> HTTPResponse
}

/// An HTTP service on libmicrohttpd: its polling thread reads every connection without blocking, a request with a
/// body is suspended and queued to `workers` render threads, and resumed with the answer, so a long render or a
/// slow client never holds up another connection. A full queue answers 429; a request not answered by its
/// deadline gets 504 and its render's result is dropped. `/healthz`, `/readyz` and `/metrics` are the service's.
public final class HTTPService: @unchecked Sendable {
    public struct Configuration: Sendable {
        public var listen: ListenAddress
        public var workers: Int
        public var queueCapacity: Int
        public var maxBody: Int
        /// Seconds from a request's arrival to its 504.
        public var timeout: Double
        public var connectionLimit: Int

        public init(listen: ListenAddress, workers: Int, queueCapacity: Int, maxBody: Int, timeout: Double, connectionLimit: Int = 1024) {
            self.listen = listen
            self.workers = workers
            self.queueCapacity = queueCapacity
            self.maxBody = maxBody
            self.timeout = timeout
            self.connectionLimit = connectionLimit
        }
    }

    public let configuration: Configuration
    private let router: any ServiceRouter
    private let makeWorker: @Sendable (Int) throws -> any ServiceWorker
    /// One line per request (and the service's notes), e.g. to standard error.
    private let log: @Sendable (String) -> Void
    private let metrics = ServiceMetrics()

    private let lock = NSCondition()
    private var queue: [Exchange] = []
    private var running: [ObjectIdentifier: Exchange] = [:]
    private var inFlight = 0
    private var warmed = 0
    private var warmUpFailure: String?
    private var draining = false
    private var stopping = false
    private var daemon: HTTPDaemon?
    private var listening: (socket: Int32, bound: ListenAddress)?

    public init(configuration: Configuration, router: any ServiceRouter, log: @escaping @Sendable (String) -> Void,
                makeWorker: @escaping @Sendable (Int) throws -> any ServiceWorker) {
        self.configuration = configuration
        self.router = router
        self.log = log
        self.makeWorker = makeWorker
    }

    /// Listens, starts the workers (each warms up on its own thread) and the deadline watch; returns the address
    /// bound (with the port picked when 0 was asked). `/readyz` turns ready when every worker has warmed up.
    public func start() throws -> ListenAddress {
        let listening = try configuration.listen.listen()
        self.listening = listening
        for index in 0..<configuration.workers {
            let thread = Thread { [self] in workerLoop(index) }
            thread.name = "ipraster-worker-\(index)"
            thread.stackSize = 8 << 20
            thread.start()
        }
        let watch = Thread { [self] in deadlineLoop() }
        watch.name = "ipraster-deadlines"
        watch.start()
        daemon = try HTTPDaemon(socket: listening.socket, service: self, connectionLimit: UInt32(configuration.connectionLimit),
                                idleTimeout: UInt32(max(1, configuration.timeout.rounded(.up)) * 3))
        return listening.bound
    }

    /// Ready: every worker warmed up and not draining.
    public var isReady: Bool {
        lock.lock()
        defer { lock.unlock() }
        return warmed == configuration.workers && !draining
    }

    /// Blocks until the workers have warmed up (or one failed: its message).
    public func waitUntilWarm() -> String? {
        lock.lock()
        defer { lock.unlock() }
        while warmed < configuration.workers, warmUpFailure == nil { lock.wait() }
        return warmUpFailure
    }

    /// SIGTERM's path: stop accepting, answer every request already received (waiting at most `grace` seconds),
    /// then stop the daemon and the workers.
    public func drain(grace: Double) {
        lock.lock()
        draining = true
        lock.unlock()
        if let daemon {
            let socket = daemon.quiesce()
            if socket >= 0 { close(socket) }
        }
        let end = Date().addingTimeInterval(grace)
        var quietSince: Date?
        while Date() < end {
            lock.lock()
            let busy = inFlight
            lock.unlock()
            if busy == 0 {
                // A connection accepted just before may still be sending its headers: quiet for a moment first.
                if let since = quietSince, Date().timeIntervalSince(since) > 0.1 { break }
                quietSince = quietSince ?? Date()
            } else {
                quietSince = nil
            }
            usleep(10_000)
        }
        lock.lock()
        stopping = true
        lock.broadcast()
        lock.unlock()
        daemon?.stop()
        daemon = nil
        if case .unix(let path) = configuration.listen { unlink(path) }
    }

    // MARK: libmicrohttpd's thread

    func begin(connection: OpaquePointer, method: String, path: String) -> Exchange {
        let request = HTTPRequest(method: method, path: path, query: HTTPDaemon.query(connection),
                                  headers: ["content-type": HTTPDaemon.header(connection, "Content-Type"),
                                            "content-length": HTTPDaemon.header(connection, "Content-Length")].compactMapValues { $0 })
        let route = router.route(for: path) ?? (["/healthz", "/readyz", "/metrics"].contains(path) ? path : "other")
        let exchange = Exchange(connection: connection, request: request, route: route)
        lock.lock()
        inFlight += 1
        lock.unlock()
        if let answer = serviceAnswer(request) ?? bodyLimitAnswer(request) ?? router.early(request) {
            send(answer, for: exchange)
        }
        return exchange
    }

    func receive(_ exchange: Exchange, _ chunk: UnsafeRawBufferPointer) {
        // Past the limit the rest is read and dropped: libmicrohttpd sends an answer only once the body is consumed.
        guard !exchange.queued, !exchange.tooLarge else { return }
        if exchange.request.body.count + chunk.count > configuration.maxBody {
            exchange.tooLarge = true
            exchange.request.body = []
            return
        }
        exchange.request.body.append(contentsOf: chunk)
    }

    func bodyComplete(_ exchange: Exchange) {
        guard !exchange.queued else { return }
        if exchange.tooLarge {
            send(tooLarge(), for: exchange)
            return
        }
        if let answer = exchange.takeAnswer() {
            send(answer, for: exchange)
            return
        }
        guard !exchange.dispatched else { return }
        lock.lock()
        if queue.count >= configuration.queueCapacity {
            lock.unlock()
            send(router.error(429, "the queue is full (\(configuration.queueCapacity) requests waiting); try again shortly", location: nil), for: exchange)
            return
        }
        exchange.dispatched = true
        // Suspended before a worker can resume it.
        HTTPDaemon.suspend(exchange.connection)
        queue.append(exchange)
        lock.signal()
        lock.unlock()
    }

    func finish(_ exchange: Exchange) {
        lock.lock()
        inFlight -= 1
        lock.unlock()
        let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - exchange.started) / 1e6
        let query = exchange.request.query.isEmpty ? "" : "?" + exchange.request.query.map { $0.name + "=" + $0.value }.joined(separator: "&")
        let status = exchange.status == 0 ? "closed" : String(exchange.status)
        log("\(exchange.request.method) \(exchange.request.path)\(query) \(status) \(exchange.bytes) bytes \(String(format: "%.1f", milliseconds)) ms")
    }

    private func send(_ response: HTTPResponse, for exchange: Exchange) {
        exchange.queued = true
        exchange.recordSent(response)
        metrics.count(route: exchange.route, status: response.status)
        HTTPDaemon.queue(response, on: exchange.connection)
    }

    private func tooLarge() -> HTTPResponse {
        router.error(413, "the body is larger than \(configuration.maxBody) bytes (the service's --max-body)", location: nil)
    }

    private func bodyLimitAnswer(_ request: HTTPRequest) -> HTTPResponse? {
        guard let length = request.headers["content-length"].flatMap({ Int($0) }), length > configuration.maxBody else { return nil }
        return tooLarge()
    }

    /// `/healthz`, `/readyz`, `/metrics`.
    private func serviceAnswer(_ request: HTTPRequest) -> HTTPResponse? {
        switch request.path {
        case "/healthz":
            return request.method == "GET" || request.method == "HEAD" ? .text(200, "ok\n") : methodNotAllowed("GET")
        case "/readyz":
            guard request.method == "GET" || request.method == "HEAD" else { return methodNotAllowed("GET") }
            lock.lock()
            let state = draining ? "draining" : warmUpFailure.map { "warm-up failed: " + $0 } ?? (warmed < configuration.workers ? "warming up" : nil)
            lock.unlock()
            return state.map { .text(503, $0 + "\n") } ?? .text(200, "ready\n")
        case "/metrics":
            guard request.method == "GET" else { return methodNotAllowed("GET") }
            lock.lock()
            let inFlight = inFlight, depth = queue.count
            lock.unlock()
            let text = metrics.text(inFlight: inFlight, queueDepth: depth, queueCapacity: configuration.queueCapacity, workers: configuration.workers)
            return HTTPResponse(status: 200, contentType: "text/plain; version=0.0.4; charset=utf-8", body: Array(text.utf8))
        default:
            return nil
        }
    }

    private func methodNotAllowed(_ allowed: String) -> HTTPResponse {
        var response = router.error(405, "use \(allowed) here", location: nil)
        response.headers.append(("Allow", allowed))
        return response
    }

    // MARK: workers

    private func workerLoop(_ index: Int) {
        let worker: any ServiceWorker
        do {
            worker = try makeWorker(index)
            try worker.warmUp()
        } catch {
            lock.lock()
            warmUpFailure = warmUpFailure ?? "\(error)"
            lock.broadcast()
            lock.unlock()
            return
        }
        lock.lock()
        warmed += 1
        lock.broadcast()
        lock.unlock()
        while true {
            lock.lock()
            while queue.isEmpty, !stopping { lock.wait() }
            if stopping, queue.isEmpty { lock.unlock(); return }
            let exchange = queue.removeFirst()
            if exchange.settled { lock.unlock(); continue }  // its deadline passed while it waited
            running[ObjectIdentifier(exchange)] = exchange
            lock.unlock()
            let started = DispatchTime.now().uptimeNanoseconds
            let response = worker.handle(exchange.request, cancellation: exchange.cancellation)
            metrics.observeRender(seconds: Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9)
            lock.lock()
            running[ObjectIdentifier(exchange)] = nil
            lock.unlock()
            if exchange.settle(response) { HTTPDaemon.resume(exchange.connection) }
        }
    }

    /// Answers 504 for every request past its deadline, waiting or running, and tells a running render to stop.
    private func deadlineLoop() {
        let timeout = UInt64(configuration.timeout * 1e9)
        while true {
            lock.lock()
            if stopping { lock.unlock(); return }
            let now = DispatchTime.now().uptimeNanoseconds
            let expired = (queue + Array(running.values)).filter { now - $0.started >= timeout }
            // One that expired waiting leaves the queue now: it no longer holds a place.
            queue.removeAll { now - $0.started >= timeout }
            lock.unlock()
            for exchange in expired {
                exchange.cancellation.cancel()
                let seconds = ServiceMetrics.number(configuration.timeout)
                if exchange.settle(router.error(504, "the request took longer than \(seconds) s (the service's --timeout)", location: nil)) {
                    HTTPDaemon.resume(exchange.connection)
                }
            }
            usleep(20_000)
        }
    }
}
