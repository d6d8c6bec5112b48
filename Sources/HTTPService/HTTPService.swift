import Dispatch
import FoundationEssentials
import Glibc
import Primitives

/// What answers a service's requests before a worker does: the routes it serves and their early checks, on
/// libmicrohttpd's thread (unknown path, method, content type, parameters — before the body is read).
public protocol ServiceRouter: Sendable {
    /// The route's name in metrics and logs; nil for a path the router does not serve.
    func route(for path: String) -> String?
    /// An answer without reading the body (an error, or a route that needs none); nil to read the body and queue
    /// the request to a worker.
    func early(_ request: HTTPRequest) -> HTTPResponse?
    /// An error answer in the service's shape (the service's own: 400, 404, 405, 413, 414, 429, 431, 500, 501, 504).
    func error(_ status: Int, _ message: String, location: String?) -> HTTPResponse
}

/// An HTTP service on libmicrohttpd. Its polling thread reads every connection without blocking; a request with a
/// body is suspended and queued to a pool of workers — one slot thread each, talking to a worker process — and
/// resumed with the answer, so a long render or a slow client never holds up another connection, and a render that
/// traps ends only its worker process: the slot answers 500, starts another, and nothing else is disturbed. A full
/// queue answers 429; a request not answered by its deadline gets 504 (a worker still rendering it is killed). The
/// service's own routes (`/healthz`, `/readyz`, `/metrics`) are answered on the polling thread and, with a probe
/// listener, also on a second address that request traffic cannot crowd out.
public final class HTTPService: @unchecked Sendable {
    public struct Configuration: Sendable {
        public var listen: ListenAddress
        /// A second listener that answers only the service's own routes (for probes and scrapes).
        public var probeListen: ListenAddress?
        public var workers: Int
        public var queueCapacity: Int
        public var maxBody: Int
        /// Seconds from a request's head to its 504.
        public var timeout: Double
        public var connectionLimit: Int
        public var connectionsPerClient: Int
        /// Seconds a request's head may take to arrive; then its body must come at `minimumBodyRate` bytes/s.
        public var headerTimeout: Double
        public var minimumBodyRate: Double
        /// A worker is replaced after this many requests (0: never) or when its resident memory is above
        /// `maxWorkerResidentBytes` after a request (0: never).
        public var maxWorkerRequests: Int
        public var maxWorkerResidentBytes: Int
        /// Requests must carry this bearer token (nil: none needed); `/healthz` and `/readyz` never, `/metrics` only on
        /// the request listener.
        public var token: BearerToken?
        /// How log lines are written.
        public var logFormat: ServiceLogFormat

        public init(listen: ListenAddress, probeListen: ListenAddress? = nil, workers: Int, queueCapacity: Int, maxBody: Int, timeout: Double,
                    connectionLimit: Int = 1024, connectionsPerClient: Int = 64, headerTimeout: Double = 10, minimumBodyRate: Double = 1024,
                    maxWorkerRequests: Int = 0, maxWorkerResidentBytes: Int = 0, token: BearerToken? = nil, logFormat: ServiceLogFormat = .text) {
            self.listen = listen
            self.probeListen = probeListen
            self.workers = workers
            self.queueCapacity = queueCapacity
            self.maxBody = maxBody
            self.timeout = timeout
            self.connectionLimit = connectionLimit
            self.connectionsPerClient = connectionsPerClient
            self.headerTimeout = headerTimeout
            self.minimumBodyRate = minimumBodyRate
            self.maxWorkerRequests = maxWorkerRequests
            self.maxWorkerResidentBytes = maxWorkerResidentBytes
            self.token = token
            self.logFormat = logFormat
        }
    }

    /// A body over the limit is read and dropped up to this many bytes, so that a client still sending it (one that
    /// does not wait for `100 Continue`) reads the 413; past it the connection is closed.
    public static let droppedBodyLimit = 16 << 20

    /// The service's own routes: path and what answers it (GET and HEAD).
    private static let ownRoutes: [(path: String, answer: @Sendable (HTTPService) -> HTTPResponse)] = [
        ("/healthz", { _ in .text(200, "ok\n") }),
        ("/readyz", { $0.readiness() }),
        ("/metrics", { $0.metricsAnswer() }),
    ]

