import FoundationEssentials
import Primitives

/// TeX's macro layer in front of the parser: `\def`, `\gdef`, `\edef`, `\xdef`, `\global`, `\long`, `\let`,
/// `\newcommand`, `\renewcommand`, `\providecommand`, `\expandafter`, `\noexpand`, and the built-in macros of
/// `LaTeXMacros` (KaTeX's aliases and the amsmath/mathtools constructions). It turns the source into tokens,
/// expands macros, and writes the result back as text for `LaTeXParser`, with each character's offset in the
/// original source so errors keep their place. Hand-written: no Debian library expands TeX macros outside TeX.
///
/// Definitions are local to the braces they are made in (`\gdef`, `\global\def` and `\xdef` are not), and a
/// formula's macros are its own: nothing survives the formula. Expansion is bounded: at most
/// `maxExpansions` macro calls (KaTeX's `maxExpand`), and at most `maxOutput` characters of result.
struct MacroExpander {
    enum Token: Equatable {
        /// `\name` (letters) or `\c` (one other character), without the backslash.
        case command(String)
        case character(Character)
    }

    struct Located: Equatable {
        var token: Token
        /// The character offset in the original source.
        var offset: Int
    }

    struct Macro: Equatable {
        var parameters: Int
        /// `\newcommand`'s optional first argument: its default.
        var optionalDefault: [Token]?
        var body: [Token]
    }

    static let maxExpansions = 1_000
    static let maxOutput = 200_000

    /// The expanded source and, for each of its characters, the offset of the character it came from.
    struct Result {
        var text: String
        var offsets: [Int]
    }

    private var input: [Located]
    private var position = 0
    private var scopes: [[String: Macro?]] = [[:]]
    private var macros: [String: Macro] = [:]
    private var expansions = 0

    init(_ source: String) {
        input = Self.tokenize(source)
    }

    /// `source` with every macro expanded; the parse error names the original character.
    static func expand(_ source: String) throws -> Result {
        // Nothing to expand: the source is the result (the common case, kept byte-for-byte).
        guard source.contains("\\") else { return Result(text: source, offsets: Array(0..<source.count)) }
        var expander = MacroExpander(source)
        let tokens = try expander.run()
        return write(tokens, length: source.count)
    }

    // MARK: - Tokens

    static func tokenize(_ source: String) -> [Located] {
        let characters = Array(source)
        var tokens: [Located] = []
        var index = 0
        while index < characters.count {
            let c = characters[index]
            if c == "%", characters[(index + 1)...].contains("\n") {
                // A comment runs to the end of its line. A % with no line break after it is the percent sign that
                // chat formulas mean (`$5%$`); TeX would drop the rest of the formula.
                while index < characters.count, characters[index] != "\n" { index += 1 }
                continue
            }
            guard c == "\\", index + 1 < characters.count else {
                tokens.append(Located(token: .character(c), offset: index))
                index += 1
                continue
            }
            let start = index
            index += 1
            let first = characters[index]
            index += 1
            guard first.isLetter, first.isASCII else {
                tokens.append(Located(token: .command(String(first)), offset: start))
                continue
            }
            var name = String(first)
            while index < characters.count, characters[index].isLetter, characters[index].isASCII {
                name.append(characters[index])
                index += 1
            }
            tokens.append(Located(token: .command(name), offset: start))
        }
        return tokens
    }

    /// Tokens back to text: a space after a control word that a letter follows, so it stays one word.
    static func write(_ tokens: [Located], length: Int) -> Result {
        var text = ""
        var offsets: [Int] = []
        for (i, located) in tokens.enumerated() {
            switch located.token {
            case .character(let c):
                text.append(c)
                offsets.append(located.offset)
            case .command(let name):
                text.append("\\")
                text.append(name)
                offsets.append(contentsOf: Array(repeating: located.offset, count: name.count + 1))
                let isWord = name.first.map { $0.isLetter && $0.isASCII } ?? false
                if isWord, i + 1 < tokens.count, case .character(let next) = tokens[i + 1].token, next.isLetter {
                    text.append(" ")
                    offsets.append(located.offset)
                }
            }
        }
        offsets.append(length)
        return Result(text: text, offsets: offsets)
    }

