import RichMessageSnapshot
import XCTest

/// A test named as one in MessageSnapshotTests: its snapshots are in __Snapshots__/ReplyTests/ and its failure
/// images in .build/snapshot-artifacts/ReplyTests/ReplyTests/, so neither overwrites the other's.
final class ReplyTests: XCTestCase {
    func testAnswer() {
        assertSnapshot(of: .markdown("> A quoted question\n\nAnd the answer, **short**."))
    }

    /// The first release's form (render options as command-line words) still compiles, with a deprecation warning.
    func testQuoteAtNight() {
        assertSnapshot(of: .markdown("> A quoted question"), named: "night", arguments: ["--theme", "night"])
    }
}
