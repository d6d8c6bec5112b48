/// Reads LaTeX math into a math list (`math-facts.md` §4.3 coverage, §5 symbols, §5.1 characters, §5.12 named
/// operators). Hand-written: TeX's grammar is small and no Debian package parses LaTeX math into a structure.
public struct LaTeXParser {
    private let characters: [Character]
    private var index = 0
    /// How deep groups may nest before the input is refused (malformed or hostile input).
    static let maxDepth = 100
    private var depth = 0

    private init(_ source: String) {
        characters = Array(source)
    }

    public static func parse(_ source: String) throws -> MathList {
        var parser = LaTeXParser(source)
        let list = try parser.list(until: nil)
        if parser.index < parser.characters.count { throw parser.error("unexpected \(parser.characters[parser.index])") }
        return list
    }

    // MARK: - Lists

    /// Items up to `terminator` ("}" or "\\right"), which is not consumed; nil: to the end.
    private mutating func list(until terminator: String?) throws -> MathList {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maxDepth else { throw error("groups nest deeper than \(Self.maxDepth)") }
        var items: [MathItem] = []
        while true {
            skipSpaces()
            guard let c = peek else {
                if let terminator { throw error("missing \(terminator)") }
                break
            }
            if c == "}" {
                if terminator == "}" { break }
                throw error("unexpected }")
            }
            if terminator == "\\right", lookingAt(command: "right") { break }
            switch c {
            case "^", "_":
                let at = index
                index += 1
                let script = try argument()
                try attach(script, superscript: c == "^", to: &items, at: at)
            case "'":
                var primes = 0
                while peek == "'" { primes += 1; index += 1 }
                let prime = MathList(Array(repeating: .atom(MathAtom(.ord, .character("\u{2032}", .normal))), count: primes))
                try attach(prime, superscript: true, to: &items, at: index - primes, mergingPrimes: true)
            case "{":
                index += 1
                let group = try list(until: "}")
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
            case "\\":
                items.append(contentsOf: try command())
            case "&":
                throw error("& outside an environment")
            default:
                index += 1
                if let item = Self.item(for: c) { items.append(item) }
            }
        }
        return MathList(items)
    }