    /// The probe listener's connections in all and from one client address.
    static let probeConnections = 256, probeConnectionsPerClient = 8

    public let configuration: Configuration
    private let router: any ServiceRouter
    private let makeWorker: @Sendable (Int) -> any ServiceWorker
    /// Where log lines go (one per request, and the service's notes), e.g. to standard error; formatted by `note`
    /// and `finish` in the configuration's format, queued (`LogQueue`) so a stalled reader of the log never stops
    /// the service.
    private let log: @Sendable (String) -> Void
    private let logQueue: LogQueue
    private let metrics: ServiceMetrics
    private let watch: ConnectionWatch

    /// Guards everything below; slots wait on it for requests, the deadline thread for the next deadline, the drain
    /// for the last request and the last slot.
    private let lock = Condition()
    private var queue: [Exchange] = []
    private var inFlight = 0
    private var workersReady = 0
    private var slotsRunning = 0
    private var warmed = 0
    private var warmUpFailure: String?
    private var workerResident: [Int?]
    private var draining = false
    private var stopping = false
    private var daemons: [HTTPDaemon] = []
    private var probeDaemon: HTTPDaemon?

    public init(configuration: Configuration, router: any ServiceRouter, log: @escaping @Sendable (String) -> Void,
                makeWorker: @escaping @Sendable (Int) -> any ServiceWorker) {
        self.configuration = configuration
        self.router = router
        let logQueue = LogQueue(write: log)
        self.logQueue = logQueue
        let log: @Sendable (String) -> Void = { logQueue.append($0) }
        self.log = log
        self.makeWorker = makeWorker
        workerResident = Array(repeating: nil, count: configuration.workers)
        let metrics = ServiceMetrics()
        self.metrics = metrics
        let summary = ShutSummary { counts in
            var parts: [String] = []
            for reason in ConnectionWatch.Reason.allCases {
                guard let count = counts[reason], count > 0 else { continue }
                let what = reason == .headerTimeout ? "the head was not complete within \(ServiceMetrics.number(configuration.headerTimeout)) s"
                    : "the body came slower than \(ServiceMetrics.number(configuration.minimumBodyRate)) bytes/s"
                parts.append("\(count) connection\(count == 1 ? "" : "s"): \(what)")
            }
            log(configuration.logFormat.note("shut " + parts.joined(separator: "; ") + " (one line per \(Int(ShutSummary.window)) s at most)"))
        }
        watch = ConnectionWatch(limits: .init(headerTimeout: configuration.headerTimeout, minimumBodyRate: configuration.minimumBodyRate)) { reason, count in
            metrics.count(shut: reason, count)
            summary.record(reason, count)
        }
    }

    /// Listens (and on the probe address), starts the worker slots (each starts its worker process, which warms up)
    /// and the deadline and connection watches; returns the addresses bound (with the port picked when 0 was asked).
    /// `/readyz` turns ready when every worker has warmed up.
    public func start() throws -> (listen: ListenAddress, probe: ListenAddress?) {
        let main = try configuration.listen.listen()
        var probe: (socket: Int32, bound: ListenAddress)?
        do {
            probe = try configuration.probeListen?.listen()
        } catch {
            close(main.socket)
            throw error
        }
        watch.start()
        for index in 0..<configuration.workers {
            DetachedThread.start { [self] in slot(index) }
        }
        DetachedThread.start { [self] in deadlineLoop() }
        let limits = HTTPDaemon.Limits(connections: configuration.connectionLimit, connectionsPerClient: configuration.connectionsPerClient,
                                       idleTimeout: Int(max(configuration.headerTimeout, configuration.timeout).rounded(.up)) * 3)
        daemons.append(try HTTPDaemon(socket: main.socket, listener: .init(service: self, isProbe: false), limits: limits))
        if let probe {
            // Probes come from the node's kubelet and a scraper, a connection or two each: a few per client address,
            // so one client holding slow connections cannot take the listener from the probes (issue 56: ~200 slow
            // connections from one address starved every probe when only the total was limited). The connection
            // watch's head deadline applies here as on the request listener.
            let probeLimits = HTTPDaemon.Limits(connections: Self.probeConnections, connectionsPerClient: Self.probeConnectionsPerClient,
                                                idleTimeout: limits.idleTimeout)
            probeDaemon = try HTTPDaemon(socket: probe.socket, listener: .init(service: self, isProbe: true), limits: probeLimits)
        }
        return (main.bound, probe?.bound)
    }