    // MARK: - Expansion

    private mutating func next() -> Located? {
        guard position < input.count else { return nil }
        defer { position += 1 }
        return input[position]
    }

    private func peek() -> Located? { position < input.count ? input[position] : nil }

    private mutating func skipSpaces() {
        while let located = peek(), case .character(let c) = located.token, c.isWhitespace { position += 1 }
    }

    private func error(_ message: String, at offset: Int) -> MathParseError { MathParseError(offset: offset, message: message) }

    private mutating func run() throws -> [Located] {
        var output: [Located] = []
        var written = 0
        while let located = next() {
            switch located.token {
            case .character("{"):
                scopes.append([:])
                output.append(located)
            case .character("}"):
                if scopes.count > 1 { restore(scopes.removeLast()) }
                output.append(located)
            case .command(let name) where name == "verb" || name == "verb*":
                // \verb!…!: its characters are not commands.
                output.append(located)
                guard let delimiter = next() else { break }
                output.append(delimiter)
                while let inner = next() {
                    output.append(inner)
                    if inner.token == delimiter.token { break }
                }
            case .command(let name):
                if try define(name, at: located.offset) { continue }
                if name == "expandafter" {
                    guard let first = next() else { continue }
                    skipSpaces()
                    if let second = peek(), case .command(let secondName) = second.token, let macro = lookup(secondName) {
                        position += 1
                        try call(macro, named: secondName, at: second.offset)
                    }
                    input.insert(first, at: position)
                    continue
                }
                if name == "noexpand" {
                    // Outside \edef, \noexpand\x makes \x do nothing (TeX treats it as \relax).
                    skipSpaces()
                    if let target = peek(), case .command(let targetName) = target.token, lookup(targetName) != nil { position += 1 }
                    continue
                }
                if let macro = lookup(name) {
                    try call(macro, named: name, at: located.offset)
                    continue
                }
                output.append(located)
            default:
                output.append(located)
            }
            written += 1
            guard written <= Self.maxOutput else { throw error("the formula expands to more than \(Self.maxOutput) characters", at: located.offset) }
        }
        return output
    }

    private func lookup(_ name: String) -> Macro? {
        if let macro = macros[name] { return macro }
        return LaTeXMacros.builtin[name]
    }

    /// Replaces the call at `position` with the macro's body, its arguments substituted.
    private mutating func call(_ macro: Macro, named name: String, at offset: Int) throws {
        expansions += 1
        guard expansions <= Self.maxExpansions else {
            throw error("too many macro expansions (more than \(Self.maxExpansions)): \\\(name) may call itself", at: offset)
        }
        var arguments: [[Token]] = []
        var count = macro.parameters
        if let optionalDefault = macro.optionalDefault {
            skipSpaces()
            if let open = peek(), open.token == .character("[") {
                position += 1
                arguments.append(try bracketed(at: offset))
            } else {
                arguments.append(optionalDefault)
            }
            count -= 1
        }
        for _ in 0..<max(0, count) { arguments.append(try argument(for: name, at: offset)) }
        let body = try Self.substitute(arguments, into: macro.body, name: name, offset: offset)
        input.replaceSubrange(position..<position, with: body.map { Located(token: $0, offset: offset) })
        guard input.count <= Self.maxOutput else { throw error("the formula expands to more than \(Self.maxOutput) characters", at: offset) }
    }

