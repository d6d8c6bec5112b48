import Foundation
import Primitives
import XCTest

/// The string functions that stand in for Foundation's in the tool, checked against Foundation's own (the oracle,
/// linked by the tests only).
final class StringTests: XCTestCase {
    func testCFormatAsFoundationsFormat() {
        XCTAssertEqual(String(cFormat: "%.2f", 3.14159), String(format: "%.2f", 3.14159))
        XCTAssertEqual(String(cFormat: "%d:%02d:%02d", 1, 2, 3), "1:02:03")
        XCTAssertEqual(String(cFormat: "%016llx%016llx", UInt64(255), UInt64.max), String(format: "%016llx%016llx", UInt64(255), UInt64.max))
        XCTAssertEqual(String(cFormat: "\\u%04x", UInt32(0x1F)), "\\u001f")
        XCTAssertEqual(String(cFormat: "%.3f %.3f", -0.0005, 1e6), String(format: "%.3f %.3f", -0.0005, 1e6))
        let long = String(cFormat: "%0300d", 7)
        XCTAssertEqual(long.count, 300, "longer than the first buffer")
        XCTAssertTrue(long.hasSuffix("007"))
    }

    /// A C function in ICU's style (writes what fits, returns the whole length): the buffer grows until the text
    /// fits, a failure is nil, and bytes that are not UTF-8 are repaired.
    func testCBufferGrowsUntilTheOutputFits() {
        let text = String(repeating: "ä€", count: 100)
        var calls: [Int] = []
        let copied = String(cBufferOfCapacity: 16) { out, capacity in
            calls.append(capacity)
            let bytes = Array(text.utf8)
            for index in 0..<min(capacity, bytes.count) { out[index] = CChar(bitPattern: bytes[index]) }
            return bytes.count
        }
        XCTAssertEqual(copied, text)
        XCTAssertEqual(calls, [16, text.utf8.count], "one retry, at the length the function asked for")
        XCTAssertEqual(String(cBufferOfCapacity: 8) { out, _ in out[0] = 0x41; out[1] = 0x42; return 2 }, "AB", "an exact, short fit")
        XCTAssertEqual(String(cBufferOfCapacity: 8) { _, _ in 0 }, "")
        XCTAssertNil(String(cBufferOfCapacity: 8) { _, _ in -1 })
        XCTAssertEqual(String(cBufferOfCapacity: 8) { out, _ in out[0] = CChar(bitPattern: 0xFF); out[1] = 0x41; return 2 }, "\u{FFFD}A")
        XCTAssertEqual(String(cBufferOfCapacity: 0) { out, capacity in capacity >= 1 ? 0 : -1 }, "", "a capacity of at least one byte")
    }

    func testTrimmingAsCharacterSets() {
        let samples = ["  a b  ", "\t x\t", "\u{3000}全角\u{3000}", "\u{A0}nbsp\u{2009}", "\n line \r\n", "", "   ", "\u{2028}x\u{85}", "e\u{301} "]
        for text in samples {
            XCTAssertEqual(text.trimmingWhitespace(), text.trimmingCharacters(in: .whitespaces), text.debugDescription)
            XCTAssertEqual(text.trimmingWhitespaceAndNewlines(), text.trimmingCharacters(in: .whitespacesAndNewlines), text.debugDescription)
        }
        XCTAssertEqual("--[x]-".trimming { "-[]".unicodeScalars.contains($0) }, "x")
    }

    func testPercentDecodingAsFoundation() {
        for text in ["a%20b", "%E2%82%AC", "100%", "%zz", "%C3", "plain", "%2f%2F", ""] {
            XCTAssertEqual(text.percentDecoded, text.removingPercentEncoding, text)
        }
    }

    func testPercentEncodingKeepsUnreservedAndTheGivenBytes() {
        let allowed = CharacterSet.urlPathAllowed.subtracting(CharacterSet(charactersIn: "/?#"))
        for text in ["a b", "ü/x?y#z", "case (1) & more: @here", "100%", "tab\tend"] {
            XCTAssertEqual(text.addingPercentEncoding(keeping: Set("!$&'()*+,;=:@".utf8)), text.addingPercentEncoding(withAllowedCharacters: allowed), text)
        }
    }

    func testReplacingEveryScalarByScalar() {
        let cases: [(String, String, String)] = [("a\r\nb", "\n", "<br>"), ("a|b|", "|", "\\|"), ("&<&", "&", "&amp;"), ("e\u{301}", "\u{301}", "'"), ("aaa", "aa", "b")]
        for (text, target, replacement) in cases {
            XCTAssertEqual(text.replacingEvery(target, with: replacement), (text as NSString).replacingOccurrences(of: target, with: replacement), text.debugDescription)
        }
        XCTAssertEqual("abc".replacingEvery("", with: "x"), "abc")
    }

    func testRangeIgnoringASCIICase() {
        let text = "x <Summary>a</SUMMARY> y"
        for needle in ["<summary>", "</summary>", "a<", "absent"] {
            let ours = text.range(ofIgnoringASCIICase: needle).map { text[$0] }
            let theirs = text.range(of: needle, options: .caseInsensitive).map { text[$0] }
            XCTAssertEqual(ours, theirs, needle)
        }
    }
}

/// `JSONText` writes strings JSON readers take back as they were (Foundation's reader is the oracle).
final class JSONTextTests: XCTestCase {
    func testQuotedStringsReadBackAsWritten() throws {
        for text in ["plain", "quote \" and \\ backslash", "line\nbreak\r\ttab", "\u{01}\u{08}\u{0C}\u{1F}", "/slash/", "ünïcödé 中文 🙂", ""] {
            let json = JSONText.quoted(text)
            let back = try JSONSerialization.jsonObject(with: Data(("[" + json + "]").utf8)) as? [String]
            XCTAssertEqual(back, [text], json)
            XCTAssertFalse(json.unicodeScalars.dropFirst().dropLast().contains { $0.value < 0x20 }, "no raw control character in \(json)")
        }
        XCTAssertEqual(JSONText.quoted("a/b\u{01}"), #""a/b\u0001""#)
    }
}