    /// Ready: every worker warmed up at start, one is running now, and not draining.
    public var isReady: Bool {
        lock.lock()
        defer { lock.unlock() }
        return notReadyReason == nil
    }

    private var notReadyReason: String? {
        if draining { return "draining" }
        if let warmUpFailure { return "warm-up failed: " + warmUpFailure }
        if warmed < configuration.workers { return "warming up" }
        if workersReady == 0 { return "no render worker is running (starting new ones)" }
        return nil
    }

    /// Blocks until the workers have warmed up (or one failed: its message).
    public func waitUntilWarm() -> String? {
        lock.lock()
        defer { lock.unlock() }
        while warmed < configuration.workers, warmUpFailure == nil { lock.wait() }
        return warmUpFailure
    }

    /// SIGTERM's path: stop accepting, answer every request already received (waiting at most `grace` seconds),
    /// then end the workers and stop the listeners.
    public func drain(grace: Double) {
        lock.lock()
        draining = true
        lock.unlock()
        for daemon in daemons {
            let socket = daemon.quiesce()
            if socket >= 0 { close(socket) }
        }
        let end = Date().addingTimeInterval(grace)
        lock.lock()
        while Date() < end {
            while inFlight > 0, Date() < end { _ = lock.wait(until: end) }
            // A connection accepted just before the quiesce may still be sending its head: a moment without a new
            // request first (a new one wakes this wait and is waited for in turn).
            if !lock.wait(until: min(end, Date().addingTimeInterval(0.1))), inFlight == 0 { break }
        }
        stopping = true
        lock.broadcast()
        let slotsEnd = Date().addingTimeInterval(10)
        while slotsRunning > 0, Date() < slotsEnd { _ = lock.wait(until: slotsEnd) }
        lock.unlock()
        for daemon in daemons { daemon.stop() }
        daemons = []
        probeDaemon?.stop()
        probeDaemon = nil
        watch.stop()
        for address in [configuration.listen, configuration.probeListen] {
            if case .unix(let path)? = address { unlink(path) }
        }
    }

    // MARK: libmicrohttpd's thread

    func connectionOpened(descriptor: Int32) -> ConnectionWatch.Client { watch.opened(descriptor: descriptor) }

    func connectionClosed(_ client: ConnectionWatch.Client) { watch.closed(client) }

    func begin(connection: OpaquePointer, method: String, path: String, version: String, probe: Bool) -> Exchange {
        let fields = HTTPDaemon.fields(connection), query = HTTPDaemon.query(connection)
        // Names lowercased; a repeated field's values joined with commas (RFC 9110 §5.3).
        var headers: [String: String] = [:]
        for field in fields {
            let name = field.name.lowercased()
            headers[name] = headers[name].map { $0 + ", " + field.value } ?? field.value
        }
        let request = HTTPRequest(method: method, path: path, query: query, headers: headers)
        let own = Self.ownRoutes.contains { $0.path == path }
        let route = own ? path : probe ? "other" : router.route(for: path) ?? "other"
        let client = HTTPDaemon.client(connection)
        let exchange = Exchange(connection: connection, client: client, request: request, route: route, timeout: configuration.timeout,
                                requestId: RequestID.from(headers["x-request-id"]))
        if let client { watch.headComplete(client) }
        lock.lock()
        inFlight += 1
        lock.broadcast()
        lock.unlock()
        let target = path.utf8.count + query.reduce(0) { $0 + $1.name.utf8.count + $1.value.utf8.count + 2 }
        if let problem = RequestHead.check(targetLength: target, headSize: HTTPDaemon.headSize(connection), fields: fields, version: version) {
            send(router.error(problem.status, problem.message, location: problem.location), for: exchange)
        } else if let answer = unauthorized(request, probe: probe) ?? ownAnswer(request) ?? (probe ? probeOnly(request) : nil)
                    ?? bodyLimitAnswer(exchange) ?? router.early(request) {
            send(answer, for: exchange)
        }
        return exchange
    }

