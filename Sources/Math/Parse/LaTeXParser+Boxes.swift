import Drawing
import FoundationEssentials
import Primitives

/// Commands beyond `math-facts.md` §4.3 that KaTeX's support table lists: atom classes (`\mathop` …), laps,
/// `\smash`, `\not`, the cancel family, `\genfrac`, `\fbox`/`\fcolorbox`, `\raisebox`, `\rule`, `\vcenter`,
/// `\hbox`, `\mathchoice`, `\char`, `\verb`, more stretchy accents and arrows, and equation tags.
extension LaTeXParser {
    /// The argument of a TeX box (`\mbox`, `\hbox`, `\fbox`, `\raisebox`, `\colorbox`, the text laps): text at the
    /// text size, also in a script (a box keeps the font it was made with; amstext's `\text` is what shrinks), and
    /// math inside it starts in text style.
    mutating func boxArgument() throws -> MathList {
        MathList([.style(.text)] + (try textArgument(.normal)).items)
    }

    /// Atom-class commands: their argument as one atom of that class.
    static let classCommands: [String: AtomClass] = [
        "mathord": .ord, "mathop": .op, "mathbin": .bin, "mathrel": .rel, "mathopen": .open, "mathclose": .close,
        "mathpunct": .punct, "mathinner": .inner,
    ]

    /// Switches that apply to the rest of the group: old font commands (`\bf` …) as alphabets.
    static let alphabetSwitches: [String: MathAlphabet] = [
        "bf": .bold, "rm": .roman, "it": .italic, "sf": .sansSerif, "tt": .monospace, "cal": .calligraphic, "mit": .normal,
    ]

    /// LaTeX's size commands as KaTeX scales them (relative to \normalsize, not to each other).
    static let sizeSwitches: [String: Double] = [
        "tiny": 0.5, "sixptsize": 0.6, "scriptsize": 0.7, "footnotesize": 0.8, "small": 0.9, "normalsize": 1.0,
        "large": 1.2, "Large": 1.44, "LARGE": 1.728, "huge": 2.074, "Huge": 2.488,
    ]

    /// More stretchy constructions over and under their argument, by the arrow or brace they stretch.
    static let extraAccents: [String: (scalar: Unicode.Scalar, kind: MathSymbol.Kind)] = [
        "overgroup": ("\u{23E0}", .over), "undergroup": ("\u{23E1}", .under), "overleftharpoon": ("\u{21BC}", .over),
        "overrightharpoon": ("\u{21C0}", .over), "Overrightarrow": ("\u{21D2}", .over), "overlinesegment": ("\u{2014}", .overSegment),
        "underlinesegment": ("\u{2014}", .underSegment), "underleftrightarrow": ("\u{034D}", .under), "underbar": ("\u{0332}", .underRule),
        // unicode-math's arrows over are the combining arrows as stretchy accents (the symbol table's .over arrows
        // stood a gap above the base: 8 pt taller than LuaTeX's \overrightarrow{AB}).
        "overrightarrow": ("\u{20D7}", .wideAccent), "overleftarrow": ("\u{20D6}", .wideAccent), "overleftrightarrow": ("\u{20E1}", .wideAccent),
    ]

    static let extraArrows: [String: Unicode.Scalar] = [
        "xleftharpoondown": "\u{21BD}", "xleftharpoonup": "\u{21BC}", "xrightharpoondown": "\u{21C1}", "xrightharpoonup": "\u{21C0}",
        "xleftrightharpoons": "\u{21CB}", "xrightleftharpoons": "\u{21CC}", "xtofrom": "\u{21C4}", "xtwoheadleftarrow": "\u{219E}",
        "xtwoheadrightarrow": "\u{21A0}",
        // KaTeX's mhchem arrows, usable outside \ce.
        "xrightleftarrows": "\u{21C4}", "xrightequilibrium": "\u{21CC}", "xleftequilibrium": "\u{21CB}",
    ]

