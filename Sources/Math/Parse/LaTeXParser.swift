/// Reads LaTeX math into a math list (`math-facts.md` §4.3 coverage, §5 symbols, §5.1 characters, §5.12 named
/// operators). Hand-written: TeX's grammar is small and no Debian package parses LaTeX math into a structure.
public struct LaTeXParser {
    let characters: [Character]
    var index = 0
    /// How deep groups may nest before the input is refused (malformed or hostile input).
    static let maxDepth = 100
    var depth = 0
    /// The `\tag` of the row (or formula) being read.
    var tag: MathList?
    /// `\def\arraystretch{…}`: the row stretch of the environments that follow.
    var arrayStretch: Double?
    /// The Decision "Equation numbers": a block formula's `align`, `gather`, `alignat` and `equation` number their
    /// rows (1), (2) … from 1 in each formula; `\tag` replaces a row's number, `\notag`/`\nonumber` drop it.
    var numbersEquations = false
    var equationCount = 0
    /// `\notag` or `\nonumber` in the row (or formula) being read.
    var rowUnnumbered = false

    init(_ source: String) {
        characters = Array(source)
    }

    public static func parse(_ source: String) throws -> MathList { try parseFormula(source).list }

    /// A formula and its equation tag (`\tag`), if it has one outside an environment.
    public struct Parsed: Sendable, Equatable {
        public var list: MathList
        public var tag: MathList?
        /// `\notag` or `\nonumber` outside an environment.
        public var unnumbered = false
    }

    /// `source` with its macros expanded and parsed; error offsets name the characters of `source`. `numbering`:
    /// number the rows of `align`, `gather`, `alignat` and `equation` (a block formula).
    public static func parseFormula(_ source: String, numbering: Bool = false) throws -> Parsed {
        let expanded = try MacroExpander.expand(source)
        do {
            var parser = LaTeXParser(expanded.text)
            parser.numbersEquations = numbering
            let list = try parser.formula()
            return Parsed(list: list, tag: parser.tag, unnumbered: parser.rowUnnumbered)
        } catch let failure as MathParseError {
            let offset = expanded.offsets[min(max(failure.offset, 0), expanded.offsets.count - 1)]
            throw MathParseError(offset: offset, message: failure.message)
        }
    }

    private mutating func formula() throws -> MathList {
        var parser = self
        defer { self = parser }
        let list = try parser.lines(until: "row")
        if parser.index < parser.characters.count { throw parser.error("unexpected \(parser.characters[parser.index])") }
        return list
    }

    /// Items up to `terminator` ("row": the end of the formula; "substack": an argument's "}"), where `\\` line breaks
    /// outside an environment stack the lines flush left, as KaTeX breaks a formula's top level (its lines start at
    /// the same left edge), in the surrounding style (an inline formula's lines stay in text style).
    mutating func lines(until terminator: String) throws -> MathList {
        var rows = try rowsBroken(until: terminator)
        if rows.count > 1, rows.last?.items.isEmpty == true { rows.removeLast() }
        guard rows.count > 1 else { return rows[0] }
        let table = MathTable(rows: rows.map { [$0] }, alignments: [.left], style: nil, columnGap: 0, jot: 0.3)
        return MathList([.atom(MathAtom(.ord, .table(table)))])
    }

    /// A braced group's items up to its "}": a `\\` in it breaks no line (TeX's `\\` has no line to end in a
    /// formula's group, and KaTeX breaks only the top level), so it is dropped with its optional length.
    mutating func groupItems() throws -> MathList {
        MathList(try rowsBroken(until: "substack").flatMap(\.items))
    }

    /// The lists up to `terminator` between `\\` line breaks (each with its optional length read and dropped).
    private mutating func rowsBroken(until terminator: String) throws -> [MathList] {
        var rows = [try list(until: terminator)]
        while atRowBreak {
            index += 2
            _ = try optionalLength()
            rows.append(try list(until: terminator))
        }
        return rows
    }

    // MARK: - Lists