    /// Takes a piece of the body; false closes the connection (a body over the limit past what is read and dropped).
    func receive(_ exchange: Exchange, _ chunk: UnsafeRawBufferPointer) -> Bool {
        if let client = exchange.client { watch.received(client, bytes: chunk.count) }
        guard !exchange.responded, !exchange.dispatched else { return true }
        if !exchange.tooLarge, exchange.request.body.count + chunk.count > configuration.maxBody {
            exchange.tooLarge = true
            exchange.dropped = exchange.request.body.count
            exchange.request.body = []
        }
        if exchange.tooLarge {
            exchange.dropped += chunk.count
            return exchange.dropped <= Self.droppedBodyLimit
        }
        exchange.request.body.append(contentsOf: chunk)
        return true
    }

    func bodyComplete(_ exchange: Exchange) {
        if let client = exchange.client { watch.bodyComplete(client) }
        guard !exchange.responded else { return }
        if exchange.tooLarge {
            send(tooLarge(), for: exchange)
            return
        }
        if let answer = exchange.takeAnswer() {
            send(answer, for: exchange)
            return
        }
        guard !exchange.dispatched else { return }
        // A body that took longer to arrive than the request may take is not queued.
        if DispatchTime.now().uptimeNanoseconds >= exchange.deadline {
            send(timedOut(), for: exchange)
            return
        }
        lock.lock()
        if queue.count >= configuration.queueCapacity {
            lock.unlock()
            send(router.error(429, "the queue is full (\(configuration.queueCapacity) requests waiting); try again shortly", location: nil), for: exchange)
            return
        }
        exchange.dispatched = true
        // Suspended before a slot can resume it.
        HTTPDaemon.suspend(exchange.connection)
        queue.append(exchange)
        lock.broadcast()
        lock.unlock()
    }

