import Foundation
@testable import HTTPService
import XCTest

/// The pieces under the HTTP core: the frames between the service and its workers, the head checks and the
/// receive-deadline sweep (issue 35).
final class WireTests: XCTestCase {
    func testFramesRoundTripAndMalformedOnesAreRefused() throws {
        let request = HTTPRequest(method: "POST", path: "/render", query: [("theme", "night"), ("rtl", "1"), ("theme", "day")],
                                  headers: ["content-type": "text/markdown"], body: Array("**hi** ✓".utf8))
        let response = HTTPResponse(status: 422, contentType: "application/json", body: [0, 1, 2, 255], headers: [("Allow", "POST")])
        let (a, b) = try FrameSocket.pair()
        for frame in [WorkerFrame.ready, .failed("no fonts"), .request(request), .response(response)] {
            try a.write(frame)
            XCTAssertEqual(try b.read(deadline: DispatchTime.now().uptimeNanoseconds + 5_000_000_000), frame)
        }
        // Every cut of a frame, and a frame with bytes to spare, is refused rather than read.
        let bytes = WorkerFrame.request(request).bytes
        for cut in 9..<bytes.count {
            XCTAssertNil(WorkerFrame.decode(kind: bytes[0], payload: bytes[9..<cut]), "cut at \(cut)")
        }
        XCTAssertNil(WorkerFrame.decode(kind: bytes[0], payload: (bytes + [0])[9...]))
        XCTAssertNil(WorkerFrame.payloadLength(header: ([9] + bytes[1..<9])[...]), "an unknown kind")
        XCTAssertNil(WorkerFrame.payloadLength(header: ([3] + [UInt8](repeating: 255, count: 8))[...]), "a length past the limit")
        // A pair count no payload could hold is refused before anything is reserved.
        var huge = WireWriter()
        huge.string("POST"); huge.string("/x"); huge.integer(UInt64.max / 2)
        XCTAssertNil(WorkerFrame.decode(kind: 3, payload: huge.output[...]))
    }

