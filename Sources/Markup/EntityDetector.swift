import Document

/// Telegram's automatic entity detection over message text (`rich-markdown-facts.md` §1.1; TDLib's
/// `MessageEntity.cpp` is the closest public model): mentions, hashtags, cashtags, bot commands, URLs, e-mail
/// addresses, phone numbers and bank card numbers become links of their kind. Text already inside a link, code
/// or a formula is left alone. Written by hand: the rules are a handful of character classes, and the Markup
/// target links no regular-expression library.
enum EntityDetector {
    /// `text` with the entities in its plain runs marked.
    static func detect(_ text: RichText) -> RichText {
        switch text {
        case .plain(let string): return mark(string)
        case .concat(let parts): return RichText.concatenating(parts.map(detect))
        case .styled(let style, let inner): return style == .fixed ? text : .styled(style, detect(inner))
        case .anchor(let name, let inner): return .anchor(name: name, detect(inner))
        case .diff(let new, let old): return .diff(new: detect(new), old: detect(old))
        default: return text
        }
    }

    private enum Kind { case mention, hashtag, cashtag, command, url, email, phone, card }

    /// One plain string, split into text and entity links.
    static func mark(_ string: String) -> RichText {
        let characters = Array(string)
        var parts: [RichText] = []
        var plain = ""
        var i = 0
        // Whether the current white-space-separated word holds an "@" (only then can an e-mail start in it).
        var wordHasAt = false
        while i < characters.count {
            let c = characters[i]
            if i == 0 || characters[i - 1].isWhitespace {
                wordHasAt = characters[i...].prefix { !$0.isWhitespace }.contains("@")
            }
            // Most characters cannot start an entity: skip them before the full check.
            let mayStart = "@#$/+hHtTwW".contains(c) || (c.isASCII && c.isNumber) || (wordHasAt && c.isASCII && isWord(c))
            if mayStart, let (kind, end) = entity(at: i, in: characters) {
                if !plain.isEmpty { parts.append(.plain(plain)); plain = "" }
                let text = String(characters[i..<end])
                let link: RichText.Link
                switch kind {
                case .mention: link = .mention
                case .hashtag: link = .hashtag
                case .cashtag: link = .cashtag
                case .command: link = .botCommand
                case .url: link = .autoUrl
                case .email: link = .autoEmail
                case .phone: link = .autoPhone
                case .card: link = .bankCard
                }
                parts.append(.link(link, .plain(text)))
                i = end
                continue
            }
            plain.append(characters[i])
            i += 1
        }
        if !plain.isEmpty { parts.append(.plain(plain)) }
        return RichText.concatenating(parts)
    }

    private static func isWord(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "_" }

    /// The entity starting at `i`, if one does, and where it ends.
    private static func entity(at i: Int, in c: [Character]) -> (Kind, Int)? {
        let before: Character? = i > 0 ? c[i - 1] : nil
        let boundary = before.map { !isWord($0) && $0 != "@" && $0 != "/" && $0 != "." } ?? true
        func run(from start: Int, while predicate: (Character) -> Bool) -> Int {
            var j = start
            while j < c.count, predicate(c[j]) { j += 1 }
            return j
        }
        switch c[i] {
        case "@" where boundary:
            let end = run(from: i + 1) { $0.isASCII && isWord($0) }
            return end - i - 1 >= 3 && end - i - 1 <= 32 ? (.mention, end) : nil
        case "#" where boundary:
            let end = run(from: i + 1, while: isWord)
            return end > i + 1 && c[(i + 1)..<end].contains { !$0.isNumber } ? (.hashtag, end) : nil
        case "$" where boundary:
            let end = run(from: i + 1) { $0.isASCII && $0.isUppercase }
            let length = end - i - 1
            return length >= 1 && length <= 8 && (end == c.count || !isWord(c[end])) ? (.cashtag, end) : nil
        case "/" where before == nil || before!.isWhitespace:
            var end = run(from: i + 1) { $0.isASCII && isWord($0) }
            guard end > i + 1, end - i - 1 <= 64, end == c.count || !(c[end].isLetter || c[end] == "/") || c[end] == "@" else { return nil }
            if end < c.count, c[end] == "@" {
                let bot = run(from: end + 1) { $0.isASCII && isWord($0) }
                if bot - end - 1 >= 3 { end = bot }
            }
            return (.command, end)
        default:
            break
        }
        guard boundary else { return nil }
        if let end = url(at: i, in: c) { return (.url, end) }
        if let end = email(at: i, in: c) { return (.email, end) }
        if let end = card(at: i, in: c) { return (.card, end) }
        if let end = phone(at: i, in: c) { return (.phone, end) }
        return nil
    }

