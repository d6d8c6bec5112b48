import RichMessageSnapshot
import XCTest

final class MessageSnapshotTests: XCTestCase {
    /// A bot's answer as Rich Markdown, compared with __Snapshots__/MessageSnapshotTests/testAnswer.1.png.
    func testAnswer() {
        assertSnapshot(of: .markdown("## Snapshot\nA *rich* message with `code` and a list:\n\n- one\n- two"))
    }

    /// A page in the night theme, a named snapshot: testAnswerAtNight.night.png.
    func testAnswerAtNight() {
        assertSnapshot(of: .json(#"{"blocks": [{"type": "paragraph", "text": "Good night"}]}"#), as: .image(theme: .night), named: "night")
    }

    /// Two unnamed snapshots of one test are numbered in call order: testTwoWidths.1.png and testTwoWidths.2.png.
    func testTwoWidths() {
        let answer = "A line long enough to wrap differently at two bubble widths, which is the point."
        assertSnapshot(of: .markdown(answer), as: .image(width: 240))
        assertSnapshot(of: .markdown(answer), as: .image(width: 300))
    }

    /// A fixture beside this file: `.file` paths are looked up next to the test file first (then the current
    /// folder), so `swift test` finds it from the package root: testFixture.1.png.
    func testFixture() {
        assertSnapshot(of: .file("Fixtures/answer.md"))
    }
}