    /// Items up to `terminator`, which is not consumed: "}", "\\right", "cell" (a table cell: up to `&`, `\\\\`,
    /// `\\cr` or `\\end`), "substack" (up to `\\\\` or "}") or "row" (the top level of a formula with `\\\\` line
    /// breaks); nil: to the end.
    /// TeX's infix `\\over`, `\\atop`, `\\choose` make the items before and after them a fraction.
    mutating func list(until terminator: String?) throws -> MathList {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maxDepth else { throw error("groups nest deeper than \(Self.maxDepth)") }
        var items: [MathItem] = []
        var infix: (kind: String, numerator: [MathItem], thickness: Double?)?
        loop: while true {
            skipSpaces()
            guard let c = peek else {
                if terminator == "}" || terminator == "substack" { throw error("missing }") }
                if terminator == "\\right" { throw error("missing \\right") }
                if terminator == "]" { throw error("missing ]") }
                break
            }
            // An optional argument ends at the first "]" outside braces (TeX's delimited-argument rule).
            if terminator == "]", c == "]" { break }
            if c == "}" {
                if terminator == "}" || terminator == "substack" { break }
                throw error("unexpected }")
            }
            if terminator == "\\right", lookingAt(command: "right") { break }
            if terminator == "cell", c == "&" || atRowBreak || lookingAt(command: "cr") || lookingAt(command: "end") { break }
            if terminator == "row" || terminator == "substack", atRowBreak { break }
            switch c {
            case "^", "_":
                let at = index
                index += 1
                try refuseUnbracedPrimitive(after: c)
                let script = try argument()
                try attach(script, superscript: c == "^", to: &items, at: at)
            case "'":
                var primes = 0
                while peek == "'" { primes += 1; index += 1 }
                // Two, three and four primes are one glyph each (″ ‴ ⁗), as unicode-math sets them.
                let combined: [Int: Unicode.Scalar] = [2: "\u{2033}", 3: "\u{2034}", 4: "\u{2057}"]
                let prime = combined[primes].map { MathList([.atom(MathAtom(.ord, .character($0, .normal)))]) }
                    ?? MathList(Array(repeating: .atom(MathAtom(.ord, .character("\u{2032}", .normal))), count: primes))
                try attach(prime, superscript: true, to: &items, at: index - primes, mergingPrimes: true)
            case "{":
                index += 1
                let group = try groupItems()
                index += 1
                items.append(.atom(MathAtom(.ord, .list(group))))
            case "\\" where lookingAt(command: "limits") || lookingAt(command: "nolimits"):
                let start = index
                let limits = readCommandName() == "limits"
                guard case .atom(var atom)? = items.last, atom.atomClass == .op else {
                    throw error("\\\(limits ? "limits" : "nolimits") must follow an operator", at: start)
                }
                atom.limits = limits ? .limits : .noLimits
                items[items.count - 1] = .atom(atom)
            case "\\" where Self.infixCommands.contains { lookingAt(command: $0) }:
                let start = index
                let name = readCommandName()
                guard infix == nil else { throw error("ambiguous: two of \\over, \\atop and \\choose in one group", at: start) }
                var kind = name, thickness: Double?
                if name == "above" {
                    switch try length(braced: false, start: start) {
                    case .em(let value): thickness = value
                    case .mu(let value): thickness = value / 18
                    }
                    if thickness == 0 { kind = "atop" }
                }
                infix = (kind == "above" ? "over" : kind, items, thickness)
                items = []
            case "\\" where Self.switchAhead(self):
                // \bf, \rm …, \large …: the rest of the group.
                let name = readCommandName()
                let rest = try list(until: terminator)
                if let factor = Self.sizeSwitches[name] {
                    items.append(.atom(MathAtom(.ord, .sized(factor, rest))))
                } else if let alphabet = Self.alphabetSwitches[name] {
                    items.append(.atom(MathAtom(.ord, .list(Self.applying(alphabet, to: rest)))))
                }
                break loop
            case "\\" where lookingAt(command: "color"):
                // \color switches the colour for the rest of the group.
                _ = readCommandName()
                let color = try colorArgument()
                let rest = try list(until: terminator)
                items.append(.atom(MathAtom(.ord, .colored(color, rest))))
                break loop
            case "\\":
                items.append(contentsOf: try command())
            case "&":
                throw error("& outside an environment")
            case "\u{221A}", "\u{221B}", "\u{221C}":
                // A typed √ (∛, ∜) is \sqrt of what follows it, as KaTeX reads it; alone it is the sign.
                index += 1
                skipSpaces()
                guard let next = peek, next != "}", next != "&", !atRowBreak, !"^_".contains(next) else {
                    items.append(.atom(MathAtom(.ord, .character(c.unicodeScalars.first!, .normal))))
                    break
                }
                let degree: MathList? = c == "\u{221B}" ? MathList([.atom(MathAtom(.ord, .character("3", .normal)))])
                    : c == "\u{221C}" ? MathList([.atom(MathAtom(.ord, .character("4", .normal)))]) : nil
                items.append(.atom(MathAtom(.ord, .radical(radicand: try argument(), index: degree))))
            case _ where Self.scriptDigits[c] != nil:
                // Typed ² or ₃ (§4.3 item 10): a script, merged with the ones that follow.
                let at = index
                let superscript = Self.scriptDigits[c]!.superscript
                var digits: [MathItem] = []
                while let next = peek, let digit = Self.scriptDigits[next], digit.superscript == superscript {
                    digits.append(.atom(MathAtom(.ord, .character(digit.scalar, .normal))))
                    index += 1
                }
                try attach(MathList(digits), superscript: superscript, to: &items, at: at)
            default:
                index += 1
                if let item = Self.item(for: c) { items.append(item) }
            }
        }
        guard let infix else { return MathList(items) }
        let numerator = MathList(infix.numerator), denominator = MathList(items)
        let delimiters: (Unicode.Scalar?, Unicode.Scalar?) = ["choose": ("(", ")"), "brace": ("{", "}"), "brack": ("[", "]")][infix.kind] ?? (nil, nil)
        let fraction = MathFraction(numerator: numerator, denominator: denominator, hasRule: infix.kind == "over", left: delimiters.0, right: delimiters.1,
                                    ruleThickness: infix.kind == "over" ? infix.thickness : nil)
        return MathList([.atom(MathAtom(.inner, .fraction(fraction)))])
    }

