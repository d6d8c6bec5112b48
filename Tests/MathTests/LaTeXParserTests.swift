import Drawing
@testable import Math
import XCTest

/// The LaTeX parser (`math-facts.md` §4.3, §5.1, §5.12): the math lists TeX builds for these inputs.
final class LaTeXParserTests: XCTestCase {
    private func ord(_ scalar: Unicode.Scalar, _ alphabet: MathAlphabet = .normal, upper: MathList? = nil, lower: MathList? = nil) -> MathItem {
        .atom(MathAtom(.ord, .character(scalar, alphabet), upper: upper, lower: lower))
    }

    private func atom(_ atomClass: AtomClass, _ scalar: Unicode.Scalar) -> MathItem { .atom(MathAtom(atomClass, .character(scalar, .normal))) }

    private func parse(_ source: String) throws -> [MathItem] { try LaTeXParser.parse(source).items }

    func testScriptsAndCharacterClasses() throws {
        XCTAssertEqual(try parse("x^2"), [ord("x", upper: MathList([ord("2")]))])
        // e^{iπ} + 1 = 0: the minus and plus are Bin, = is Rel (§5.1).
        XCTAssertEqual(try parse(#"e^{i\pi} + 1 = 0"#), [ord("e", upper: MathList([ord("i"), ord("\u{03C0}")])), atom(.bin, "+"), ord("1"),
                                                       atom(.rel, "="), ord("0")])
        XCTAssertEqual(try parse("a-b*c"), [ord("a"), atom(.bin, "\u{2212}"), ord("b"), atom(.bin, "\u{2217}"), ord("c")])
        XCTAssertEqual(try parse("(x),;!"), [atom(.open, "("), ord("x"), atom(.close, ")"), atom(.punct, ","), atom(.punct, ";"), atom(.close, "!")])
        // Primes are a superscript, merging with one that follows; two are one double prime glyph (unicode-math).
        XCTAssertEqual(try parse("f''^2"), [ord("f", upper: MathList([ord("\u{2033}"), ord("2")]))])
        XCTAssertEqual(try parse("f'"), [ord("f", upper: MathList([ord("\u{2032}")]))])
        XCTAssertEqual(try parse("_1^2"), [.atom(MathAtom(.ord, .empty, upper: MathList([ord("2")]), lower: MathList([ord("1")])))])
        // Typed Unicode takes its class from the symbol table (§4.3 item 10).
        XCTAssertEqual(try parse("α ≤ β"), [ord("\u{03B1}"), atom(.rel, "\u{2264}"), ord("\u{03B2}")])
    }

