import RichMessageSnapshot
import XCTest

final class MessageSnapshotTests: XCTestCase {
    /// A bot's answer as Rich Markdown, compared with __Snapshots__/MessageSnapshotTests/testAnswer.png.
    func testAnswer() {
        assertSnapshot(of: .markdown("## Snapshot\nA *rich* message with `code` and a list:\n\n- one\n- two"))
    }

    /// The same page in the night theme, a second snapshot of this test.
    func testAnswerAtNight() {
        assertSnapshot(of: .json(#"{"blocks": [{"type": "paragraph", "text": "Good night"}]}"#), named: "night", arguments: ["--theme", "night"])
    }
}
