import XCTest
@testable import Document

final class JSONParserTests: XCTestCase {
    func testKeepsInt64BeyondDoublePrecision() throws {
        let value = try JSONParser.parse(#"{"id": 5368324170671202286}"#)
        let node = JSONNode(value)
        XCTAssertEqual(try node.required("id").int64(), 5_368_324_170_671_202_286)
    }

    func testDecodesEscapesAndSurrogatePairs() throws {
        let value = try JSONParser.parse(#"["a\"b\\c\n", "\ud83d\udc4d", "\u00e9"]"#)
        XCTAssertEqual(value, .array([.string("a\"b\\c\n"), .string("👍"), .string("é")]))
    }

    func testLoneSurrogateBecomesReplacementCharacter() throws {
        XCTAssertEqual(try JSONParser.parse(#""\ud83d""#), .string("\u{FFFD}"))
    }

    func testRejectsMalformedInputWithOffset() {
        for text in ["{", "[1,]", "{\"a\" 1}", "tru", "01", "\"\u{01}\"", "[1] x", "{\"a\":1,}"] {
            XCTAssertThrowsError(try JSONParser.parse(text), text) { error in
                XCTAssertTrue(error is JSONParser.SyntaxError, "\(text): \(error)")
            }
        }
    }

    func testDeepNestingIsAnErrorNotACrash() {
        let text = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        XCTAssertThrowsError(try JSONParser.parse(text)) { error in
            XCTAssertTrue("\(error)".contains("nesting deeper"), "\(error)")
        }
    }

    func testInvalidUTF8IsRejected() {
        XCTAssertThrowsError(try JSONParser.parse([0x22, 0xFF, 0xFE, 0x22]))
    }

    func testPathsNameMembersAndIndices() throws {
        let node = JSONNode(try JSONParser.parse(#"{"rich_message": {"blocks": [{"type": 5}], "a-b": 1}}"#))
        let type = try node.required("rich_message").required("blocks").array()[0].required("type")
        XCTAssertEqual(type.path, "$.rich_message.blocks[0].type")
        XCTAssertThrowsError(try type.string()) { error in
            XCTAssertEqual("\(error)", "at $.rich_message.blocks[0].type: expected string, found number")
        }
        XCTAssertEqual(try node.required("rich_message").required("a-b").path, #"$.rich_message["a-b"]"#)
    }
}
