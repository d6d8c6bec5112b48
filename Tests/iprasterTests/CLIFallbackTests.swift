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

/// `ipraster math --format mathml` (issue 63): MathML on standard output without -o, to a .mml file by its
/// extension, errors as exit 2 naming the character.
final class CLIMathMLTests: XCTestCase {
    func testMathWritesMathML() throws {
        let standardOutput = try TestEnvironment.run(["math", "x^2 + \\alpha", "--format", "mathml", "--inline"])
        XCTAssertEqual(standardOutput.status, 0, standardOutput.stderr)
        XCTAssertEqual(standardOutput.stdoutText, "<math xmlns=\"http://www.w3.org/1998/Math/MathML\" alttext=\"x^2 + \\alpha\"><semantics><mrow>"
            + "<msup><mi>x</mi><mn>2</mn></msup><mo>+</mo><mi>α</mi></mrow><annotation encoding=\"application/x-tex\">x^2 + \\alpha</annotation>"
            + "</semantics></math>\n")
        let directory = try TestEnvironment.temporaryDirectory()
        let file = try TestEnvironment.run(["math", "\\sqrt{2}", "-o", "f.mml"], currentDirectory: directory)
        XCTAssertEqual(file.status, 0, file.stderr)
        XCTAssertTrue(try String(contentsOfFile: directory + "/f.mml", encoding: .utf8).contains("<msqrt><mn>2</mn></msqrt>"))
        let broken = try TestEnvironment.run(["math", "\\frac{a}{", "--format", "mathml"])
        XCTAssertEqual(broken.status, 2)
        XCTAssertTrue(broken.stderr.contains("character 10"), broken.stderr)
        XCTAssertEqual(broken.stdoutText, "")
    }
}