    func testAReadPastItsDeadlineTimesOutAndAClosedPeerIsClosed() throws {
        let (a, b) = try FrameSocket.pair()
        let began = Date()
        XCTAssertThrowsError(try a.read(deadline: DispatchTime.now().uptimeNanoseconds + 300_000_000)) { XCTAssertEqual($0 as? FrameSocket.Failure, .timedOut) }
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(began), 0.25)
        XCTAssertFalse(a.hasEvent)
        b.close()
        XCTAssertTrue(a.hasEvent, "an ended peer shows")
        XCTAssertThrowsError(try a.read()) { XCTAssertEqual($0 as? FrameSocket.Failure, .closed) }
        XCTAssertThrowsError(try a.write(.ready)) { XCTAssertEqual($0 as? FrameSocket.Failure, .closed) }
    }

    func testHeadChecks() {
        XCTAssertNil(RequestHead.check(targetLength: 10, headSize: 100, fields: [("Content-Length", "5")]))
        XCTAssertNil(RequestHead.check(targetLength: 10, headSize: 100, fields: [("Transfer-Encoding", "Chunked")]))
        // libmicrohttpd reads only an exact `chunked` as chunked: white space around it is refused at once (issue 56).
        XCTAssertEqual(RequestHead.check(targetLength: 10, headSize: 100, fields: [("Transfer-Encoding", " Chunked ")])?.location, "Transfer-Encoding")
        XCTAssertEqual(RequestHead.check(targetLength: 10, headSize: 100, fields: [("Transfer-Encoding", "chunked\t")])?.status, 400)
        XCTAssertEqual(RequestHead.check(targetLength: 10, headSize: 100, fields: [], version: "HTTP/1.1")?.location, "Host")
        XCTAssertNil(RequestHead.check(targetLength: 10, headSize: 100, fields: [("Host", "x")], version: "HTTP/1.1"))
        XCTAssertNil(RequestHead.check(targetLength: 10, headSize: 100, fields: [], version: "HTTP/1.0"))
        XCTAssertEqual(RequestHead.check(targetLength: 10, headSize: 100, fields: [("X-Request-Id", "a"), ("x-request-id", "b")])?.location, "X-Request-Id")
        XCTAssertNil(RequestHead.check(targetLength: 10, headSize: 100, fields: [("content-length", "5"), ("Content-Length", " 5")]))
        XCTAssertEqual(RequestHead.check(targetLength: 8193, headSize: 100, fields: [])?.status, 414)
        XCTAssertNil(RequestHead.check(targetLength: 8192, headSize: 65536, fields: []))
        XCTAssertEqual(RequestHead.check(targetLength: 10, headSize: 65537, fields: [])?.status, 431)
        XCTAssertEqual(RequestHead.check(targetLength: 10, headSize: 100, fields: [("Content-Length", "5"), ("content-length", "6")]),
                       RequestHead.Problem(status: 400, message: "the request has differing Content-Length headers (5, 6)", location: "Content-Length"))
        XCTAssertEqual(RequestHead.check(targetLength: 10, headSize: 100, fields: [("Transfer-Encoding", "chunked"), ("Content-Length", "5")])?.status, 400)
        for coding in ["gzip", "chunked, gzip", "identity", ""] {
            XCTAssertEqual(RequestHead.check(targetLength: 10, headSize: 100, fields: [("Transfer-Encoding", coding)])?.status, 501, coding)
        }
        XCTAssertEqual(RequestHead.check(targetLength: 10, headSize: 100, fields: [("Transfer-Encoding", "chunked"), ("Transfer-Encoding", "chunked")])?.status, 501,
                       "chunked twice")
    }

    func testTheSweepShutsConnectionsPastTheirDeadlines() throws {
        let watch = ConnectionWatch(limits: .init(headerTimeout: 10, minimumBodyRate: 100)) { _, _ in }
        func pair() -> (Int32, Int32) {
            var ends: [Int32] = [-1, -1]
            socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends)
            return (ends[0], ends[1])
        }
        func isShut(_ fd: Int32) -> Bool {
            var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            var byte: UInt8 = 0
            return poll(&entry, 1, 0) == 1 && recv(fd, &byte, 1, Int32(MSG_DONTWAIT)) == 0
        }
        let (headServer, headPeer) = pair(), (slowServer, slowPeer) = pair(), (fastServer, fastPeer) = pair(), (busyServer, busyPeer) = pair()
        defer { for fd in [headServer, headPeer, slowServer, slowPeer, fastServer, fastPeer, busyServer, busyPeer] { close(fd) } }
        let start = ConnectionWatch.now
        let head = watch.opened(descriptor: headServer), slow = watch.opened(descriptor: slowServer)
        let fast = watch.opened(descriptor: fastServer), busy = watch.opened(descriptor: busyServer)
        for client in [slow, fast, busy] { watch.headComplete(client) }
        watch.received(slow, bytes: 500)
        watch.received(fast, bytes: 5000)
        watch.bodyComplete(busy)
        let early = watch.sweep(now: start + 5_000_000_000)
        XCTAssertEqual(early.closed, [:], "nothing is due at 5 s")
        XCTAssertNotNil(early.next)
        XCTAssertFalse(isShut(headPeer))
        let late = watch.sweep(now: start + 20_000_000_000)
        XCTAssertEqual(late.closed, [.headerTimeout: 1, .slowBody: 1], "the head past 10 s, the body at 25 bytes/s")
        XCTAssertTrue(isShut(headPeer))
        XCTAssertTrue(isShut(slowPeer))
        XCTAssertFalse(isShut(fastPeer), "5000 bytes in 20 s is 250 bytes/s")
        XCTAssertFalse(isShut(busyPeer), "a request being answered is not watched")
        for client in [head, slow, fast, busy] { watch.closed(client) }
        XCTAssertEqual(watch.openCount, 0)
        XCTAssertNil(watch.sweep(now: start).next)
    }
}
