import Foundation
import GoldenKit
import RichMessageRenderer
import XCTest

/// Runs the golden harness over `Tests/Fixtures/<feature>` against `golden-images/<feature>`, one
/// assertion per case. Record mode from IPRASTER_RECORD (never under CI).
public enum GoldenAssertions {
    public static func assertGoldens(feature: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let decision = try GoldenHarness.effectiveMode(flag: nil)
        if let warning = decision.warning { print("warning: \(warning)") }
        let mode = decision.mode
        let artifacts = ProcessInfo.processInfo.environment["IPRASTER_ARTIFACTS"] ?? TestEnvironment.root + "/.build/golden-artifacts"
        let harness = GoldenHarness(fixtures: TestEnvironment.root + "/Tests/Fixtures", golden: TestEnvironment.root + "/golden-images",
                                    record: mode, artifacts: artifacts, pipeline: TestEnvironment.pipeline)
        let cases = try harness.discover().filter { $0.name.hasPrefix(feature + "/") }
        XCTAssertFalse(cases.isEmpty, "no fixtures found for \(feature)", file: file, line: line)
        for testCase in cases {
            switch harness.run(testCase) {
            case .passed: break
            case .recorded:
                print("recorded golden \(testCase.name).png — look at it before committing")
                // As swift-snapshot-testing does: a golden recorded by default fails until a run verifies it.
                if !decision.explicit { XCTFail("\(testCase.name): recorded a new golden; run again to verify", file: file, line: line) }
            case .failed(let reason, _): XCTFail("\(testCase.name): \(reason)", file: file, line: line)
            }
        }
    }
}
