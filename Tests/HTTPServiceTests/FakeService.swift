import Foundation
import HTTPService
import HTTPTestSupport

/// A router with one route, `POST /work`, and the service's JSON error shape.
struct FakeRouter: ServiceRouter {
    func route(for path: String) -> String? { path == "/work" ? path : nil }

    func early(_ request: HTTPRequest) -> HTTPResponse? {
        guard request.path == "/work" else { return error(404, "no route \(request.path)", location: nil) }
        guard request.method == "POST" else {
            var response = error(405, "POST here", location: nil)
            response.headers.append(("Allow", "POST"))
            return response
        }
        return nil
    }

    func error(_ status: Int, _ message: String, location: String?) -> HTTPResponse {
        let object: [String: Any] = ["error": message, "location": location ?? NSNull()]
        let body = (try? JSONSerialization.data(withJSONObject: object)).map { Array($0) } ?? []
        return HTTPResponse(status: status, contentType: "application/json", body: body)
    }
}

/// What the fake workers did, shared by all of them.
final class FakePool: @unchecked Sendable {
    private let lock = NSLock()
    private var startsValue = 0
    private var stopsValue = 0
    /// Starts that fail before one succeeds (counted down).
    var failingStarts = 0
    /// What every worker reports as its resident memory.
    var residentBytes: Int?
    /// Seconds every start after the first takes.
    var replacementDelay = 0.0

    var starts: Int { lock.lock(); defer { lock.unlock() }; return startsValue }
    var stops: Int { lock.lock(); defer { lock.unlock() }; return stopsValue }

    func started() throws {
        lock.lock()
        let delay = startsValue > 0 ? replacementDelay : 0
        lock.unlock()
        if delay > 0 { usleep(UInt32(delay * 1e6)) }
        lock.lock()
        defer { lock.unlock() }
        if failingStarts > 0 {
            failingStarts -= 1
            throw FakeStartError()
        }
        startsValue += 1
    }

    func stopped() {
        lock.lock()
        stopsValue += 1
        lock.unlock()
    }

    struct FakeStartError: Error, CustomStringConvertible { var description: String { "the fake worker was told to fail" } }
}

/// An in-process worker that acts on its body: `echo TEXT` answers TEXT, `die` ends (500), `hang` runs past its
/// deadline (504), `sleep MS` answers after MS milliseconds.
final class FakeWorker: ServiceWorker {
    let pool: FakePool
    private var running = false

    init(pool: FakePool) { self.pool = pool }

    func start() throws {
        try pool.started()
        running = true
    }

    func run(_ request: HTTPRequest, deadline: UInt64) -> WorkerOutcome {
        let text = String(decoding: request.body, as: UTF8.self)
        if text == "die" {
            running = false
            return .died("ended with signal 4 (a fake trap)")
        }
        if text == "hang" {
            let now = DispatchTime.now().uptimeNanoseconds
            if deadline > now { usleep(UInt32(min(UInt64(UInt32.max), (deadline - now) / 1000))) }
            stop()
            return .timedOut
        }
        if text.hasPrefix("sleep "), let milliseconds = UInt32(text.dropFirst(6)) { usleep(milliseconds * 1000) }
        return .answered(HTTPResponse(status: 200, contentType: "text/plain", body: Array(text.utf8)))
    }

    func stop() {
        if running { pool.stopped() }
        running = false
    }

    var hasEnded: Bool { !running }
    var residentBytes: Int? { pool.residentBytes }
}

/// An `HTTPService` on a loopback port with fake workers, drained when the test ends.
final class FakeService: @unchecked Sendable {
    let service: HTTPService
    let pool = FakePool()
    let port: UInt16
    let probePort: UInt16?
    private let logLines = LogLines()

    final class LogLines: @unchecked Sendable {
        let lock = NSLock()
        var lines: [String] = []
        func append(_ line: String) { lock.lock(); lines.append(line); lock.unlock() }
        var all: [String] { lock.lock(); defer { lock.unlock() }; return lines }
    }

    init(_ configure: (inout HTTPService.Configuration) -> Void = { _ in }, failingStarts: Int = 0) throws {
        var configuration = HTTPService.Configuration(listen: .tcp(host: "127.0.0.1", port: 0), workers: 1, queueCapacity: 4,
                                                      maxBody: 4096, timeout: 5)
        configure(&configuration)
        let pool = self.pool
        pool.failingStarts = failingStarts
        let lines = logLines
        service = HTTPService(configuration: configuration, router: FakeRouter(), log: { lines.append($0) }) { _ in FakeWorker(pool: pool) }
        let bound = try service.start()
        if case .tcp(_, let port) = bound.listen { self.port = port } else { port = 0 }
        if case .tcp(_, let probe)? = bound.probe { probePort = probe } else { probePort = nil }
    }

    var log: [String] { logLines.all }

    func request(_ method: String, _ target: String, body: [UInt8]? = nil, type: String? = "text/plain", from: String? = nil,
                 timeout: Double = 30) throws -> HTTPAnswer {
        try HTTPClient.send(port: port, method: method, target: target, body: body, type: body == nil ? nil : type, from: from, timeout: timeout)
    }

    /// The value of a metric line (`name{labels}`), or nil.
    func metric(_ line: String) throws -> Int? {
        let text = try request("GET", "/metrics").text
        return text.split(separator: "\n").first { $0.hasPrefix(line + " ") }.flatMap { Int($0.split(separator: " ").last ?? "") }
    }

    deinit { service.drain(grace: 2) }
}