    /// The commands of this file and `command()`'s own, for `\providecommand` (which keeps what exists).
    static func isKnownCommand(_ name: String) -> Bool {
        spaces[name] != nil || styles[name] != nil || namedOperators[name] != nil || alphabets[name] != nil || textCommands[name] != nil
            || classCommands[name] != nil || alphabetSwitches[name] != nil || sizeSwitches[name] != nil || bigSizes[name] != nil
            || extensibleArrows[name] != nil || extraArrows[name] != nil || extraAccents[name] != nil || MathSymbol.named(name) != nil
    }

    /// A command of this file, or nil when `name` is none of them.
    mutating func boxCommand(_ name: String, start: Int) throws -> [MathItem]? {
        if let atomClass = Self.classCommands[name] {
            let body = try argument()
            return [.atom(MathAtom(atomClass, .list(body)))]
        }
        if let accent = Self.extraAccents[name] {
            return [.atom(MathAtom(.ord, .accent(accent.scalar, kind: accent.kind, base: try argument())))]
        }
        if let arrow = Self.extraArrows[name] {
            skipSpaces()
            var below: MathList?
            if peek == "[" {
                index += 1
                below = try bracketed()
            }
            return [.atom(MathAtom(.rel, .extensibleArrow(arrow, above: try argument(), below: below)))]
        }
        switch name {
        case "llap", "rlap", "clap":
            let alignment: MathLap = name == "llap" ? .left : name == "rlap" ? .right : .center
            return [.atom(MathAtom(.ord, .lap(try boxArgument(), alignment)))]
        case "mathllap", "mathrlap", "mathclap":
            let alignment: MathLap = name == "mathllap" ? .left : name == "mathrlap" ? .right : .center
            return [.atom(MathAtom(.ord, .lap(try argument(), alignment)))]
        case "smash":
            skipSpaces()
            var height = true, depth = true
            if peek == "[" {
                let option = try optionText(start: start)
                switch option {
                case "t": depth = false
                case "b": height = false
                case "tb", "bt", "": break
                default: throw error("\\smash takes [t] or [b], not [\(option)]", at: start)
                }
            }
            return [.atom(MathAtom(.ord, .smash(try argument(), height: height, depth: depth)))]
        case "not":
            skipSpaces()
            guard peek != nil else { throw error("\\not needs a symbol after it", at: start) }
            var next = try argument()
            if next.items.count == 1, case .atom(let atom) = next.items[0], case .character(let scalar, let alphabet) = atom.nucleus,
               let negated = Self.negations[scalar] {
                // Unicode has the negated symbol: the font's glyph is better than an overlay.
                next.items[0] = .atom(MathAtom(atom.atomClass, .character(negated, alphabet)))
                return next.items
            }
            let atomClass = Self.soleClass(next) ?? .rel
            return [.atom(MathAtom(atomClass, .negated(next)))]
        case "cancel", "bcancel", "xcancel", "sout":
            let lines: [MathEnclosure] = name == "cancel" ? [.upDiagonal] : name == "bcancel" ? [.downDiagonal]
                : name == "xcancel" ? [.upDiagonal, .downDiagonal] : [.horizontalStrike]
            let body = name == "sout" ? try textArgument(.normal) : try argument()
            return [.atom(MathAtom(.ord, .enclosed(body, lines)))]
        case "angl":
            return [.atom(MathAtom(.ord, .enclosed(try argument(), [.topAndRight])))]
        case "phase":
            return [.atom(MathAtom(.ord, .enclosed(try argument(), [.phaseAngle])))]
        case "pmb":
            // amsbsy's poor man's bold: three copies overprinted, at −0.8 mu, at −0.4 mu raised 0.5 mu, and at 0, in
            // the box of one, keeping the argument's class (\pmb{+} is still a Bin).
            let body = try argument()
            let copy = MathItem.atom(MathAtom(.ord, .list(body)))
            let raised = MathItem.atom(MathAtom(.ord, .raised(MathList([copy]), by: .mu(0.5))))
            let items: [MathItem] = [.space(.mu(-0.8)), .atom(MathAtom(.ord, .lap(MathList([copy]), .right))), .space(.mu(0.4)),
                                     .atom(MathAtom(.ord, .lap(MathList([raised]), .right))), .space(.mu(0.4)), copy]
            return [.atom(MathAtom(Self.soleClass(body) ?? .ord, .list(MathList(items))))]
        case "set", "Set":
            // braket's sets as KaTeX defines them: \set{x | P} is \{\,x \mid P\,\}; \Set grows its braces around
            // the content (\left\{\: … \:\right\}) and its first | or \| with them, a thick space either side.
            skipSpaces()
            let contentStart = index + 1
            let content = Array(try rawGroup())
            let grown = name == "Set"
            var body = "", depth = 0, replaced = false, i = 0
            /// Where the bar's replacement starts in `body` and how many characters longer it is than the bar.
            var replacement = (at: Int.max, extra: 0)
            while i < content.count {
                let c = content[i]
                if c == "\\", i + 1 < content.count {
                    // A control word whole, or a control symbol; \| (which macro expansion has made \Vert) is the
                    // double bar \Set grows.
                    var end = i + 2
                    if content[i + 1].isASCII, content[i + 1].isLetter {
                        while end < content.count, content[end].isASCII, content[end].isLetter { end += 1 }
                    }
                    let command = String(content[(i + 1)..<end])
                    if !replaced, depth == 0, grown, command == "|" || command == "Vert" {
                        let bars = "\\;\\middle\\Vert\\;"
                        replacement = (body.count, bars.count - (end - i))
                        body += bars
                        replaced = true
                    } else {
                        body += String(content[i..<end])
                    }
                    i = end
                    continue
                }
                if c == "{" { depth += 1 }
                if c == "}" { depth -= 1 }
                if c == "|", depth == 0, !replaced {
                    let bar = grown ? "\\;\\middle\\vert\\;" : "\\mid "
                    replacement = (body.count, bar.count - 1)
                    body += bar
                    replaced = true
                } else {
                    body.append(c)
                }
                i += 1
            }
            let prefix = grown ? "\\left\\{\\:" : "\\{\\,", suffix = grown ? "\\:\\right\\}" : "\\,\\}"
            do {
                return [.atom(MathAtom(.inner, .list(try subformula(prefix + body + suffix, at: 0))))]
            } catch let failure as MathParseError {
                var offset = failure.offset - prefix.count
                if offset > replacement.at { offset = max(replacement.at, offset - replacement.extra) }
                throw error(failure.message, at: contentStart + max(0, min(offset, content.count)))
            }
        case "genfrac":
            let left = try genfracDelimiter(start: start), right = try genfracDelimiter(start: start)
            let thicknessText = try rawGroup()
            let styleText = try rawGroup().trimmingWhitespace()
            // Empty: the font's rule; a dimension: that thickness (0: none).
            var thickness: Double?
            switch Self.dimension(thicknessText) {
            case .em(let value): thickness = value
            case .mu(let value): thickness = value / 18
            case nil: thickness = nil
            }
            let hasRule = thickness.map { $0 != 0 } ?? true
            let numerator = try argument(), denominator = try argument()
            let fractionStyle: MathFraction.Style = styleText == "0" ? .display : styleText == "1" ? .text : .automatic
            var items: [MathItem] = []
            if styleText == "2" { items.append(.style(.script)) }
            if styleText == "3" { items.append(.style(.scriptScript)) }
            // amsmath's \genfrac is a braced group, so an Ord (as \frac), not TeX's Inner of a bare \over.
            items.append(.atom(MathAtom(.ord, .fraction(MathFraction(numerator: numerator, denominator: denominator, hasRule: hasRule,
                                                                       style: fractionStyle, left: left, right: right,
                                                                       ruleThickness: hasRule ? thickness : nil)))))
            return items.count == 1 ? items : [.atom(MathAtom(.ord, .list(MathList(items))))]
        case "fbox":
            return [.atom(MathAtom(.ord, .framed(try boxArgument(), border: nil, background: nil)))]
        case "fcolorbox":
            let border = try colorArgument(), background = try colorArgument()
            return [.atom(MathAtom(.ord, .framed(try boxArgument(), border: border, background: background)))]
        case "raisebox":
            let amount = try length(braced: true, start: start)
            return [.atom(MathAtom(.ord, .raised(try boxArgument(), by: amount)))]
        case "rule":
            skipSpaces()
            var raise = MathSpace.em(0)
            if peek == "[" {
                let text = try optionText(start: start)
                guard let space = Self.dimension(text) else { throw error("bad length \(text)", at: start) }
                raise = space
            }
            let width = try length(braced: true, start: start), height = try length(braced: true, start: start)
            return [.atom(MathAtom(.ord, .rule(width: width, height: height, raise: raise)))]
        case "vcenter":
            return [.atom(MathAtom(.ord, .vcenter(try argument())))]
        case "hbox":
            return [.atom(MathAtom(.ord, .list(try boxArgument())))]
        case "mathchoice":
            let display = try argument(), text = try argument(), script = try argument(), scriptScript = try argument()
            return [.atom(MathAtom(.ord, .choice(display: display, text: text, script: script, scriptScript: scriptScript)))]
        case "char":
            return [.atom(MathAtom(.ord, .character(try characterCode(start: start), .normal)))]
        case "verb":
            let star = consume("*")
            // Any character but a letter or * delimits (a space too, as KaTeX reads `\verb x y`).
            guard let delimiter = peek, !delimiter.isLetter, delimiter != "*" || star else { throw error("\\verb needs a delimiter", at: start) }
            index += 1
            var text = ""
            while let c = peek, c != delimiter { text.append(c); index += 1 }
            guard consume(delimiter) else { throw error("\\verb is missing its closing \(delimiter)", at: start) }
            return [.atom(MathAtom(.ord, .textRun(star ? text.replacingEvery(" ", with: "\u{2423}") : text, TextFace(family: .mono))))]
        case "vcentcolon":
            return [.atom(MathAtom(.rel, .vcenter(MathList([.atom(MathAtom(.ord, .character(":", .normal)))]))))]
        case "arraystretch":
            let start = index
            let text = try rawGroup()
            guard let value = Double(text.trimmingWhitespace()), value > 0, value <= 10 else {
                throw error("\\arraystretch must be a number from 0 to 10", at: start)
            }
            arrayStretch = value
            return []
        case "tag":
            let starred = consume("*")
            guard tag == nil else { throw error("multiple \\tag in one row", at: start) }
            let body = try textArgument(.normal)
            tag = starred ? body : MathList([.atom(MathAtom(.ord, .textRun("(", .normal)))] + body.items + [.atom(MathAtom(.ord, .textRun(")", .normal)))])
            return []
        case "ce", "pu":
            // mhchem: the argument read as chemistry (or units), then set as the LaTeX that stands for it.
            skipSpaces()
            guard consume("{") else { throw error("\\\(name) needs a braced argument", at: start) }
            let contentStart = index
            var level = 0
            while let c = peek, !(c == "}" && level == 0) {
                if c == "{" { level += 1 }
                if c == "}" { level -= 1 }
                index += 1
            }
            guard consume("}") else { throw error("missing } after \\\(name)", at: start) }
            let content = String(characters[contentStart..<(index - 1)])
            let latex: String
            do {
                latex = name == "ce" ? try ChemistryParser.chemistry(content) : try ChemistryParser.physicalUnit(content)
            } catch let failure as ChemistryParser.Failure {
                throw error(failure.message, at: contentStart + failure.offset)
            }
            do {
                return [.atom(MathAtom(.ord, .chemistry(try subformula(latex, at: 0))))]
            } catch let failure as MathParseError {
                throw error("\\\(name): \(failure.message) (in its LaTeX \(latex))", at: start)
            }
        case "label":
            _ = try rawGroup()
            return []
        case "nonumber", "notag":
            rowUnnumbered = true
            return []
        default:
            return nil
        }
    }

