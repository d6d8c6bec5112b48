import Foundation
import GoldenSupport
import XCTest

/// The document against the OpenAPI 3.1 schema (openapi-spec-validator from `scripts/setup --dev-tools`).
final class OpenAPISlowTests: XCTestCase {
    func testTheDocumentIsValidOpenAPI() throws {
        let validator = try TestEnvironment.devToolData(".build/venv/bin/openapi-spec-validator", what: "openapi-spec-validator")
        let result = try TestEnvironment.runTool(validator, [TestEnvironment.root + "/docs/openapi.json"])
        XCTAssertEqual(result.status, 0, result.stdoutText + result.stderr)
        XCTAssertTrue(result.stdoutText.contains("OK"), result.stdoutText)
    }

    /// Issue 56: schemathesis (from `scripts/setup --dev-tools`) generates requests for every operation from the
    /// document and checks every answer against it with all its checks: no server error, every status, content type,
    /// header and JSON answer as documented (the layout, classification and formula schemas), every request the
    /// document allows accepted and every other refused. A request the document allows is never a 400 (its
    /// parameters' schemas are their options' domains); its message, described by its shape only, may be one that
    /// cannot be read or rendered — a 422 (RFC 9110 §15.5.21) — which is what the configuration below tells the
    /// acceptance check. A fixed seed, 20 examples an operation and a 90 s budget.
    func testSchemathesisFindsNoAnswerThatDisagreesWithTheDocument() throws {
        let schemathesis = try TestEnvironment.devToolData(".build/venv/bin/schemathesis", what: "schemathesis")
        let service = try ServiceProcess(["--workers", "2"])
        defer { _ = service.stop() }
        let report = try TestEnvironment.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: report) }
        let configuration = report + "/schemathesis.toml"
        try Data("[checks.positive_data_acceptance]\nexpected-statuses = [\"2xx\", \"422\"]\n".utf8).write(to: URL(fileURLWithPath: configuration))
        let result = try TestEnvironment.runTool(schemathesis, [
            "--config-file", configuration, "run", TestEnvironment.root + "/docs/openapi.json", "--url", "http://127.0.0.1:\(service.port)",
            "--checks", "all",
            "--max-examples", "20", "--seed", "1", "--max-time", "90", "--no-shrink", "--suppress-health-check", "all",
            "--report-dir", report,
        ], environment: ["SCHEMATHESIS_TELEMETRY": "false", "NO_COLOR": "1"], currentDirectory: report, timeoutSeconds: 240)
        XCTAssertEqual(result.status, 0, String(result.stdoutText.suffix(6_000)) + result.stderr)
        XCTAssertTrue(result.stdoutText.contains("passed"), String(result.stdoutText.suffix(2_000)))
    }
}
