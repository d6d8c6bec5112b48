import Foundation
import GoldenSupport
import XCTest
@testable import Layout
import Math

/// Boxes against TeX (issue 24): `Tests/Fixtures/math/tex-boxes.tsv` holds the width, height and depth LuaLaTeX
/// with unicode-math and Latin Modern Math gives each formula of `tex-boxes.txt` in display and text style
/// (measured once by `scripts/tex-measure`, at 10 pt × 1.904). The typesetter at 19.04 pt must agree within 2 %
/// in width and in height + depth for at least 97 % of them, and within 5 % for all.
final class TeXBoxTests: XCTestCase {
    struct Measured {
        var display: Bool
        var width: Double, height: Double, depth: Double
        var formula: String
    }

    static func measured(_ file: String = "tex-boxes.tsv") throws -> [Measured] {
        let text = try String(contentsOfFile: TestEnvironment.root + "/Tests/Fixtures/math/" + file, encoding: .utf8)
        return text.split(separator: "\n").dropFirst().map { line in
            let fields = line.split(separator: "\t", maxSplits: 4, omittingEmptySubsequences: false).map(String.init)
            return Measured(display: fields[0] == "display", width: Double(fields[1])!, height: Double(fields[2])!, depth: Double(fields[3])!,
                            formula: fields[4])
        }
    }

    /// |ours − TeX| relative to TeX's, with 0.5 pt of slack for boxes near zero (a lone `\vdots` has no depth).
    static func deviation(_ ours: Double, _ tex: Double) -> Double { abs(ours - tex) / max(abs(tex), 0.5) }

    func testBoxesAgreeWithLuaTeX() throws {
        let formulas = try XCTUnwrap(TestEnvironment.pipeline.formulas)
        let rows = try Self.measured()
        XCTAssertGreaterThan(rows.count, 200)
        var within2 = 0
        var report: [(Double, String)] = []
        for row in rows {
            let formula = try formulas.typeset(row.formula, display: row.display, size: 19.04, color: .black).get()
            let width = Self.deviation(formula.width, row.width)
            let extent = Self.deviation(formula.ascent + formula.descent, row.height + row.depth)
            let worst = max(width, extent)
            if worst <= 0.02 { within2 += 1 }
            report.append((worst, String(format: "%@ %@: width %.2f vs %.2f, height+depth %.2f vs %.2f", row.display ? "D" : "T", row.formula,
                                         formula.width, row.width, formula.ascent + formula.descent, row.height + row.depth)))
            XCTAssertLessThanOrEqual(worst, 0.05, report.last!.1)
        }
        let share = Double(within2) / Double(rows.count)
        let worst = report.sorted { $0.0 > $1.0 }.prefix(ProcessInfo.processInfo.environment["IPRASTER_TEX_REPORT"] != nil ? 200 : 15).map { String(format: "%.1f%% ", 100 * $0.0) + $0.1 }.joined(separator: "\n")
        XCTAssertGreaterThanOrEqual(share, 0.97, "within 2 %: \(within2) of \(rows.count); the farthest:\n\(worst)")
        if ProcessInfo.processInfo.environment["IPRASTER_TEX_REPORT"] != nil { print("within 2 %: \(within2) of \(rows.count)\n\(worst)") }
    }

    /// Issue 40: every construct of its defect list (`defect-boxes.txt`, the defect's number in a comment before
    /// its formulas) within 2 % of LuaLaTeX in width, in height and in depth, each on its own, display and text style.
    func testEveryDefectConstructIsWithin2PercentOfLuaTeX() throws {
        let formulas = try XCTUnwrap(TestEnvironment.pipeline.formulas)
        let rows = try Self.measured("defect-boxes.tsv")
        XCTAssertGreaterThan(rows.count, 100)
        for row in rows {
            let formula = try formulas.typeset(row.formula, display: row.display, size: 19.04, color: .black).get()
            XCTAssertEqual(formula.missingCodePoints, [], row.formula)
            let report = String(format: "%@ %@: width %.2f vs %.2f, height %.2f vs %.2f, depth %.2f vs %.2f", row.display ? "D" : "T", row.formula,
                                formula.width, row.width, formula.ascent, row.height, formula.descent, row.depth)
            XCTAssertLessThanOrEqual(Self.deviation(formula.width, row.width), 0.02, report)
            XCTAssertLessThanOrEqual(Self.deviation(formula.ascent, row.height), 0.02, report)
            XCTAssertLessThanOrEqual(Self.deviation(formula.descent, row.depth), 0.02, report)
        }
    }