    func finish(_ exchange: Exchange) {
        if let client = exchange.client { watch.requestEnded(client) }
        lock.lock()
        inFlight -= 1
        lock.broadcast()
        lock.unlock()
        let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - exchange.started) / 1e6
        let query = exchange.request.query.map { $0.name + "=" + $0.value }.joined(separator: "&")
        let status = exchange.status == 0 ? "closed" : String(exchange.status)
        log(configuration.logFormat.access(id: exchange.requestId, method: exchange.request.method, path: exchange.request.path, query: query,
                                           route: exchange.route, status: status, bytes: exchange.bytes, milliseconds: milliseconds, worker: exchange.worker))
    }

    /// Writes a note to the log in the configuration's format (the command's own notes too: listening, ready, drain).
    public func note(_ message: String) {
        log(configuration.logFormat.note(message))
    }

    /// Waits up to `seconds` for the log's queued lines to be written (before the process exits).
    public func flushLog(seconds: Double) {
        logQueue.flush(seconds: seconds)
    }

    private func send(_ response: HTTPResponse, for exchange: Exchange) {
        var response = response
        response.headers.append(("X-Request-Id", exchange.requestId))
        exchange.responded = true
        exchange.recordSent(response)
        metrics.count(route: exchange.route, status: response.status)
        HTTPDaemon.queue(response, on: exchange.connection)
    }

    private func tooLarge() -> HTTPResponse {
        router.error(413, "the body is larger than \(configuration.maxBody) bytes (the service's --max-body)", location: nil)
    }

    /// 413 at once for a declared length over the limit when the client waits for `100 Continue` (it sends nothing
    /// more) or the body is too large to read and drop; otherwise the body is read and dropped, then 413.
    private func bodyLimitAnswer(_ exchange: Exchange) -> HTTPResponse? {
        let headers = exchange.request.headers
        guard let length = headers["content-length"].flatMap({ Int($0.trimmingSpaces) }), length > configuration.maxBody else { return nil }
        if headers["expect"]?.lowercased() == "100-continue" || length > Self.droppedBodyLimit { return tooLarge() }
        exchange.tooLarge = true
        return nil
    }

    /// 401 for a request without the configured bearer token: every route but `/healthz` and `/readyz`, and
    /// `/metrics` only on the request listener (the probe listener answers its own routes without one).
    private func unauthorized(_ request: HTTPRequest, probe: Bool) -> HTTPResponse? {
        guard let token = configuration.token, !probe, request.path != "/healthz", request.path != "/readyz",
              !token.accepts(request.headers["authorization"]) else { return nil }
        var response = router.error(401, request.headers["authorization"] == nil ? "this service needs a bearer token: Authorization: Bearer TOKEN"
                                    : "the bearer token is not the service's", location: "Authorization")
        response.headers.append(("WWW-Authenticate", "Bearer realm=\"ipraster\""))
        return response
    }

    /// `/healthz`, `/readyz`, `/metrics`: GET and HEAD (libmicrohttpd leaves the body out of a HEAD answer).
    private func ownAnswer(_ request: HTTPRequest) -> HTTPResponse? {
        guard let route = Self.ownRoutes.first(where: { $0.path == request.path }) else { return nil }
        guard request.method == "GET" || request.method == "HEAD" else {
            var response = router.error(405, "use GET or HEAD here", location: nil)
            response.headers.append(("Allow", "GET, HEAD"))
            return response
        }
        return route.answer(self)
    }

    private func probeOnly(_ request: HTTPRequest) -> HTTPResponse {
        router.error(404, "the probe listener answers only " + Self.ownRoutes.map(\.path).joined(separator: ", "), location: nil)
    }

    private func readiness() -> HTTPResponse {
        lock.lock()
        let reason = notReadyReason
        lock.unlock()
        return reason.map { .text(503, $0 + "\n") } ?? .text(200, "ready\n")
    }

    private func metricsAnswer() -> HTTPResponse {
        lock.lock()
        let gauges = ServiceMetrics.Gauges(inFlight: inFlight, queueDepth: queue.count, queueCapacity: configuration.queueCapacity,
                                           workers: configuration.workers, workersReady: workersReady, openConnections: watch.openCount,
                                           workerResidentBytes: workerResident, logLinesDropped: logQueue.dropped)
        lock.unlock()
        return HTTPResponse(status: 200, contentType: "text/plain; version=0.0.4; charset=utf-8", body: Array(metrics.text(gauges).utf8))
    }

    // MARK: worker slots

    /// One slot: keeps a worker running and gives it requests from the queue one at a time.
    private func slot(_ index: Int) {
        lock.lock()
        slotsRunning += 1
        lock.unlock()
        defer {
            lock.lock()
            slotsRunning -= 1
            lock.broadcast()
            lock.unlock()
        }
        guard var worker = startWorker(index, first: true) else { return }
        var served = 0
        while let exchange = nextExchange() {
            if worker.hasEnded {
                metrics.count(.lost)
                note("worker \(index) ended while idle; starting another")
                guard let replacement = replace(worker, index) else { return }
                worker = replacement
                served = 0
            }
            let started = DispatchTime.now().uptimeNanoseconds
            exchange.setWorker(index)
            let outcome = worker.run(exchange.request, deadline: exchange.deadline)
            metrics.observeRender(seconds: Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9)
            switch outcome {
            case .answered(let response):
                settle(exchange, response)
                served += 1
                let resident = worker.residentBytes
                setResident(index, resident)
                let memoryLimit = configuration.maxWorkerResidentBytes
                if configuration.maxWorkerRequests > 0, served >= configuration.maxWorkerRequests {
                    metrics.count(.recycledRequests)
                    note("worker \(index) served \(served) requests (--max-requests); starting another")
                } else if memoryLimit > 0, let resident, resident > memoryLimit {
                    metrics.count(.recycledMemory)
                    note("worker \(index) holds \(resident >> 20) MB (--max-rss \(memoryLimit >> 20)); starting another")
                } else {
                    continue
                }
            case .died(let reason):
                metrics.count(.died)
                note("worker \(index) \(reason) while answering \(exchange.request.method) \(exchange.request.path); starting another")
                settle(exchange, router.error(500, "the render worker \(reason) while answering this request; it has been replaced", location: nil))
            case .timedOut:
                metrics.count(.killed)
                note("worker \(index) was stopped at the deadline of \(exchange.request.method) \(exchange.request.path); starting another")
                settle(exchange, timedOut())
            }
            guard let replacement = replace(worker, index) else { return }
            worker = replacement
            served = 0
        }
        worker.stop()
        lock.lock()
        workersReady -= 1
        lock.unlock()
        setResident(index, nil)
    }

    /// The next request to run, or nil when the service stops.
    private func nextExchange() -> Exchange? {
        lock.lock()
        defer { lock.unlock() }
        while true {
            while queue.isEmpty, !stopping { lock.wait() }
            if queue.isEmpty { return nil }
            let exchange = queue.removeFirst()
            if exchange.settled { continue }  // its deadline passed while it waited, and the deadline thread answered
            // Its deadline has just passed: answered here, and no worker is stopped for a request it never began.
            if DispatchTime.now().uptimeNanoseconds >= exchange.deadline {
                lock.unlock()
                settle(exchange, timedOut())
                lock.lock()
                continue
            }
            return exchange
        }
    }

    private func settle(_ exchange: Exchange, _ response: HTTPResponse) {
        if exchange.settle(response) { HTTPDaemon.resume(exchange.connection) }
    }

    private func timedOut() -> HTTPResponse {
        router.error(504, "the request took longer than \(ServiceMetrics.number(configuration.timeout)) s (the service's --timeout)", location: nil)
    }

    private func setResident(_ index: Int, _ bytes: Int?) {
        lock.lock()
        workerResident[index] = bytes
        lock.unlock()
    }

    /// Stops `worker` and starts another in its slot; nil when the service stops first.
    private func replace(_ worker: any ServiceWorker, _ index: Int) -> (any ServiceWorker)? {
        worker.stop()
        lock.lock()
        workersReady -= 1
        lock.unlock()
        setResident(index, nil)
        let replacement = startWorker(index, first: false)
        if replacement != nil { metrics.count(.replaced) }
        return replacement
    }

    /// A started worker for slot `index`. At the service's start a failure is the service's (reported by
    /// `waitUntilWarm`); later the slot tries again, waiting longer each time (at most 30 s), until one starts or the
    /// service stops.
    private func startWorker(_ index: Int, first: Bool) -> (any ServiceWorker)? {
        var pause = 0.5
        while true {
            let worker = makeWorker(index)
            do {
                try worker.start()
                lock.lock()
                workersReady += 1
                if first { warmed += 1 }
                lock.broadcast()
                lock.unlock()
                setResident(index, worker.residentBytes)
                return worker
            } catch {
                worker.stop()
                metrics.count(.startFailed)
                lock.lock()
                defer { lock.unlock() }
                if first {
                    warmUpFailure = warmUpFailure ?? "\(error)"
                    lock.broadcast()
                    return nil
                }
                note("worker \(index) cannot start: \(error); trying again in \(ServiceMetrics.number(pause)) s")
                _ = lock.wait(until: Date().addingTimeInterval(pause))
                if stopping { return nil }
                pause = min(30, pause * 2)
            }
        }
    }

    /// Answers 504 for every request whose deadline passes while it waits in the queue (a running one's slot
    /// answers it). Waits for the earliest deadline or a change to the queue.
    private func deadlineLoop() {
        lock.lock()
        defer { lock.unlock() }
        while !stopping {
            let now = DispatchTime.now().uptimeNanoseconds
            let expired = queue.filter { $0.deadline <= now }
            if !expired.isEmpty {
                queue.removeAll { $0.deadline <= now }
                lock.unlock()
                for exchange in expired { settle(exchange, timedOut()) }
                lock.lock()
                continue
            }
            if let next = queue.map(\.deadline).min() {
                _ = lock.wait(until: Date().addingTimeInterval(Double(next - now) / 1e9))
            } else {
                lock.wait()
            }
        }
    }
}
