/// Finds formulas in Markdown source before CommonMark sees it (`rich-markdown-facts.md` §1.4, §3.1 item 2), so
/// `$a_1 *b* c_2$` stays raw LaTeX: each formula becomes a placeholder of private-use characters CommonMark treats
/// as text, outside fenced code and code spans. Lines keep their numbers, so source positions stay true.
///
/// Two pairing rules (README Decisions, "`$` pairing"):
/// - strict (the iOS app, for `.md` files): the opener `$` or `$$` follows the line start or a non-alphanumeric
///   character and precedes a non-space; the first later run of as many `$` closes it if a non-space precedes it
///   and the line end or a non-alphanumeric character follows; otherwise the opener is text. 256 characters at most.
/// - loose (Telegram's server, for Bot API payloads): the next run of as many `$` on the line closes it.
/// `\(…\)` is inline math in both. A line that is only `$$…$$` or `\[…\]`, or `$$` / `\[` lines around
/// formula lines, is a block formula.
struct MathPrepass {
    enum Mode: String, Sendable { case strict, loose }

    struct Formula: Equatable {
        var source: String
        var block: Bool
        var line: Int
        var column: Int
    }

    static let inlineStart: Character = "\u{E000}", inlineEnd: Character = "\u{E001}"
    static let blockStart: Character = "\u{E002}", blockEnd: Character = "\u{E003}"
    static let inlineStartScalar: Unicode.Scalar = "\u{E000}", blockStartScalar: Unicode.Scalar = "\u{E002}"
    static let maxInline = 256, maxBlock = 4096

    private(set) var formulas: [Formula] = []
    private(set) var text = ""

