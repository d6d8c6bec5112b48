import Foundation
import GoldenSupport
import Images
import ProcessSupport
import RichMessageRenderer
import XCTest

/// Issue 22 through the command line: the missing-glyph warning line and exit codes, `--rtl`, `ipraster fonts`,
/// `math --strict`, and output that does not depend on the caller's language settings.
final class CLIWorldTextTests: XCTestCase {
    var directory = ""

    override func setUpWithError() throws { directory = try TestEnvironment.temporaryDirectory() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: directory) }

    private func write(_ text: String, _ name: String) throws -> String {
        let path = directory + "/" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func testACharacterNoFontDrawsIsOneWarningAndAnErrorUnderStrict() throws {
        let input = try write("# Title\n\nfine text\n\nbad \u{378} here and \u{378}\u{379} there\n", "missing.md")
        let lenient = try TestEnvironment.run([input, "-o", directory + "/out.png"])
        XCTAssertEqual(lenient.status, 0, lenient.stderr)
        let lines = lenient.stderr.split(separator: "\n").filter { $0.contains("no font draws") }
        XCTAssertEqual(lines, ["ipraster: warning: no font draws U+0378 (at 5:1), U+0379 (at 5:1); they are drawn as boxes"])
        let strict = try TestEnvironment.run([input, "-o", directory + "/strict.png", "--strict"])
        XCTAssertEqual(strict.status, 2)
        XCTAssertTrue(strict.stderr.contains("error: at 5:1: no font draws U+0378, U+0379"), strict.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory + "/strict.png"), "nothing half-written")
        let math = try TestEnvironment.run(["math", "\\text{\u{378}} + x", "-o", directory + "/m.png", "--strict"])
        XCTAssertEqual(math.status, 2)
        XCTAssertTrue(math.stderr.contains("no font draws U+0378 in the formula"), math.stderr)
    }

    /// Issue 38, item 6: an emoji newer than the emoji font (Emoji 16: U+1FAE9) is drawn as a visible box like any
    /// character no font draws, and is in the layout's `missingGlyphs`; the warning names every place of every code
    /// point, grouped, at most 20 places, then "and N more".
    func testAnEmojiNoFontDrawsIsABoxAndEveryPlaceIsNamed() throws {
        let input = try write("a \u{1FAE9} b\n\nplain\n\nc \u{1FAE9} \u{1FA89}\n", "emoji.md")
        let result = try TestEnvironment.run([input, "-o", directory + "/emoji.png"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("no font draws U+1FAE9 (at 1:1, 5:1), U+1FA89 (at 5:1); they are drawn as boxes"), result.stderr)
        let layout = try TestEnvironment.run(["layout", input, "--reveal-rects"])
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(layout.stdout)) as? [String: Any])
        let items = try XCTUnwrap(json["items"] as? [[String: Any]])
        let first = try XCTUnwrap(items.first)
        let missing = try XCTUnwrap(first["missingGlyphs"] as? [[String: Any]])
        XCTAssertEqual(missing.first?["codePoint"] as? String, "U+1FAE9")
        // Ink between "a" and "b" (both spaces around the emoji are blank): the box's outline.
        let frame = try XCTUnwrap(first["frame"] as? [Double])
        let line = try XCTUnwrap((first["lines"] as? [[String: Any]])?.first)
        let rects = try XCTUnwrap(line["characterRects"] as? [[Double]])
        let origin = try XCTUnwrap((json["canvas"] as? [String: Any])?["bubbleOrigin"] as? [Double])
        let a = try XCTUnwrap(rects.first), b = try XCTUnwrap(rects.last)
        let left = a[0] + a[2] + 1, right = b[0] - 1
        let image = try PNGCodec.decode(try FileContents.read(directory + "/emoji.png"))
        var ink = 0
        for y in Int((origin[1] + frame[1]) * 2)..<Int((origin[1] + frame[1] + frame[3]) * 2) {
            for x in Int((origin[0] + frame[0] + left) * 2)..<Int((origin[0] + frame[0] + right) * 2) {
                let index = (y * image.width + x) * 4
                if Int(image.pixels[index]) + Int(image.pixels[index + 1]) + Int(image.pixels[index + 2]) < 3 * 128 { ink += 1 }
            }
        }
        XCTAssertGreaterThan(ink, 20, "the box is drawn")
        // Many places: 25 paragraphs with the same missing character; 20 are named.
        let many = try write((1...25).map { "line \($0) \u{378}" }.joined(separator: "\n\n") + "\n", "many.md")
        let warned = try TestEnvironment.run([many, "-o", directory + "/many.png"])
        let warning = try XCTUnwrap(warned.stderr.split(separator: "\n").first { $0.contains("no font draws") })
        XCTAssertEqual(warning.components(separatedBy: ":1").count - 1, 20, String(warning))
        XCTAssertTrue(warning.contains(", and 5 more; they are drawn as boxes"), String(warning))
    }

    /// PANGO_LANGUAGE, LANGUAGE and LANG choose neither faces nor forms: the bytes are the same.
    func testTheCallersLanguageChangesNothing() throws {
        let input = try write("直骨写 中文\n\n直骨 ひらがな\n\nБългарски 한국어 हिन्दी\n", "mixed.md")
        let plain = try TestEnvironment.run([input, "-o", "-"], environment: ["LANG": "C", "LANGUAGE": "", "PANGO_LANGUAGE": ""])
        let japanese = try TestEnvironment.run([input, "-o", "-"], environment: ["LANG": "ja_JP.UTF-8", "LANGUAGE": "ja:zh_CN", "PANGO_LANGUAGE": "ja"])
        let bulgarian = try TestEnvironment.run([input, "-o", "-"], environment: ["LANG": "bg_BG.UTF-8", "LANGUAGE": "bg", "PANGO_LANGUAGE": "zh-tw"])
        XCTAssertEqual(plain.status, 0, plain.stderr)
        XCTAssertFalse(plain.stdout.isEmpty)
        XCTAssertEqual(plain.stdout, japanese.stdout)
        XCTAssertEqual(plain.stdout, bulgarian.stdout)
    }

    func testRTLFlagLaysAMarkdownFileOutRightToLeft() throws {
        let input = try write("# שלום\n\nמה שלומך?\n", "hebrew.md")
        let plain = try TestEnvironment.run(["layout", input])
        let rtl = try TestEnvironment.run(["layout", input, "--rtl"])
        func pageRTL(_ result: TestEnvironment.ProcessResult) throws -> Bool? {
            let object = try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any]
            return (object?["page"] as? [String: Any])?["rtl"] as? Bool
        }
        XCTAssertEqual(try pageRTL(plain), false)
        XCTAssertEqual(try pageRTL(rtl), true)
    }

    func testFontsCommandNamesTheCollectionAndWritesTheIndex() throws {
        let listing = try TestEnvironment.run(["fonts"])
        XCTAssertEqual(listing.status, 0, listing.stderr)
        XCTAssertTrue(listing.stdoutText.contains("\nscript "), listing.stdoutText)
        XCTAssertTrue(listing.stdoutText.contains("synthesised-italic ") && listing.stdoutText.contains("Noto Sans CJK SC"))
        let index = directory + "/fonts.index"
        let written = try TestEnvironment.run(["fonts", "--write-index", "-o", index])
        XCTAssertEqual(written.status, 0, written.stderr)
        let text = try String(contentsOfFile: index, encoding: .utf8)
        XCTAssertTrue(text.hasPrefix("ipraster-font-index 3\n"))
        XCTAssertTrue(text.contains("\tNoto Sans Devanagari\t"))
        XCTAssertEqual(try TestEnvironment.run(["fonts", "--bogus"]).status, 2)
    }
}
