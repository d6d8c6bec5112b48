/// Finds the entities Telegram's server marks in the text of a message it is sent: mentions, hashtags, cashtags,
/// bot commands, URLs (with or without a scheme, `tg://` and `ton://` too), e-mail addresses, bank card numbers and
/// phone numbers. The rules are TDLib's `find_*` functions as read from their test cases (`MessageEntity.cpp` is
/// the closest public model of the server); phone numbers, which TDLib leaves to the server, follow the rule in
/// `phone(from:)`. Written by hand: each rule is a few character classes walked once; no regular-expression
/// library is linked, and every finder is linear in the text (a run is never walked again from inside itself).
///
/// Positions are Unicode scalar offsets into `text`.
public struct EntityFinder {
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        case mention, hashtag, cashtag, botCommand = "bot_command", url, email, phone = "phone_number", bankCard = "bank_card"
    }

    public struct Entity: Sendable, Equatable {
        public var kind: Kind
        public var range: Range<Int>
    }

    let text: [Unicode.Scalar]
    /// Characters looked at by the scans below (`WorkCounter.Pass.entityFinding`).
    let steps = Steps()

    final class Steps {
        var count = 0
    }

    public init(_ text: [Unicode.Scalar]) { self.text = text }
    public init(_ string: String) { text = Array(string.unicodeScalars) }

    /// Every entity, sorted, without overlaps: where two overlap the earlier one wins, at the same start the longer.
    public func entities() -> [Entity] {
        var found = mentions() + botCommands() + hashtags() + cashtags() + bankCards() + tgURLs() + urls() + phones()
        found.sort { $0.range.lowerBound != $1.range.lowerBound ? $0.range.lowerBound < $1.range.lowerBound : $0.range.count > $1.range.count }
        var result: [Entity] = []
        var end = 0
        for entity in found where entity.range.lowerBound >= end && !entity.range.isEmpty {
            result.append(entity)
            end = entity.range.upperBound
        }
        WorkCounter.add(.entityFinding, steps.count + found.count)
        return result
    }

    /// The text of `range`, for tests and messages.
    public func string(_ range: Range<Int>) -> String {
        String(scalars: text[range])
    }

    // MARK: Character classes

    static func isLetter(_ c: Unicode.Scalar) -> Bool {
        switch c.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: return true
        default: return false
        }
    }

    static func isMark(_ c: Unicode.Scalar) -> Bool {
        switch c.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }

    static func isNumber(_ c: Unicode.Scalar) -> Bool {
        switch c.properties.generalCategory {
        case .decimalNumber, .letterNumber, .otherNumber: return true
        default: return false
        }
    }

    /// Letters (with their marks), numbers and `_`: what may not touch a mention, command or card number.
    static func isWord(_ c: Unicode.Scalar) -> Bool { c == "_" || isLetter(c) || isMark(c) || isNumber(c) }

    static func isASCIIAlphanumeric(_ c: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(c) || ("a"..."z").contains(c) || ("A"..."Z").contains(c)
    }

    static func isDigit(_ c: Unicode.Scalar) -> Bool { ("0"..."9").contains(c) }

    /// What a username, command or e-mail part is made of.
    static func isNameCharacter(_ c: Unicode.Scalar) -> Bool { isASCIIAlphanumeric(c) || c == "_" }

    /// Letters and decimal digits of any script, `_`, ZWNJ, the middle dot and the Sinhala block (marks
    /// included): what a hashtag or a cashtag's neighbours are made of.
    static func isHashtagCharacter(_ c: Unicode.Scalar) -> Bool {
        if c == "_" || c == "\u{200C}" || c == "\u{B7}" || (0xD80...0xDFF).contains(c.value) { return true }
        return isLetter(c) || isMark(c) || c.properties.generalCategory == .decimalNumber
    }

    /// Anything but white space, controls and the general-punctuation block (where only ZWNJ, ZWJ and the
    /// dashes U+2010–2015 belong to a URL).
    static func isURLCharacter(_ c: Unicode.Scalar) -> Bool {
        if (0x2000...0x206F).contains(c.value) { return c.value == 0x200C || c.value == 0x200D || (0x2010...0x2015).contains(c.value) }
        switch c.properties.generalCategory {
        case .spaceSeparator, .lineSeparator, .paragraphSeparator, .control: return false
        default: return true
        }
    }

    /// A URL path, query or fragment ends at white space, `<`, `>`, `"`, `«` or `»`.
    static func isPathCharacter(_ c: Unicode.Scalar) -> Bool {
        switch c {
        case "<", ">", "\"", "\u{AB}", "\u{BB}": return false
        default: return isURLCharacter(c)
        }
    }

    /// Characters a path may not end with (they belong to the sentence).
    static func isBadPathEnd(_ c: Unicode.Scalar) -> Bool { ".:;,('?!`".unicodeScalars.contains(c) }

    // MARK: Mentions, commands, hashtags, cashtags

    /// `@name`: 2–32 letters, digits or `_` after a non-word character; names shorter than four are only the
    /// three short inline bots.
    func mentions() -> [Entity] {
        var result: [Entity] = []
        var i = 0
        while let at = index(of: "@", from: i) {
            i = at + 1
            if at > 0, Self.isWord(text[at - 1]) { continue }
            let end = run(from: at + 1, Self.isNameCharacter)
            i = end
            let length = end - at - 1
            guard (2...32).contains(length), end == text.count || !Self.isWord(text[end]) else { continue }
            if length < 4, !["gif", "vid", "pic"].contains(string(at + 1..<end).lowercased()) { continue }
            result.append(Entity(kind: .mention, range: at..<end))
        }
        return result
    }

    /// `/command` or `/command@bot`: 1–64 name characters, a bot name of 3–32, not touching a word, `/`, `<` or `>`.
    func botCommands() -> [Entity] {
        var result: [Entity] = []
        let fence: (Unicode.Scalar) -> Bool = { Self.isWord($0) || $0 == "/" || $0 == "<" || $0 == ">" }
        var i = 0
        while let slash = index(of: "/", from: i) {
            i = slash + 1
            if slash > 0, fence(text[slash - 1]) { continue }
            var end = run(from: slash + 1, Self.isNameCharacter)
            i = end
            guard (1...64).contains(end - slash - 1) else { continue }
            if end < text.count, text[end] == "@" {
                let bot = run(from: end + 1, Self.isNameCharacter)
                i = bot
                guard (3...32).contains(bot - end - 1) else { continue }
                end = bot
            }
            guard end == text.count || !fence(text[end]) else { continue }
            result.append(Entity(kind: .botCommand, range: slash..<end))
        }
        return result
    }

    /// `#tag`: hashtag characters with at least one letter among the first 256, not followed by `#`; the entity
    /// keeps the first 256.
    func hashtags() -> [Entity] {
        var result: [Entity] = []
        var i = 0
        while let hash = index(of: "#", from: i) {
            i = hash + 1
            if hash > 0, Self.isHashtagCharacter(text[hash - 1]) { continue }
            let end = run(from: hash + 1, Self.isHashtagCharacter)
            i = end
            let kept = min(end, hash + 1 + 256)
            guard end > hash + 1, end == text.count || text[end] != "#",
                  text[(hash + 1)..<kept].contains(where: { Self.isLetter($0) }) else { continue }
            result.append(Entity(kind: .hashtag, range: hash..<kept))
        }
        return result
    }

    /// `$TICKER`: 1–8 capital Latin letters (or `1INCH`), not touching hashtag characters or another `$`.
    func cashtags() -> [Entity] {
        var result: [Entity] = []
        let fence: (Unicode.Scalar) -> Bool = { Self.isHashtagCharacter($0) || $0 == "$" }
        var i = 0
        while let dollar = index(of: "$", from: i) {
            i = dollar + 1
            if dollar > 0, fence(text[dollar - 1]) { continue }
            var end: Int
            if string(dollar + 1..<min(text.count, dollar + 6)) == "1INCH" {
                end = dollar + 6
            } else {
                end = run(from: dollar + 1) { ("A"..."Z").contains($0) }
            }
            i = max(i, end)
            guard (1...8).contains(end - dollar - 1), end == text.count || !fence(text[end]) else { continue }
            result.append(Entity(kind: .cashtag, range: dollar..<end))
        }
        return result
    }

    // MARK: Numbers

    /// 13–19 digits in a run of digits, spaces and dashes that passes the Luhn check and its network's length
    /// rule, not after `.`, `,`, `+`, `-`, `_` or a letter and not before `-`, `_` or a letter.
    func bankCards() -> [Entity] {
        var result: [Entity] = []
        var i = 0
        let member: (Unicode.Scalar) -> Bool = { Self.isDigit($0) || $0 == " " || $0 == "-" }
        while i < text.count {
            visited(1)
            guard Self.isDigit(text[i]) else { i += 1; continue }
            let start = i
            if start > 0, ".,+-_".unicodeScalars.contains(text[start - 1]) || Self.isLetter(text[start - 1]) {
                i = run(from: start, member)
                continue
            }
            var digits: [Int] = []
            var separated = false
            while i < text.count, member(text[i]) {
                visited(1)
                // Sixteen or more digits with no separator end at a space: the next group is another number.
                if text[i] == " ", !separated, (16...19).contains(digits.count) { break }
                if Self.isDigit(text[i]) { digits.append(Int(text[i].value) - 48) } else { separated = true }
                i += 1
            }
            guard (13...19).contains(digits.count) else { continue }
            var end = i
            while !Self.isDigit(text[end - 1]) { end -= 1 }
            guard end - start <= 2 * digits.count - 1 else { continue }
            if end < text.count, text[end] == "-" || text[end] == "_" || Self.isLetter(text[end]) { continue }
            if Self.isValidCard(digits) { result.append(Entity(kind: .bankCard, range: start..<end)) }
        }
        return result
    }

    /// Luhn, then the length each network issues by its prefix.
    static func isValidCard(_ digits: [Int]) -> Bool {
        var sum = 0
        for (position, digit) in digits.reversed().enumerated() {
            sum += position % 2 == 0 ? digit : (digit < 5 ? 2 * digit : 2 * digit - 9)
        }
        guard sum % 10 == 0 else { return false }
        let two = digits[0] * 10 + digits[1]
        let four = two * 100 + digits[2] * 10 + digits[3]
        let count = digits.count
        if digits[0] == 4 { return [13, 16, 18, 19].contains(count) }               // Visa
        if (51...55).contains(two) || (2221...2720).contains(four) { return count == 16 } // Mastercard
        if two == 34 || two == 37 { return count == 15 }                             // American Express
        if two == 62 || two == 81 { return count >= 16 }                             // UnionPay
        if (2200...2204).contains(four) { return count == 16 }                       // Mir
        return true
    }

    /// ipraster's rule (TDLib has no phone finder): `+`, then 10–15 digits in groups split by one space, dash
    /// or a parenthesised group, not after a word character or `+` and not before a word character.
    func phones() -> [Entity] {
        var result: [Entity] = []
        var i = 0
        while let plus = index(of: "+", from: i) {
            i = plus + 1
            if plus > 0, Self.isWord(text[plus - 1]) || text[plus - 1] == "+" { continue }
            guard let (end, digits) = phone(from: plus + 1) else { continue }
            i = end
            if (10...15).contains(digits), end == text.count || !Self.isWord(text[end]) {
                result.append(Entity(kind: .phone, range: plus..<end))
            }
        }
        return result
    }

    /// Digit groups from `start`: a group is digits or `(digits)`; groups are joined by nothing, one space or
    /// one dash. Returns the end of the last group and the digit count.
    private func phone(from start: Int) -> (Int, Int)? {
        var i = start, digits = 0, end = start
        while i < text.count {
            var j = i
            if text[j] == "(" {
                let close = run(from: j + 1, Self.isDigit)
                guard close > j + 1, close < text.count, text[close] == ")" else { break }
                digits += close - j - 1
                j = close + 1
            } else {
                let groupEnd = run(from: j, Self.isDigit)
                guard groupEnd > j else { break }
                digits += groupEnd - j
                j = groupEnd
            }
            end = j
            i = j
            if i < text.count, text[i] == " " || text[i] == "-", i + 1 < text.count, Self.isDigit(text[i + 1]) || text[i + 1] == "(" { i += 1 }
        }
        return end > start ? (end, digits) : nil
    }

    // MARK: Helpers

    func index(of scalar: Unicode.Scalar, from start: Int) -> Int? {
        var i = start
        defer { steps.count += i - start + 1 }
        while i < text.count {
            if text[i] == scalar { return i }
            i += 1
        }
        return nil
    }

    /// The end of the run of characters from `start` that satisfy `predicate`.
    func run(from start: Int, _ predicate: (Unicode.Scalar) -> Bool) -> Int {
        var i = start
        while i < text.count, predicate(text[i]) { i += 1 }
        steps.count += i - start + 1
        return i
    }

    /// Counts characters a finder walks by itself (backwards, or outside `index` and `run`).
    func visited(_ count: Int) { steps.count += max(0, count) }
}
