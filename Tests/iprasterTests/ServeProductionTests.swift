import Foundation
import GoldenSupport
import HTTPTestSupport
import ProcessSupport
@testable import RenderService
import XCTest
@testable import Commands

/// Issue 42, items 1–3: a bearer token, request ids and JSON logs, warnings to the client.
final class ServeProductionTests: XCTestCase {
    private let markdown = Array("**hi** there\n".utf8)

    private func send(_ service: ServiceProcess, _ target: String, body: [UInt8], type: String = "text/markdown", extra: [String] = [],
                      port: UInt16? = nil) throws -> HTTPAnswer {
        try HTTPClient.exchange(port: port ?? service.port, HTTPClient.head(method: body.isEmpty ? "GET" : "POST", target: target, body: body.isEmpty ? nil : body,
                                                                            type: body.isEmpty ? nil : type, extra: extra) + body)
    }

    func testABearerTokenGuardsEveryRouteButTheProbesAndIsReReadOnSIGHUP() throws {
        let folder = try TestEnvironment.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try AtomicFile.write(Array("s3cret-token\nignored second line\n".utf8), to: folder + "/token")
        let service = try ServiceProcess(["--workers", "1", "--auth-token-file", folder + "/token", "--probe-listen", "127.0.0.1:0"])
        defer { _ = service.stop() }
        let none = try send(service, "/render", body: markdown)
        XCTAssertEqual(none.status, 401)
        XCTAssertTrue(none.text.contains(#""location":"Authorization""#), none.text)
        XCTAssertEqual(none.headers["www-authenticate"], #"Bearer realm="ipraster""#)
        XCTAssertEqual(try send(service, "/render", body: markdown, extra: ["Authorization: Bearer wrong"]).status, 401)
        XCTAssertEqual(try send(service, "/render", body: markdown, extra: ["Authorization: Basic s3cret-token"]).status, 401)
        XCTAssertEqual(try send(service, "/render", body: markdown, extra: ["Authorization: Bearer s3cret-token"]).status, 200)
        XCTAssertEqual(try send(service, "/render", body: markdown, extra: ["Authorization: bearer s3cret-token"]).status, 200, "the scheme in any case")
        for probe in ["/healthz", "/readyz"] { XCTAssertEqual(try send(service, probe, body: []).status, 200, probe) }
        XCTAssertEqual(try send(service, "/metrics", body: []).status, 401, "on the request listener /metrics needs the token")
        XCTAssertEqual(try send(service, "/openapi.json", body: []).status, 401)
        XCTAssertEqual(try send(service, "/openapi.json", body: [], extra: ["Authorization: Bearer s3cret-token"]).status, 200)
        XCTAssertEqual(try send(service, "/metrics", body: [], port: service.probePort).status, 200, "not on the probe listener")
        // SIGHUP re-reads the file: the old token stops working, the new one works, and the service keeps running.
        try AtomicFile.write(Array("n3w-token\n".utf8), to: folder + "/token")
        kill(service.process.processIdentifier, SIGHUP)
        XCTAssertTrue(service.eventually { service.logText.contains("SIGHUP: re-read the token file") })
        XCTAssertEqual(try send(service, "/render", body: markdown, extra: ["Authorization: Bearer s3cret-token"]).status, 401)
        XCTAssertEqual(try send(service, "/render", body: markdown, extra: ["Authorization: Bearer n3w-token"]).status, 200)
        XCTAssertTrue(service.process.isRunning)
    }

    func testAnEmptyTokenFileIsAUsageError() throws {
        let folder = try TestEnvironment.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try AtomicFile.write(Array("\n".utf8), to: folder + "/token")
        let result = try TestEnvironment.run(["serve", "--listen", "127.0.0.1:0", "--auth-token-file", folder + "/token"], timeoutSeconds: 30)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("has no token on its first line"), result.stderr)
    }

    func testRequestIdsAreEchoedAndMadeAndJSONLogLinesCarryThem() throws {
        let service = try ServiceProcess(["--workers", "1", "--log-format", "json"])
        defer { _ = service.stop() }
        let given = try send(service, "/render", body: markdown, extra: ["X-Request-Id: abc-123_x.y:z"])
        XCTAssertEqual(given.status, 200)
        XCTAssertEqual(given.headers["x-request-id"], "abc-123_x.y:z")
        let dirty = try send(service, "/render", body: markdown, extra: ["X-Request-Id: a b<c>\"d" + String(repeating: "e", count: 300)])
        XCTAssertEqual(dirty.headers["x-request-id"], "abcd" + String(repeating: "e", count: 124), "sanitised and cut at 128")
        let made = try send(service, "/nowhere", body: markdown)
        XCTAssertEqual(made.status, 404)
        let id = try XCTUnwrap(made.headers["x-request-id"])
        XCTAssertEqual(id.count, 32)
        XCTAssertTrue(id.allSatisfy(\.isHexDigit))
        XCTAssertTrue(service.eventually { service.logText.contains(id) })
        // Every line is one JSON object; the access lines name the id, route, status, bytes, milliseconds and worker.
        var access: [[String: Any]] = []
        for line in service.logText.split(separator: "\n") {
            let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], String(line))
            XCTAssertNotNil(object["time"] as? String)
            if object["id"] != nil { access.append(object) }
        }
        let first = try XCTUnwrap(access.first { $0["id"] as? String == "abc-123_x.y:z" })
        XCTAssertEqual(first["route"] as? String, "/render")
        XCTAssertEqual(first["status"] as? Int, 200)
        XCTAssertEqual(first["worker"] as? Int, 0)
        XCTAssertGreaterThan(first["bytes"] as? Int ?? 0, 1000)
        XCTAssertNotNil(first["ms"] as? Double ?? (first["ms"] as? Int).map(Double.init))
        XCTAssertNotNil(access.first { $0["id"] as? String == id && $0["status"] as? Int == 404 && $0["worker"] == nil })
    }