    /// `#1` … `#9` in `body` replaced by the arguments; `##` is one `#`.
    static func substitute(_ arguments: [[Token]], into body: [Token], name: String, offset: Int) throws -> [Token] {
        var result: [Token] = []
        var i = 0
        while i < body.count {
            if body[i] == .character("#"), i + 1 < body.count {
                if case .character(let digit) = body[i + 1], let n = digit.wholeNumberValue, n >= 1 {
                    guard n <= arguments.count else {
                        throw MathParseError(offset: offset, message: "\\\(name) uses #\(n) but takes \(arguments.count) argument\(arguments.count == 1 ? "" : "s")")
                    }
                    result.append(contentsOf: arguments[n - 1])
                    i += 2
                    continue
                }
                if body[i + 1] == .character("#") {
                    result.append(.character("#"))
                    i += 2
                    continue
                }
            }
            result.append(body[i])
            i += 1
        }
        return result
    }

    /// A macro argument: the next token, or a braced group without its braces.
    private mutating func argument(for name: String, at offset: Int) throws -> [Token] {
        skipSpaces()
        guard let first = next() else { throw error("\\\(name) is missing an argument", at: offset) }
        guard first.token == .character("{") else {
            if first.token == .character("}") { throw error("\\\(name) is missing an argument", at: first.offset) }
            return [first.token]
        }
        return try balanced(from: first.offset)
    }

    /// Tokens up to the `}` matching an already read `{`, that brace consumed.
    private mutating func balanced(from offset: Int) throws -> [Token] {
        var level = 0
        var tokens: [Token] = []
        while let located = next() {
            if located.token == .character("{") { level += 1 }
            if located.token == .character("}") {
                if level == 0 { return tokens }
                level -= 1
            }
            tokens.append(located.token)
        }
        throw error("missing }", at: offset)
    }

    /// Tokens up to `]` (not inside braces), after an already read `[`.
    private mutating func bracketed(at offset: Int) throws -> [Token] {
        var level = 0
        var tokens: [Token] = []
        while let located = next() {
            if located.token == .character("{") { level += 1 }
            if located.token == .character("}") { level -= 1 }
            if located.token == .character("]"), level == 0 { return tokens }
            tokens.append(located.token)
        }
        throw error("missing ]", at: offset)
    }

    // MARK: - Definitions

