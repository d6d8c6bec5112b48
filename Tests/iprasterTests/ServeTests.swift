import Foundation
import GoldenSupport
import HTTPTestSupport
import ProcessSupport
import RichMessageRenderer
import XCTest

/// Issue 28: `ipraster serve` on a loopback port — every route with good and bad bodies (the command line's bytes,
/// the status codes and JSON errors of docs/service.md), concurrency, the queue's 429, the deadline's 504,
/// slow and half-closed clients, SIGTERM with a request in flight, memory over 300 requests, and a sample of the
/// fuzz corpus. Loops are bounded in count and time; only loopback addresses are used.
final class ServeTests: XCTestCase {
    private let sample = TestEnvironment.root + "/Tests/Data/samples/botapi/a_chat_answer.sendRichMessage.json"
    private let answer = TestEnvironment.root + "/Tests/Data/answers/math-answer.md"

    /// A Markdown table of `rows` rows: a render that takes a while (500 rows ≈ 1.5 s, 900 ≈ 4 s here).
    private func slowBody(rows: Int) -> [UInt8] {
        var text = "| " + (0..<8).map { "h\($0)" }.joined(separator: " | ") + " |\n|" + String(repeating: "---|", count: 8) + "\n"
        for row in 0..<rows { text += "| " + (0..<8).map { "cell \(row) \($0) with some words" }.joined(separator: " | ") + " |\n" }
        return Array(text.utf8)
    }

    private func cli(_ arguments: [String], stdin: [UInt8]? = nil) throws -> [UInt8] {
        let result = try TestEnvironment.run(arguments, stdin: stdin)
        XCTAssertEqual(result.status, 0, result.stderr)
        return result.stdout
    }

