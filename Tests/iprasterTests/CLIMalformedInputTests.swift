import Foundation
import GoldenSupport
import XCTest

/// Bad input: exit code 2, one line naming the JSON path, and no output file created or overwritten.
final class CLIMalformedInputTests: XCTestCase {
    struct Case {
        var json: String
        var path: String
        var arguments: [String] = []
    }

    static var deep: String {
        var text = "\"x\""
        for _ in 0..<80 { text = #"{"type": "italic", "text": \#(text)}"# }
        return #"{"blocks": [{"type": "paragraph", "text": \#(text)}]}"#
    }

    let cases: [Case] = [
        Case(json: "{", path: "at $: malformed JSON"),
        Case(json: "[]", path: "at $: empty array"),
        Case(json: #"{"hello": 1}"#, path: "at $: not a rich message"),
        Case(json: #"{"blocks": 5}"#, path: "at $.blocks: expected array"),
        Case(json: #"{"blocks": [{"text": "x"}]}"#, path: "at $.blocks[0].type: missing required field"),
        Case(json: #"{"blocks": [{"type": "paragraph"}]}"#, path: "at $.blocks[0].text: missing required field"),
        Case(json: #"{"blocks": [{"type": "paragraph", "text": 5}]}"#, path: "at $.blocks[0].text: expected string, array or object"),
        Case(json: #"{"rich_message": {"blocks": [{"type": "heading", "text": "x", "size": "big"}]}}"#,
             path: "at $.rich_message.blocks[0].size: expected an integer"),
        Case(json: #"{"blocks": [{"type": "table", "cells": [[{"align": "justify", "valign": "top", "text": "a"}]]}]}"#,
             path: "at $.blocks[0].cells[0][0].align"),
        Case(json: #"{"blocks": [{"type": "list", "items": {"a": 1}}]}"#, path: "at $.blocks[0].items: expected array"),
        Case(json: #"{"blocks": [{"type": "map", "location": {"latitude": "north", "longitude": 1}}]}"#,
             path: "at $.blocks[0].location.latitude: expected number"),
        Case(json: #"{"_": "RichMessage", "blocks": [{"_": "PageBlockParagraph", "text": {"_": "TextBold"}}], "photos": [], "documents": []}"#,
             path: "at $.blocks[0].text.text: missing required field"),
        Case(json: #"{"_": "Chat", "id": 1}"#, path: "at $._: unsupported Telethon object"),
        Case(json: #"{"blocks": [{"type": "paragraph", "text": {"type": "date_time", "text": "x", "unix_time": 1, "date_time_format": "soon"}}]}"#,
             path: "at $.blocks[0].text.date_time_format"),
        Case(json: deep, path: "nesting deeper than 64 levels"),
        Case(json: #"{"blocks": [{"type": "hologram"}]}"#, path: "at $.blocks[0]: unknown block type", arguments: ["--strict"]),
        Case(json: #"{"blocks": [{"type": "paragraph", "text": {"type": "custom_emoji", "custom_emoji_id": "1"}}]}"#,
             path: "at $.blocks[0].text.alternative_text: missing required field"),
        Case(json: #"{"chat_id": 1, "rich_message": {"html": "<b>x</b><tg-map zoom=\"1\"/>"}}"#, path: "at $.rich_message.html:1:9"),
        Case(json: #"{"_": "UpdateUserTyping", "user_id": 1, "action": {"_": "SendMessageTypingAction"}}"#, path: "at $.action._"),
        Case(json: "\u{FEFF}{\"blocks\": [}", path: "at $: malformed JSON"),
    ]

    func testMalformedInputsAreRejectedWithTheirPathAndNothingWritten() throws {
        XCTAssertGreaterThanOrEqual(cases.count, 15)
        let directory = try TestEnvironment.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let existing = directory + "/existing.png"
        let sentinel = Array("keep me".utf8)
        for (index, testCase) in cases.enumerated() {
            let input = directory + "/case\(index).json"
            try Data(testCase.json.utf8).write(to: URL(fileURLWithPath: input))
            try Data(sentinel).write(to: URL(fileURLWithPath: existing))
            let fresh = directory + "/fresh\(index).png"
            for output in [existing, fresh] {
                let result = try TestEnvironment.run([input, "-o", output] + testCase.arguments)
                XCTAssertEqual(result.status, 2, "case \(index): \(result.stderr)")
                let lines = result.stderr.split(separator: "\n")
                XCTAssertTrue(lines.first?.hasPrefix("ipraster: error: ") == true, "case \(index): \(result.stderr)")
                XCTAssertTrue(lines.first?.contains(testCase.path) == true, "case \(index): expected \(testCase.path) in \(result.stderr)")
            }
            XCTAssertEqual(FileManager.default.contents(atPath: existing).map { [UInt8]($0) }, sentinel, "case \(index) touched the file")
            XCTAssertFalse(FileManager.default.fileExists(atPath: fresh), "case \(index) created a file")
        }
        // Nothing else (no temporary files) was left behind.
        let left = try FileManager.default.contentsOfDirectory(atPath: directory).filter { !$0.hasSuffix(".json") }
        XCTAssertEqual(left, ["existing.png"])
    }

    func testUnknownTypesRenderAsPlaceholdersWithAWarning() throws {
        let directory = try TestEnvironment.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let input = directory + "/unknown.json"
        try Data(#"{"blocks": [{"type": "hologram"}]}"#.utf8).write(to: URL(fileURLWithPath: input))
        let result = try TestEnvironment.run([input, "-o", directory + "/out.png"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("ipraster: warning: at $.blocks[0]: unknown block type \"hologram\""), result.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: directory + "/out.png"))
    }
}
