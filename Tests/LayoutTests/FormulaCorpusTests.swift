import Drawing
import GoldenSupport
import XCTest
@testable import Layout
import Math

/// Issue 40: a corpus written for this project that covers every construct of KaTeX's screenshot suite
/// (`katex-constructs.txt`) and its parser expectations (`katex-parse-cases.txt`). Each formula typesets in display
/// and text style with no missing glyph and no command name printed as text; the "fail" cases are refused with a
/// message naming what is wrong.
final class FormulaCorpusTests: XCTestCase {
    private var formulas: FormulaTypesetter { get throws { try XCTUnwrap(TestEnvironment.pipeline.formulas) } }

    private static func lines(_ file: String) throws -> [String] {
        let text = try String(contentsOfFile: TestEnvironment.root + "/Tests/Fixtures/math/" + file, encoding: .utf8)
        return text.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("# ") && !$0.isEmpty }
    }

    /// Every glyph id a frame draws, groups included.
    /// The glyphs a frame draws, as font file and glyph id (ids of different faces are different glyphs).
    private static func glyphIDs(_ frame: Frame) -> Set<String> {
        var ids: Set<String> = []
        for item in frame.items {
            switch item {
            case .glyphs(let run, _): ids.formUnion(run.glyphs.map { "\(run.font.file)#\($0.id)" })
            case .group(let group): ids.formUnion(glyphIDs(group.frame))
            default: break
            }
        }
        return ids
    }

    func testEveryConstructOfKaTeXsScreenshotSuiteTypesets() throws {
        let formulas = try formulas
        let text = try String(contentsOfFile: TestEnvironment.root + "/Tests/Fixtures/math/katex-constructs.txt", encoding: .utf8)
        let constructs = text.split(separator: "\n").filter { $0.hasPrefix("# ") && $0.split(separator: " ").count == 2 }
        XCTAssertGreaterThanOrEqual(constructs.count, 120, "the screenshot suite's constructs, one heading each")
        // A printed command name would draw a backslash: the glyphs of `\backslash` appear nowhere else.
        let backslash = Self.glyphIDs(try formulas.typeset(#"\backslash\text{\textbackslash}"#, display: true, size: 19.04, color: .black).get().frame)
        XCTAssertFalse(backslash.isEmpty)
        let lines = try Self.lines("katex-constructs.txt")
        XCTAssertGreaterThan(lines.count, 130)
        var failed: [String] = []
        for line in lines {
            for display in [true, false] where display || !line.contains(#"\tag"#) {
                switch formulas.typeset(line, display: display, size: 19.04, color: .black) {
                case .success(let formula):
                    XCTAssertEqual(formula.missingCodePoints, [], "\(line) draws boxes for \(formula.missingCodePoints.map { String($0, radix: 16) })")
                    // (\verb prints its text as written, backslashes too.)
                    if !line.contains("backslash"), !line.contains(#"\verb"#) {
                        XCTAssertTrue(Self.glyphIDs(formula.frame).isDisjoint(with: backslash), "\(line) prints a backslash")
                    }
                    XCTAssertGreaterThan(formula.frame.items.count, 0, line)
                case .failure(let error):
                    failed.append("\(line) (\(display ? "display" : "text")): \(error)")
                }
            }
        }
        XCTAssertEqual(failed, [])
    }

    func testMustParseAndMustFailCases() throws {
        let formulas = try formulas
        let cases = try Self.lines("katex-parse-cases.txt").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        XCTAssertGreaterThan(cases.filter { $0[0] == "fail" }.count, 40)
        for fields in cases {
            let result = formulas.typeset(fields[1], display: true, size: 19.04, color: .black)
            switch (fields[0], result) {
            case ("parse", .success(let formula)):
                XCTAssertEqual(formula.missingCodePoints, [], fields[1])
            case ("parse", .failure(let error)):
                XCTFail("\(fields[1]) must parse: \(error)")
            case ("fail", .success):
                XCTFail("\(fields[1]) must fail")
            case ("fail", .failure(let error)):
                XCTAssertEqual(fields.count, 3, fields[1])
                XCTAssertTrue(error.message.contains(fields.last ?? ""), "\(fields[1]): \(error.message)")
                XCTAssertNotNil(error.offset, "\(fields[1]): the error names a character")
            default:
                XCTFail("a line is parse or fail: \(fields)")
            }
        }
    }
}
