import Foundation
import GoldenSupport
import ProcessSupport
import XCTest

/// Issue 43, items 1 and 3: the Python client package (clients/python) against live services — every input format
/// gives the command line's bytes, options, media, errors with status and location, the token, the console script —
/// and its annotations under `mypy --strict` (from `scripts/setup --dev-tools`).
final class PythonClientSlowTests: XCTestCase {
    func testThePythonClientAgainstALiveService() throws {
        let services = try ServicePair(token: "client-test-token")
        let result = try TestEnvironment.runTool("/usr/bin/env", ["python3", TestEnvironment.root + "/clients/python/tests/live_test.py"] + services.clientArguments,
                                                 timeoutSeconds: 300)
        XCTAssertEqual(result.status, 0, result.stdoutText + result.stderr)
        XCTAssertTrue(result.stdoutText.contains("all checks passed"), result.stdoutText)
    }

    func testTheAnnotationsPassMypyStrict() throws {
        let mypy = try TestEnvironment.devToolData(".build/venv/bin/mypy", what: "mypy")
        let result = try TestEnvironment.runTool(mypy, ["--strict", "--no-incremental", TestEnvironment.root + "/clients/python/ipraster_client"],
                                                 timeoutSeconds: 300)
        XCTAssertEqual(result.status, 0, result.stdoutText + result.stderr)
    }
}