    /// Handles a defining command; false when `name` is none.
    private mutating func define(_ name: String, at offset: Int) throws -> Bool {
        switch name {
        case "global", "long":
            return true  // prefixes: \global\def is \gdef below; \long changes nothing here
        case "def", "gdef", "edef", "xdef":
            let global = name == "gdef" || name == "xdef" || previousIsGlobal(before: offset)
            let target = try definedName(after: name, at: offset)
            var parameters = 0
            // Parameters #1#2… up to the body's brace (delimited parameters are not supported).
            while let located = peek(), located.token != .character("{") {
                position += 1
                if located.token == .character("#") {
                    guard let digit = next(), case .character(let d) = digit.token, d.wholeNumberValue == parameters + 1 else {
                        throw error("\\\(name): parameters must be #1, #2 … in order", at: located.offset)
                    }
                    parameters += 1
                } else if case .character(let c) = located.token, c.isWhitespace {
                    continue
                } else {
                    throw error("\\\(name): delimited parameters are not supported", at: located.offset)
                }
            }
            guard let open = next() else { throw error("\\\(name) is missing its body", at: offset) }
            var body = try balanced(from: open.offset)
            if name == "edef" || name == "xdef" { body = try expandedBody(body, at: offset) }
            if target == "arraystretch" {
                // Not a macro here but a setting the parser reads: \arraystretch{value} for the environments after it.
                let setting = [Token.command("arraystretch"), .character("{")] + body + [.character("}")]
                input.insert(contentsOf: setting.map { Located(token: $0, offset: offset) }, at: position)
                return true
            }
            set(target, Macro(parameters: parameters, optionalDefault: nil, body: body), global: global)
            return true
        case "newcommand", "renewcommand", "providecommand":
            _ = consumeStar()
            skipSpaces()
            var target: String
            if let open = peek(), open.token == .character("{") {
                position += 1
                let inner = try balanced(from: open.offset)
                guard inner.count == 1, case .command(let command) = inner[0] else { throw error("\\\(name) needs a command name", at: offset) }
                target = command
            } else {
                target = try definedName(after: name, at: offset)
            }
            var parameters = 0
            var optionalDefault: [Token]?
            skipSpaces()
            if let open = peek(), open.token == .character("[") {
                position += 1
                let count = try bracketed(at: open.offset)
                let text = count.compactMap { if case .character(let c) = $0 { return c } else { return nil } }
                guard let n = Int(String(text).trimmingWhitespace()), (0...9).contains(n) else {
                    throw error("\\\(name): the number of arguments must be 0 to 9", at: open.offset)
                }
                parameters = n
                skipSpaces()
                if let optional = peek(), optional.token == .character("[") {
                    position += 1
                    optionalDefault = try bracketed(at: optional.offset)
                }
            }
            let body = try argument(for: name, at: offset)
            if target == "arraystretch" {
                let setting = [Token.command("arraystretch"), .character("{")] + body + [.character("}")]
                input.insert(contentsOf: setting.map { Located(token: $0, offset: offset) }, at: position)
                return true
            }
            // \providecommand keeps an existing command; \newcommand over one redefines it (KaTeX's non-strict mode).
            if name == "providecommand", lookup(target) != nil || LaTeXParser.isKnownCommand(target) { return true }
            set(target, Macro(parameters: parameters, optionalDefault: optionalDefault, body: body), global: false)
            return true
        case "let":
            let target = try definedName(after: name, at: offset)
            skipSpaces()
            if let equals = peek(), equals.token == .character("=") {
                position += 1
                if let space = peek(), case .character(let c) = space.token, c == " " { position += 1 }
            }
            guard let source = next() else { throw error("\\let is missing its second token", at: offset) }
            if case .command(let sourceName) = source.token, let macro = lookup(sourceName) {
                set(target, macro, global: previousIsGlobal(before: offset))
            } else {
                set(target, Macro(parameters: 0, optionalDefault: nil, body: [source.token]), global: previousIsGlobal(before: offset))
            }
            return true
        default:
            return false
        }
    }

    private mutating func consumeStar() -> Bool {
        guard let located = peek(), located.token == .character("*") else { return false }
        position += 1
        return true
    }

    private func previousIsGlobal(before offset: Int) -> Bool {
        var i = position - 2
        while i >= 0, case .character(let c) = input[i].token, c.isWhitespace { i -= 1 }
        return i >= 0 && input[i].token == .command("global")
    }

    /// The `\name` after a defining command.
    private mutating func definedName(after command: String, at offset: Int) throws -> String {
        skipSpaces()
        guard let located = next(), case .command(let name) = located.token else { throw error("\\\(command) needs a command name", at: offset) }
        return name
    }

    /// An `\edef` body with its macros expanded now (`\noexpand\x` keeps `\x`).
    private mutating func expandedBody(_ body: [Token], at offset: Int) throws -> [Token] {
        var inner = MacroExpander("")
        inner.macros = macros
        inner.expansions = expansions
        inner.input = body.map { Located(token: $0, offset: offset) }
        var result: [Token] = []
        while let located = inner.next() {
            if located.token == .command("noexpand"), let kept = inner.next() {
                result.append(kept.token)
                continue
            }
            if case .command(let name) = located.token, let macro = inner.lookup(name) {
                try inner.call(macro, named: name, at: offset)
                continue
            }
            result.append(located.token)
        }
        expansions = inner.expansions
        return result
    }

    private mutating func set(_ name: String, _ macro: Macro, global: Bool) {
        if global {
            for i in scopes.indices { scopes[i][name] = nil }
        } else if scopes[scopes.count - 1].index(forKey: name) == nil {
            scopes[scopes.count - 1][name] = .some(macros[name])
        }
        macros[name] = macro
    }

    /// Undoes a closing group's local definitions.
    private mutating func restore(_ saved: [String: Macro?]) {
        for (name, old) in saved { macros[name] = old }
    }
}