    private func assertSameBytes(_ answer: HTTPAnswer, _ expected: [UInt8], file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(answer.status, 200, answer.text, file: file, line: line)
        let first = zip(answer.body, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        XCTAssertTrue(answer.body == expected, "\(answer.body.count) bytes against the command line's \(expected.count); first difference at "
                      + "\(first.map(String.init) ?? "the end")", file: file, line: line)
    }

    func testEveryRouteAnswersWithTheCommandLinesBytes() throws {
        let service = try ServiceProcess(["--workers", "2"])
        let json = try FileContents.read(sample), markdown = try FileContents.read(answer)
        let png = try service.request("POST", "/render?theme=night&width=360&outgoing=1", body: json, type: "application/json")
        XCTAssertEqual(png.status, 200, png.text)
        XCTAssertEqual(png.headers["content-type"], "image/png")
        try assertSameBytes(png, try cli([sample, "-o", "-", "--theme", "night", "--width", "360", "--outgoing"]))
        let svg = try service.request("POST", "/render?format=svg&rtl=true", body: markdown, type: "text/markdown; charset=utf-8")
        XCTAssertEqual(svg.headers["content-type"], "image/svg+xml")
        try assertSameBytes(svg, try cli([answer, "-o", "-", "--format", "svg", "--rtl"]))
        let pdf = try service.request("POST", "/render?format=pdf", body: json, type: "application/json")
        XCTAssertEqual(pdf.headers["content-type"], "application/pdf")
        try assertSameBytes(pdf, try cli([sample, "-o", "-", "--format", "pdf"]))
        // No type: sniffed as a file would be (this Markdown has no extension here, as standard input has none).
        let sniffed = try service.request("POST", "/render", body: markdown)
        try assertSameBytes(sniffed, try cli(["-", "-o", "-"], stdin: markdown))
        let layout = try service.request("POST", "/layout?compact=1", body: json, type: "application/json")
        XCTAssertEqual(layout.headers["content-type"], "application/json")
        try assertSameBytes(layout, try cli(["layout", sample, "--compact"]))
        let copy = try service.request("POST", "/markdown?lossless=1", body: json, type: "application/json")
        XCTAssertEqual(copy.headers["content-type"], "text/markdown; charset=utf-8")
        try assertSameBytes(copy, try cli(["markdown", sample, "--lossless"]))
        let page = try service.request("POST", "/markdown?format=html&locale=de", body: markdown, type: "text/markdown")
        XCTAssertEqual(page.headers["content-type"], "text/html; charset=utf-8")
        try assertSameBytes(page, try cli(["markdown", answer, "--format", "html", "--locale", "de"]))
        let classify = try service.request("POST", "/classify?json=1", body: markdown, type: "text/markdown")
        try assertSameBytes(classify, try cli(["classify", answer, "--json"]))
        let formula = Array(#"\int_0^1 x^2\,dx = \frac{1}{3}"#.utf8)
        let math = try service.request("POST", "/math?inline=1&scale=3", body: formula, type: "text/plain")
        XCTAssertEqual(math.headers["content-type"], "image/png")
        try assertSameBytes(math, try cli(["math", "-", "-o", "-", "--inline", "--scale", "3"], stdin: formula))
        let box = try service.request("POST", "/math?json=true", body: formula, type: "text/plain")
        XCTAssertEqual(box.headers["content-type"], "application/json")
        try assertSameBytes(box, try cli(["math", "-", "--json"], stdin: formula))
        XCTAssertEqual(service.stop(), 0)
    }

    func testBadRequestsGetTheirStatusAndAJSONError() throws {
        let service = try ServiceProcess(["--workers", "1", "--max-body", "4096"])
        let json = Array(#"{"blocks": [{"type": "paragraph", "text": "hi"}]}"#.utf8)
        func expect(_ answer: HTTPAnswer, _ status: Int, _ message: String, location: String?, file: StaticString = #filePath, line: UInt = #line) {
            XCTAssertEqual(answer.status, status, answer.text, file: file, line: line)
            XCTAssertEqual(answer.headers["content-type"], "application/json", file: file, line: line)
            XCTAssertTrue(answer.error?.message.contains(message) ?? false, answer.text, file: file, line: line)
            XCTAssertEqual(answer.error?.location, location, answer.text, file: file, line: line)
        }
        expect(try service.request("POST", "/render", body: Array(#"{"blocks": ["#.utf8), type: "application/json"), 422, "malformed JSON at 1:13", location: "$")
        expect(try service.request("POST", "/render", body: Array(#"{"blocks": [{"type": "paragraph", "text": 5}]}"#.utf8), type: "application/json"),
               422, "expected string", location: "$.blocks[0].text")
        expect(try service.request("POST", "/render?strict=1", body: Array(#"{"blocks": [{"type": "bogus"}]}"#.utf8), type: "application/json"),
               422, #"unknown block type "bogus""#, location: "$.blocks[0]")
        expect(try service.request("POST", "/render?widht=300", body: json, type: "application/json"), 400, "unknown parameter widht (did you mean width?)",
               location: "widht")
        expect(try service.request("POST", "/render?width=5", body: json, type: "application/json"), 400, "--width", location: "width")
        // Issue 36: a parameter of another route and an unknown locale are refused before the body is read.
        expect(try service.request("POST", "/render?reveal-rects=1", body: json, type: "application/json"), 400,
               "parameter reveal-rects does not apply to /render: it is a parameter of /layout", location: "reveal-rects")
        expect(try service.request("POST", "/layout?format=svg", body: json, type: "application/json"), 400,
               "parameter format does not apply to /layout", location: "format")
        expect(try service.request("POST", "/render?locale=xx-nonsense", body: json, type: "application/json"), 400,
               #"--locale: expected a locale tag"#, location: "locale")
        expect(try service.request("POST", "/render?timezone=Mars/Base", body: json, type: "application/json"), 400,
               #"--timezone: expected a time zone ICU knows"#, location: "timezone")
        expect(try service.request("POST", "/render?background=ffffff", body: json, type: "application/json"), 400,
               #"--background: expected #RRGGBB, #RRGGBBAA or transparent, found "ffffff""#, location: "background")
        expect(try service.request("POST", "/render?author-color=2.5", body: json, type: "application/json"), 400,
               #"--author-color: expected a whole number in 0...6"#, location: "author-color")
        expect(try service.request("POST", "/render?rtl=maybe", body: json, type: "application/json"), 400, "is a flag", location: "rtl")
        expect(try service.request("POST", "/render?rtl=", body: json, type: "application/json"), 400, "is a flag: 1, 0, true or false", location: "rtl")
        expect(try service.request("POST", "/render?rtl=TRUE", body: json, type: "application/json"), 400, "is a flag", location: "rtl")
        // A content type that names the format wins over from= (which chooses for sniffed types).
        XCTAssertEqual(try service.request("POST", "/render?from=html", body: json, type: "application/json").status, 200)
        expect(try service.request("POST", "/render?from=json", body: Array("plain *text*".utf8), type: "text/plain"), 422, "malformed JSON", location: "$")
        for (parameter, value) in [("theme", "/etc/passwd"), ("media", "/tmp"), ("o", "x.png"), ("manifest", "m.jsonl")] {
            expect(try service.request("POST", "/render?\(parameter)=\(value)", body: json, type: "application/json"), 400, parameter == "theme" ? "no theme file" : "not accepted",
                   location: parameter)
        }
        expect(try service.request("POST", "/render", body: [UInt8](repeating: 32, count: 5000), type: "text/plain"), 413, "larger than 4096 bytes", location: nil)
        expect(try service.request("POST", "/render", body: json, type: "image/png"), 415, "does not read image/png", location: "Content-Type")
        expect(try service.request("POST", "/render", body: json, type: "application/x-www-form-urlencoded"), 415, "curl's --data", location: "Content-Type")
        expect(try service.request("GET", "/render"), 405, "takes POST", location: nil)
        expect(try service.request("POST", "/nowhere", body: json), 404, "no route /nowhere", location: nil)
        // Issue 62: a formula that cannot be typeset names where, as the command line's message does.
        expect(try service.request("POST", "/math", body: Array("x^".utf8), type: "text/plain"), 422, "cannot typeset the formula: character 2", location: "character 2")
        expect(try service.request("POST", "/math", body: Array(#"a+\frac{1}{2"#.utf8), type: "text/plain"), 422, "character 13: missing }",
               location: "character 13")
        expect(try service.request("POST", "/math?scale=8&size=200", body: Array((String(repeating: "x+", count: 30) + "x").utf8), type: "text/plain"),
               422, "more than a PNG holds", location: nil)
        // Issue 56: every parameter within its range, the surface past one image's pixel bound.
        expect(try service.request("POST", "/math?size=1000&scale=4&padding=1000", body: Array("x".utf8), type: "text/plain"),
               422, "at --size 1000 --scale 4 --padding 1000, more than a PNG holds", location: nil)
        // Issue 56, the framing: white space around chunked (libmicrohttpd would wait for the connection to close),
        // HTTP/1.1 without Host, two X-Request-Id fields — each a 400 at once; a 404's echoed path is cut.
        func raw(_ head: String) throws -> HTTPAnswer { try HTTPClient.exchange(port: service.port, Array(head.utf8), timeout: 10) }
        expect(try raw("POST /render HTTP/1.1\r\nHost: x\r\nContent-Type: text/markdown\r\nTransfer-Encoding: chunked \r\n\r\n5\r\nhello\r\n0\r\n\r\n"),
               400, "white space around chunked", location: "Transfer-Encoding")
        expect(try raw("GET /healthz HTTP/1.1\r\nConnection: close\r\n\r\n"), 400, "needs a Host header field", location: "Host")
        XCTAssertEqual(try raw("GET /healthz HTTP/1.0\r\n\r\n").status, 200, "HTTP/1.0 needs no Host")
        expect(try raw("GET /healthz HTTP/1.1\r\nHost: a\r\nHost: b\r\nConnection: close\r\n\r\n"), 400, "2 Host header fields", location: "Host")
        expect(try raw("GET /healthz HTTP/1.1\r\nHost: x\r\nX-Request-Id: a\r\nX-Request-Id: b\r\nConnection: close\r\n\r\n"),
               400, "more than one X-Request-Id", location: "X-Request-Id")
        let longPath = try service.request("GET", "/" + String(repeating: "x", count: 8_000))
        XCTAssertEqual(longPath.status, 404)
        XCTAssertLessThan(longPath.body.count, 1_024, "the path is cut in the answer")
        XCTAssertTrue(longPath.text.contains("no route /xxx") && longPath.text.contains("…"), longPath.text)
        // A malformed request line: libmicrohttpd 0.9.75 closes the connection at once, without an answer.
        let garbage = try HTTPClient.connect(port: service.port)
        try HTTPClient.write(garbage, Array("GARBAGE\r\n\r\n".utf8))
        XCTAssertTrue(HTTPClient.closesWithin(garbage, seconds: 5))
        close(garbage)
        // A chunked body over the limit: read and dropped, then 413.
        let fd = try HTTPClient.connect(port: service.port)
        try HTTPClient.write(fd, Array("POST /render HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\n\r\n".utf8))
        for _ in 0..<3 { try HTTPClient.write(fd, Array("800\r\n".utf8) + [UInt8](repeating: 65, count: 2048) + Array("\r\n".utf8)) }
        try HTTPClient.write(fd, Array("0\r\n\r\n".utf8))
        expect(try HTTPClient.read(fd), 413, "larger than 4096 bytes", location: nil)
        close(fd)
        // The head's own limits and framing, answered in the same JSON (issue 35).
        expect(try service.request("POST", "/render?width=" + String(repeating: "9", count: 9000), body: json, type: "application/json"), 414,
               "the service reads at most 8192", location: nil)
        let filler = (0..<80).map { "X-Filler-\($0): " + String(repeating: "f", count: 1000) }
        expect(try HTTPClient.exchange(port: service.port, HTTPClient.head(method: "POST", target: "/render", body: json, type: "application/json", extra: filler) + json),
               431, "the service reads at most 65536", location: nil)
        let framing = "POST /render HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: text/markdown\r\n"
        expect(try HTTPClient.exchange(port: service.port, Array((framing + "Content-Length: 2\r\nContent-Length: 3\r\n\r\nhi").utf8)), 400,
               "differing Content-Length", location: "Content-Length")
        expect(try HTTPClient.exchange(port: service.port, Array((framing + "Transfer-Encoding: br\r\n\r\n").utf8)), 501, "Transfer-Encoding br",
               location: "Transfer-Encoding")
        expect(try service.request("POST", "/render?format=jpeg", body: json, type: "application/json"), 400, #"--format: expected png, webp, svg, pdf, apng, gif or mp4, found "jpeg""#,
               location: "format")
        expect(try service.request("POST", "/math?format=gif", body: Array("x".utf8), type: "text/plain"), 400, "--format", location: "format")
        expect(try service.request("POST", "/render?width=300&scale=0", body: json, type: "application/json"), 400, "--scale", location: "scale")
        for path in ["/healthz", "/readyz", "/metrics"] {
            let head = try service.request("HEAD", path)
            XCTAssertEqual(head.status, 200, "HEAD \(path)")
            XCTAssertEqual(head.body, [], "HEAD \(path)")
        }
        XCTAssertEqual(try service.request("GET", "/healthz").status, 200, "the service lives on")
        XCTAssertEqual(service.stop(), 0)
    }

    /// Issue 35: a media file name of dots only trapped the Markup reader and ended the whole service.
    func testMediaNamesOfDotsOnlyAreServed() throws {
        let service = try ServiceProcess(["--workers", "1"])
        let bodies: [(String, String)] = [("![x](.)", "text/markdown"), ("![x](..)\n\n![y](./)", "text/markdown"),
                                          (#"<p>a</p><img src="."><video src=".."></video>"#, "text/html"), (#"{"markdown": "![x](.)"}"#, "application/json")]
        for (body, type) in bodies {
            for route in ["/render", "/layout", "/markdown"] {
                let answer = try service.request("POST", route, body: Array(body.utf8), type: type)
                XCTAssertEqual(answer.status, 200, "\(route) \(body): \(answer.text.prefix(200))")
            }
        }
        XCTAssertEqual(try service.metric(#"ipraster_worker_events_total{event="died"}"#), 0)
        XCTAssertEqual(service.stop(), 0)
    }

    /// A second service on a live unix socket refuses to start (exit 2) and leaves the first one its socket.
    func testALiveUnixSocketIsNotTakenOver() throws {
        let path = try TestEnvironment.temporaryDirectory() + "/live.sock"
        let service = try ServiceProcess(["--workers", "1"], listen: "unix:" + path)
        let second = try TestEnvironment.run(["serve", "--listen", "unix:" + path, "--workers", "1"], timeoutSeconds: 30)
        XCTAssertEqual(second.status, 2, second.stderr)
        XCTAssertTrue(second.stderr.contains("another server is listening there"), second.stderr)
        let fd = try HTTPClient.connect(unixPath: path)
        try HTTPClient.write(fd, HTTPClient.head(method: "GET", target: "/healthz", body: nil, type: nil))
        XCTAssertEqual(try HTTPClient.read(fd).status, 200)
        close(fd)
        XCTAssertEqual(service.stop(), 0)
    }

    func testHealthReadinessMetricsAndTheRequestLog() throws {
        let service = try ServiceProcess(["--workers", "1"])
        let health = try service.request("GET", "/healthz")
        XCTAssertEqual(health.status, 200)
        XCTAssertEqual(try service.request("GET", "/readyz").text, "ready\n")
        _ = try service.request("POST", "/render", body: try FileContents.read(answer), type: "text/markdown")
        _ = try service.request("POST", "/render?bogus=1", body: [], type: "text/markdown")
        let metrics = try service.request("GET", "/metrics")
        XCTAssertEqual(metrics.headers["content-type"], "text/plain; version=0.0.4; charset=utf-8")
        let lines = metrics.text.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.contains(#"ipraster_requests_total{route="/render",status="200"} 1"#), metrics.text)
        XCTAssertTrue(lines.contains(#"ipraster_requests_total{route="/render",status="400"} 1"#), metrics.text)
        XCTAssertTrue(lines.contains(#"ipraster_render_duration_seconds_count 1"#), metrics.text)
        XCTAssertTrue(lines.contains("ipraster_queue_depth 0"), metrics.text)
        XCTAssertTrue(lines.contains { $0.hasPrefix("ipraster_requests_in_flight ") }, metrics.text)
        let rss = lines.first { $0.hasPrefix("process_resident_memory_bytes ") }.flatMap { Int($0.split(separator: " ")[1]) } ?? 0
        XCTAssertGreaterThan(rss, 10_000_000)
        // The access line is written after the answer is sent: wait for it rather than race it.
        XCTAssertTrue(service.eventually { service.logText.contains("POST /render 200 ") }, service.logText)
        XCTAssertTrue(service.eventually { service.logText.contains("POST /render?bogus=1 400 ") }, service.logText)
        XCTAssertEqual(service.stop(SIGINT), 0, "SIGINT drains as SIGTERM does")
    }

    func testSixteenConcurrentClientsGetTheSameBytes() throws {
        let service = try ServiceProcess(["--workers", "2", "--queue", "64"])
        let body = try FileContents.read(sample)
        let expected = try service.request("POST", "/render", body: body, type: "application/json").body
        final class Results: @unchecked Sendable { let lock = NSLock(); var answers: [(Int, [UInt8])] = []; var errors: [String] = [] }
        let results = Results()
        DispatchQueue.concurrentPerform(iterations: 16) { _ in
            for _ in 0..<3 {
                do {
                    let answer = try service.request("POST", "/render", body: body, type: "application/json")
                    results.lock.lock(); results.answers.append((answer.status, answer.body)); results.lock.unlock()
                } catch {
                    results.lock.lock(); results.errors.append("\(error)"); results.lock.unlock()
                }
            }
        }
        XCTAssertEqual(results.errors, [])
        XCTAssertEqual(results.answers.count, 48)
        XCTAssertTrue(results.answers.allSatisfy { $0.0 == 200 && $0.1 == expected })
        XCTAssertEqual(service.stop(), 0)
    }

    func testAFullQueueAnswers429AndTheDeadline504() throws {
        let service = try ServiceProcess(["--workers", "1", "--queue", "1", "--timeout", "2"])
        let slow = slowBody(rows: 4000)  // about 5 s here, well past the 2 s deadline
        final class Box: @unchecked Sendable { var statuses: [Int] = []; let lock = NSLock() }
        let box = Box()
        let group = DispatchGroup()
        // One runs, one waits; the third finds the queue full.
        for index in 0..<2 {
            group.enter()
            Thread {
                let status = (try? service.request("POST", "/render", body: slow, type: "text/markdown").status) ?? -1
                box.lock.lock(); box.statuses.append(status); box.lock.unlock()
                group.leave()
            }.start()
            usleep(index == 0 ? 300_000 : 200_000)
        }
        let full = try service.request("POST", "/render", body: slow, type: "text/markdown")
        XCTAssertEqual(full.status, 429, full.text)
        XCTAssertTrue(full.error?.message.contains("queue is full") ?? false, full.text)
        XCTAssertEqual(group.wait(timeout: .now() + 30), .success)
        // Both past the 2 s deadline: the running one and the one that waited.
        XCTAssertEqual(box.statuses.sorted(), [504, 504], service.logText)
        // The worker rendering past its deadline was killed and replaced: the next request is served, and no render
        // runs on after its 504.
        let quick = try service.request("POST", "/render", body: Array("quick".utf8), type: "text/markdown", timeout: 30)
        XCTAssertEqual(quick.status, 200, quick.text)
        XCTAssertEqual(service.children.count, 1, "one worker process, the replacement")
        // The one that waited is answered by the deadline watch, or by its slot if it took it in the last moment.
        XCTAssertGreaterThanOrEqual(try service.metric(#"ipraster_worker_events_total{event="killed"}"#) ?? 0, 1)
        XCTAssertEqual(service.stop(), 0)
    }

    func testSlowAndHalfClosedClientsDoNotBlockOthers() throws {
        let service = try ServiceProcess(["--workers", "1", "--timeout", "5"])
        // A client that sends half its headers and waits, one that sends half its body and waits, and one that
        // promises a body and shuts its side down.
        let stalledHead = try HTTPClient.connect(port: service.port)
        try HTTPClient.write(stalledHead, Array("POST /render HTTP/1.1\r\nHost: x\r\nContent-Ty".utf8))
        let stalledBody = try HTTPClient.connect(port: service.port)
        try HTTPClient.write(stalledBody, Array("POST /render HTTP/1.1\r\nHost: x\r\nContent-Type: text/markdown\r\nContent-Length: 1000\r\n\r\nhalf".utf8))
        let halfClosed = try HTTPClient.connect(port: service.port, timeout: 10)
        try HTTPClient.write(halfClosed, Array("POST /render HTTP/1.1\r\nHost: x\r\nContent-Type: text/markdown\r\nContent-Length: 100\r\n\r\nten bytes.".utf8))
        shutdown(halfClosed, Int32(SHUT_WR))
        defer { close(stalledHead); close(stalledBody); close(halfClosed) }
        let started = Date()
        for _ in 0..<5 {
            let answer = try service.request("POST", "/render", body: Array("*fine*".utf8), type: "text/markdown", timeout: 10)
            XCTAssertEqual(answer.status, 200)
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 5, "five small renders beside three stuck clients")
        XCTAssertEqual(try service.request("GET", "/healthz").status, 200)
        XCTAssertEqual(service.stop(), 0)
    }

    func testSIGTERMAnswersTheRequestInFlightAndExitsZero() throws {
        let service = try ServiceProcess(["--workers", "1", "--timeout", "20"])
        let slow = slowBody(rows: 2000)  // about 3 s here: still rendering when SIGTERM comes
        final class Box: @unchecked Sendable { var answer: HTTPAnswer?; var error: String? }
        let box = Box()
        let done = DispatchSemaphore(value: 0)
        Thread {
            do { box.answer = try service.request("POST", "/render", body: slow, type: "text/markdown") } catch { box.error = "\(error)" }
            done.signal()
        }.start()
        usleep(400_000)
        kill(service.process.processIdentifier, SIGTERM)
        XCTAssertEqual(done.wait(timeout: .now() + 30), .success)
        XCTAssertNil(box.error)
        XCTAssertEqual(box.answer?.status, 200, box.answer?.text ?? "")
        XCTAssertEqual(box.answer?.body.prefix(4), [0x89, 0x50, 0x4E, 0x47])
        XCTAssertEqual(service.waitForExit(within: 30), 0)
        XCTAssertTrue(service.logText.contains("draining"), service.logText)
        XCTAssertThrowsError(try service.request("GET", "/healthz"), "no new connections after the drain")
    }

    /// Issue 56: with nobody reading its standard error (a full pipe), the service goes on: every route and probe
    /// answers, the lines it cannot write are dropped and counted in /metrics, and SIGTERM drains and exits.
    func testAStalledLogReaderStopsNothing() throws {
        let service = try ServiceProcess(["--workers", "1"])
        service.stallLog(true)
        defer { service.stallLog(false) }
        // A 404 for a path of 1,000 characters is an access line of about 1.1 KB: 2,000 of them are more than a pipe's
        // 64 KB and the log's 1 MB queue together.
        let long = String(repeating: "x", count: 1_000)
        for index in 0..<2_000 {
            let answer = try service.request("GET", "/\(long)-\(index)", timeout: 10)
            XCTAssertEqual(answer.status, 404)
        }
        XCTAssertEqual(try service.request("GET", "/healthz", timeout: 5).status, 200)
        let rendered = try service.request("POST", "/render", body: Array("**still** rendering".utf8), type: "text/markdown", timeout: 10)
        XCTAssertEqual(rendered.status, 200)
        XCTAssertGreaterThan(try XCTUnwrap(service.metric("ipraster_log_lines_dropped_total")), 0)
        XCTAssertEqual(service.stop(SIGTERM, within: 15), 0, "drained and exited while the log was still stalled")
    }

    /// Issue 56: one client holding 200 slow connections on the probe listener (from 127.0.0.2) takes at most its
    /// share of it: probes from another address are answered within a second, every time.
    func testSlowConnectionsCannotStarveTheProbes() throws {
        let service = try ServiceProcess(["--workers", "1", "--probe-listen", "127.0.0.1:0"])
        var held: [Int32] = []
        defer { for fd in held { close(fd) } }
        for _ in 0..<200 {
            guard let fd = try? HTTPClient.connect(port: service.probePort, from: "127.0.0.2", timeout: 5) else { continue }
            _ = try? HTTPClient.write(fd, Array("GET /healthz HTTP/1.1\r\nHo".utf8))
            held.append(fd)
        }
        for _ in 0..<10 {
            let started = Date()
            let answer = try HTTPClient.send(port: service.probePort, method: "GET", target: "/healthz", body: nil, type: nil, timeout: 5)
            XCTAssertEqual(answer.status, 200)
            XCTAssertLessThan(Date().timeIntervalSince(started), 1)
        }
        XCTAssertEqual(service.stop(), 0)
    }

    func testThreeHundredRequestsKeepMemoryFlat() throws {
        let service = try ServiceProcess(["--workers", "2"])
        let body = try FileContents.read(sample)
        // The service's and its workers' resident memory together.
        func resident() throws -> Int { try service.residentBytes() }
        for _ in 0..<20 { XCTAssertEqual(try service.request("POST", "/render", body: body, type: "application/json").status, 200) }
        let before = try resident()
        for index in 0..<300 {
            let theme = ["day", "night", "day-classic"][index % 3]
            XCTAssertEqual(try service.request("POST", "/render?theme=\(theme)", body: body, type: "application/json").status, 200)
        }
        let after = try resident()
        XCTAssertLessThan(after - before, 20 << 20, "resident memory grew from \(before) to \(after) bytes over 300 requests")
        XCTAssertEqual(service.stop(), 0)
    }

    func testTheFuzzCorpusDoesNotCrashTheService() throws {
        let service = try ServiceProcess(["--workers", "2", "--timeout", "5"])
        var files: [String] = []
        for folder in ["fuzz/regressions", "Tests/Fixtures/blocks", "Tests/Fixtures/table", "Tests/Fixtures/markdown", "Tests/Fixtures/text"] {
            let path = TestEnvironment.root + "/" + folder
            for name in (try? FileManager.default.contentsOfDirectory(atPath: path))?.sorted() ?? [] where [".json", ".md", ".html"].contains(where: name.hasSuffix) {
                files.append(path + "/" + name)
            }
        }
        XCTAssertGreaterThan(files.count, 20)
        var statuses: [Int: Int] = [:]
        for file in files.prefix(80) {
            var bytes = try FileContents.read(file)
            for variant in 0..<2 {
                if variant == 1 { bytes = Array(bytes.prefix(bytes.count / 2)) }  // cut in the middle
                let answer = try service.request("POST", "/render", body: bytes, timeout: 30)
                statuses[answer.status, default: 0] += 1
                XCTAssertTrue([200, 400, 413, 422, 504].contains(answer.status), "\(file): \(answer.status) \(answer.text.prefix(200))")
            }
        }
        XCTAssertGreaterThan(statuses[200] ?? 0, 0)
        XCTAssertGreaterThan(statuses[422] ?? 0, 0, "cut files are messages that cannot be read")
        XCTAssertEqual(try service.request("GET", "/healthz").status, 200)
        XCTAssertEqual(service.stop(), 0)
    }

    func testAUnixSocketListens() throws {
        let path = try TestEnvironment.temporaryDirectory() + "/ipraster.sock"
        let service = try ServiceProcess(["--workers", "1"], listen: "unix:" + path)
        let fd = try HTTPClient.connect(unixPath: path)
        try HTTPClient.write(fd, HTTPClient.head(method: "GET", target: "/readyz", body: nil, type: nil))
        XCTAssertEqual(try HTTPClient.read(fd).text, "ready\n")
        close(fd)
        XCTAssertEqual(service.stop(), 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path), "the socket file is removed at exit")
    }

    func testThePythonClientSavesTheCommandLinesImage() throws {
        let service = try ServiceProcess(["--workers", "1"])
        let output = try TestEnvironment.temporaryDirectory() + "/answer.png"
        let client = try TestEnvironment.runTool("/usr/bin/env", ["python3", TestEnvironment.root + "/examples/python/render.py", answer, output,
                                                                  "--url", "http://127.0.0.1:\(service.port)", "--theme", "night"], timeoutSeconds: 60)
        XCTAssertEqual(client.status, 0, client.stderr)
        XCTAssertTrue(try FileContents.read(output) == (try cli([answer, "-o", "-", "--theme", "night", "--width", "320"])), "the saved PNG is the CLI's")
        let refused = try TestEnvironment.runTool("/usr/bin/env", ["python3", TestEnvironment.root + "/examples/python/render.py", answer, output,
                                                                   "--url", "http://127.0.0.1:\(service.port)", "--theme", "/etc/passwd"], timeoutSeconds: 60)
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.stderr.contains("400: theme must be"), refused.stderr)
        XCTAssertEqual(service.stop(), 0)
    }

    func testServeOptionsAreChecked() throws {
        for (arguments, message) in [(["--listen", "nowhere"], "--listen must be HOST:PORT"), (["--workers", "0"], "--workers must be"),
                                     (["--timeout", "-1"], "--timeout must be"), (["--media", "/nonexistent-folder"], "no such folder")] {
            let result = try TestEnvironment.run(["serve"] + arguments, timeoutSeconds: 30)
            XCTAssertNotEqual(result.status, 0)
            XCTAssertTrue(result.stderr.contains(message), result.stderr)
        }
    }
}