    /// amsmath's `\if@display\mkern18mu\else\mkern8mu\fi`: a block formula is display math, an inline one is not
    /// (read here from the style the formula starts in).
    static func displayDependentSpace(display: Double, other: Double) -> MathItem {
        let space = { (mu: Double) in MathList([.atom(MathAtom(.ord, .phantom(MathList([.space(.mu(mu))]), keepsWidth: true, keepsHeight: false)))]) }
        return .atom(MathAtom(.ord, .choice(display: space(display), text: space(other), script: space(other), scriptScript: space(other))))
    }

    static let infixCommands = ["over", "atop", "choose", "brace", "brack", "above"]

    /// A size or old font switch (`\large`, `\bf`) is next.
    static func switchAhead(_ parser: LaTeXParser) -> Bool {
        guard parser.peek == "\\" else { return false }
        var probe = parser
        let name = probe.readCommandName()
        return sizeSwitches[name] != nil || alphabetSwitches[name] != nil
    }


    /// At `\\\\` (a row break in a table).
    var atRowBreak: Bool { index + 1 < characters.count && characters[index] == "\\" && characters[index + 1] == "\\" }

    /// `^`/`_` on the last atom (an empty one when there is none); a second one of the same kind is an error.
    /// Primes merge into a following or existing superscript (`x'^2` → x^{′2}).
    mutating func attach(_ script: MathList, superscript: Bool, to items: inout [MathItem], at offset: Int, mergingPrimes: Bool = false) throws {
        var atom: MathAtom
        if case .atom(let last)? = items.last {
            atom = last
            items.removeLast()
        } else {
            atom = MathAtom(.ord, .empty)
        }
        if superscript {
            if let existing = atom.upper {
                guard mergingPrimes || existing.items.allSatisfy(Self.isPrime) else { throw error("double superscript", at: offset) }
                atom.upper = MathList(existing.items + script.items)
            } else {
                atom.upper = script
            }
        } else {
            guard atom.lower == nil else { throw error("double subscript", at: offset) }
            atom.lower = script
        }
        items.append(.atom(atom))
    }

    static func isPrime(_ item: MathItem) -> Bool {
        if case .atom(let atom) = item, case .character(let scalar, .normal) = atom.nucleus, ["\u{2032}", "\u{2033}", "\u{2034}", "\u{2057}"].contains(scalar) {
            return true
        }
        return false
    }

    /// One argument: a braced group, a command (with its own arguments) or one character.
    mutating func argument() throws -> MathList {
        skipSpaces()
        guard let c = peek else { throw error("missing argument") }
        switch c {
        case "{":
            index += 1
            let group = try lines(until: "substack")
            index += 1
            return group
        case "\\":
            return MathList(try command())
        case "}", "^", "_", "&":
            throw error("missing argument before \(c)")
        default:
            index += 1
            return MathList(Self.item(for: c).map { [$0] } ?? [])
        }
    }

