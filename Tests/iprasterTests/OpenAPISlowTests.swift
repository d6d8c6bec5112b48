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
}