    func testWarningsReachTheClient() throws {
        let service = try ServiceProcess(["--workers", "1"])
        defer { _ = service.stop() }
        // A character no font draws (an unassigned Greek code point) warns; the header says so, as the layout JSON does.
        let body = Array("Unassigned: \u{0378}\n".utf8)
        let render = try send(service, "/render", body: body)
        XCTAssertEqual(render.status, 200)
        let header = try XCTUnwrap(render.headers["x-ipraster-warnings"])
        let warnings = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(header.utf8)) as? [String])
        XCTAssertEqual(warnings.count, 1, header)
        XCTAssertTrue(warnings.first?.contains("no font draws U+0378") == true, header)
        XCTAssertTrue(header.allSatisfy(\.isASCII))
        let layout = try send(service, "/layout?compact=1", body: body)
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(layout.body)) as? [String: Any])
        XCTAssertEqual(json["warnings"] as? [String], warnings)
        XCTAssertEqual(try send(service, "/render", body: markdown).headers["x-ipraster-warnings"], "[]")
    }
}

/// The warnings header's bounds, without a service.
final class WarningsHeaderTests: XCTestCase {
    func testTheHeaderIsCutAt8KBWithACount() throws {
        let warnings = (0..<500).map { "warning \($0): " + String(repeating: "x", count: 40) + " ü" }
        let value = WarningsHeader.value(warnings)
        XCTAssertLessThanOrEqual(value.utf8.count, WarningsHeader.maxBytes)
        let parsed = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(value.utf8)) as? [String])
        let kept = parsed.count - 1
        XCTAssertEqual(parsed.last, "and \(500 - kept) more")
        XCTAssertEqual(Array(parsed.prefix(kept)), Array(warnings.prefix(kept)), "escaped and read back as written")
        XCTAssertTrue(value.allSatisfy { $0.isASCII && !$0.isNewline })
        XCTAssertEqual(WarningsHeader.value([]), "[]")
        XCTAssertEqual(try JSONSerialization.jsonObject(with: Data(WarningsHeader.value(["a \"quoted\"\nline\\"]).utf8)) as? [String], ["a \"quoted\"\nline\\"])
    }
}
