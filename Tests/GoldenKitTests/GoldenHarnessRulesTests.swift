import GoldenKit
import XCTest

/// The golden harness's rules as `cli-contract.md` states them: record modes and their precedence, CI never
/// records, `.args` split like a shell, the pixel budget, where the layout golden lives.
final class GoldenHarnessRulesTests: XCTestCase {
    func testRecordModePrecedenceAndCI() throws {
        XCTAssertEqual(try GoldenHarness.effectiveMode(flag: nil, environment: [:]).mode, .missing, "the default records missing goldens")
        XCTAssertEqual(try GoldenHarness.effectiveMode(flag: nil, environment: ["IPRASTER_RECORD": "failed"]).mode, .failed)
        XCTAssertEqual(try GoldenHarness.effectiveMode(flag: .all, environment: ["IPRASTER_RECORD": "failed"]).mode, .all, "the flag wins")
        let ci = try GoldenHarness.effectiveMode(flag: .all, environment: ["CI": "true"])
        XCTAssertEqual(ci.mode, .never, "under CI nothing is recorded")
        XCTAssertNotNil(ci.warning, "and the ignored request is said")
        XCTAssertEqual(try GoldenHarness.effectiveMode(flag: nil, environment: ["CI": "false"]).mode, .missing, "CI=false is not CI")
        XCTAssertThrowsError(try GoldenHarness.effectiveMode(flag: nil, environment: ["IPRASTER_RECORD": "sometimes"]))
    }

    func testArgsFilesSplitLikeAShell() {
        XCTAssertEqual(GoldenHarness.splitArguments("--width 360 --theme night\n# a comment\n--time '9:41 AM'"),
                       ["--width", "360", "--theme", "night", "--time", "9:41 AM"])
        XCTAssertEqual(GoldenHarness.splitArguments(#"--time "" --outgoing"#), ["--time", "", "--outgoing"], "an empty quoted word stays")
    }

    func testPixelBudgetIsTheSmallerOfBoth() {
        XCTAssertEqual(GoldenHarness.Budget().allowedPixels(width: 100, height: 100), 0, "nothing may differ by default")
        XCTAssertEqual(GoldenHarness.Budget(maxDiffPixels: 50).allowedPixels(width: 100, height: 100), 50)
        XCTAssertEqual(GoldenHarness.Budget(maxDiffRatio: 0.001).allowedPixels(width: 100, height: 100), 10)
        XCTAssertEqual(GoldenHarness.Budget(maxDiffPixels: 5, maxDiffRatio: 0.001).allowedPixels(width: 100, height: 100), 5)
    }

    func testTheLayoutGoldenSitsBesideThePNG() {
        XCTAssertEqual(GoldenHarness.layoutGoldenPath("golden/text/a.png"), "golden/text/a.layout.txt")
    }
}
