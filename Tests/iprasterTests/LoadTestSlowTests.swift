import Foundation
import GoldenSupport
import XCTest

/// Issue 43, item 6: `scripts/loadtest` starts a service and puts scripts/loadtest.py's mixed load (locust, from
/// `scripts/setup --dev-tools`) on it for 10 s; the run answers every request and writes its figures.
final class LoadTestSlowTests: XCTestCase {
    func testTheLoadTestRunsTenSecondsAndWritesItsFigures() throws {
        _ = try TestEnvironment.devToolData(".build/venv/bin/locust", what: "locust")
        let summary = try TestEnvironment.temporaryDirectory() + "/summary.json"
        let run = try TestEnvironment.runTool(TestEnvironment.root + "/scripts/loadtest",
                                              ["--seconds", "10", "--users", "4", "--binary", TestEnvironment.executable, "--summary", summary],
                                              timeoutSeconds: 180)
        XCTAssertEqual(run.status, 0, run.stdoutText + run.stderr)
        let figures = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: summary))) as? [String: Any])
        XCTAssertEqual(figures["users"] as? Int, 4)
        XCTAssertEqual(figures["errors"] as? [String], [])
        let total = try XCTUnwrap(figures["total"] as? [String: Any])
        let requests = try XCTUnwrap(total["requests"] as? Int)
        XCTAssertGreaterThanOrEqual(requests, 32, "4 clients each got through at least their first eight requests")
        XCTAssertEqual(total["errors"] as? Int, 0)
        let p50 = try XCTUnwrap(total["p50_ms"] as? Double), p95 = try XCTUnwrap(total["p95_ms"] as? Double)
        let p99 = try XCTUnwrap(total["p99_ms"] as? Double)
        XCTAssertTrue(p50 > 0 && p50 <= p95 && p95 <= p99, "\(p50) \(p95) \(p99)")
        XCTAssertGreaterThan(total["rate_per_s"] as? Double ?? 0, 0)
        // Every kind of the mix was sent: three routes, three input formats, short and long answers.
        let kinds = try XCTUnwrap(figures["kinds"] as? [String: [String: Any]])
        XCTAssertEqual(Set(kinds.keys), ["render json", "render json (media)", "render markdown", "render html", "render markdown (long)",
                                         "layout json", "layout markdown", "math"])
        XCTAssertEqual(kinds.values.compactMap { $0["requests"] as? Int }.reduce(0, +), requests)
        XCTAssertTrue(run.stdoutText.contains("p50 ms   p95 ms   p99 ms"), run.stdoutText)
    }
}