    // MARK: - Characters (§5.1)

    static func item(for character: Character) -> MathItem? {
        guard let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1 else {
            return .atom(MathAtom(.ord, .text(String(character), .normal)))
        }
        switch character {
        case " ", "\t", "\n", "\r": return nil
        case "~": return .space(.em(0.332))
        case "+": return .atom(MathAtom(.bin, .character(scalar, .normal)))
        case "-", "\u{2212}": return .atom(MathAtom(.bin, .character("\u{2212}", .normal)))
        case "*": return .atom(MathAtom(.bin, .character("\u{2217}", .normal)))
        case "\u{00B7}": return .atom(MathAtom(.bin, .character("\u{22C5}", .normal)))
        case "=", "<", ">", ":": return .atom(MathAtom(.rel, .character(scalar, .normal)))
        case ",", ";": return .atom(MathAtom(.punct, .character(scalar, .normal)))
        case "!", "?", ")", "]": return .atom(MathAtom(.close, .character(scalar, .normal)))
        case "(", "[": return .atom(MathAtom(.open, .character(scalar, .normal)))
        // A typed bar is \vert (Ord), not \lvert or \rvert: TeX cannot tell opening from closing ones.
        case "|", "\u{2016}", "/": return .atom(MathAtom(.ord, .character(scalar, .normal)))
        default:
            // Lenient Unicode input (§4.3 item 10): a typed symbol takes its class from the symbol table.
            let atomClass = Self.unicodeClass[scalar] ?? .ord
            return .atom(MathAtom(atomClass, .character(scalar, .normal), limits: atomClass == .op && isIntegral(scalar) ? .noLimits : .automatic))
        }
    }

    /// The class of each code point the symbol table gives as an atom (the first command that names it).
    static let unicodeClass: [Unicode.Scalar: AtomClass] = {
        var classes: [Unicode.Scalar: AtomClass] = [:]
        for (_, symbol) in MathSymbol.table.sorted(by: { $0.key < $1.key }) {
            if case .atom(let atomClass) = symbol.kind, classes[symbol.scalar] == nil { classes[symbol.scalar] = atomClass }
        }
        return classes
    }()

    // MARK: - Commands

