import Foundation
import GoldenSupport
import XCTest

/// The in-process Python package (issue 59, bindings/python): its unittest suite against the command line's bytes,
/// warnings, layout and errors (every input kind, options, both error classes, two threads), and 1,000 renders in
/// one process within a memory bound (bindings/python/tests/soak.py states it). Python 3 is Debian's, always there.
final class PythonBindingTests: XCTestCase {
    private var environment: [String: String] {
        ["PYTHONPATH": TestEnvironment.root + "/bindings/python", "IPRASTER_ROOT": TestEnvironment.root,
         "IPRASTER_BINARY": TestEnvironment.executable, "IPRASTER_LIBRARY": CLibraryTests.library]
    }

    func testThePackagesSuite() throws {
        let result = try TestEnvironment.runTool("/usr/bin/python3", ["-m", "unittest", "discover", "-v", "-s", TestEnvironment.root + "/bindings/python/tests",
                                                                      "-p", "test_*.py"], environment: environment, timeoutSeconds: 600)
        XCTAssertEqual(result.status, 0, result.stdoutText + result.stderr)
        XCTAssertTrue(result.stderr.contains("Ran 7 tests"), result.stderr)
    }

    func testAThousandRendersInOneProcessStayWithinTheBound() throws {
        let result = try TestEnvironment.runTool("/usr/bin/python3", [TestEnvironment.root + "/bindings/python/tests/soak.py", TestEnvironment.root + "/examples/hello.json", "1000"],
                                                 environment: environment, timeoutSeconds: 600)
        XCTAssertEqual(result.status, 0, result.stdoutText + result.stderr)
        XCTAssertTrue(result.stdoutText.hasPrefix("1000 renders in "), result.stdoutText)
    }

    /// Without IPRASTER_LIBRARY, a package imported from the checkout loads the checkout's library.
    func testTheCheckoutsLibraryIsFoundWithoutTheVariable() throws {
        var plain = environment
        plain["IPRASTER_LIBRARY"] = ""
        let result = try TestEnvironment.runTool("/usr/bin/python3", ["-c", "import ipraster; print(ipraster.library_path()); print(ipraster.version())"],
                                                 environment: plain)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdoutText, TestEnvironment.root + "/.build/release/libipraster.so\n" + (try versionLine()) + "\n")
    }

    private func versionLine() throws -> String {
        String(try XCTUnwrap(try TestEnvironment.run(["--version"]).stdoutText.split(separator: "\n").first?.split(separator: " ").last))
    }
}
