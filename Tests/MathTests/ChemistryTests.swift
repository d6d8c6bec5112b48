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

    /// mhchem hangs a count and a charge on a capital-height strut each, so they follow each other at the heights a
    /// capital gives them (LuaLaTeX sets CrO4^2- exactly as wide and as high as this).
    private func sub(_ text: String) -> String { #"{\vphantom{X}}_{\smash[t]{"# + text + "}}" }
    private func sup(_ text: String) -> String { #"{\vphantom{X}}^{"# + text + "}" }

    func testFormulaeChargesAndNumbers() throws {
        try same(#"\ce{H2O}"#, #"\mathrm{H}"# + sub("2") + #"\mathrm{O}"#)
        try same(#"\ce{Sb2O3}"#, #"\mathrm{Sb}"# + sub("2") + #"\mathrm{O}"# + sub("3"))
        try same(#"\ce{(NH4)2S}"#, #"(\mathrm{N}\mathrm{H}"# + sub("4") + ")" + sub("2") + #"\mathrm{S}"#)
        try same(#"\ce{SO4^2-}"#, #"\mathrm{S}\mathrm{O}"# + sub("4") + sup("2-"))
        try same(#"\ce{Fe^{III}2O4}"#, #"\mathrm{Fe}"# + sup(#"\mathrm{III}"#) + sub("2") + #"\mathrm{O}"# + sub("4"))
        try same(#"\ce{Na+}"#, #"\mathrm{Na}"# + sup("+"))
        try same(#"\ce{2H2O}"#, #"2\,\mathrm{H}"# + sub("2") + #"\mathrm{O}"#)
        try same(#"\ce{1/2 H2O}"#, #"\frac{1}{2}\, \mathrm{H}"# + sub("2") + #"\mathrm{O}"#)
        try same(#"\ce{n H2O}"#, #"n\, \mathrm{H}"# + sub("2") + #"\mathrm{O}"#)
        // An isotope's numbers are one script pair before the symbol.
        try same(#"\ce{^{227}_{90}Th}"#, #"{\vphantom{X}}^{227}_{90}\mathrm{Th}"#)
        // Adducts: * and . alike (a . after a count is no decimal point); the next part's number takes a thin space.
        let hydrate = #"\mathrm{Cu}\mathrm{S}\mathrm{O}"# + sub("4") + #"\,{\cdot}\,5\,\mathrm{H}"# + sub("2") + #"\mathrm{O}"#
        try same(#"\ce{CuSO4*5H2O}"#, hydrate)
        try same(#"\ce{CuSO4.5H2O}"#, hydrate)
        // A state keeps 0.2 ex before it after a letter (LaTeX's mhchem); Greek is upright, and a lone Greek letter
        // takes a hyphen, not a bond.
        try same(#"\ce{NaCl(aq)}"#, #"\mathrm{Na}\mathrm{Cl}\hspace{0.2ex}(\mathrm{aq})"#)
        try same(#"\ce{\mu-Cl}"#, #"\mathrm{\mu}\text{-}\mathrm{Cl}"#)
    }

    /// Issue 62, class 1: a charge followed by a state of aggregation is still the charge (mhchem's `-` before
    /// `(aq)` is a charge, not a bond), so an ionic equation reads Ag⁺(aq) + Cl⁻(aq), never "Ag + (aq)".
    func testIonsWithStates() throws {
        // After a script no space comes before the state (LaTeX's mhchem).
        let aq = #"(\mathrm{aq})"#
        try same(#"\ce{Ag+(aq)}"#, #"\mathrm{Ag}"# + sup("+") + aq)
        try same(#"\ce{Cl-(aq)}"#, #"\mathrm{Cl}"# + sup("-") + aq)
        // A count after an element is its subscript, also before a charge (mhchem: Fe3+ is Fe₃⁺; Fe^3+ is Fe³⁺).
        try same(#"\ce{Fe3+(aq)}"#, #"\mathrm{Fe}"# + sub("3") + sup("+") + aq)
        try same(#"\ce{Fe^3+(aq)}"#, #"\mathrm{Fe}"# + sup("3+") + aq)
        try same(#"\ce{SO4^2-(aq)}"#, #"\mathrm{S}\mathrm{O}"# + sub("4") + sup("2-") + aq)
        try same(#"\ce{Ag+(aq) + Cl-(aq) -> AgCl(s)}"#, #"\mathrm{Ag}"# + sup("+") + aq + #" {}+{} \mathrm{Cl}"# + sup("-") + aq
                 + #" \xrightarrow{} \mathrm{Ag}\mathrm{Cl}\hspace{0.2ex}(\mathrm{s})"#)
        // A sign before a group that is not a state stays what it was: a bond inside the species.
        try same(#"\ce{C-(CH3)}"#, #"\mathrm{C}{-}(\mathrm{C}\mathrm{H}"# + sub("3") + ")")
    }

    /// Issue 62, class 4: more of chemistry as mhchem reads it (LaTeX's mhchem 4 for spacing, mhchem's grammar for
    /// what is what).
    func testMoreChemistryAsMhchemReadsIt() throws {
        // A formula's letters are upright: ligands, electrons, sites; one letter before an element is an amount.
        try same(#"\ce{[Cu(en)2]^2+}"#, #"[\mathrm{Cu}(\mathrm{en})"# + sub("2") + "]" + sup("2+"))
        try same(#"\ce{e-}"#, #"\mathrm{e}"# + sup("-"))
        try same(#"\ce{xH2O}"#, #"x\,\mathrm{H}"# + sub("2") + #"\mathrm{O}"#)
        // Orbitals: the number, a thin space, the upright letters; a hyphen after one joins (an orbital overlap).
        try same(#"\ce{1s^2-N}"#, #"1\,\mathrm{s}"# + sup("2") + #"\text{-}\mathrm{N}"#)
        try same(#"\ce{sp3}"#, #"\mathrm{sp}"# + sub("3"))
        try same(#"\ce{2p}"#, #"2\,\mathrm{p}"#)
        // Kröger–Vink: sites upright, x neutral (the letter, as LaTeX's mhchem sets it), dots positive; a charge's
        // subscript hangs under it.
        try same(#"\ce{Si_{Si}^x}"#, #"\mathrm{Si}"# + sub(#"\mathrm{Si}"#) + sup("x"))
        try same(#"\ce{Li^x_{Li,1-2x}}"#, #"\mathrm{Li}"# + sup("x") + #"_{\smash[t]{\mathrm{Li}{,}\mkern1mu 1-2x}}"#)
        try same(#"\ce{V_{O}^{..}}"#, #"\mathrm{V}"# + sub(#"\mathrm{O}"#) + sup(#"{\bullet}{\bullet}"#))
        // Operators written apart: = and - as ordinary signs 0.5 ex apart, + binary wherever it stands.
        try same(#"\ce{A = B}"#, #"\mathrm{A} \hspace{0.5ex}{=}\hspace{0.5ex} \mathrm{B}"#)
        try same(#"\ce{A +}"#, #"\mathrm{A} {}+{}"#)
        try same(#"\ce{A (v) + B (^)}"#, #"\mathrm{A} {}\mathop{\downarrow}{} {}+{} \mathrm{B} {}\mathop{\uparrow}{}"#)
        // A sign apart after a lone Greek letter is that particle's charge (β⁺ decay).
        try same(#"\ce{\beta +}"#, #"\mathrm{\beta}"# + sup("+"))
        // Equilibria with a direction: the favoured harpoon full length, the other 1 em shorter and centred on it.
        try same(#"\ce{A <=>> B}"#, #"\mathrm{A} \mathrel{\mathrlap{\raisebox{-.22ex}{$\mkern9mu\leftharpoondown\mkern9mu$}}\raisebox{.22ex}{$\xrightharpoonup{}$}} \mathrm{B}"#)
        try same(#"\ce{A <<=> B}"#, #"\mathrm{A} \mathrel{\mathrlap{\raisebox{.22ex}{$\mkern9mu\rightharpoonup\mkern9mu$}}\raisebox{-.22ex}{$\xleftharpoondown{}$}} \mathrm{B}"#)
        // \pu: a second number after ±, and each side of a quotient a quantity of its own.
        try same(#"\pu{1.2345 \pm 0.00005 mol}"#, #"{1.2345{}\pm{}0.000\mkern2mu 05~\mathrm{mol}}"#)
        let fraction = #"\frac{\mathrm{l}}{100~\mathrm{km}}"#
        try same(#"\pu{5 l//100km}"#, "{5~\\mathchoice{\\textstyle\(fraction)}{\(fraction)}{\(fraction)}{\(fraction)}}")
        // The quotients are read by nested calls: a \pu of thousands of slashes is refused, never a deep recursion.
        XCTAssertThrowsError(try LaTeXParser.parse("\\pu{" + String(repeating: "m/", count: 5000) + "s}")) { error in
            XCTAssertTrue("\(error)".contains("more than 32 quotients"), "\(error)")
        }
    }

    func testBonds() throws {
        try same(#"\ce{C-C}"#, #"\mathrm{C}{-}\mathrm{C}"#)
        // LaTeX's mhchem: two minus signs 0.2 ex above and below, three 0.4 ex apart.
        try same(#"\ce{C=C}"#, #"\mathrm{C}{\mathrlap{\raisebox{.2ex}{$-$}}\raisebox{-.2ex}{$-$}}\mathrm{C}"#)
        try same(#"\ce{C#C}"#, #"\mathrm{C}{\mathrlap{\raisebox{.4ex}{$-$}}\mathrlap{-}\raisebox{-.4ex}{$-$}}\mathrm{C}"#)
    }

    func testEquationsArrowsAndSigns() throws {
        try same(#"\ce{A + B -> C v}"#, #"\mathrm{A} {}+{} \mathrm{B} \xrightarrow{} \mathrm{C} {}\mathop{\downarrow}{}"#)
        try same(#"\ce{A ->[H2O] B}"#, #"\mathrm{A} \xrightarrow{\mathrm{H}"# + sub("2") + #"\mathrm{O}} \mathrm{B}"#)
        // mhchem's equilibrium: a right harpoon 0.22 ex up over a left one 0.22 ex down, each as long as both labels.
        let upper = #"\mathrm{H}"# + sup("+"), lower = #"\mathrm{O}\mathrm{H}"# + sup("-")
        try same(#"\ce{A <=>[H+][OH-] B}"#, #"\mathrm{A} \mathrel{\mathrlap{\raisebox{.22ex}{$\xrightharpoonup[\hphantom{"# + lower + "}]{" + upper
                 + #"}$}}\raisebox{-.22ex}{$\xleftharpoondown[{"# + lower + #"}]{\hphantom{"# + upper + #"}}$}} \mathrm{B}"#)
        try same(#"\ce{H2 ^}"#, #"\mathrm{H}"# + sub("2") + #" {}\mathop{\uparrow}{}"#)
    }

    /// Issue 40, defect 10: what mhchem reads as written. A spaced hyphen is the minus between species (LuaLaTeX:
    /// `\ce{A - B}` is 50.8 pt wide, as wide as `\ce{A + B}`), not a charge on A; `\bond{…}`; arrow labels that are
    /// words, `\text{…}`, other scripts or a nested `\ce{…}`; `$…$` inside a script is math; a lower-case word
    /// is text unless a species follows it.
    func testWhatMhchemReadsAsWritten() throws {
        try same(#"\ce{A - B}"#, #"\mathrm{A} \hspace{0.5ex}{-}\hspace{0.5ex} \mathrm{B}"#)
        try same(#"\ce{A\bond{=}B}"#, #"\mathrm{A}{\mathrlap{\raisebox{.2ex}{$-$}}\raisebox{-.2ex}{$-$}}\mathrm{B}"#)
        try same(#"\ce{A\bond{...}B}"#, #"\mathrm{A}{\cdot}{\cdot}{\cdot}\mathrm{B}"#)
        try same(#"\ce{A\bond{->}B\bond{1}C}"#, #"\mathrm{A}{\rightarrow}\mathrm{B}{-}\mathrm{C}"#)
        try same(#"\ce{A ->[heat] B}"#, #"\mathrm{A} \xrightarrow{\text{heat}} \mathrm{B}"#)
        try same(#"\ce{A ->[\text{高温}] B}"#, #"\mathrm{A} \xrightarrow{\text{高温}} \mathrm{B}"#)
        try same(#"\ce{A ->[加热] B}"#, #"\mathrm{A} \xrightarrow{\text{加热}} \mathrm{B}"#)
        try same(#"\ce{A ->[\ce{H2O}] B}"#, #"\mathrm{A} \xrightarrow{{\mathrm{H}"# + sub("2") + #"\mathrm{O}}} \mathrm{B}"#)
        try same(#"\ce{A_{$x$}^{$n$+}}"#, #"\mathrm{A}"# + sub("{x}") + sup("{n}+"))
        try same(#"\ce{x}"#, #"\text{x}"#)
        try same(#"\ce{heat + A}"#, #"\text{heat} {}+{} \mathrm{A}"#)
        try same(#"\ce{x H2O}"#, #"x\, \mathrm{H}"# + sub("2") + #"\mathrm{O}"#)
        XCTAssertThrowsError(try LaTeXParser.parse(#"\ce{A\bond{?}B}"#)) { error in
            XCTAssertTrue("\(error)".contains(#"\bond{?} is no bond"#), "\(error)")
        }
    }

    /// `\pu` as mhchemParser writes it: a tie before the unit, 3 mu between units written apart, a tight dot for
    /// `*`, powers inside the unit's `\mathrm`, `//` as a text-style fraction, long numbers in digit groups.
    func testUnits() throws {
        try same(#"\pu{123 kJ}"#, #"{123~\mathrm{kJ}}"#)
        try same(#"\pu{1.2e3 kJ}"#, #"{1.2\cdot 10^{3}~\mathrm{kJ}}"#)
        try same(#"\pu{1.2E3 kJ}"#, #"{1.2\times 10^{3}~\mathrm{kJ}}"#)
        try same(#"\pu{1.2x10^-3 m}"#, #"{1.2\times 10^{-3}~\mathrm{m}}"#)
        let fraction = #"\frac{\mathrm{kJ}}{\mathrm{mol}}"#
        try same(#"\pu{123 kJ//mol}"#, #"{123~\mathchoice{\textstyle"# + fraction + "}{" + fraction + "}{" + fraction + "}{" + fraction + "}}")
        try same(#"\pu{9.81 m/s^2}"#, #"{9.81~\mathrm{m}/\mathrm{s^{2}}}"#)
        try same(#"\pu{75.3 J / mol K}"#, #"{75.3~\mathrm{J}\,/\,\mathrm{mol}\mkern3mu \mathrm{K}}"#)
        try same(#"\pu{kg m s-2}"#, #"{\mathrm{kg}\mkern3mu \mathrm{m}\mkern3mu \mathrm{s^{-2}}}"#)
        try same(#"\pu{123 J*s}"#, #"{123~\mathrm{J}\mkern1mu{\cdot}\mkern1mu \mathrm{s}}"#)
        try same(#"\pu{1234567.12345 m}"#, #"{1\mkern2mu 234\mkern2mu 567.123\mkern2mu 45~\mathrm{m}}"#)
        try same(#"\pu{25 ^oC}"#, #"{25~\mathrm{{}^{\circ}C}}"#)
    }

    func testUnknownSyntaxFailsWithItsCharacter() {
        XCTAssertThrowsError(try LaTeXParser.parse(#"\ce{H2O & x}"#)) { error in
            let failure = error as? MathParseError
            XCTAssertEqual(failure?.offset, 8, "the & is the 9th character of the source")
            XCTAssertEqual(failure?.message.contains("cannot read &"), true, "\(String(describing: failure))")
        }
        XCTAssertThrowsError(try LaTeXParser.parse(#"\ce{A ->[x B}"#))
        XCTAssertThrowsError(try LaTeXParser.parse(#"\pu{12 m^x}"#))
        XCTAssertThrowsError(try LaTeXParser.parse(#"\pu{12 kJ//}"#))
        XCTAssertThrowsError(try LaTeXParser.parse(#"\pu{}"#))
    }
}