    mutating func command() throws -> [MathItem] {
        let start = index
        let name = readCommandName()
        if let space = Self.spaces[name] { return [.space(space)] }
        if let style = Self.styles[name] { return [.style(style)] }
        if let op = Self.namedOperators[name] {
            return [.atom(MathAtom(.op, .text(op.text, .roman), limits: op.limits ? .automatic : .noLimits))]
        }
        if let alphabet = Self.alphabets[name] {
            let argument = try argument()
            // amsbsy's \boldsymbol (and bm's \bm) keep a sole atom's class (\binrel@): `\boldsymbol{+}` is still a
            // binary operator, `\boldsymbol{=}` a relation. \mathbf and the other alphabets make an ord group, as LaTeX.
            let atomClass = name == "boldsymbol" || name == "bm" ? Self.soleClass(argument) ?? .ord : .ord
            return [.atom(MathAtom(atomClass, .list(Self.applying(alphabet, to: argument))))]
        }
        if name == "mbox" { return [.atom(MathAtom(.ord, .list(try boxArgument())))] }
        if let change = Self.textCommands[name] {
            let text = try textArgument(change.applied(to: .normal))
            // One run of text stays one text atom (a `\text{…}` without math or commands inside).
            if text.items.count == 1, case .atom(let atom) = text.items[0], case .textRun = atom.nucleus { return text.items }
            return [.atom(MathAtom(.ord, .list(text)))]
        }
        if let items = try boxCommand(name, start: start) { return items }
        switch name {
        case "frac", "dfrac", "tfrac":
            let style: MathFraction.Style = name == "frac" ? .automatic : name == "tfrac" ? .text : .display
            return [.atom(MathAtom(.ord, .fraction(MathFraction(numerator: try tokenArgument(of: name), denominator: try tokenArgument(of: name),
                                                                style: style))))]
        case "cfrac":
            // amsmath: {\displaystyle\frac{\strut #2}{#3}}\kern-\nulldelimiterspace; [l]/[r] are accepted, the numerator
            // stays centred.
            skipSpaces()
            let side = peek == "[" ? try optionText(start: start) : "c"
            guard ["l", "c", "r"].contains(side) else { throw error("\\cfrac takes [l], [c] or [r], not [\(side)]", at: start) }
            let strut = MathItem.atom(MathAtom(.ord, .rule(width: .em(0), height: .em(1.2), raise: .em(-0.36))))
            let numerator = [strut] + (try argument()).items
            let denominator = try argument()
            let fraction = MathItem.atom(MathAtom(.ord, .fraction(MathFraction(numerator: MathList(numerator), denominator: MathList([.style(.display)] + denominator.items),
                                                                               style: .display))))
            return [fraction, .space(.em(-MathTypesetter.nullDelimiterSpace))]
        case "binom", "dbinom", "tbinom":
            let style: MathFraction.Style = name == "binom" ? .automatic : name == "tbinom" ? .text : .display
            return [.atom(MathAtom(.ord, .fraction(MathFraction(numerator: try tokenArgument(of: name), denominator: try tokenArgument(of: name), hasRule: false, style: style,
                                                                left: "(", right: ")"))))]
        case "sqrt":
            skipSpaces()
            var degree: MathList?
            if peek == "[" {
                index += 1
                degree = try bracketed()
            }
            return [.atom(MathAtom(.ord, .radical(radicand: try argument(), index: degree)))]
        case "left":
            let left = try delimiter()
            let body = try list(until: "\\right")
            _ = readCommandName()  // \right: the list stopped at it
            let right = try delimiter()
            return [.atom(MathAtom(.inner, .leftRight(left: left, body: body, right: right)))]
        case "middle":
            // e-TeX makes \middle a right noad that opens the next group: Close toward what precedes it, Open toward
            // what follows (no space around the bar, a Bin on either side becomes Ord); the typesetter applies
            // the second half (MathTypesetter.layout).
            return [.atom(MathAtom(.close, .middle(try delimiter())))]
        case "right":
            throw error("\\right without \\left", at: start)
        case "begin":
            return try environment(at: start)
        case "end":
            throw error("\\end without \\begin", at: start)
        case "substack":
            return [.atom(MathAtom(.ord, .table(try substack())))]
        case "textcolor":
            let color = try colorArgument()
            return [.atom(MathAtom(.ord, .colored(color, try argument())))]
        case "colorbox":
            let color = try colorArgument()
            return [.atom(MathAtom(.ord, .boxed(try boxArgument(), background: color, border: false)))]
        case "boxed":
            return [.atom(MathAtom(.ord, .boxed(MathList([.style(.display)] + (try argument()).items), background: nil, border: true)))]
        case "phantom", "hphantom", "vphantom":
            return [.atom(MathAtom(.ord, .phantom(try argument(), keepsWidth: name != "vphantom", keepsHeight: name != "hphantom")))]
        case "hspace", "hskip", "kern", "mkern", "mskip":
            if name == "hspace" { _ = consume("*") }
            return [.space(try length(braced: false, start: start))]
        case "dots":
            return dots()
        case "bmod":
            // amsmath: \nonscript\mskip-\medmuskip\mkern5mu on each side of the binary operator: 1 mu besides the Bin's
            // 4 mu in display and text style; in script styles \nonscript drops the −4 mu and a Bin has no space, so 5 mu.
            let side = MathItem.atom(MathAtom(.ord, .choice(display: MathList([.space(.mu(1))]), text: MathList([.space(.mu(1))]),
                                                            script: MathList([.space(.mu(5))]), scriptScript: MathList([.space(.mu(5))]))))
            return [side, .atom(MathAtom(.bin, .text("mod", .roman))), side]
        case "pmod":
            let argument = try self.argument()
            // amsmath: \mkern18mu in display (8 mu inline) ({\operator@font mod}\mkern6mu #1); the word is an Ord.
            return [Self.displayDependentSpace(display: 18, other: 8), .atom(MathAtom(.open, .character("(", .normal))),
                    .atom(MathAtom(.ord, .text("mod", .roman))), .space(.mu(6)), .atom(MathAtom(.ord, .list(argument))),
                    .atom(MathAtom(.close, .character(")", .normal)))]
        case "mod":
            return [Self.displayDependentSpace(display: 18, other: 12), .atom(MathAtom(.ord, .text("mod", .roman))), .space(.mu(6))]
        case "overset", "underset", "stackrel":
            // The base keeps its class (a relation stays one), with the script set as a limit (amsmath, KaTeX).
            let script = try argument()
            let base = try argument()
            let atomClass: AtomClass = name == "stackrel" ? .rel : Self.soleClass(base) ?? .ord
            // amsmath: \mathop{\kern0pt #2}\limits^{#1} inside an atom of #2's class, so a script after it goes beside
            // the whole stack (`\overset{a}{b}^2`, `\underset{*}{x}^2`) instead of meeting the limit.
            let stack = MathAtom(.op, .list(base), upper: name == "underset" ? nil : script, lower: name == "underset" ? script : nil,
                                 limits: .limits)
            return [.atom(MathAtom(atomClass, .list(MathList([.atom(stack)]))))]
        case _ where Self.extensibleArrows[name] != nil:
            skipSpaces()
            var below: MathList?
            if peek == "[" {
                index += 1
                below = try bracketed()
            }
            return [.atom(MathAtom(.rel, .extensibleArrow(Self.extensibleArrows[name]!, above: try argument(), below: below)))]
        case "operatorname":
            let limits: MathAtom.Limits = consume("*") ? .automatic : .noLimits
            skipSpaces()
            let argumentStart = index
            let raw = try rawGroup()
            // Letters only (the usual case): upright text, spaces dropped as math mode drops them (`Gam ma`).
            if !raw.contains(where: { "\\{}^_$&~".contains($0) }) {
                return [.atom(MathAtom(.op, .text(raw.filter { !$0.isWhitespace }, .roman), limits: limits))]
            }
            // Anything else is math in the operator font (amsmath's \operatorname: \operatorfont with - * . / : ' as
            // text): `\operatorname{\Gamma}`, `\operatorname{\mathbb{E}}`, `\operatorname{arg\,max}`.
            index = argumentStart
            return [.atom(MathAtom(.op, .list(Self.operatorName(try argument())), limits: limits))]
        default:
            if let size = Self.bigSizes[name] {
                // `\big.` is an empty box as tall and deep as a `\big(` and no wider than nothing (LaTeX's
                // \left. \vcenter to …{} \right. with \nulldelimiterspace 0: LuaLaTeX's \bigr. is 0 × 16.14 + 6.62 pt).
                guard let scalar = try delimiter() else {
                    let strut = MathList([.atom(MathAtom(.ord, .sizedDelimiter("(", size: size.size)))])
                    return [.atom(MathAtom(size.atomClass, .phantom(strut, keepsWidth: false, keepsHeight: true)))]
                }
                return [.atom(MathAtom(size.atomClass, .sizedDelimiter(scalar, size: size.size)))]
            }
            if let symbol = MathSymbol.named(name) {
                switch symbol.kind {
                case .atom(let atomClass):
                    // Integrals never take limits unless told (\limits); ∑ and friends do in display style (§3.9). Plain
                    // TeX's \intop is the integral sign without \int's \nolimits: limits in display style.
                    let limits: MathAtom.Limits = atomClass == .op && Self.isIntegral(symbol.scalar) && name != "intop" ? .noLimits : .automatic
                    return [.atom(MathAtom(atomClass, .character(symbol.scalar, .normal), limits: limits))]
                case .over where Self.isBrace(symbol.scalar), .under where Self.isBrace(symbol.scalar):
                    // \overbrace and \underbrace are operators: their ^ and _ labels go above and below (TeX \mathop…\limits).
                    return [.atom(MathAtom(.op, .accent(symbol.scalar, kind: symbol.kind, base: try argument()), limits: .limits))]
                case .accent, .wideAccent, .over, .under, .overRule, .underRule, .overSegment, .underSegment, .underAccent:
                    return [.atom(MathAtom(.ord, .accent(symbol.scalar, kind: symbol.kind, base: try argument())))]
                }
            }
            throw error("unknown command \\\(name)", at: start)
        }
    }

