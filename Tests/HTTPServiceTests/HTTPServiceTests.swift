import Foundation
import HTTPService
import HTTPTestSupport
import XCTest

/// The HTTP core in process (issue 35), with a fake router and fake workers: statuses and the JSON error shape,
/// framing errors, the body limit a client can read, the queue, worker deaths and deadlines, recycling, drain,
/// receive deadlines, the per-client limit and the probe listener. Times are a test's generous margins, never
/// speed assertions.
final class HTTPServiceTests: XCTestCase {
    private func expectError(_ answer: HTTPAnswer, _ status: Int, _ message: String, location: String? = nil,
                             file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(answer.status, status, answer.text, file: file, line: line)
        XCTAssertEqual(answer.headers["content-type"], "application/json", answer.text, file: file, line: line)
        XCTAssertTrue(answer.error?.message.contains(message) ?? false, "\(answer.text) lacks \(message)", file: file, line: line)
        XCTAssertEqual(answer.error?.location, location, answer.text, file: file, line: line)
    }

    func testRoutesAndTheServicesOwnAnswers() throws {
        let fake = try FakeService()
        XCTAssertEqual(fake.service.waitUntilWarm(), nil)
        let echo = try fake.request("POST", "/work", body: Array("echo hello".utf8))
        XCTAssertEqual(echo.status, 200)
        XCTAssertEqual(echo.text, "echo hello")
        expectError(try fake.request("POST", "/elsewhere", body: []), 404, "no route /elsewhere")
        let wrongMethod = try fake.request("GET", "/work")
        expectError(wrongMethod, 405, "POST here")
        XCTAssertEqual(wrongMethod.headers["allow"], "POST")
        for path in ["/healthz", "/readyz", "/metrics"] {
            let get = try fake.request("GET", path)
            XCTAssertEqual(get.status, 200, path)
            XCTAssertFalse(get.body.isEmpty, path)
            let head = try fake.request("HEAD", path)
            XCTAssertEqual(head.status, 200, "HEAD \(path)")
            XCTAssertEqual(head.body, [], "HEAD \(path) has no body")
            let post = try fake.request("POST", path, body: [])
            expectError(post, 405, "use GET or HEAD")
            XCTAssertEqual(post.headers["allow"], "GET, HEAD")
        }
        XCTAssertEqual(try fake.request("GET", "/readyz").text, "ready\n")
    }

    func testFramingErrorsAreAnsweredInJSONAtOnce() throws {
        let fake = try FakeService()
        let start = "POST /work HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: text/plain\r\n"
        expectError(try HTTPClient.exchange(port: fake.port, Array((start + "Content-Length: 5\r\nContent-Length: 7\r\n\r\nechoX").utf8)),
                    400, "differing Content-Length headers (5, 7)", location: "Content-Length")
        expectError(try HTTPClient.exchange(port: fake.port, Array((start + "Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n").utf8)),
                    400, "not both", location: "Content-Length")
        // An unknown coding is refused before libmicrohttpd waits for a body that would end only when the client closes.
        let began = Date()
        expectError(try HTTPClient.exchange(port: fake.port, Array((start + "Transfer-Encoding: gzip\r\n\r\n").utf8), timeout: 10),
                    501, "Transfer-Encoding gzip is not supported", location: "Transfer-Encoding")
        XCTAssertLessThan(Date().timeIntervalSince(began), 5)
        expectError(try HTTPClient.exchange(port: fake.port, Array((start + "Transfer-Encoding: gzip, chunked\r\n\r\n").utf8)),
                    501, "gzip, chunked", location: "Transfer-Encoding")
        // Identical repeated lengths are one length (RFC 9110 allows either).
        let same = try HTTPClient.exchange(port: fake.port, Array((start + "Content-Length: 6\r\nContent-Length: 6\r\n\r\necho x").utf8))
        XCTAssertEqual(same.status, 200, same.text)
        let longTarget = "/work?q=" + String(repeating: "a", count: RequestHead.maximumTarget)
        expectError(try fake.request("POST", longTarget, body: Array("echo".utf8)), 414, "the service reads at most 8192")
        let bigHead = (0..<90).map { "X-Filler-\($0): " + String(repeating: "b", count: 1000) }
        expectError(try HTTPClient.exchange(port: fake.port, HTTPClient.head(method: "POST", target: "/work", body: [], type: "text/plain", extra: bigHead)),
                    431, "the service reads at most 65536")
    }

