import CICUText
import FoundationEssentials
import Primitives

/// Text mode: the argument of `\text`, `\textbf`, `\fbox`, `\raisebox`, `\tag` … is text, not math. Runs of
/// characters become text runs in a text face (`TextFace`); `$…$` and `\(…\)` inside are math again; `\textbf{…}`
/// and the other text commands nest and combine; sizes switch for the rest of the group; TeX's text symbols (`\ss`,
/// `\AA`, `\textdollar` …) and accents (`\'{e}`, `\"o`) become their characters, and so do the TeX ligatures of the
/// roman and sans faces (`--`, `---`, ` `` `, `''`); the typewriter face has none (LaTeX loads Latin Modern Mono
/// without them), so `--` stays two hyphens there.
extension LaTeXParser {
    /// A braced text argument (or one character) as a list.
    mutating func textArgument(_ face: TextFace) throws -> MathList {
        skipSpaces()
        guard let c = peek else { throw error("missing argument") }
        guard c == "{" else {
            index += 1
            return MathList([.atom(MathAtom(.ord, .textRun(String(c), face)))])
        }
        index += 1
        let items = try textItems(face, until: "}")
        index += 1
        return MathList(items)
    }

    /// Text up to `terminator` ("}", not consumed).
    private mutating func textItems(_ face: TextFace, until terminator: Character) throws -> [MathItem] {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maxDepth else { throw error("groups nest deeper than \(Self.maxDepth)") }
        var items: [MathItem] = []
        var run = ""
        func flush() {
            guard !run.isEmpty else { return }
            items.append(.atom(MathAtom(.ord, .textRun(run, face))))
            run = ""
        }
        while true {
            guard let c = peek else { throw error("missing }") }
            if c == terminator { break }
            switch c {
            case "{":
                index += 1
                flush()
                let inner = try textItems(face, until: "}")
                index += 1
                items.append(.atom(MathAtom(.ord, .list(MathList(inner)))))
            case "}":
                throw error("unexpected }")
            case "$":
                flush()
                let start = index
                index += 1
                let display = consume("$")
                var source = ""
                while let d = peek, d != "$" {
                    if d == "\\", index + 1 < characters.count { source.append(d); index += 1 }
                    source.append(characters[index])
                    index += 1
                }
                guard consume("$"), !display || consume("$") else { throw error("missing $ in text", at: start) }
                let math = try subformula(source, at: start + (display ? 2 : 1))
                items.append(.atom(MathAtom(.ord, display ? .list(MathList([.style(.display)] + math.items)) : .inlineMath(math))))
            case "~":
                // TeX's tie is an interword space that does not break; a formula has no line breaks, so it is a space
                // (a no-break space is wider in Latin Modern).
                index += 1
                run.append(" ")
            case _ where c.isWhitespace:
                // TeX's reader makes a run of spaces (and a line end) one space, and skips the spaces after a control
                // space (`\ `), as after any space.
                if index == 0 || !characters[index - 1].isWhitespace { run.append(" ") }
                index += 1
            case "-" where face.family != .mono:
                index += 1
                if peek == "-" {
                    index += 1
                    if peek == "-" { index += 1; run.append("\u{2014}") } else { run.append("\u{2013}") }
                } else {
                    run.append("-")
                }
            case "`" where index + 1 < characters.count && characters[index + 1] == "`" && face.family != .mono:
                index += 2
                run.append("\u{201C}")
            case "'" where index + 1 < characters.count && characters[index + 1] == "'" && face.family != .mono:
                index += 2
                run.append("\u{201D}")
            case "`" where face.family != .mono:
                index += 1
                run.append("\u{2018}")
            case "'" where face.family != .mono:
                index += 1
                run.append("\u{2019}")
            case "\\":
                let start = index
                if lookingAt(command: "(") || (index + 1 < characters.count && characters[index + 1] == "(") {
                    flush()
                    index += 2
                    var source = ""
                    while index < characters.count, !(characters[index] == "\\" && index + 1 < characters.count && characters[index + 1] == ")") {
                        source.append(characters[index])
                        index += 1
                    }
                    guard index < characters.count else { throw error("missing \\) in text", at: start) }
                    index += 2
                    items.append(.atom(MathAtom(.ord, .list(try subformula(source, at: start + 2)))))
                    continue
                }
                let name = readCommandName()
                // TeX's reader skips the spaces after a control word (`\bf x`, `\it`, `\ss{} x`), in text as in math;
                // a control symbol (`\,`, `\ `) keeps what follows.
                if name.first?.isLetter == true { skipSpaces() }
                if let text = Self.textSymbols[name] {
                    run.append(contentsOf: text)
                    continue
                }
                if let combining = Self.textAccents[name] {
                    skipSpaces()
                    let base = try textAccentBase()
                    run.append(contentsOf: Self.composed(base + String(combining)))
                    continue
                }
                if let change = Self.textCommands[name] {
                    flush()
                    let nested = try textArgument(change.applied(to: face))
                    items.append(.atom(MathAtom(.ord, .list(nested))))
                    continue
                }
                if let factor = Self.sizeSwitches[name] {
                    flush()
                    let rest = try textItems(face, until: terminator)
                    items.append(.atom(MathAtom(.ord, .sized(factor, MathList(rest)))))
                    return items
                }
                if let change = Self.textFaceSwitches[name] {
                    flush()
                    let rest = try textItems(change.applied(to: face), until: terminator)
                    items.append(.atom(MathAtom(.ord, .list(MathList(rest)))))
                    return items
                }
                switch name {
                case "textcolor":
                    flush()
                    let color = try colorArgument()
                    items.append(.atom(MathAtom(.ord, .colored(color, try textArgument(face)))))
                case "color":
                    flush()
                    let color = try colorArgument()
                    let rest = try textItems(face, until: terminator)
                    items.append(.atom(MathAtom(.ord, .colored(color, MathList(rest)))))
                    return items
                case "\\", "newline":
                    run.append(" ")
                case "underline":
                    flush()
                    items.append(.atom(MathAtom(.ord, .accent("\u{0332}", kind: .underRule, base: try textArgument(face)))))
                case "phantom", "hphantom", "vphantom":
                    flush()
                    items.append(.atom(MathAtom(.ord, .phantom(try textArgument(face), keepsWidth: name != "vphantom",
                                                               keepsHeight: name != "hphantom"))))
                case "vdots":
                    // The math font's ⋮, as LaTeX's \vdots draws it in text too (a text face's is narrower).
                    flush()
                    items.append(.atom(MathAtom(.ord, .character("\u{22EE}", .normal))))
                case "hspace", "kern", "hskip", "quad", "qquad", ",", ";", ":", "!", " ", "enspace", "thinspace":
                    flush()
                    if let space = Self.spaces[name] {
                        items.append(.space(space))
                    } else {
                        if name == "hspace" { _ = consume("*") }
                        items.append(.space(try length(braced: false, start: start)))
                    }
                default:
                    if Self.sizeSwitches[name] == nil, let items2 = try boxCommand(name, start: start) {
                        flush()
                        items.append(contentsOf: items2)
                    } else {
                        throw error("\\\(name) is not allowed in text", at: start)
                    }
                }
            default:
                index += 1
                run.append(c)
            }
        }
        flush()
        return items
    }