    /// `http://`, `https://`, `tg://` or `www.` and what follows up to white space, without trailing punctuation.
    private static func url(at i: Int, in c: [Character]) -> Int? {
        guard "hHtTwW".contains(c[i]) else { return nil }
        let rest = String(c[i..<min(c.count, i + 8)]).lowercased()
        guard ["http://", "https://", "tg://", "www."].contains(where: { rest.hasPrefix($0) }) else { return nil }
        var end = i
        while end < c.count, !c[end].isWhitespace, c[end] != "<", c[end] != ">", c[end] != "\"" { end += 1 }
        while end > i, ".,;:!?)]}'".contains(c[end - 1]) {
            // A closing parenthesis belongs to the URL when it opened one inside.
            if c[end - 1] == ")", c[i..<end].contains("(") { break }
            end -= 1
        }
        let body = String(c[i..<end]).lowercased()
        guard body.count > 8 || body.hasPrefix("www.") && body.count > 6, body.dropFirst(body.hasPrefix("www.") ? 4 : 0).contains(".") || body.hasPrefix("tg://") else { return nil }
        return end
    }

    /// `local@domain.tld`.
    private static func email(at i: Int, in c: [Character]) -> Int? {
        let local = { (x: Character) in x.isASCII && (isWord(x) || x == "." || x == "+" || x == "-") }
        guard local(c[i]), c[i] != "." else { return nil }
        var at = i
        while at < c.count, local(c[at]) { at += 1 }
        guard at < c.count, c[at] == "@", at > i else { return nil }
        var end = at + 1
        var dots = 0
        while end < c.count, c[end].isASCII, isWord(c[end]) || c[end] == "-" || c[end] == "." && end + 1 < c.count && isWord(c[end + 1]) {
            if c[end] == "." { dots += 1 }
            end += 1
        }
        return dots >= 1 && end > at + 3 ? end : nil
    }

    /// 13–19 digits, in groups split by single spaces or dashes, that pass the Luhn check.
    private static func card(at i: Int, in c: [Character]) -> Int? {
        guard c[i].isASCII, c[i].isNumber else { return nil }
        var digits: [Int] = []
        var end = i
        while end < c.count {
            if c[end].isASCII, let digit = c[end].wholeNumberValue { digits.append(digit); end += 1; continue }
            if (c[end] == " " || c[end] == "-"), end + 1 < c.count, c[end + 1].isASCII, c[end + 1].isNumber { end += 1; continue }
            break
        }
        guard (13...19).contains(digits.count), end == c.count || !isWord(c[end]) else { return nil }
        var sum = 0
        for (index, digit) in digits.reversed().enumerated() {
            let value = index % 2 == 1 ? digit * 2 : digit
            sum += value > 9 ? value - 9 : value
        }
        return sum % 10 == 0 ? end : nil
    }

    /// `+` and 10–15 digits, with single spaces, dashes or parentheses between them.
    private static func phone(at i: Int, in c: [Character]) -> Int? {
        guard c[i] == "+", i + 1 < c.count, c[i + 1].isNumber else { return nil }
        var digits = 0
        var end = i + 1
        var last = end
        while end < c.count {
            if c[end].isASCII, c[end].isNumber { digits += 1; end += 1; last = end; continue }
            if " -()".contains(c[end]), end + 1 < c.count, c[end + 1].isNumber || c[end + 1] == "(" { end += 1; continue }
            break
        }
        return (10...15).contains(digits) && (last == c.count || !isWord(c[last])) ? last : nil
    }
}