    init(_ source: String, mode: Mode) {
        // Without `$`, `\`, a backtick or a tilde there is no formula and no fence: the text stays as it is.
        guard source.utf8.contains(where: { $0 == UInt8(ascii: "$") || $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "`") || $0 == UInt8(ascii: "~") }) else {
            text = source
            return
        }
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var output: [String] = []
        var fence: (character: Character, count: Int)?
        var index = 0
        while index < lines.count {
            let line = lines[index]
            let trimmed = line.trimmingSpaces
            if let open = fence {
                if trimmed.count >= open.count, trimmed.allSatisfy({ $0 == open.character }) { fence = nil }
                output.append(line)
                index += 1
                continue
            }
            if let opening = Self.fence(trimmed) {
                fence = opening
                output.append(line)
                index += 1
                continue
            }
            // Block formulas: `$$` or `\[` alone on a line, up to the matching closing line.
            if trimmed == "$$" || trimmed == "\\[" {
                let close = trimmed == "$$" ? "$$" : "\\]"
                if let end = lines[(index + 1)...].firstIndex(where: { $0.trimmingSpaces == close }) {
                    let body = lines[(index + 1)..<end].joined(separator: "\n")
                    if body.count <= Self.maxBlock {
                        output.append(placeholder(body, block: true, line: index + 1, column: 1))
                        output.append(contentsOf: Array(repeating: "", count: end - index))
                        index = end + 1
                        continue
                    }
                }
            }
            if let body = Self.singleLineBlock(trimmed), body.count <= Self.maxBlock {
                output.append(placeholder(body, block: true, line: index + 1, column: 1))
                index += 1
                continue
            }
            output.append(inlineFormulas(line, lineNumber: index + 1, mode: mode))
            index += 1
        }
        text = output.joined(separator: "\n")
    }

    private mutating func placeholder(_ source: String, block: Bool, line: Int, column: Int) -> String {
        formulas.append(Formula(source: source.trimmingSpaces, block: block, line: line, column: column))
        let number = String(formulas.count - 1)
        return block ? "\(Self.blockStart)\(number)\(Self.blockEnd)" : "\(Self.inlineStart)\(number)\(Self.inlineEnd)"
    }

    /// "```"/"~~~" (three or more) opening a fenced code block, after up to three spaces.
    private static func fence(_ trimmed: String) -> (character: Character, count: Int)? {
        guard let first = trimmed.first, first == "`" || first == "~" else { return nil }
        let count = trimmed.prefix { $0 == first }.count
        guard count >= 3 else { return nil }
        if first == "`", trimmed.dropFirst(count).contains("`") { return nil }
        return (first, count)
    }

    /// `$$…$$` or `\[…\]` filling a whole line.
    private static func singleLineBlock(_ trimmed: String) -> String? {
        for (open, close) in [("$$", "$$"), ("\\[", "\\]")] where trimmed.count > open.count + close.count && trimmed.hasPrefix(open) && trimmed.hasSuffix(close) {
            let body = String(trimmed.dropFirst(open.count).dropLast(close.count))
            if open == "$$", body.contains("$$") { return nil }
            if !body.trimmingSpaces.isEmpty { return body }
        }
        return nil
    }

    /// One line with its inline formulas replaced; code spans are copied untouched.
    private mutating func inlineFormulas(_ line: String, lineNumber: Int, mode: Mode) -> String {
        // A line without `$`, `\` or a backtick has no formula and no code span to step over.
        guard line.utf8.contains(where: { $0 == UInt8(ascii: "$") || $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "`") }) else { return line }
        let characters = Array(line)
        var result = ""
        var i = 0
        func isAlphanumeric(_ index: Int) -> Bool { index >= 0 && index < characters.count && (characters[index].isLetter || characters[index].isNumber) }
        func isSpace(_ index: Int) -> Bool { index < 0 || index >= characters.count || characters[index].isWhitespace }
        while i < characters.count {
            let c = characters[i]
            if c == "`" {
                // A code span: the same run of backticks closes it on this line.
                let run = characters[i...].prefix { $0 == "`" }.count
                var j = i + run, closed: Int?
                while j < characters.count {
                    if characters[j] == "`" {
                        let other = characters[j...].prefix { $0 == "`" }.count
                        if other == run { closed = j + other; break }
                        j += other
                    } else { j += 1 }
                }
                let end = closed ?? i + run
                result += String(characters[i..<end])
                i = end
                continue
            }
            if c == "\\", i + 1 < characters.count {
                if characters[i + 1] == "(" , let close = Self.find(["\\", ")"], in: characters, from: i + 2), close > i + 2, close - i - 2 <= Self.maxInline {
                    result += placeholder(String(characters[(i + 2)..<close]), block: false, line: lineNumber, column: i + 1)
                    i = close + 2
                } else {
                    result += String(characters[i...(i + 1)])
                    i += 2
                }
                continue
            }
            if c == "$" {
                let run = min(characters[i...].prefix { $0 == "$" }.count, 2)
                let contentStart = i + run
                var accepted = false
                if !isSpace(contentStart), mode == .loose || !isAlphanumeric(i - 1) {
                    if let close = Self.closingRun(run, in: characters, from: contentStart), close > contentStart {
                        let fits = mode == .loose || (!characters[close - 1].isWhitespace && !isAlphanumeric(close + run) && close - contentStart <= Self.maxInline)
                        if fits {
                            result += placeholder(String(characters[contentStart..<close]), block: false, line: lineNumber, column: i + 1)
                            i = close + run
                            accepted = true
                        }
                    }
                }
                if !accepted {
                    result += String(characters[i..<(i + run)])
                    i += run
                }
                continue
            }
            result.append(c)
            i += 1
        }
        return result
    }

    /// The first unescaped run of exactly `count` dollars at or after `start`.
    private static func closingRun(_ count: Int, in characters: [Character], from start: Int) -> Int? {
        var j = start
        while j < characters.count {
            if characters[j] == "\\" { j += 2; continue }
            if characters[j] == "$" {
                let run = characters[j...].prefix { $0 == "$" }.count
                if run == count { return j }
                j += run
                continue
            }
            j += 1
        }
        return nil
    }

    private static func find(_ pattern: [Character], in characters: [Character], from start: Int) -> Int? {
        guard characters.count >= pattern.count else { return nil }
        var j = start
        while j + pattern.count <= characters.count {
            if Array(characters[j..<(j + pattern.count)]) == pattern { return j }
            j += 1
        }
        return nil
    }
}

extension String {
    var trimmingSpaces: String {
        var slice = Substring(self)
        while let first = slice.first, first == " " || first == "\t" { slice.removeFirst() }
        while let last = slice.last, last == " " || last == "\t" || last == "\r" { slice.removeLast() }
        return String(slice)
    }
}
