import Foundation
import GoldenSupport
import HTTPTestSupport
import XCTest

/// Issue 35, the slow tier (`IPRASTER_SLOW_TESTS=1`, set by `.ci/run`; docs/repository.md "Tests"): no single request —
/// trapping, stalling, slow or huge — stops `ipraster serve` answering others. Functional checks with generous
/// margins; the speed and memory figures are `scripts/bench-serve.py`'s.
final class ServeSlowTests: XCTestCase {
    /// A Markdown table that takes a while to render (a few hundred ms here).
    private func tableBody(rows: Int) -> [UInt8] {
        var text = "| a | b | c |\n|---|---|---|\n"
        for row in 0..<rows { text += "| cell \(row) a | cell \(row) b with words | cell \(row) c |\n" }
        return Array(text.utf8)
    }

    func testATrappingRenderEndsOnlyItsWorker() throws {
        let service = try ServiceProcess(["--workers", "2", "--queue", "16"], environment: ["IPRASTER_TEST_TRAP_MARKER": "TRAP-HERE"])
        let before = service.children
        XCTAssertEqual(before.count, 2)
        final class Box: @unchecked Sendable { let lock = NSLock(); var statuses: [Int] = [] }
        let box = Box()
        let group = DispatchGroup()
        let table = tableBody(rows: 300)
        for _ in 0..<4 {
            group.enter()
            Thread {
                let status = (try? service.request("POST", "/render", body: table, type: "text/markdown"))?.status ?? -1
                box.lock.lock(); box.statuses.append(status); box.lock.unlock()
                group.leave()
            }.start()
        }
        usleep(100_000)
        let trapped = try service.request("POST", "/render", body: Array("# TRAP-HERE\nbody".utf8), type: "text/markdown")
        XCTAssertEqual(trapped.status, 500, trapped.text)
        XCTAssertEqual(trapped.headers["content-type"], "application/json")
        XCTAssertTrue(trapped.error?.message.contains("ended with signal 4 (SIGILL, a Swift runtime trap)") ?? false, trapped.text)
        XCTAssertEqual(group.wait(timeout: .now() + 60), .success)
        XCTAssertEqual(box.statuses, [200, 200, 200, 200], "the requests beside it complete")
        XCTAssertEqual(try service.request("GET", "/healthz").status, 200)
        XCTAssertEqual(try service.request("POST", "/render", body: Array("after".utf8), type: "text/markdown").status, 200)
        XCTAssertEqual(try service.metric(#"ipraster_worker_events_total{event="died"}"#), 1)
        XCTAssertTrue(try service.eventually { try service.metric(#"ipraster_worker_events_total{event="replaced"}"#) == 1 }, "a worker replaced the dead one")
        let after = service.children
        XCTAssertEqual(after.count, 2, "the dead worker was replaced")
        XCTAssertEqual(Set(after).intersection(before).count, 1, "by a new process")
        XCTAssertTrue(service.eventually { service.logText.contains("ended with signal 4") }, service.logText)
        XCTAssertEqual(service.stop(), 0)
    }

    func testARenderPastItsDeadlineIsKilledAndTheNextServed() throws {
        let service = try ServiceProcess(["--workers", "1", "--timeout", "2"], environment: ["IPRASTER_TEST_STALL_MARKER": "STALL-HERE"])
        let began = Date()
        let stalled = try service.request("POST", "/render", body: Array("STALL-HERE".utf8), type: "text/markdown")
        XCTAssertEqual(stalled.status, 504, stalled.text)
        XCTAssertTrue(stalled.error?.message.contains("longer than 2 s") ?? false, stalled.text)
        XCTAssertLessThan(Date().timeIntervalSince(began), 10)
        let next = try service.request("POST", "/render", body: Array("next".utf8), type: "text/markdown", timeout: 30)
        XCTAssertEqual(next.status, 200, next.text)
        XCTAssertEqual(service.children.count, 1, "the stalled worker no longer runs")
        XCTAssertEqual(try service.metric(#"ipraster_worker_events_total{event="killed"}"#), 1)
        XCTAssertEqual(service.stop(), 0)
    }

    /// A second signal during the drain ends the service at once, and its workers with it (they ignore SIGTERM,
    /// which the drain's own end does not need: they are killed).
    func testASecondSignalEndsTheServiceAndItsWorkers() throws {
        let service = try ServiceProcess(["--workers", "2", "--timeout", "30"], environment: ["IPRASTER_TEST_STALL_MARKER": "STALL-HERE"])
        let workers = service.children
        XCTAssertEqual(workers.count, 2)
        let fd = try HTTPClient.connect(port: service.port, timeout: 60)
        defer { close(fd) }
        try HTTPClient.write(fd, HTTPClient.head(method: "POST", target: "/render", body: Array("STALL-HERE".utf8), type: "text/markdown") + Array("STALL-HERE".utf8))
        usleep(500_000)
        kill(service.process.processIdentifier, SIGTERM)
        usleep(500_000)
        XCTAssertTrue(service.process.isRunning, "the drain waits for the stalled request")
        let began = Date()
        XCTAssertEqual(service.stop(SIGTERM, within: 10), 128 + SIGTERM, "the second signal ends it")
        XCTAssertLessThan(Date().timeIntervalSince(began), 10)
        usleep(200_000)
        for pid in workers { XCTAssertNotEqual(kill(pid, 0), 0, "worker \(pid) is gone") }
    }

    func testWorkersAreRecycledAfterMaxRequestsAndAboveMaxRSS() throws {
        let byCount = try ServiceProcess(["--workers", "1", "--max-requests", "2"])
        for index in 0..<5 { XCTAssertEqual(try byCount.request("POST", "/render", body: Array("r\(index)".utf8), type: "text/markdown").status, 200) }
        XCTAssertEqual(try byCount.metric(#"ipraster_worker_events_total{event="recycled_requests"}"#), 2)
        XCTAssertEqual(byCount.children.count, 1)
        XCTAssertEqual(byCount.stop(), 0)
        // Every worker holds more than 1 MB: each request is followed by a new worker.
        let byMemory = try ServiceProcess(["--workers", "1", "--max-rss", "1"])
        for index in 0..<3 { XCTAssertEqual(try byMemory.request("POST", "/render", body: Array("m\(index)".utf8), type: "text/markdown").status, 200) }
        XCTAssertEqual(try byMemory.metric(#"ipraster_worker_events_total{event="recycled_memory"}"#), 3)
        XCTAssertTrue(byMemory.eventually { byMemory.logText.contains("(--max-rss 1); starting another") }, byMemory.logText)
        XCTAssertEqual(byMemory.stop(), 0)
    }

    /// Slowloris: 1,100 connections from 127.0.0.1, each trickling a request head a byte at a time for 20 s, while
    /// /healthz keeps answering within a second when asked from another address (127.0.0.2) and on the probe listener.
    func testSlowHeadsFromOneClientDoNotStarveTheProbes() throws {
        var limit = rlimit()
        getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        if limit.rlim_cur < 4096 {
            limit.rlim_cur = min(limit.rlim_max, 4096)
            setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        }
        let service = try ServiceProcess(["--workers", "1", "--probe-listen", "127.0.0.1:0"])
        XCTAssertNotEqual(service.probePort, 0)
        var sockets: [Int32] = []
        defer { for fd in sockets { close(fd) } }
        for _ in 0..<1100 {
            guard let fd = try? HTTPClient.connect(port: service.port, timeout: 1) else { continue }
            _ = try? HTTPClient.write(fd, Array("POST /render HTTP/1.1\r\nHost: x\r\n".utf8))
            sockets.append(fd)
        }
        XCTAssertGreaterThan(sockets.count, 1000, "the connections were made")
        let trickle = Array("X-Slow: abcdefghijklmnopqrstuvwxyz".utf8)
        let end = Date().addingTimeInterval(20)
        var step = 0, slowest = 0.0, asked = 0
        while Date() < end {
            for fd in sockets { _ = trickle[step % trickle.count..<(step % trickle.count + 1)].withUnsafeBytes { send(fd, $0.baseAddress, 1, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) } }
            step += 1
            for (port, source) in [(service.port, "127.0.0.2"), (service.probePort, nil)] {
                let began = Date()
                let answer = try HTTPClient.send(port: port, method: "GET", target: "/healthz", body: nil, type: nil, from: source, timeout: 5)
                XCTAssertEqual(answer.status, 200)
                slowest = max(slowest, Date().timeIntervalSince(began))
                asked += 1
            }
            usleep(1_000_000)
        }
        XCTAssertGreaterThan(asked, 30)
        XCTAssertLessThan(slowest, 1, "every /healthz answered within a second")
        XCTAssertEqual(try service.request("GET", "/healthz", from: "127.0.0.2").status, 200)
        XCTAssertEqual(service.stop(), 0)
    }

    /// A 3 MB body over the 1 MiB limit, sent by Python's urllib (no `Expect: 100-continue`): the client reads the
    /// 413 every time instead of a broken pipe.
    func testA413IsReadByAClientThatSendsTheWholeBody() throws {
        let service = try ServiceProcess(["--workers", "1"])
        let script = """
            import sys, urllib.request, urllib.error
            statuses = []
            for _ in range(20):
                request = urllib.request.Request(f"http://127.0.0.1:{sys.argv[1]}/render", data=b"x" * (3 << 20), headers={"Content-Type": "text/markdown"})
                try:
                    urllib.request.urlopen(request, timeout=30)
                    statuses.append("200")
                except urllib.error.HTTPError as error:
                    statuses.append(str(error.code) if b"larger than 1048576 bytes" in error.read() else "other")
                except Exception as error:
                    statuses.append(type(error).__name__)
            print(" ".join(statuses))
            """
        let result = try TestEnvironment.runTool("/usr/bin/env", ["python3", "-c", script, String(service.port)], timeoutSeconds: 120)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(String(decoding: result.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines), Array(repeating: "413", count: 20).joined(separator: " "))
        XCTAssertEqual(service.stop(), 0)
    }
}