    func testABodyOverTheLimitGetsA413TheClientCanRead() throws {
        let fake = try FakeService { $0.maxBody = 4096 }
        // A client that sends the whole body before reading (no Expect): the body is read and dropped, then 413.
        let large = [UInt8](repeating: 65, count: 3 << 20)
        for _ in 0..<5 {
            let answer = try fake.request("POST", "/work", body: large)
            expectError(answer, 413, "larger than 4096 bytes")
        }
        // One that waits for 100 Continue is answered at once, without sending the body.
        let fd = try HTTPClient.connect(port: fake.port, timeout: 10)
        defer { close(fd) }
        try HTTPClient.write(fd, HTTPClient.head(method: "POST", target: "/work", body: large, type: "text/plain", extra: ["Expect: 100-continue"]))
        expectError(try HTTPClient.read(fd), 413, "larger than 4096 bytes")
        // A chunked body over the limit.
        let chunked = try HTTPClient.connect(port: fake.port)
        defer { close(chunked) }
        try HTTPClient.write(chunked, Array("POST /work HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\n\r\n".utf8))
        for _ in 0..<3 { try HTTPClient.write(chunked, Array("800\r\n".utf8) + [UInt8](repeating: 65, count: 2048) + Array("\r\n".utf8)) }
        try HTTPClient.write(chunked, Array("0\r\n\r\n".utf8))
        expectError(try HTTPClient.read(chunked), 413, "larger than 4096 bytes")
        XCTAssertEqual(try fake.request("POST", "/work", body: Array("echo fine".utf8)).status, 200)
    }

    func testAFullQueueIs429AndAWaitingRequestsDeadline504() throws {
        let fake = try FakeService { $0.queueCapacity = 1; $0.timeout = 1.5 }
        // The worker that replaces the one stopped at 1.5 s takes a second to start: the waiting request's deadline
        // (1.7 s) passes in the queue, and the deadline watch answers it.
        fake.pool.replacementDelay = 1
        final class Box: @unchecked Sendable { let lock = NSLock(); var answers: [(Int, Double)] = [] }
        let box = Box()
        let group = DispatchGroup()
        let began = Date()
        for index in 0..<2 {
            group.enter()
            Thread {
                let status = (try? fake.request("POST", "/work", body: Array((index == 0 ? "hang" : "echo waited").utf8)).status) ?? -1
                box.lock.lock(); box.answers.append((status, Date().timeIntervalSince(began))); box.lock.unlock()
                group.leave()
            }.start()
            usleep(200_000)
        }
        expectError(try fake.request("POST", "/work", body: Array("echo third".utf8)), 429, "the queue is full")
        XCTAssertEqual(group.wait(timeout: .now() + 20), .success)
        XCTAssertEqual(box.answers.map(\.0), [504, 504], "the running one at its deadline, the waiting one at its own")
        XCTAssertLessThan(box.answers.map(\.1).max() ?? 99, 2.4, "the waiting one was answered before the slot took it")
        XCTAssertEqual(try fake.request("POST", "/work", body: Array("echo after".utf8)).text, "echo after")
    }

