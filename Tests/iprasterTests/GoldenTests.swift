import GoldenSupport
import XCTest

/// Golden images: `Tests/Fixtures/<feature>/<case>.json` ↔ `golden-images/<feature>/<case>.png`.
final class GoldenTests: XCTestCase {
    func testTextBlocks() throws { try GoldenAssertions.assertGoldens(feature: "text") }
    func testBubble() throws { try GoldenAssertions.assertGoldens(feature: "bubble") }
    func testBlocks() throws { try GoldenAssertions.assertGoldens(feature: "blocks") }
    func testTables() throws { try GoldenAssertions.assertGoldens(feature: "table") }
    func testMedia() throws { try GoldenAssertions.assertGoldens(feature: "media") }
    func testFormulas() throws { try GoldenAssertions.assertGoldens(feature: "formula") }
    func testMarkdown() throws { try GoldenAssertions.assertGoldens(feature: "markdown") }
    func testWorldText() throws { try GoldenAssertions.assertGoldens(feature: "world") }
    func testStickers() throws { try GoldenAssertions.assertGoldens(feature: "stickers") }
}
