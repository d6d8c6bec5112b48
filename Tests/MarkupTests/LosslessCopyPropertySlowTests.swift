import XCTest

/// The lossless-copy property in the slow tier: 500 inputs of another fixed seed.
final class LosslessCopyPropertySlowTests: XCTestCase {
    func testFiveHundredInputsStayLossless() throws {
        let seed = LosslessCopyProperty.seed(fixed: 3_800)
        print("LosslessCopyPropertySlowTests: seed \(seed) (IPRASTER_PROPERTY_SEED picks another)")
        try LosslessCopyProperty.check(seed: seed, count: 500)
    }
}
