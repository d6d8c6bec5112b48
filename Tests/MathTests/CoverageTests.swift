import Drawing
import Foundation
@testable import Math
import XCTest

/// `math-facts.md` §4.3 "Recommended v1 coverage": every command listed there typesets (one formula per line of
/// `Tests/Fixtures/math/coverage.txt`), and what §4.3 item 11 leaves out, or is not LaTeX at all, falls back (§7).
final class CoverageTests: XCTestCase {
    /// One typesetter per test (it caches what it sets, so it is not shared between threads).
    let typesetter: FormulaTypesetter = {
        let font = try! MathFont(file: MathFontTests.latinModernMath)
        let text = try? TextFont(file: "/usr/share/fonts/truetype/noto/NotoSerif-Regular.ttf")
        return FormulaTypesetter(font: font, textFont: text)
    }()

    static var fixtures: String {
        var url = URL(fileURLWithPath: #filePath)
        url.deleteLastPathComponent()
        url.deleteLastPathComponent()
        return url.appendingPathComponent("Fixtures/math").path
    }

    func testEveryRecommendedCommandTypesets() throws {
        let lines = try String(contentsOfFile: Self.fixtures + "/coverage.txt", encoding: .utf8).split(separator: "\n").map(String.init)
        XCTAssertGreaterThanOrEqual(lines.count, 70)
        for line in lines {
            for display in [true, false] {
                switch typesetter.typeset(line, display: display, size: 19.04, color: .black) {
                case .success(let formula):
                    XCTAssertGreaterThan(formula.width, 0, line)
                    XCTAssertFalse(formula.frame.isEmpty, line)
                case .failure(let error):
                    XCTFail("\(line) (\(display ? "display" : "text")): \(error)")
                }
            }
        }
    }

    func testWhatIsOutOfScopeOrBrokenFallsBackWithTheFirstError() {
        let cases: [(String, String)] = [
            (#"\def\a{\a\a}\a"#, "too many macro expansions"), (#"\newcommand{x}{y}"#, "needs a command name"),
            (#"\def\f#2{x}"#, "parameters must be #1"), (#"\def\f#1{#2}\f a"#, "uses #2 but takes 1 argument"),
            (#"\tag{1}\tag{2} x"#, #"multiple \tag"#), (#"\begin{CD} A @>>> B \end{CD}"#, "unknown environment CD"),
            (#"\href{u}{x}"#, #"unknown command \href"#), (#"\smash[x]{a}"#, "takes [t] or [b]"), (#"\char"ZZ"#, "character code"),
            (#"a \not"#, #"\not needs a symbol"#), (#"\begin{matrix*}[q] a \end{matrix*}"#, "takes [l], [c] or [r]"),
            (#"\begin{alignat}{x} a \end{alignat}"#, "number of column pairs"), (#"\text{\frac12}"#, "is not allowed in text"),
            (#"\fcolorbox{nocolor}{red}{A}"#, "unknown colour nocolor"), (#"\def\arraystretch{abc}"#, "must be a number"),
            (#"\text{a $x"#, "missing $"),
            (#"\frac{1}{2"#, "missing }"), (#"\left( x"#, #"missing \right"#), (#"\begin{matrix} a \end{pmatrix}"#, #"\begin{matrix} ended by \end{pmatrix}"#),
            (#"\begin{cases} a & b & c \end{cases}"#, "cases has at most 2 columns"), (#"x^"#, "missing argument"),
        ]
        for (source, message) in cases {
            guard case .failure(let error) = typesetter.typeset(source, display: true, size: 19.04, color: .black) else {
                XCTFail("\(source) typeset")
                continue
            }
            XCTAssertTrue(error.message.contains(message), "\(source): \(error)")
        }
    }

    func testHardLimitsFailInsteadOfRunningAway() {
        let deep = String(repeating: "{", count: 500) + "x" + String(repeating: "}", count: 500)
        XCTAssertNotNil(failure(deep))
        let deepFractions = String(repeating: #"\frac{1}{"#, count: 150) + "x" + String(repeating: "}", count: 150)
        XCTAssertNotNil(failure(deepFractions))
        let long = String(repeating: "x+", count: 15_000)
        XCTAssertEqual(failure(long)?.message, "the formula is longer than 20000 characters")
        let wide = String(repeating: #"\quad"#, count: 3_000)
        XCTAssertEqual(failure(wide)?.message, "the formula is larger than 30000 points")
    }

    private func failure(_ source: String) -> FormulaError? {
        if case .failure(let error) = typesetter.typeset(source, display: true, size: 19.04, color: .black) { return error }
        return nil
    }

    /// Token soup (a fixed pseudo-random sequence): every input ends as a formula with finite metrics or as a
    /// failure with a message, never a crash or a hang (`math-facts.md` §7; the fuzz harness covers more).
    func testTokenSoupNeverCrashes() {
        let tokens = [#"\frac"#, #"\sqrt"#, "[", "]", "{", "}", "^", "_", "&", #"\\"#, #"\left("#, #"\right)"#, #"\middle|"#, #"\begin{pmatrix}"#,
                      #"\end{pmatrix}"#, #"\begin{array}{c|l}"#, #"\end{array}"#, #"\hline"#, "x", "2", "+", "=", "'", #"\over"#, #"\color{red}"#,
                      #"\text{й}"#, #"\overbrace"#, #"\xrightarrow"#, #"\substack"#, #"\sum"#, #"\limits"#, #"\big("#, "$", " ", #"\hspace{"#, "3pt"]
        var state: UInt64 = 0x9E3779B97F4A7C15
        for _ in 0..<3_000 {
            var source = ""
            state = state &* 6364136223846793005 &+ 1442695040888963407
            for _ in 0..<(Int(state >> 59) + 1) {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                source += tokens[Int(state >> 33) % tokens.count]
            }
            switch typesetter.typeset(source, display: state & 1 == 0, size: 19.04, color: .black) {
            case .success(let formula):
                XCTAssertTrue(formula.width.isFinite && formula.ascent.isFinite && formula.descent.isFinite, source)
            case .failure(let error):
                XCTAssertFalse(error.message.isEmpty, source)
            }
        }
    }

    func testDelimitersAndEquationWrappersAreStripped() {
        XCTAssertEqual(FormulaSource("$x$").body, "x")
        XCTAssertEqual(FormulaSource(" $$ a+b $$ ").body, "a+b")
        XCTAssertEqual(FormulaSource(#"\(x\)"#).body, "x")
        XCTAssertEqual(FormulaSource(#"\[x\]"#).body, "x")
        XCTAssertEqual(FormulaSource(#"\begin{equation*} x \end{equation*}"#).body, "x")
        XCTAssertEqual(FormulaSource(#"$\begin{equation}x\end{equation}$"#).body, "x")
        XCTAssertEqual(FormulaSource("$x").body, "$x", "an unpaired $ is left alone")
        // Errors name the offset in the source as given.
        XCTAssertEqual(failure("$$ \\foo $$")?.offset, 3)
    }
}
