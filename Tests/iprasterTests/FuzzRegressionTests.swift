import Foundation
import GoldenSupport
import XCTest

/// Replays `fuzz/regressions/*.json`, `*.md` and `*.html` (inputs that once crashed, hung or trapped) through `render`,
/// `layout` and `reveal --json`: each ends with exit 0 or a one-line input error (exit 2), never a signal.
final class FuzzRegressionTests: XCTestCase {
    func testEveryRegressionInputEndsCleanly() throws {
        let folder = TestEnvironment.root + "/fuzz/regressions"
        let inputs = try FileManager.default.contentsOfDirectory(atPath: folder).filter { [".json", ".md", ".html"].contains(where: $0.hasSuffix) }.sorted()
        XCTAssertFalse(inputs.isEmpty, "fuzz/regressions holds no input")
        let output = try TestEnvironment.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: output) }
        for name in inputs {
            let path = folder + "/" + name
            for arguments in [[path, "-o", output + "/out.png"], ["layout", path, "--compact"], ["reveal", path, "--json"]] {
                let result = try TestEnvironment.run(arguments, timeoutSeconds: 60)
                XCTAssertTrue(result.status == 0 || result.status == 2, "\(name) \(arguments[0]): status \(result.status) \(result.stderr.prefix(300))")
                if result.status == 2 { XCTAssertTrue(result.stderr.hasPrefix("ipraster: error: "), "\(name): \(result.stderr.prefix(300))") }
                XCTAssertFalse(result.stderr.contains("Backtrac"), name)
            }
        }
    }
}
