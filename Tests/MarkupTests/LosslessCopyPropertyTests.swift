import Foundation
import GoldenSupport
import XCTest

/// The lossless-copy property (`LosslessCopyProperty`) in the default tier: 100 inputs of a fixed seed, and every
/// saved regression (`fuzz/regressions/lossless-*.md`), among them a list item starting with a zero-width non-joiner
/// beside a nested image-only item, which read back 4.8 pt wider before the fix.
final class LosslessCopyPropertyTests: XCTestCase {
    func testTheLosslessCopyRendersAsItsSource() throws {
        let seed = LosslessCopyProperty.seed(fixed: 38)
        print("LosslessCopyPropertyTests: seed \(seed) (IPRASTER_PROPERTY_SEED picks another)")
        try LosslessCopyProperty.check(seed: seed, count: 100)
    }

    func testSavedRegressionsStayLossless() throws {
        let folder = TestEnvironment.root + "/fuzz/regressions"
        let saved = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix("lossless-") && $0.hasSuffix(".md") }.sorted()
        XCTAssertFalse(saved.isEmpty, "the committed regression is there")
        for name in saved {
            let source = try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
            XCTAssertNil(try LosslessCopyProperty.failure(source), name)
        }
    }
}