    /// The letter an accent goes on: `{e}`, `e`, or `\i`/`\j` (dotless).
    private mutating func textAccentBase() throws -> String {
        if consume("{") {
            var text = ""
            while let c = peek, c != "}" {
                if c == "\\" {
                    let name = readCommandName()
                    text += Self.textSymbols[name] ?? ""
                    continue
                }
                text.append(c)
                index += 1
            }
            guard consume("}") else { throw error("missing }") }
            return text
        }
        if peek == "\\" {
            let name = readCommandName()
            return Self.textSymbols[name] ?? ""
        }
        guard let c = peek else { throw error("missing argument") }
        index += 1
        return String(c)
    }

    /// Math inside text, parsed on its own; errors name the character in this formula.
    mutating func subformula(_ source: String, at offset: Int) throws -> MathList {
        var inner = LaTeXParser(source)
        inner.depth = depth
        do {
            return try inner.list(until: nil)
        } catch let failure as MathParseError {
            throw MathParseError(offset: offset + failure.offset, message: failure.message)
        }
    }

    /// `{\bf …}` inside text: LaTeX 2.09's switches set a whole face, the NFSS ones (`\bfseries`) one axis of it.
    static let textFaceSwitches: [String: TextFace.Change] = [
        "bf": .set(TextFace(bold: true)), "it": .set(TextFace(italic: true)), "rm": .set(.normal), "sf": .set(TextFace(family: .sans)),
        "tt": .set(TextFace(family: .mono)), "bfseries": .bold(true), "mdseries": .bold(false), "itshape": .italic(true),
        "slshape": .italic(true), "upshape": .italic(false), "rmfamily": .family(.roman), "sffamily": .family(.sans),
        "ttfamily": .family(.mono), "normalfont": .set(.normal), "em": .emphasis,
    ]

