import GoldenSupport
import XCTest

/// The Python package's annotations pass mypy --strict (mypy from scripts/setup --dev-tools).
final class PythonBindingSlowTests: XCTestCase {
    func testTheAnnotationsPassMypyStrict() throws {
        let mypy = try TestEnvironment.devToolData(".build/venv/bin/mypy", what: "mypy")
        let result = try TestEnvironment.runTool(mypy, ["--strict", "--no-incremental", TestEnvironment.root + "/bindings/python/ipraster",
                                                        TestEnvironment.root + "/bindings/python/tests"], timeoutSeconds: 300)
        XCTAssertEqual(result.status, 0, result.stdoutText + result.stderr)
    }
}
