import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import GoldenSupport
import XCTest

/// `ipraster markdown --format html` (issue 63, item 3): the message as a web page, formulas as MathML Core, which
/// ipraster reads back to the same message.
final class CLIHTMLCopyTests: XCTestCase {
    private static let message = """
        # Über Flächen

        The area is $\\pi r^2$ for a circle of radius *r*:

        $$A = \\int_0^r 2\\pi t \\, dt$$

        | Shape | Area |
        |---|---|
        | square | $a^2$ |

        > Measure twice & cut once.
        """

    private var directory = ""

    override func setUpWithError() throws {
        directory = try TestEnvironment.temporaryDirectory()
        try Data(Self.message.utf8).write(to: URL(fileURLWithPath: directory + "/m.md"))
    }

    private func copy(_ extra: [String] = []) throws -> String {
        let result = try TestEnvironment.run(["markdown", "m.md", "--format", "html"] + extra, currentDirectory: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        return result.stdoutText
    }

    func testAPageInTheLanguageWithEveryFormulaAsMathML() throws {
        let html = try copy(["--locale", "de_DE"])
        XCTAssertTrue(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"de-DE\">\n"), html)
        XCTAssertTrue(html.contains("<title>Über Flächen</title>"), html)
        XCTAssertTrue(html.contains("Measure twice &amp; cut once."), html)
        XCTAssertFalse(html.contains("tg-math"), "every formula parses, so none keeps Telegram's tag")
        // Three formulas: one block, two inline; each a well-formed MathML element with its TeX as alttext.
        let elements = html.components(separatedBy: "<math ").dropFirst().map { "<math " + $0.components(separatedBy: "</math>")[0] + "</math>" }
        XCTAssertEqual(elements.count, 3)
        final class Reader: NSObject, XMLParserDelegate {
            var root: [String: String] = [:]
            var names: [String] = []
            func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String]) {
                if names.isEmpty { root = attributes }
                names.append(name)
            }
        }
        var alttexts: [String] = []
        for element in elements {
            let reader = Reader()
            let parser = XMLParser(data: Data(element.utf8))
            parser.delegate = reader
            XCTAssertTrue(parser.parse(), "\(element): \(String(describing: parser.parserError))")
            XCTAssertTrue(reader.names.contains("annotation") && reader.names.contains("semantics"), element)
            alttexts.append(reader.root["alttext"] ?? "")
            XCTAssertEqual(reader.root["display"], alttexts.last == "A = \\int_0^r 2\\pi t \\, dt" ? "block" : nil, element)
        }
        XCTAssertEqual(alttexts, ["\\pi r^2", "A = \\int_0^r 2\\pi t \\, dt", "a^2"])
    }

    func testTheCopyRendersAsTheMessage() throws {
        try Data(try copy().utf8).write(to: URL(fileURLWithPath: directory + "/copy.html"))
        for input in ["m.md", "copy.html"] {
            let result = try TestEnvironment.run([input, "-o", input + ".png"], currentDirectory: directory)
            XCTAssertEqual(result.status, 0, result.stderr)
        }
        let original = try Data(contentsOf: URL(fileURLWithPath: directory + "/m.md.png"))
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: directory + "/copy.html.png")), original, "the same picture, formulas read from <math>")
    }

    func testLosslessIsForMarkdown() throws {
        let result = try TestEnvironment.run(["markdown", "m.md", "--format", "html", "--lossless"], currentDirectory: directory)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("--lossless is for Markdown"), result.stderr)
        XCTAssertTrue(result.stdout.isEmpty)
    }
}