    /// Issue 62, class 2: amsmath's `\dots` chooses by the next token — ⋯ on the axis before a binary operator, a
    /// relation, `\not` or a big operator (`\dotsb`), after a thin negative kern before an integral (`\dotsi`), the
    /// low … before a comma, a closing delimiter or nothing (`\dotsc`, `\dotso`).
    func testDotsChooseByWhatFollows() throws {
        let centred = atom(.inner, "\u{22EF}"), low = atom(.inner, "\u{2026}")
        let a1 = ord("a", lower: MathList([ord("1")])), an = ord("a", lower: MathList([ord("n")]))
        XCTAssertEqual(try parse(#"a_1 + \dots + a_n"#), [a1, atom(.bin, "+"), centred, atom(.bin, "+"), an])
        XCTAssertEqual(try parse(#"a_1, \dots, a_n"#), [a1, atom(.punct, ","), low, atom(.punct, ","), an])
        XCTAssertEqual(try parse(#"x_1 \dots= 0"#).dropFirst().first, centred)
        XCTAssertEqual(try parse(#"\dots \times b"#).first, centred)
        XCTAssertEqual(try parse(#"\dots \le b"#).first, centred)
        XCTAssertEqual(try parse(#"\dots \not= b"#).first, centred)
        XCTAssertEqual(try parse(#"\dots \sum b"#).first, centred)
        XCTAssertEqual(Array(try parse(#"\dots \int f"#).prefix(2)), [.space(.mu(-3)), centred])
        XCTAssertEqual(try parse(#"(a, \dots)"#)[3], low)
        XCTAssertEqual(try parse(#"a \dots"#).last, low)
        XCTAssertEqual(try parse(#"\dots x"#).first, low)
        // \ldots and \cdots say which they are.
        XCTAssertEqual(try parse(#"\ldots + b"#).first, low)
        XCTAssertEqual(try parse(#"\cdots, b"#).first, atom(.inner, "\u{22EF}"))
    }

    /// Issue 62, class 6: a font command sets every math character of its argument, as TeX's family switch does:
    /// an accent's base (`\mathbf{\hat n}`, `\mathrm{\dot x}`), scripts, fractions and radicals; text keeps its font.
    func testFontCommandsReachAccentsScriptsAndFractions() throws {
        XCTAssertEqual(try parse(#"\mathbf{\hat n}"#),
                       [.atom(MathAtom(.ord, .list(MathList([.atom(MathAtom(.ord, .accent("\u{0302}", kind: .accent, base: MathList([ord("n", .bold)]))))]))))])
        XCTAssertEqual(try parse(#"\mathrm{\dot x}"#),
                       [.atom(MathAtom(.ord, .list(MathList([.atom(MathAtom(.ord, .accent("\u{0307}", kind: .accent, base: MathList([ord("x", .roman)]))))]))))])
        XCTAssertEqual(try parse(#"\mathbf{x^2}"#), [.atom(MathAtom(.ord, .list(MathList([ord("x", .bold, upper: MathList([ord("2", .bold)]))]))))])
        guard case .atom(let fraction)? = try parse(#"\mathbf{\frac{a}{\sqrt{b}}}"#).first, case .list(let inner) = fraction.nucleus,
              case .atom(let atom)? = inner.items.first, case .fraction(let parts) = atom.nucleus else { return XCTFail("a fraction") }
        XCTAssertEqual(parts.numerator.items, [ord("a", .bold)])
        XCTAssertEqual(parts.denominator.items, [.atom(MathAtom(.ord, .radical(radicand: MathList([ord("b", .bold)]), index: nil)))])
        // Text inside keeps its own font.
        guard case .atom(let outer)? = try parse(#"\mathbf{\text{x}}"#).first, case .list(let list) = outer.nucleus,
              case .atom(let text)? = list.items.first else { return XCTFail("a group") }
        XCTAssertEqual(text.nucleus, .textRun("x", .normal))
    }

    func testStructures() throws {
        XCTAssertEqual(try parse(#"\frac{a}{b}"#), [.atom(MathAtom(.ord, .fraction(MathFraction(numerator: MathList([ord("a")]), denominator: MathList([ord("b")])))))])
        XCTAssertEqual(try parse(#"\tbinom12"#), [.atom(MathAtom(.ord, .fraction(MathFraction(numerator: MathList([ord("1")]), denominator: MathList([ord("2")]),
                                                                                      hasRule: false, style: .text, left: "(", right: ")"))))])
        XCTAssertEqual(try parse(#"\sqrt[3]{x}"#), [.atom(MathAtom(.ord, .radical(radicand: MathList([ord("x")]), index: MathList([ord("3")]))))])
        XCTAssertEqual(try parse(#"\left( x \middle| y \right."#),
                       [.atom(MathAtom(.inner, .leftRight(left: "(", body: MathList([ord("x"), .atom(MathAtom(.close, .middle("|"))), ord("y")]), right: nil)))])
        XCTAssertEqual(try parse(#"\Bigl\langle"#), [.atom(MathAtom(.open, .sizedDelimiter("\u{27E8}", size: 2)))])
        XCTAssertEqual(try parse(#"\hat{x}"#), [.atom(MathAtom(.ord, .accent("\u{0302}", kind: .accent, base: MathList([ord("x")]))))])
        XCTAssertEqual(try parse(#"\mathbf{x1}"#), [.atom(MathAtom(.ord, .list(MathList([ord("x", .bold), ord("1", .bold)]))))])
        XCTAssertEqual(try parse(#"\text{если } x"#), [.atom(MathAtom(.ord, .textRun("если ", .normal))), ord("x")])
        XCTAssertEqual(try parse(#"a\,b\quad c"#), [ord("a"), .space(.mu(3)), ord("b"), .space(.em(1)), ord("c")])
        XCTAssertEqual(try parse(#"\displaystyle x"#), [.style(.display), ord("x")])
    }

    /// Large operators and named operators (§5.12): limits in display for ∑ and lim, never for sin.
    func testOperators() throws {
        XCTAssertEqual(try parse(#"\sum_{i=1}^n"#), [.atom(MathAtom(.op, .character("\u{2211}", .normal), upper: MathList([ord("n")]),
                                                                  lower: MathList([ord("i"), atom(.rel, "="), ord("1")])))])
        XCTAssertEqual(try parse(#"\sin x"#), [.atom(MathAtom(.op, .text("sin", .roman), limits: .noLimits)), ord("x")])
        XCTAssertEqual(try parse(#"\lim\nolimits_{x\to0}"#), [.atom(MathAtom(.op, .text("lim", .roman), lower: MathList([ord("x"), atom(.rel, "\u{2192}"), ord("0")]),
                                                                            limits: .noLimits))])
        // Issue 40: the thin space is a space, not text (it was the source `arg\,max` set as text).
        XCTAssertEqual(try parse(#"\operatorname*{arg\,max}"#), [.atom(MathAtom(.op, .list(MathList([
            .atom(MathAtom(.ord, .text("arg", .roman))), .space(.mu(3)), .atom(MathAtom(.ord, .text("max", .roman))),
        ])), limits: .automatic))])
    }

    /// Issue 24's parser defects: typed radicals, `[t]` on aligned, math inside `\text`, aliases by expansion.
    func testTypedRadicalsOptionsMathInTextAndAliases() throws {
        XCTAssertEqual(try parse("\u{221A}2"), [.atom(MathAtom(.ord, .radical(radicand: MathList([ord("2")]), index: nil)))])
        XCTAssertEqual(try parse("\u{221B}x"), [.atom(MathAtom(.ord, .radical(radicand: MathList([ord("x")]), index: MathList([ord("3")]))))])
        XCTAssertEqual(try parse("\u{221A}"), [ord("\u{221A}")], "alone it is the sign")
        guard case .atom(let tableAtom)? = try parse(#"\begin{aligned}[t] a&=b \end{aligned}"#).first, case .table(let table) = tableAtom.nucleus else {
            return XCTFail("no table")
        }
        XCTAssertEqual(table.verticalAlignment, .top)
        XCTAssertEqual(table.rows.count, 1, "[t] is an option, not text of the first cell")
        let text = try parse(#"\text{a $x$ b}"#)
        guard case .atom(let textAtom)? = text.first, case .list(let inner) = textAtom.nucleus else { return XCTFail("\(text)") }
        // `$…$` inside text starts in text style (TeX's inline math), whatever the formula's style.
        XCTAssertEqual(inner.items, [.atom(MathAtom(.ord, .textRun("a ", .normal))), .atom(MathAtom(.ord, .inlineMath(MathList([ord("x")])))),
                                     .atom(MathAtom(.ord, .textRun(" b", .normal)))])
        XCTAssertEqual(try parse(#"\R"#), try parse(#"\mathbb{R}"#))
        XCTAssertEqual(try parse(#"\larr"#), try parse(#"\leftarrow"#))
        XCTAssertEqual(try parse(#"\not="#), [atom(.rel, "\u{2260}")])
    }

    /// Issue 62, class 5: text commands change one axis of the text face and keep the others, so nested ones
    /// combine (LaTeX's NFSS); the 2.09 switches set a whole face; `\emph` toggles; the typewriter face has no TeX
    /// ligatures; runs of spaces are one space and a tie is a space, as TeX's reader makes them.
    func testTextFacesCombineAsLaTeXsFontSelection() throws {
        func runs(_ source: String) throws -> [String] {
            func collect(_ items: [MathItem]) -> [String] {
                items.flatMap { item -> [String] in
                    guard case .atom(let atom) = item else { return [] }
                    switch atom.nucleus {
                    case .textRun(let text, let face):
                        return ["\(text)|\(face.family.rawValue)\(face.bold ? "+bold" : "")\(face.italic ? "+italic" : "")"]
                    case .list(let list): return collect(list.items)
                    default: return []
                    }
                }
            }
            return collect(try parse(source))
        }
        XCTAssertEqual(try runs(#"\textbf{\textit{x1}}"#), ["x1|roman+bold+italic"])
        XCTAssertEqual(try runs(#"\textit{\textbf{x}}"#), ["x|roman+bold+italic"])
        XCTAssertEqual(try runs(#"\textsf{\textbf{S}\textit{s}}"#), ["S|sans+bold", "s|sans+italic"])
        XCTAssertEqual(try runs(#"\texttt{\textbf{t}}"#), ["t|mono+bold"])
        XCTAssertEqual(try runs(#"\textbf{a \textup{b} \textmd{c}}"#), ["a |roman+bold", "b|roman+bold", " |roman+bold", "c|roman"])
        XCTAssertEqual(try runs(#"\textit{a \emph{b}}"#), ["a |roman+italic", "b|roman"])
        XCTAssertEqual(try runs(#"\emph{b}"#), ["b|roman+italic"])
        // \bf resets the shape (LaTeX 2.09), \bfseries keeps it.
        XCTAssertEqual(try runs(#"\textit{a {\bf b}}"#), ["a |roman+italic", "b|roman+bold"])
        XCTAssertEqual(try runs(#"\textit{a {\bfseries b}}"#), ["a |roman+italic", "b|roman+bold+italic"])
        XCTAssertEqual(try runs(#"\mathbf{\text{x}}"#), ["x|roman"])
        // TeX ligatures in roman and sans, none in typewriter.
        XCTAssertEqual(try runs(#"\text{a--b ``q''}"#), ["a\u{2013}b \u{201C}q\u{201D}|roman"])
        XCTAssertEqual(try runs(#"\texttt{a--b ``q''}"#), ["a--b ``q''|mono"])
        XCTAssertEqual(try runs(#"\verb|a--b|"#), ["a--b|mono"])
        // Spaces: a run is one, a tie is one, a control space swallows the spaces after it.
        XCTAssertEqual(try runs("\\text{a   b\nc}"), ["a b c|roman"])
        XCTAssertEqual(try runs(#"\text{a~b}"#), ["a b|roman"])
        XCTAssertEqual(try runs(#"\text{a~ b}"#), ["a  b|roman"])
        XCTAssertEqual(try runs(#"\text{a\  b}"#), ["a b|roman"])
    }

    /// Issue 62, class 7: a TeX box (`\mbox`, `\raisebox`, `\fbox` …) keeps the text size in a script (its list starts
    /// in text style), where amstext's `\text` shrinks; `\boldsymbol` makes an operator name bold, `\mathbf` does not.
    func testBoxesKeepTheirSizeAndBoldsymbolReachesOperatorNames() throws {
        guard case .atom(let x)? = try parse(#"x_{\mbox{a}}"#).first, let lower = x.lower, case .atom(let box)? = lower.items.first,
              case .list(let content) = box.nucleus else { return XCTFail("a box") }
        XCTAssertEqual(content.items.first, .style(.text))
        guard case .atom(let y)? = try parse(#"y_{\text{a}}"#).first, let textLower = y.lower else { return XCTFail("a script") }
        XCTAssertEqual(textLower.items, [.atom(MathAtom(.ord, .textRun("a", .normal)))])
        guard case .atom(let bold)? = try parse(#"\boldsymbol{\lim}"#).first, case .list(let inner) = bold.nucleus else { return XCTFail("a group") }
        XCTAssertEqual(inner.items, [.atom(MathAtom(.op, .text("lim", .bold)))])
        guard case .atom(let mathbf)? = try parse(#"\mathbf{\lim}"#).first, case .list(let plain) = mathbf.nucleus else { return XCTFail("a group") }
        XCTAssertEqual(plain.items, [.atom(MathAtom(.op, .text("lim", .roman)))])
    }

    /// Issue 40, defect 5: inside `\text`, the spaces after a control word are skipped, as TeX's reader skips them.
    func testTextSkipsTheSpaceAfterAControlWord() throws {
        func texts(_ items: [MathItem]) -> [String] {
            items.flatMap { item -> [String] in
                guard case .atom(let atom) = item else { return [] }
                switch atom.nucleus {
                case .textRun(let text, _): return [text]
                case .list(let list): return texts(list.items)
                default: return []
                }
            }
        }
        XCTAssertEqual(texts(try parse(#"\text{a \bf   x}"#)), ["a ", "x"])
        XCTAssertEqual(texts(try parse(#"\text{a \it y z}"#)), ["a ", "y z"])
        XCTAssertEqual(texts(try parse(#"\text{\ss x}"#)), ["\u{00DF}x"])
        // A control symbol keeps the space after it.
        XCTAssertEqual(texts(try parse(#"\text{a\, b}"#)), ["a", " b"])
    }

    /// Issue 40, defects 3 and 12: an operator name holding commands is math in the operator font, not its source as
    /// text; spaces in it are dropped; an optional argument is a math list (`\sqrt[a^2]{x}`).
    func testOperatorNamesAndOptionalArgumentsAreMath() throws {
        func operatorList(_ source: String) throws -> [MathItem] {
            guard case .atom(let atom)? = try parse(source).first, atom.atomClass == .op, case .list(let list) = atom.nucleus else {
                XCTFail("\(source): not an operator of a list: \(try parse(source))")
                return []
            }
            return list.items
        }
        XCTAssertEqual(try operatorList(#"\operatorname{\Gamma}"#), [ord("\u{0393}")])
        XCTAssertEqual(try operatorList(#"\operatorname{\mathbb{E}}"#), [.atom(MathAtom(.ord, .list(MathList([.atom(MathAtom(.ord, .character("E", .doubleStruck)))]))))])
        XCTAssertEqual(try operatorList(#"\operatorname{arg\,max}"#).count, 3)
        XCTAssertEqual(try operatorList(#"\operatorname{arg\,max}"#).first, .atom(MathAtom(.ord, .text("arg", .roman))))
        XCTAssertEqual(try parse(#"\operatorname{Gam ma}"#), try parse(#"\operatorname{Gamma}"#))
        XCTAssertEqual(try parse(#"\operatorname{Gamma}"#), [.atom(MathAtom(.op, .text("Gamma", .roman), limits: .noLimits))])
        guard case .atom(let root)? = try parse(#"\sqrt[a^2]{x}"#).first, case .radical(_, let index?) = root.nucleus,
              case .atom(let a)? = index.items.first else { return XCTFail("no radical index") }
        XCTAssertEqual(index.items.count, 1, "the index is a with a superscript, not a, ^ and 2")
        XCTAssertEqual(a.upper, MathList([ord("2")]))
        XCTAssertEqual(try parse(#"\sqrt[\sqrt[3]{y}]{x}"#).count, 1)
        XCTAssertThrowsError(try parse(#"\sqrt[3{x}"#))
    }

    /// Issue 40, defect 8: a script after `\overset`/`\underset` goes beside the whole stack (amsmath sets the stack as
    /// one atom), so it is neither a double superscript nor stacked over the base.
    func testScriptsAfterOversetGoBesideTheStack() throws {
        for source in [#"\overset{a}{b}^2"#, #"\underset{*}{x}^2"#, #"\stackrel{!}{=}_1"#] {
            guard case .atom(let outer)? = try parse(source).first else { return XCTFail(source) }
            XCTAssertEqual(outer.upper ?? outer.lower, MathList([ord(source.hasSuffix("_1") ? "1" : "2")]), source)
            guard case .list(let inner) = outer.nucleus, case .atom(let stack)? = inner.items.first else { return XCTFail(source) }
            XCTAssertEqual(stack.limits, .limits, source)
            XCTAssertNotNil(stack.upper ?? stack.lower, source)
        }
        XCTAssertEqual(try parse(#"\overset{!}{=}"#).first.flatMap { item -> AtomClass? in if case .atom(let atom) = item { return atom.atomClass } else { return nil } }, AtomClass.rel)
    }

    /// Issue 40, defect 7: `\boldsymbol` keeps a sole atom's class (amsbsy's \binrel@); `\mathbf` makes an ord group.
    func testBoldsymbolKeepsTheClassOfItsAtom() throws {
        func atomClass(_ source: String) throws -> AtomClass? {
            if case .atom(let atom)? = try parse(source).first { return atom.atomClass } else { return nil }
        }
        XCTAssertEqual(try atomClass(#"\boldsymbol{+}"#), .bin)
        XCTAssertEqual(try atomClass(#"\boldsymbol{=}"#), .rel)
        XCTAssertEqual(try atomClass(#"\bm{<}"#), .rel)
        XCTAssertEqual(try atomClass(#"\boldsymbol{x}"#), .ord)
        XCTAssertEqual(try atomClass(#"\boldsymbol{x+y}"#), .ord)
        XCTAssertEqual(try atomClass(#"\mathbf{+}"#), .ord)
    }

    /// Issue 40, defect 14: what KaTeX's support table lists and ipraster refused or misread.
    func testCommandsKaTeXListsParseAsItReadsThem() throws {
        XCTAssertEqual(try parse(#"\bgroup a \egroup"#), try parse("{a}"))
        // \set: \{\,…\,\} with its first bar a \mid; \Set: growing braces and a \middle bar, thick spaces around it.
        XCTAssertEqual(try parse(#"\set{x | x>0}"#), [.atom(MathAtom(.inner, .list(try LaTeXParser.parse(#"\{\,x \mid x>0\,\}"#))))])
        XCTAssertEqual(try parse(#"\Set{x | y}"#), [.atom(MathAtom(.inner, .list(try LaTeXParser.parse(#"\left\{\:x \;\middle\vert\; y\:\right\}"#))))])
        XCTAssertEqual(try parse(#"\Set{x \| y}"#), [.atom(MathAtom(.inner, .list(try LaTeXParser.parse(#"\left\{\:x \;\middle\Vert\; y\:\right\}"#))))])
        XCTAssertThrowsError(try LaTeXParser.parse(#"\Set{x | \bad}"#)) { error in
            XCTAssertEqual(error as? MathParseError, MathParseError(offset: 9, message: #"unknown command \bad"#), "the error names \\bad in the source")
        }
        // \verb takes any delimiter but a letter or *, a space included.
        XCTAssertEqual(try parse(#"\verb x y"#).first, .atom(MathAtom(.ord, .textRun("x", TextFace(family: .mono)))))
        guard case .atom(let sansItalic)? = try parse(#"\mathsfit{A}"#).first else { return XCTFail("no atom") }
        XCTAssertEqual("\(sansItalic)".contains("sansSerifItalic"), true, "\(sansItalic)")
        XCTAssertEqual(MathAlphabet.sansSerifItalic.map("A"), "\u{1D608}")
        XCTAssertEqual(MathAlphabet.sansSerifItalic.map("z"), "\u{1D63B}")
        // Colours with alpha.
        guard case .atom(let colored)? = try parse(#"\textcolor{#ff000080}{x}"#).first, case .colored(let color, _) = colored.nucleus else {
            return XCTFail("no colour")
        }
        XCTAssertEqual(color.a, 128.0 / 255, accuracy: 1e-9)
        XCTAssertEqual(color.r, 1)
        guard case .atom(let short)? = try parse(#"\textcolor{#0f08}{x}"#).first, case .colored(let shortColor, _) = short.nucleus else {
            return XCTFail("no colour")
        }
        XCTAssertEqual(shortColor, RGBA(r: 0, g: 1, b: 0, a: 136.0 / 255))
        XCTAssertThrowsError(try LaTeXParser.parse(#"\textcolor{#+ffff}{x}"#))
        // After "\\ " a bracket that holds no length starts the next row; right after \\ it must be a length.
        let matrix = try LaTeXParser.parse(#"\begin{matrix} a \\ [b] \end{matrix}"#)
        guard case .atom(let table)? = matrix.items.first, case .table(let rows) = table.nucleus else { return XCTFail("no table") }
        XCTAssertEqual(rows.rows.count, 2)
        XCTAssertEqual(rows.rowGaps, [0])
        XCTAssertThrowsError(try LaTeXParser.parse(#"\begin{matrix} a \\[b] \end{matrix}"#)) { error in
            XCTAssertEqual((error as? MathParseError)?.message, "bad length b")
        }
        // Issue 62, class 7: \\ inside a bare group breaks no line (TeX has no line to end there, KaTeX breaks only
        // the top level): the group is its items; at the top level the lines stack flush left in the surrounding style.
        guard case .atom(let group)? = try parse(#"{a \\[2pt] b}"#).first, case .list(let inner) = group.nucleus else { return XCTFail("no group") }
        XCTAssertEqual(inner.items, [ord("a"), ord("b")])
        guard case .atom(let stacked)? = try parse(#"a \\ b"#).first, case .table(let stack) = stacked.nucleus else { return XCTFail("no stack") }
        XCTAssertEqual(stack.rows.count, 2)
        XCTAssertEqual(stack.alignments, [.left])
        XCTAssertNil(stack.style)
        // `:` columns and \hdashline are dashed rules.
        guard case .atom(let dashed)? = try parse(#"\begin{array}{c:c|c} a & b & c \\ \hdashline d & e & f \end{array}"#).first,
              case .table(let array) = dashed.nucleus else { return XCTFail("no array") }
        XCTAssertEqual(array.verticalRules, [1, 2])
        XCTAssertEqual(array.dashedVerticalRules, [0])
        XCTAssertEqual(array.horizontalRules, [1])
        XCTAssertEqual(array.dashedHorizontalRules, [0])
    }

    /// The Decision "Equation numbers": `align`, `gather`, `alignat` and `equation` number their rows from (1) in a
    /// block formula; \tag replaces a number and does not count; \notag drops it; an inline formula has none.
    func testEquationsAreNumberedPerFormula() throws {
        func tags(_ source: String) throws -> [MathList?] {
            let parsed = try LaTeXParser.parseFormula(source, numbering: true)
            guard case .atom(let atom)? = parsed.list.items.first, case .table(let table) = atom.nucleus else { return [] }
            return table.rowTags
        }
        func number(_ text: String) -> MathList { MathList([.atom(MathAtom(.ord, .textRun(text, .normal)))]) }
        XCTAssertEqual(try tags(#"\begin{align} a&=b \\ c&=d \notag \\ e&=f \end{align}"#), [number("(1)"), nil, number("(2)")])
        XCTAssertEqual(try tags(#"\begin{gather} a \\ b \tag{*} \\ c \\ \end{gather}"#).map { $0 == nil }, [false, false, false])
        XCTAssertEqual(try tags(#"\begin{gather} a \\ b \tag{*} \\ c \end{gather}"#)[2], number("(2)"))
        XCTAssertEqual(try tags(#"\begin{align*} a&=b \end{align*}"#), [])
        XCTAssertEqual(try tags(#"\begin{aligned} a&=b \end{aligned}"#), [])
        let inline = try LaTeXParser.parseFormula(#"\begin{align} a&=b \end{align}"#, numbering: false)
        guard case .atom(let atom)? = inline.list.items.first, case .table(let table) = atom.nucleus else { return XCTFail("no table") }
        XCTAssertEqual(table.rowTags, [])
        // A stripped \begin{equation} wrapper is numbered by the formula typesetter (FormulaCoverageTests); its
        // source says so, and a control space at the end of a formula stays.
        XCTAssertTrue(FormulaSource(#"\begin{equation} x \end{equation}"#).isNumberedEquation)
        XCTAssertFalse(FormulaSource(#"\begin{equation*} x \end{equation*}"#).isNumberedEquation)
        XCTAssertEqual(FormulaSource(#"$x\ $"#).body, #"x\ "#)
        XCTAssertEqual(FormulaSource(#"$x\\ $"#).body, #"x\\"#)
    }

    func testErrorsNameWhereTheyAre() {
        func failure(_ source: String) -> MathParseError? {
            do { _ = try LaTeXParser.parse(source); return nil } catch { return error as? MathParseError }
        }
        XCTAssertEqual(failure("x^2^3"), MathParseError(offset: 3, message: "double superscript"))
        XCTAssertEqual(failure("x_1_2"), MathParseError(offset: 3, message: "double subscript"))
        XCTAssertEqual(failure(#"a + \foo"#), MathParseError(offset: 4, message: #"unknown command \foo"#))
        XCTAssertEqual(failure("{x")?.message, "missing }")
        XCTAssertEqual(failure("x}")?.message, "unexpected }")
        XCTAssertEqual(failure(#"\frac{a}"#)?.message, "missing argument")
        XCTAssertEqual(failure(#"\left( x"#)?.message, #"missing \right"#)
        XCTAssertEqual(failure(#"x \right)"#)?.message, #"\right without \left"#)
        XCTAssertEqual(failure(#"x\limits"#)?.message, #"\limits must follow an operator"#)
        XCTAssertEqual(failure(String(repeating: "{", count: 200))?.message, "groups nest deeper than 100")
    }

    /// Any input parses or fails with a MathParseError inside the source: 5,000 seeded random strings of LaTeX
    /// pieces (no crash, no hang, no other error).
    func testArbitraryInputParsesOrFailsCleanly() {
        let pieces = ["x", "^", "_", "{", "}", "'", "\\frac", "\\sqrt", "[", "]", "\\left", "\\right", "\\middle", "(", ")", "|", ".",
                      "\\text{a}", "\\hat", "\\sum", "\\limits", "\\,", " ", "\\", "&", "\\mathbf", "\\big", "α", "+", "-", "\\"]
        var state: UInt64 = 0x9E3779B97F4A7C15
        func next() -> Int {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return Int(state % UInt64(pieces.count))
        }
        for _ in 0..<5000 {
            let source = (0..<(next() % 12 + 1)).map { _ in pieces[next()] }.joined()
            do {
                _ = try LaTeXParser.parse(source)
            } catch let error as MathParseError {
                XCTAssertTrue((0...source.count).contains(error.offset), "\(source): \(error)")
            } catch {
                XCTFail("\(source): \(error)")
            }
        }
    }
}
