import Math
import XCTest

/// Math alphabets (`math-facts.md` §3.5, §3.13).
final class MathAlphabetTests: XCTestCase {
    func testTheSpecsMappings() {
        XCTAssertEqual(MathAlphabet.normal.map("x"), "\u{1D465}")
        XCTAssertEqual(MathAlphabet.normal.map("h"), "\u{210E}", "the italic h hole")
        XCTAssertEqual(MathAlphabet.normal.map("A"), "\u{1D434}")
        XCTAssertEqual(MathAlphabet.normal.map("2"), "2", "digits stay upright")
        XCTAssertEqual(MathAlphabet.normal.map("\u{03B1}"), "\u{1D6FC}", "lowercase Greek is italic")
        XCTAssertEqual(MathAlphabet.normal.map("\u{0393}"), "\u{0393}", "capital Greek stays upright")
        XCTAssertEqual(MathAlphabet.italic.map("\u{0393}"), "\u{1D6E4}")
        XCTAssertEqual(MathAlphabet.normal.map("\u{03D5}"), "\u{1D719}", "ϕ")
        XCTAssertEqual(MathAlphabet.normal.map("\u{2202}"), "\u{1D715}", "∂")
        XCTAssertEqual(MathAlphabet.roman.map("x"), "x")
        XCTAssertEqual(MathAlphabet.bold.map("A"), "\u{1D400}")
        XCTAssertEqual(MathAlphabet.bold.map("0"), "\u{1D7CE}")
        XCTAssertEqual(MathAlphabet.boldItalic.map("\u{03B1}"), "\u{1D736}")
        XCTAssertEqual(MathAlphabet.sansSerif.map("a"), "\u{1D5BA}")
        XCTAssertEqual(MathAlphabet.monospace.map("9"), "\u{1D7FF}")
        XCTAssertEqual(MathAlphabet.calligraphic.map("B"), "\u{212C}")
        XCTAssertEqual(MathAlphabet.calligraphic.map("A"), "\u{1D49C}")
        XCTAssertEqual(MathAlphabet.calligraphic.map("e"), "\u{1D452}", "script lowercase falls back to italic")
        XCTAssertEqual(MathAlphabet.fraktur.map("Z"), "\u{2128}")
        XCTAssertEqual(MathAlphabet.doubleStruck.map("R"), "\u{211D}")
        XCTAssertEqual(MathAlphabet.doubleStruck.map("1"), "\u{1D7D9}")
    }

    /// Every alphabet's Latin letters and digits land on code points Latin Modern Math has.
    func testEveryMappedLetterIsInTheFont() throws {
        let font = try MathFont(file: MathFontTests.latinModernMath)
        let alphabets: [MathAlphabet] = [.normal, .roman, .bold, .italic, .boldItalic, .sansSerif, .monospace, .calligraphic, .fraktur, .doubleStruck]
        let ascii = (0x30...0x39).compactMap(Unicode.Scalar.init) + (0x41...0x5A).compactMap(Unicode.Scalar.init) + (0x61...0x7A).compactMap(Unicode.Scalar.init)
        var missing: [String] = []
        for alphabet in alphabets {
            for scalar in ascii where font.glyph(for: alphabet.map(scalar)) == nil { missing.append("\(alphabet) \(scalar)") }
        }
        XCTAssertEqual(missing, [])
    }
}
