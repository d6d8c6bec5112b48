@testable import Math
import XCTest

/// mhchem's `\ce` and `\pu` (issue 25): what they read into, checked as the math lists of the LaTeX mhchem
/// documents for each construct, and errors naming the character.
final class ChemistryTests: XCTestCase {
    private func same(_ chemistry: String, _ latex: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let read = try LaTeXParser.parse(chemistry)
        let written = try LaTeXParser.parse(latex)
        guard case .atom(let atom)? = read.items.first, case .chemistry(let inner) = atom.nucleus, read.items.count == 1 else {
            return XCTFail("\(chemistry) is not one group: \(read)", file: file, line: line)
        }
        XCTAssertEqual(inner, written, chemistry, file: file, line: line)
    }

    func testFormulaeChargesAndNumbers() throws {
        try same(#"\ce{H2O}"#, #"\mathrm{H}_{2}\mathrm{O}"#)
        try same(#"\ce{Sb2O3}"#, #"\mathrm{Sb}_{2}\mathrm{O}_{3}"#)
        try same(#"\ce{(NH4)2S}"#, #"(\mathrm{N}\mathrm{H}_{4})_{2}\mathrm{S}"#)
        // A charge after a subscript follows it, as mhchem 4 sets SO4^2- (LuaLaTeX: as wide as SO, 4 and 2− side by side).
        try same(#"\ce{SO4^2-}"#, #"\mathrm{S}\mathrm{O}_{4}{}^{2-}"#)
        try same(#"\ce{Fe^{III}2O4}"#, #"\mathrm{Fe}^{\mathrm{III}}{}_{2}\mathrm{O}_{4}"#)
        try same(#"\ce{Na+}"#, #"\mathrm{Na}^{+}"#)
        try same(#"\ce{Fe^{III}}"#, #"\mathrm{Fe}^{\mathrm{III}}"#)
        try same(#"\ce{2H2O}"#, #"2\,\mathrm{H}_{2}\mathrm{O}"#)
        try same(#"\ce{1/2 H2O}"#, #"\frac{1}{2}\, \mathrm{H}_{2}\mathrm{O}"#)
        try same(#"\ce{n H2O}"#, #"n\, \mathrm{H}_{2}\mathrm{O}"#)
        try same(#"\ce{^{227}_{90}Th}"#, #"^{227}_{90}\mathrm{Th}"#)
        try same(#"\ce{CuSO4*5H2O}"#, #"\mathrm{Cu}\mathrm{S}\mathrm{O}_{4}\,{\cdot}\,5\mathrm{H}_{2}\mathrm{O}"#)
        try same(#"\ce{NaCl(aq)}"#, #"\mathrm{Na}\mathrm{Cl}(\mathrm{aq})"#)
    }

    func testEquationsArrowsAndSigns() throws {
        try same(#"\ce{A + B -> C v}"#, #"\mathrm{A} + \mathrm{B} \xrightarrow{} \mathrm{C} \downarrow"#)
        try same(#"\ce{A ->[H2O] B}"#, #"\mathrm{A} \xrightarrow{\mathrm{H}_{2}\mathrm{O}} \mathrm{B}"#)
        try same(#"\ce{A <=>[H+][OH-] B}"#, #"\mathrm{A} \xrightleftharpoons[{\mathrm{O}\mathrm{H}^{-}}]{\mathrm{H}^{+}} \mathrm{B}"#)
        try same(#"\ce{H2 ^}"#, #"\mathrm{H}_{2} \uparrow"#)
    }

    func testUnits() throws {
        try same(#"\pu{1.2e3 kJ}"#, #"1.2\cdot10^{3}\,\mathrm{kJ}"#)
        try same(#"\pu{1.2E3 kJ}"#, #"1.2\times10^{3}\,\mathrm{kJ}"#)
        try same(#"\pu{123 kJ//mol}"#, #"123\,\frac{\mathrm{kJ}}{\mathrm{mol}}"#)
        try same(#"\pu{9.81 m/s^2}"#, #"9.81\,\mathrm{m}/\mathrm{s}^{2}"#)
        try same(#"\pu{kg m s-2}"#, #"\mathrm{kg}\mkern1mu \mathrm{m}\mkern1mu \mathrm{s}^{-2}"#)
    }

    func testUnknownSyntaxFailsWithItsCharacter() {
        XCTAssertThrowsError(try LaTeXParser.parse(#"\ce{H2O & x}"#)) { error in
            let failure = error as? MathParseError
            XCTAssertEqual(failure?.offset, 8, "the & is the 9th character of the source")
            XCTAssertEqual(failure?.message.contains("cannot read &"), true, "\(String(describing: failure))")
        }
        XCTAssertThrowsError(try LaTeXParser.parse(#"\ce{A ->[x B}"#))
        XCTAssertThrowsError(try LaTeXParser.parse(#"\pu{12 m^x}"#))
    }
}