    func testAWorkerThatDiesGets500AndIsReplaced() throws {
        let fake = try FakeService { $0.workers = 2 }
        XCTAssertNil(fake.service.waitUntilWarm())
        XCTAssertEqual(fake.pool.starts, 2)
        // A long request on the other worker goes on while one dies.
        final class Box: @unchecked Sendable { var answer: HTTPAnswer? }
        let box = Box()
        let done = DispatchSemaphore(value: 0)
        Thread {
            box.answer = try? fake.request("POST", "/work", body: Array("sleep 800".utf8))
            done.signal()
        }.start()
        usleep(100_000)
        let died = try fake.request("POST", "/work", body: Array("die".utf8))
        expectError(died, 500, "the render worker ended with signal 4 (a fake trap) while answering this request; it has been replaced")
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
        XCTAssertEqual(box.answer?.status, 200)
        XCTAssertEqual(box.answer?.text, "sleep 800")
        XCTAssertEqual(fake.pool.starts, 3, "one worker started in place of the dead one")
        XCTAssertEqual(try fake.request("POST", "/work", body: Array("echo next".utf8)).text, "echo next")
        XCTAssertEqual(try fake.metric(#"ipraster_worker_events_total{event="died"}"#), 1)
        XCTAssertEqual(try fake.metric(#"ipraster_worker_events_total{event="replaced"}"#), 1)
        XCTAssertEqual(try fake.metric("ipraster_workers_ready"), 2)
        XCTAssertTrue(fake.log.contains { $0.hasPrefix("worker ") && $0.contains("ended with signal 4") }, "\(fake.log)")
    }

    func testAWorkerPastItsDeadlineIsStoppedAndReplaced() throws {
        let fake = try FakeService { $0.timeout = 1 }
        let began = Date()
        expectError(try fake.request("POST", "/work", body: Array("hang".utf8)), 504, "longer than 1 s")
        XCTAssertLessThan(Date().timeIntervalSince(began), 5)
        XCTAssertEqual(fake.pool.stops, 1, "the worker was stopped")
        XCTAssertEqual(try fake.request("POST", "/work", body: Array("echo served".utf8)).text, "echo served")
        XCTAssertEqual(fake.pool.starts, 2)
        XCTAssertEqual(try fake.metric(#"ipraster_worker_events_total{event="killed"}"#), 1)
    }

    /// A body that arrives after the request's deadline is answered 504 without being given to a worker (and no
    /// worker is stopped for it).
    func testABodyFinishedPastTheDeadlineIs504WithoutAWorker() throws {
        let fake = try FakeService { $0.timeout = 1; $0.minimumBodyRate = 0 }
        let fd = try HTTPClient.connect(port: fake.port)
        defer { close(fd) }
        try HTTPClient.write(fd, Array("POST /work HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: 10\r\n\r\necho ".utf8))
        usleep(1_300_000)
        try HTTPClient.write(fd, Array("late!".utf8))
        expectError(try HTTPClient.read(fd), 504, "longer than 1 s")
        XCTAssertEqual(fake.pool.stops, 0)
        XCTAssertEqual(fake.pool.starts, 1)
        XCTAssertEqual(try fake.request("POST", "/work", body: Array("echo on time".utf8)).text, "echo on time")
    }

    func testWorkersAreRecycledAfterMaxRequestsAndAboveTheMemoryCeiling() throws {
        let byCount = try FakeService { $0.maxWorkerRequests = 2 }
        for index in 0..<5 { XCTAssertEqual(try byCount.request("POST", "/work", body: Array("echo \(index)".utf8)).status, 200) }
        // Replaced after requests 2 and 4; the answers are not disturbed.
        XCTAssertEqual(byCount.pool.starts, 3)
        XCTAssertEqual(try byCount.metric(#"ipraster_worker_events_total{event="recycled_requests"}"#), 2)

        let byMemory = try FakeService { $0.maxWorkerResidentBytes = 100 << 20 }
        byMemory.pool.residentBytes = 50 << 20
        XCTAssertEqual(try byMemory.request("POST", "/work", body: Array("echo small".utf8)).status, 200)
        XCTAssertEqual(byMemory.pool.starts, 1, "below the ceiling the worker stays")
        byMemory.pool.residentBytes = 200 << 20
        XCTAssertEqual(try byMemory.request("POST", "/work", body: Array("echo large".utf8)).status, 200)
        // The worker is measured and replaced after its answer is settled, on its own thread: a client can see the
        // answer first (one CI run did), so wait for the replacement (at most 5 s) before counting.
        let deadline = Date().addingTimeInterval(5)
        while byMemory.pool.starts < 2, Date() < deadline { usleep(10_000) }
        XCTAssertEqual(byMemory.pool.starts, 2)
        XCTAssertEqual(try byMemory.metric(#"ipraster_worker_events_total{event="recycled_memory"}"#), 1)
        XCTAssertEqual(try byMemory.metric(#"ipraster_worker_resident_memory_bytes{worker="0"}"#), 200 << 20)
    }

    func testAWorkerThatCannotStartIsTriedAgainOrFailsTheStart() throws {
        let failing = try FakeService(failingStarts: 1)
        XCTAssertEqual(failing.service.waitUntilWarm(), "the fake worker was told to fail")
        XCTAssertEqual(try failing.request("GET", "/readyz").status, 503)
    }

    func testDrainAnswersWhatWasReceivedThenStops() throws {
        let fake = try FakeService()
        final class Box: @unchecked Sendable { var answer: HTTPAnswer? }
        let box = Box()
        let done = DispatchSemaphore(value: 0)
        Thread {
            box.answer = try? fake.request("POST", "/work", body: Array("sleep 700".utf8))
            done.signal()
        }.start()
        usleep(200_000)
        let began = Date()
        fake.service.drain(grace: 10)
        XCTAssertLessThan(Date().timeIntervalSince(began), 5, "the drain ends when the request is answered, not at the grace")
        XCTAssertEqual(done.wait(timeout: .now() + 5), .success)
        XCTAssertEqual(box.answer?.status, 200)
        XCTAssertEqual(box.answer?.text, "sleep 700")
        XCTAssertThrowsError(try fake.request("GET", "/healthz", timeout: 2), "no connection after the drain")
        XCTAssertEqual(fake.pool.stops, 1, "the worker was ended")
    }

    func testAHeadOrBodySentTooSlowlyIsShut() throws {
        let fake = try FakeService { $0.headerTimeout = 0.5; $0.minimumBodyRate = 1000 }
        let head = try HTTPClient.connect(port: fake.port)
        defer { close(head) }
        try HTTPClient.write(head, Array("POST /work HTTP/1.1\r\nHost: x\r\nContent-Ty".utf8))
        let body = try HTTPClient.connect(port: fake.port)
        defer { close(body) }
        try HTTPClient.write(body, Array("POST /work HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 100000\r\n\r\necho".utf8))
        let began = Date()
        XCTAssertTrue(HTTPClient.closesWithin(head, seconds: 5), "a head not complete within 0.5 s is shut")
        XCTAssertTrue(HTTPClient.closesWithin(body, seconds: 5), "a body at 4 bytes in 0.5 s is shut")
        XCTAssertLessThan(Date().timeIntervalSince(began), 5)
        XCTAssertEqual(try fake.request("POST", "/work", body: Array("echo fine".utf8)).status, 200, "a normal request is not")
        XCTAssertEqual(try fake.metric(#"ipraster_connections_shut_total{reason="header_timeout"}"#), 1)
        XCTAssertEqual(try fake.metric(#"ipraster_connections_shut_total{reason="slow_body"}"#), 1)
    }

    func testOneClientsConnectionsAreLimitedAndOthersServed() throws {
        let fake = try FakeService { $0.connectionsPerClient = 3; $0.headerTimeout = 30 }
        var held: [Int32] = []
        defer { for fd in held { close(fd) } }
        for _ in 0..<3 {
            let fd = try HTTPClient.connect(port: fake.port)
            try HTTPClient.write(fd, Array("GET /healthz HTTP/1.1\r\n".utf8))
            held.append(fd)
        }
        usleep(200_000)
        // The fourth from 127.0.0.1 is closed unanswered; 127.0.0.2 is another client.
        let fourth = try HTTPClient.connect(port: fake.port, timeout: 5)
        defer { close(fourth) }
        try? HTTPClient.write(fourth, HTTPClient.head(method: "GET", target: "/healthz", body: nil, type: nil))
        XCTAssertEqual((try? HTTPClient.readAll(fourth)) ?? [], [], "no answer past the limit")
        XCTAssertEqual(try fake.request("GET", "/healthz", from: "127.0.0.2").status, 200)
    }

    func testTheProbeListenerAnswersOnlyTheProbes() throws {
        let fake = try FakeService { $0.probeListen = .tcp(host: "127.0.0.1", port: 0) }
        let probe = try XCTUnwrap(fake.probePort)
        XCTAssertNotEqual(probe, fake.port)
        for path in ["/healthz", "/readyz", "/metrics"] {
            XCTAssertEqual(try HTTPClient.send(port: probe, method: "GET", target: path, body: nil, type: nil, timeout: 10).status, 200, path)
        }
        expectError(try HTTPClient.send(port: probe, method: "POST", target: "/work", body: Array("echo".utf8), type: "text/plain", timeout: 10),
                    404, "the probe listener answers only /healthz, /readyz, /metrics")
    }

    func testAUnixSocketIsNeverTakenFromALiveServer() throws {
        let folder = NSTemporaryDirectory() + "ipraster-http-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/s.sock"
        let first = try FakeService { $0.listen = .unix(path: path) }
        XCTAssertThrowsError(try FakeService { $0.listen = .unix(path: path) }) { error in
            let socketError = error as? ListenAddress.SocketError
            XCTAssertEqual(socketError?.inUse, true, "\(error)")
            XCTAssertTrue(socketError?.description.contains("another server is listening there") ?? false, "\(error)")
        }
        let fd = try HTTPClient.connect(unixPath: path)
        try HTTPClient.write(fd, HTTPClient.head(method: "GET", target: "/healthz", body: nil, type: nil))
        XCTAssertEqual(try HTTPClient.read(fd).status, 200, "the first server still has its socket")
        close(fd)
        first.service.drain(grace: 1)
        // A socket file nobody listens on (a killed server's) is replaced.
        let stale = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in for (index, byte) in path.utf8.enumerated() { buffer[index] = byte } }
        _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(stale, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) } }
        close(stale)
        XCTAssertTrue(FileManager.default.fileExists(atPath: path))
        XCTAssertNoThrow(try FakeService { $0.listen = .unix(path: path) })
    }
}
