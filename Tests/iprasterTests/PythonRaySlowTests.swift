import GoldenSupport
import XCTest

/// ipraster.ray on a local Ray with two CPUs (issue 60): 300 messages × 2 variants as the command line's bytes, an error
/// row that does not fail the job, Parquet written and read back, sampled variants reproduced from their seed
/// (bindings/python/tests/ray_suite.py, with the dev tools' Python: Ray comes only from scripts/setup --dev-tools).
final class PythonRaySlowTests: XCTestCase {
    func testTheRaySuite() throws {
        let python = try TestEnvironment.devToolData(".build/venv/bin/python", what: "the dev tools' Python with ray[data]")
        let pins = try String(contentsOfFile: TestEnvironment.root + "/scripts/dev-tools.txt", encoding: .utf8)
        XCTAssertTrue(pins.contains("ray[data]=="), "Ray is pinned in scripts/dev-tools.txt")
        let environment = ["PYTHONPATH": TestEnvironment.root + "/bindings/python", "IPRASTER_ROOT": TestEnvironment.root,
                           "IPRASTER_BINARY": TestEnvironment.executable, "RAY_USAGE_STATS_ENABLED": "0"]
        let result = try TestEnvironment.runTool(python, ["-m", "unittest", "-v", TestEnvironment.root + "/bindings/python/tests/ray_suite.py"],
                                                 environment: environment, timeoutSeconds: 900)
        XCTAssertEqual(result.status, 0, String(result.stderr.suffix(6000)))
        XCTAssertTrue(result.stderr.contains("Ran 3 tests"), String(result.stderr.suffix(2000)))
    }
}