    /// `^`/`_` on the last atom (an empty one when there is none); a second one of the same kind is an error.
    /// Primes merge into a following or existing superscript (`x'^2` → x^{′2}).
    private mutating func attach(_ script: MathList, superscript: Bool, to items: inout [MathItem], at offset: Int, mergingPrimes: Bool = false) throws {
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

    private static func isPrime(_ item: MathItem) -> Bool {
        if case .atom(let atom) = item, atom.nucleus == .character("\u{2032}", .normal) { return true }
        return false
    }

    /// One argument: a braced group, a command (with its own arguments) or one character.
    private mutating func argument() throws -> MathList {
        skipSpaces()
        guard let c = peek else { throw error("missing argument") }
        switch c {
        case "{":
            index += 1
            let group = try list(until: "}")
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
        case "-": return .atom(MathAtom(.bin, .character("\u{2212}", .normal)))
        case "*": return .atom(MathAtom(.bin, .character("\u{2217}", .normal)))
        case "=", "<", ">", ":": return .atom(MathAtom(.rel, .character(scalar, .normal)))
        case ",", ";": return .atom(MathAtom(.punct, .character(scalar, .normal)))
        case "!", "?", ")", "]": return .atom(MathAtom(.close, .character(scalar, .normal)))
        case "(", "[": return .atom(MathAtom(.open, .character(scalar, .normal)))
        default:
            // Lenient Unicode input (§4.3 item 10): a typed symbol takes its class from the symbol table.
            let atomClass = Self.unicodeClass[scalar] ?? .ord
            return .atom(MathAtom(atomClass, .character(scalar, .normal), limits: atomClass == .op && isIntegral(scalar) ? .noLimits : .automatic))
        }
    }

    /// The class of each code point the symbol table gives as an atom (the first command that names it).
    private static let unicodeClass: [Unicode.Scalar: AtomClass] = {
        var classes: [Unicode.Scalar: AtomClass] = [:]
        for (_, symbol) in MathSymbol.table.sorted(by: { $0.key < $1.key }) {
            if case .atom(let atomClass) = symbol.kind, classes[symbol.scalar] == nil { classes[symbol.scalar] = atomClass }
        }
        return classes
    }()

    // MARK: - Commands

    private mutating func command() throws -> [MathItem] {
        let start = index
        let name = readCommandName()
        if let space = Self.spaces[name] { return [.space(space)] }
        if let style = Self.styles[name] { return [.style(style)] }
        if let op = Self.namedOperators[name] {
            return [.atom(MathAtom(.op, .text(op.text, .roman), limits: op.limits ? .automatic : .noLimits))]
        }
        if let alphabet = Self.alphabets[name] {
            return [.atom(MathAtom(.ord, .list(Self.applying(alphabet, to: try argument()))))]
        }
        if let alphabet = Self.textCommands[name] {
            return [.atom(MathAtom(.ord, .text(try rawGroup(), alphabet)))]
        }
        switch name {
        case "frac", "dfrac", "tfrac", "cfrac":
            let style: MathFraction.Style = name == "frac" ? .automatic : name == "tfrac" ? .text : .display
            return [.atom(MathAtom(.ord, .fraction(MathFraction(numerator: try argument(), denominator: try argument(), style: style))))]
        case "binom", "dbinom", "tbinom":
            let style: MathFraction.Style = name == "binom" ? .automatic : name == "tbinom" ? .text : .display
            return [.atom(MathAtom(.ord, .fraction(MathFraction(numerator: try argument(), denominator: try argument(), hasRule: false, style: style,
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
            return [.atom(MathAtom(.rel, .middle(try delimiter())))]
        case "right":
            throw error("\\right without \\left", at: start)
        case "operatorname":
            let limits = consume("*")
            return [.atom(MathAtom(.op, .text(try rawGroup(), .roman), limits: limits ? .automatic : .noLimits))]
        default:
            if let size = Self.bigSizes[name] {
                // `\big.` is the null delimiter: its 0.12 em of space (§3.10).
                guard let scalar = try delimiter() else { return [.space(.em(0.12))] }
                return [.atom(MathAtom(size.atomClass, .sizedDelimiter(scalar, size: size.size)))]
            }
            if let symbol = MathSymbol.named(name) {
                switch symbol.kind {
                case .atom(let atomClass):
                    // Integrals never take limits unless told (\limits); ∑ and friends do in display style (§3.9).
                    let limits: MathAtom.Limits = atomClass == .op && Self.isIntegral(symbol.scalar) ? .noLimits : .automatic
                    return [.atom(MathAtom(atomClass, .character(symbol.scalar, .normal), limits: limits))]
                case .accent, .wideAccent, .over, .under, .overRule, .underRule, .underAccent:
                    return [.atom(MathAtom(.ord, .accent(symbol.scalar, kind: symbol.kind, base: try argument())))]
                }
            }
            throw error("unknown command \\\(name)", at: start)
        }
    }

    /// A delimiter after `\left`, `\right`, `\middle` or `\big`: a character, a command naming one, or `.` (none).
    private mutating func delimiter() throws -> Unicode.Scalar? {
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
    private mutating func bracketed() throws -> MathList {
        var items: [MathItem] = []
        while true {
            skipSpaces()
            guard let c = peek else { throw error("missing ]") }
            if c == "]" { index += 1; break }
            if c == "{" || c == "\\" {
                items.append(contentsOf: try argument().items)
            } else {
                index += 1
                if let item = Self.item(for: c) { items.append(item) }
            }
        }
        return MathList(items)
    }

    /// The raw text of a braced argument (`\text{…}`), nested braces kept balanced; a single character without braces.
    private mutating func rawGroup() throws -> String {
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

    private var peek: Character? { index < characters.count ? characters[index] : nil }

    private mutating func skipSpaces() {
        while let c = peek, c == " " || c == "\t" || c == "\n" || c == "\r" { index += 1 }
    }

    private mutating func consume(_ character: Character) -> Bool {
        guard peek == character else { return false }
        index += 1
        return true
    }

    private func lookingAt(command name: String) -> Bool {
        let letters = Array(name)
        guard index + letters.count < characters.count || index + letters.count == characters.count, characters[index] == "\\" else { return false }
        guard index + 1 + letters.count <= characters.count, Array(characters[(index + 1)..<(index + 1 + letters.count)]) == letters else { return false }
        let after = index + 1 + letters.count
        return after >= characters.count || !characters[after].isLetter
    }

    /// A backslash and the command name: letters, or one other character (`\,`, `\{`).
    private mutating func readCommandName() -> String {
        index += 1  // the backslash
        guard let first = peek else { return "" }
        index += 1
        guard first.isLetter, first.isASCII else { return String(first) }
        var name = String(first)
        while let c = peek, c.isLetter, c.isASCII { name.append(c); index += 1 }
        return name
    }

    private func error(_ message: String, at offset: Int? = nil) -> MathParseError {
        MathParseError(offset: offset ?? min(index, characters.count), message: message)
    }

    /// ∫ ∬ ∭ ∮ ∯ ∰ ∱ ∲ ∳ and the integrals of Supplemental Mathematical Operators.
    static func isIntegral(_ scalar: Unicode.Scalar) -> Bool {
        (0x222B...0x2233).contains(scalar.value) || (0x2A0B...0x2A1C).contains(scalar.value)
    }

    private static func applying(_ alphabet: MathAlphabet, to list: MathList) -> MathList {
        MathList(list.items.map { item in
            guard case .atom(var atom) = item else { return item }
            switch atom.nucleus {
            case .character(let scalar, _): atom.nucleus = .character(scalar, alphabet)
            case .list(let inner): atom.nucleus = .list(applying(alphabet, to: inner))
            default: break
            }
            return .atom(atom)
        })
    }
}