    /// `[…]` as text.
    mutating func optionText(start: Int) throws -> String {
        guard consume("[") else { return "" }
        var text = ""
        while let c = peek, c != "]" { text.append(c); index += 1 }
        guard consume("]") else { throw error("missing ]", at: start) }
        return text.trimmingWhitespace()
    }

    /// A `\genfrac` delimiter: `{}` or `.` for none, else one delimiter character or command.
    private mutating func genfracDelimiter(start: Int) throws -> Unicode.Scalar? {
        skipSpaces()
        if peek == "{" {
            let save = index
            index += 1
            skipSpaces()
            if consume("}") { return nil }
            index = save
            let text = try rawGroup().trimmingWhitespace()
            var inner = LaTeXParser(text)
            let scalar = try inner.delimiter()
            return scalar
        }
        return try delimiter()
    }

    /// `\char` codes: `"263a` (hex), `'17` (octal), `` `x `` (a character) or decimal.
    private mutating func characterCode(start: Int) throws -> Unicode.Scalar {
        skipSpaces()
        var radix = 10
        if consume("\"") { radix = 16 } else if consume("'") { radix = 8 } else if consume("`") {
            if peek == "\\" { index += 1 }
            guard let c = peek, let scalar = c.unicodeScalars.first else { throw error("\\char needs a code", at: start) }
            index += 1
            return scalar
        }
        var digits = ""
        while let c = peek, c.isHexDigit, Int(String(c), radix: radix) != nil { digits.append(c); index += 1 }
        guard let value = UInt32(digits, radix: radix), let scalar = Unicode.Scalar(value), value > 0 else {
            throw error("\\char needs a character code", at: start)
        }
        return scalar
    }