    /// TeX's text symbols and LaTeX's `\text…` names, by what they print.
    static let textSymbols: [String: String] = [
        "{": "{", "}": "}", "$": "$", "%": "%", "&": "&", "#": "#", "_": "_", " ": " ", "textbackslash": "\\",
        "AA": "\u{00C5}", "aa": "\u{00E5}", "AE": "\u{00C6}", "ae": "\u{00E6}", "OE": "\u{0152}", "oe": "\u{0153}", "O": "\u{00D8}",
        "o": "\u{00F8}", "ss": "\u{00DF}", "i": "\u{0131}", "j": "\u{0237}", "L": "\u{0141}", "l": "\u{0142}", "S": "\u{00A7}",
        "sect": "\u{00A7}", "P": "\u{00B6}", "dag": "\u{2020}", "ddag": "\u{2021}", "copyright": "\u{00A9}", "pounds": "\u{00A3}",
        "textdollar": "$", "textasciitilde": "~", "textasciicircum": "^", "textbar": "|", "textbardbl": "\u{2016}",
        "textbraceleft": "{", "textbraceright": "}", "textdagger": "\u{2020}", "textdaggerdbl": "\u{2021}", "textdegree": "\u{00B0}",
        "textellipsis": "\u{2026}", "textemdash": "\u{2014}", "textendash": "\u{2013}", "textgreater": ">", "textless": "<",
        "textquotedblleft": "\u{201C}", "textquotedblright": "\u{201D}", "textquoteleft": "\u{2018}", "textquoteright": "\u{2019}",
        "textregistered": "\u{00AE}", "textsterling": "\u{00A3}", "textunderscore": "_", "textvisiblespace": "\u{2423}",
        "KaTeX": "KaTeX", "LaTeX": "LaTeX", "TeX": "TeX", "euro": "\u{20AC}", "yen": "\u{00A5}", "checkmark": "\u{2713}",
        // KaTeX's symbols of both modes that AI answers put in \text (\vdots: see textMathSymbols).
        "ldots": "\u{2026}", "dots": "\u{2026}", "maltese": "\u{2720}", "degree": "\u{00B0}",
    ]

    /// Text accents and the combining marks they add.
    static let textAccents: [String: Character] = [
        "'": "\u{0301}", "`": "\u{0300}", "^": "\u{0302}", "\"": "\u{0308}", "~": "\u{0303}", "=": "\u{0304}", ".": "\u{0307}",
        "u": "\u{0306}", "v": "\u{030C}", "H": "\u{030B}", "r": "\u{030A}", "c": "\u{0327}", "k": "\u{0328}", "b": "\u{0331}",
        "d": "\u{0323}", "textcircled": "\u{20DD}",
    ]
}

extension LaTeXParser {
    /// `text` in normalisation form C (a base and its accent as one precomposed character where Unicode has one),
    /// through ICU; unchanged if ICU refuses it.
    static func composed(_ text: String) -> String {
        String(cBufferOfCapacity: text.utf8.count + 16) { out, capacity in
            Int(text.withCString { ipr_icu_nfc($0, Int64(text.utf8.count), out, Int64(capacity)) })
        } ?? text
    }
}