    /// A delimiter after `\left`, `\right`, `\middle` or `\big`: a character, a command naming one, or `.` (none).
    mutating func delimiter() throws -> Unicode.Scalar? {
        skipSpaces()
        guard let c = peek else { throw error("missing delimiter") }
        if c == "." { index += 1; return nil }
        if c == "\\" {
            let start = index
            let name = readCommandName()
            if name == "|" { return "\u{2016}" }
            guard let symbol = MathSymbol.named(name), case .atom(let atomClass) = symbol.kind,
                  [.open, .close, .ord, .rel].contains(atomClass) else { throw error("\\\(name) is not a delimiter", at: start) }
            return symbol.scalar
        }
        index += 1
        guard "()[]|/<>".contains(c), let scalar = c.unicodeScalars.first else { throw error("\(c) is not a delimiter", at: index - 1) }
        switch c {
        case "<": return "\u{27E8}"
        case ">": return "\u{27E9}"
        default: return scalar
        }
    }

    /// `[…]` (the index of `\sqrt`), its closing bracket consumed.
    /// An optional argument after its "[": a math list up to the matching "]" (`\sqrt[a^2]{x}`, `\xrightarrow[a_1]{}`).
    mutating func bracketed() throws -> MathList {
        let list = try list(until: "]")
        index += 1
        return list
    }