    /// Symbols whose negation Unicode has as one character (`\not=` → ≠).
    static let negations: [Unicode.Scalar: Unicode.Scalar] = [
        "=": "\u{2260}", "<": "\u{226E}", ">": "\u{226F}", "\u{2208}": "\u{2209}", "\u{220B}": "\u{220C}", "\u{2264}": "\u{2270}",
        "\u{2265}": "\u{2271}", "\u{2282}": "\u{2284}", "\u{2283}": "\u{2285}", "\u{2286}": "\u{2288}", "\u{2287}": "\u{2289}",
        "\u{2261}": "\u{2262}", "\u{223C}": "\u{2241}", "\u{2243}": "\u{2244}", "\u{2245}": "\u{2247}", "\u{2248}": "\u{2249}",
        "\u{2223}": "\u{2224}", "\u{2225}": "\u{2226}", "\u{2203}": "\u{2204}", "\u{227A}": "\u{2280}", "\u{227B}": "\u{2281}",
        "\u{22A2}": "\u{22AC}", "\u{22A8}": "\u{22AD}", "\u{2192}": "\u{219B}", "\u{2190}": "\u{219A}", "\u{2194}": "\u{21AE}",
        "\u{21D2}": "\u{21CF}", "\u{21D0}": "\u{21CD}", "\u{21D4}": "\u{21CE}", "\u{2273}": "\u{2275}", "\u{2272}": "\u{2274}",
        "\u{2276}": "\u{2278}", "\u{2277}": "\u{2279}", "\u{224D}": "\u{226D}", "\u{22B2}": "\u{22EA}", "\u{22B3}": "\u{22EB}",
        "\u{22B4}": "\u{22EC}", "\u{22B5}": "\u{22ED}", "\u{2291}": "\u{22E2}", "\u{2292}": "\u{22E3}",
    ]
}
