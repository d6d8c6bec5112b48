import Math
import XCTest

/// TeX's inter-atom spacing table and binary-operator demotion (`math-facts.md` §3.3–3.4).
final class AtomSpacingTests: XCTestCase {
    func testTheTable() {
        // Ord Rel: thick in D/T, none in S/SS; Ord Op: thin everywhere; Op Ord: thin; Open anything: none.
        XCTAssertEqual(AtomSpacing.mu(between: .ord, .rel, tight: false), 5)
        XCTAssertEqual(AtomSpacing.mu(between: .ord, .rel, tight: true), 0)
        XCTAssertEqual(AtomSpacing.mu(between: .ord, .op, tight: true), 3)
        XCTAssertEqual(AtomSpacing.mu(between: .op, .ord, tight: false), 3)
        XCTAssertEqual(AtomSpacing.mu(between: .ord, .bin, tight: false), 4)
        XCTAssertEqual(AtomSpacing.mu(between: .inner, .op, tight: true), 3)
        XCTAssertEqual(AtomSpacing.mu(between: .punct, .ord, tight: false), 3)
        XCTAssertEqual(AtomSpacing.mu(between: .close, .op, tight: true), 3)
        XCTAssertEqual(AtomSpacing.mu(between: .rel, .rel, tight: false), 0)
        for right in AtomClass.allCases { XCTAssertEqual(AtomSpacing.mu(between: .open, right, tight: false), 0) }
        // Pairs Bin demotion removes ("*" in the table) are 0.
        XCTAssertEqual(AtomSpacing.mu(between: .bin, .bin, tight: false), 0)
        XCTAssertEqual(AtomSpacing.mu(between: .rel, .bin, tight: false), 0)
    }

    func testBinDemotion() {
        // "−1": first → Ord; "= −x": after Rel → Ord; "(+)": after Open and before Close → Ord; "a + b" stays Bin.
        XCTAssertEqual(AtomSpacing.demotingBins([.bin, .ord]), [.ord, .ord])
        XCTAssertEqual(AtomSpacing.demotingBins([.ord, .rel, .bin, .ord]), [.ord, .rel, .ord, .ord])
        XCTAssertEqual(AtomSpacing.demotingBins([.open, .bin, .close]), [.open, .ord, .close])
        XCTAssertEqual(AtomSpacing.demotingBins([.ord, .bin, .ord]), [.ord, .bin, .ord])
        XCTAssertEqual(AtomSpacing.demotingBins([.ord, .bin]), [.ord, .ord], "at the end")
        XCTAssertEqual(AtomSpacing.demotingBins([.ord, .bin, .punct]), [.ord, .ord, .punct])
    }
}
