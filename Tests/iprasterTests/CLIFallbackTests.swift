import Foundation
import GoldenSupport
import Markup
import XCTest

/// `ipraster fallback` (issue 63) as a bot runs it: JSON on standard output that decodes to payloads the Bot
/// API-shaped validator accepts, the tables' forms on standard error, errors as exit 2 with nothing written.
final class CLIFallbackTests: XCTestCase {
    func testTheFallbackOfAnLLMAnswerIsValidPayloads() throws {
        let fixture = TestEnvironment.root + "/Tests/Fixtures/markdown/llm-answer.md"
        let result = try TestEnvironment.run(["fallback", fixture])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "ipraster: table 1: an aligned monospace block (15 characters wide)\n")
        let payloads = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout)) as? [[String: Any]])
        XCTAssertEqual(payloads.count, 1)
        for payload in payloads {
            let text = try XCTUnwrap(payload["text"] as? String)
            let entities = try (payload["entities"] as? [[String: Any]] ?? []).map { entity in
                BotEntity(type: try XCTUnwrap(entity["type"] as? String), offset: try XCTUnwrap(entity["offset"] as? Int),
                          length: try XCTUnwrap(entity["length"] as? Int), url: entity["url"] as? String, language: entity["language"] as? String,
                          customEmojiId: entity["custom_emoji_id"] as? String)
            }
            XCTAssertEqual(BotEntityRules.problems(BotMessage(text: text, entities: entities)), [])
            XCTAssertTrue(entities.contains { $0.type == "pre" && $0.language == "python" })
            XCTAssertTrue(entities.contains { $0.type == "blockquote" })
            XCTAssertTrue(entities.contains { $0.type == "expandable_blockquote" })
            XCTAssertTrue(text.hasPrefix("Quick answer\n\n"))
        }
        let quiet = try TestEnvironment.run(["fallback", fixture, "-q"])
        XCTAssertEqual(quiet.stderr, "")

        let directory = try TestEnvironment.temporaryDirectory()
        try Data(#"{"blocks": [{"type": "paragraph"}]}"#.utf8).write(to: URL(fileURLWithPath: directory + "/broken.json"))
        let broken = try TestEnvironment.run(["fallback", "broken.json", "-o", "out.json"], currentDirectory: directory)
        XCTAssertEqual(broken.status, 2)
        XCTAssertTrue(broken.stderr.contains("$.blocks[0]"), broken.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory + "/out.json"))
    }
}