    /// The raw text of a braced argument (`\text{…}`), nested braces kept balanced; a single character without braces.
    mutating func rawGroup() throws -> String {
        skipSpaces()
        guard let c = peek else { throw error("missing argument") }
        guard c == "{" else { index += 1; return String(c) }
        index += 1
        var text = ""
        var level = 0
        while let c = peek {
            index += 1
            if c == "\\", let next = peek, "{}$%&#_ \\".contains(next) {
                index += 1
                text.append(next == "\\" ? " " : next)
                continue
            }
            if c == "{" { level += 1 }
            if c == "}" {
                if level == 0 { return text }
                level -= 1
            }
            text.append(c)
        }
        throw error("missing }")
    }

    // MARK: - Reading

    var peek: Character? { index < characters.count ? characters[index] : nil }

    mutating func skipSpaces() {
        while let c = peek, c == " " || c == "\t" || c == "\n" || c == "\r" { index += 1 }
    }

    mutating func consume(_ character: Character) -> Bool {
        guard peek == character else { return false }
        index += 1
        return true
    }

    func lookingAt(command name: String) -> Bool {
        let letters = Array(name)
        guard index + letters.count < characters.count || index + letters.count == characters.count, characters[index] == "\\" else { return false }
        guard index + 1 + letters.count <= characters.count, Array(characters[(index + 1)..<(index + 1 + letters.count)]) == letters else { return false }
        let after = index + 1 + letters.count
        return after >= characters.count || !characters[after].isLetter
    }

    /// A backslash and the command name: letters, or one other character (`\,`, `\{`).
    mutating func readCommandName() -> String {
        index += 1  // the backslash
        guard let first = peek else { return "" }
        index += 1
        guard first.isLetter, first.isASCII else { return String(first) }
        var name = String(first)
        while let c = peek, c.isLetter, c.isASCII { name.append(c); index += 1 }
        return name
    }

    func error(_ message: String, at offset: Int? = nil) -> MathParseError {
        MathParseError(offset: offset ?? min(index, characters.count), message: message)
    }

    /// An operator name's math: runs of Latin letters and digits (with the characters amsmath's \newmcodes@ makes
    /// text: - * . / : ') become upright text, so `arg\,max` sets like `argmax` with its space; Greek, \mathbb and
    /// the rest keep their own forms.
    static func operatorName(_ list: MathList) -> MathList {
        var items: [MathItem] = []
        var run = ""
        func flush() {
            if !run.isEmpty { items.append(.atom(MathAtom(.ord, .text(run, .roman)))) }
            run = ""
        }
        for item in list.items {
            if case .atom(let atom) = item, atom.upper == nil, atom.lower == nil, case .character(let scalar, .normal) = atom.nucleus,
               scalar == "\u{2212}" || (scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-*./:".unicodeScalars.contains(scalar))) {
                run.unicodeScalars.append(scalar == "\u{2212}" ? "-" : scalar)
                continue
            }
            flush()
            items.append(item)
        }
        flush()
        return MathList(items)
    }

    /// ∫ ∬ ∭ ∮ ∯ ∰ ∱ ∲ ∳ and the integrals of Supplemental Mathematical Operators.
    static func isIntegral(_ scalar: Unicode.Scalar) -> Bool {
        (0x222B...0x2233).contains(scalar.value) || (0x2A0B...0x2A1C).contains(scalar.value)
    }
}