    /// Issue 40's reference set: the formulas typical of AI answers (`tex-boxes`), the defect list (`defect-boxes`),
    /// the corpus of KaTeX's screenshot constructs that LuaLaTeX can set (`katex-constructs.tsv`: the lines of
    /// `katex-constructs.txt` without size commands in math, top-level line breaks and bold math, which LaTeX with
    /// Latin Modern Math does not do as KaTeX does, and without what TeX refuses) and mhchem's examples
    /// (`mhchem-boxes`), each in display and text style. Counted within 2 % in width, in height and in depth each,
    /// the floor is max(97 %, the share reached): 660 of 666 (99.1 %; 647 before issue 62's text faces, states and
    /// arrows below). The farthest, and the count per file, are listed on failure and with IPRASTER_TEX_REPORT=1.
    func testTheReferenceSetAgainstLuaTeX() throws {
        let formulas = try XCTUnwrap(TestEnvironment.pipeline.formulas)
        var rows: [(file: String, row: Measured)] = []
        let files = ["tex-boxes.tsv", "defect-boxes.tsv", "katex-constructs.tsv", "mhchem-boxes.tsv"]
        for file in files { rows += try Self.measured(file).map { (file, $0) } }
        XCTAssertEqual(rows.count, 666)
        var within = 0
        var perFile: [String: (within: Int, all: Int)] = [:]
        var report: [(Double, String)] = []
        for (file, row) in rows {
            let formula = try formulas.typeset(row.formula, display: row.display, size: 19.04, color: .black).get()
            let worst = max(Self.deviation(formula.width, row.width), Self.deviation(formula.ascent, row.height),
                            Self.deviation(formula.descent, row.depth))
            if worst <= 0.02 { within += 1 }
            perFile[file, default: (0, 0)].all += 1
            if worst <= 0.02 { perFile[file, default: (0, 0)].within += 1 }
            report.append((worst, String(format: "%@ %@: width %.2f vs %.2f, height %.2f vs %.2f, depth %.2f vs %.2f", row.display ? "D" : "T",
                                         row.formula, formula.width, row.width, formula.ascent, row.height, formula.descent, row.depth)))
        }
        let farthest = report.sorted { $0.0 > $1.0 }.prefix(40).map { String(format: "%.1f%% ", 100 * $0.0) + $0.1 }.joined(separator: "\n")
        let counts = files.map { "\($0) \(perFile[$0]?.within ?? 0)/\(perFile[$0]?.all ?? 0)" }.joined(separator: ", ")
        XCTAssertGreaterThanOrEqual(Double(within) / Double(rows.count), 0.97)
        XCTAssertGreaterThanOrEqual(within, 660, "within 2 %: \(within) of \(rows.count) (\(counts)); the farthest:\n\(farthest)")
        if ProcessInfo.processInfo.environment["IPRASTER_TEX_REPORT"] != nil { print("within 2 %: \(within) of \(rows.count) (\(counts))\n\(farthest)") }
    }

    /// Chemistry (issue 25): the examples of mhchem's manual against LuaLaTeX with mhchem 4 (`\pu` rows: the LaTeX
    /// mhchemParser writes, as LaTeX's mhchem has no `\pu`), within 5 % in width and in height + depth for at least
    /// 90 % of them.
    func testChemistryAgreesWithLuaTeXsMhchem() throws {
        let formulas = try XCTUnwrap(TestEnvironment.pipeline.formulas)
        let rows = try Self.measured("mhchem-boxes.tsv")
        XCTAssertGreaterThan(rows.count, 100)
        var within5 = 0
        var report: [(Double, String)] = []
        for row in rows {
            let formula = try formulas.typeset(row.formula, display: row.display, size: 19.04, color: .black).get()
            XCTAssertEqual(formula.missingCodePoints, [], row.formula)
            let worst = max(Self.deviation(formula.width, row.width), Self.deviation(formula.ascent + formula.descent, row.height + row.depth))
            if worst <= 0.05 { within5 += 1 }
            report.append((worst, String(format: "%@ %@: width %.2f vs %.2f, height+depth %.2f vs %.2f", row.display ? "D" : "T", row.formula,
                                         formula.width, row.width, formula.ascent + formula.descent, row.height + row.depth)))
        }
        let worst = report.sorted { $0.0 > $1.0 }.prefix(ProcessInfo.processInfo.environment["IPRASTER_TEX_REPORT"] != nil ? 200 : 15)
            .map { String(format: "%.1f%% ", 100 * $0.0) + $0.1 }.joined(separator: "\n")
        // Issue 25: at least 90 % within 5 % (the farthest are listed on failure).
        XCTAssertGreaterThanOrEqual(Double(within5) / Double(rows.count), 0.90, "within 5 %: \(within5) of \(rows.count); the farthest:\n\(worst)")
        if ProcessInfo.processInfo.environment["IPRASTER_TEX_REPORT"] != nil { print("within 5 %: \(within5) of \(rows.count)\n\(worst)") }
    }
}
