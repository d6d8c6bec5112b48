import CICUText
import Document

/// A piece of inline Markdown as the inline walk reads it: a node of cmark-gfm's tree, or an emphasis or a text the
/// CJK-friendly pass made (`CJKEmphasis`).
indirect enum InlineSource {
    case node(CmarkNode)
    case styled(RichText.InlineStyle, [InlineSource])
    case text(String)
}

/// Emphasis next to CJK text (README Decisions, fourth review; the CommonMark "CJK-friendly" amendment): `*`, `**`,
/// `***` and `~~` delimiter runs next to CJK characters or full-width punctuation open and close as the amendment's
/// flanking rule says (`**注意：**这个`, `增长了**50%**的` are bold), elsewhere CommonMark's rule stands.
///
/// Written by hand: cmark-gfm scans `*` and `_` delimiters in its core before any extension runs (the strikethrough
/// extension uses the same scan), so the rule cannot be changed from outside, and its code is not ours to copy. The
/// pass runs on one inline scope (a paragraph, heading, table cell, link text) after cmark-gfm has parsed it:
///
/// 1. **Flatten.** The scope's nodes become a stream of text, delimiter runs and atoms. A `*` or `~~` emphasis node
///    cmark-gfm matched goes back to its delimiters (`***` split into `*` and `**` joins again into one run of
///    three); a text node's `*` and `~~` are delimiters it left literal; code, HTML, links, images, breaks and `_`
///    emphasis are atoms, seen from outside by the character their source starts and ends with (`` ` ``, `<`, `[`
///    …). Source positions tell which character made an emphasis node and whether a text's `*` was escaped; where
///    the source does not match the tree, the scope keeps cmark-gfm's reading.
/// 2. **Compare.** Each run's left- and right-flanking are worked out under CommonMark's rule (as cmark-gfm 0.29
///    applies it: punctuation is ASCII punctuation and Unicode's P categories) and under the amendment's. When no run
///    differs, cmark-gfm's tree stands untouched: text without CJK next to a delimiter reads exactly as before.
/// 3. **Resolve.** Otherwise CommonMark's delimiter algorithm ("process emphasis": closers left to right, the nearest
///    opener of the same character, the rule of three, two delimiters for strong when both runs have two, delimiters
///    between a matched pair made literal, openers_bottom so the work stays linear) runs over the stream with the
///    amendment's flanking; `~~` pairs only with `~~`, as cmark-gfm's strikethrough extension does.
/// 4. **Rebuild.** The result is a list of `InlineSource`s: cmark-gfm's atoms, new emphasis and literal text.
enum CJKEmphasis {
    /// The scope's inlines resolved under the amendment, or nil when no delimiter run's flanking changes under it (or
    /// the source cannot be matched to the tree): cmark-gfm's reading then stands.
    static func resolve(_ nodes: [CmarkNode], lines: [Substring]) -> [InlineSource]? {
        var tokens: [Token] = []
        guard Flattener(lines: lines).flatten(nodes, into: &tokens, depth: 0) else { return nil }
        tokens = merged(tokens)
        var delimiters: [Delimiter] = []
        var changed = false
        for index in tokens.indices {
            guard case .run(let character, let count) = tokens[index] else { continue }
            let before = scalars(before: index, in: tokens), after = scalar(after: index, in: tokens)
            let standard = Flanking.standard(before: before.last, after: after)
            let amended = Flanking.amended(before: before, after: after)
            if standard != amended { changed = true }
            delimiters.append(Delimiter(character: character, count: count, original: count, canOpen: amended.left,
                                        canClose: amended.right, token: index))
        }
        guard changed else { return nil }
        var resolver = Resolver(tokens: tokens, delimiters: delimiters)
        resolver.run()
        return resolver.result()
    }

    /// Which character made an emphasis or strikethrough node (`*`, `_` or `~`), read at its source position; nil
    /// when the source there is none of them.
    static func delimiterCharacter(_ node: CmarkNode, lines: [Substring]) -> Character? {
        guard node.startLine >= 1, node.startLine <= lines.count, node.startColumn >= 1 else { return nil }
        let line = lines[node.startLine - 1].utf8
        guard node.startColumn <= line.count else { return nil }
        let byte = line[line.index(line.startIndex, offsetBy: node.startColumn - 1)]
        switch byte {
        case UInt8(ascii: "*"): return "*"
        case UInt8(ascii: "_"): return "_"
        case UInt8(ascii: "~"): return "~"
        default: return nil
        }
    }

    // MARK: - The stream

    enum Token {
        case text(String)
        /// A delimiter run: `*` of any length, or `~~`.
        case run(Character, Int)
        /// A node kept whole, with the characters its source starts and ends with (for flanking).
        case atom(CmarkNode, first: Unicode.Scalar, last: Unicode.Scalar)
    }

    private struct Flattener {
        let lines: [Substring]

        /// Appends the stream of `nodes`; false when the source does not match the tree or nesting is too deep.
        func flatten(_ nodes: [CmarkNode], into tokens: inout [Token], depth: Int) -> Bool {
            guard depth <= MarkupError.maxDepth else { return false }
            for node in nodes {
                switch node.type {
                case .text:
                    guard text(node, into: &tokens) else { return false }
                case .emph, .strong:
                    guard let character = delimiterCharacter(node, lines: lines) else { return false }
                    if character == "_" {
                        tokens.append(.atom(node, first: "_", last: "_"))
                        continue
                    }
                    guard character == "*" else { return false }
                    let count = node.type == .strong ? 2 : 1
                    tokens.append(.run("*", count))
                    guard flatten(node.children, into: &tokens, depth: depth + 1) else { return false }
                    tokens.append(.run("*", count))
                case .code: tokens.append(.atom(node, first: "`", last: "`"))
                case .htmlInline:
                    let scalars = node.literal.unicodeScalars
                    tokens.append(.atom(node, first: scalars.first ?? "<", last: scalars.last ?? ">"))
                case .link: tokens.append(.atom(node, first: "[", last: ")"))
                case .image: tokens.append(.atom(node, first: "!", last: ")"))
                case .softBreak, .lineBreak: tokens.append(.atom(node, first: "\n", last: "\n"))
                case .footnoteReference: tokens.append(.atom(node, first: "[", last: "]"))
                default:
                    if node.typeName == "strikethrough" {
                        guard delimiterCharacter(node, lines: lines) == "~" else { return false }
                        tokens.append(.run("~", 2))
                        guard flatten(node.children, into: &tokens, depth: depth + 1) else { return false }
                        tokens.append(.run("~", 2))
                    } else {
                        tokens.append(.atom(node, first: " ", last: " "))
                    }
                }
            }
            return true
        }

        /// A text node: its `*` runs and `~~` are delimiters cmark-gfm left literal, except characters its source
        /// escapes (`\*`). The literal is matched to the source byte for byte (the source range may also hold delimiters
        /// a neighbouring emphasis used); an entity, or anything else that does not match, leaves the scope to cmark-gfm.
        private func text(_ node: CmarkNode, into tokens: inout [Token]) -> Bool {
            let literal = Array(node.literal.utf8)
            let star = UInt8(ascii: "*"), tilde = UInt8(ascii: "~")
            guard literal.contains(where: { $0 == star || $0 == tilde }) else {
                tokens.append(.text(node.literal))
                return true
            }
            guard node.startLine == node.endLine, node.startLine >= 1, node.startLine <= lines.count, node.startColumn >= 1,
                  node.endColumn >= node.startColumn else { return false }
            let line = Array(lines[node.startLine - 1].utf8)
            guard node.endColumn <= line.count else { return false }
            let source = line[(node.startColumn - 1)..<node.endColumn]
            var escaped = [Bool](repeating: false, count: literal.count)
            var i = source.startIndex, j = 0
            while i < source.endIndex, j < literal.count {
                if source[i] == UInt8(ascii: "\\"), i + 1 < source.endIndex, CJKEmphasis.isASCIIPunctuation(UInt32(source[i + 1])), literal[j] == source[i + 1] {
                    escaped[j] = true
                    i += 2
                } else if source[i] == literal[j] {
                    i += 1
                } else if j == 0, source[i] == star || source[i] == tilde {
                    // A delimiter an emphasis before the text used: cmark-gfm leaves it in the text's source range.
                    i += 1
                    continue
                } else {
                    return false
                }
                j += 1
            }
            // Delimiters an emphasis after the text used, likewise.
            guard j == literal.count, source[i...].allSatisfy({ $0 == star || $0 == tilde }) else { return false }
            var pending: [UInt8] = []
            func flush() {
                if !pending.isEmpty { tokens.append(.text(String(decoding: pending, as: UTF8.self))) }
                pending = []
            }
            var index = 0
            while index < literal.count {
                let byte = literal[index]
                guard (byte == star || byte == tilde), !escaped[index] else {
                    pending.append(byte)
                    index += 1
                    continue
                }
                var end = index
                while end < literal.count, literal[end] == byte, !escaped[end] { end += 1 }
                let count = end - index
                if byte == star || count == 2 {
                    flush()
                    tokens.append(.run(byte == star ? "*" : "~", count))
                } else {
                    pending += literal[index..<end]
                }
                index = end
            }
            flush()
            return true
        }

    }

    /// Adjacent runs of one character are one run (`***` that cmark-gfm split into `*` and `**`); a `~` run other
    /// than two is text.
    private static func merged(_ tokens: [Token]) -> [Token] {
        var result: [Token] = []
        for token in tokens {
            if case .run(let character, let count) = token, case .run(let previous, let before)? = result.last, previous == character {
                result[result.count - 1] = .run(character, before + count)
            } else {
                result.append(token)
            }
        }
        return result.map { token in
            if case .run("~", let count) = token, count != 2 { return .text(String(repeating: "~", count: count)) }
            return token
        }
    }

    /// Up to two scalars before token `index`, nearest last; a line end at the scope's start.
    private static func scalars(before index: Int, in tokens: [Token]) -> [Unicode.Scalar] {
        var result: [Unicode.Scalar] = []
        var position = index - 1
        while position >= 0, result.count < 2 {
            switch tokens[position] {
            case .text(let text): for scalar in text.unicodeScalars.reversed().prefix(2 - result.count) { result.insert(shown(scalar), at: 0) }
            case .run(let character, _): result.insert(character.unicodeScalars.first ?? "*", at: 0)
            case .atom(_, _, let last): result.insert(last, at: 0)
            }
            position -= 1
        }
        if result.count < 2 && position < 0 { result.insert("\n", at: 0) }
        return result
    }

    /// The scalar after token `index`; a line end at the scope's end.
    private static func scalar(after index: Int, in tokens: [Token]) -> Unicode.Scalar {
        var position = index + 1
        while position < tokens.count {
            switch tokens[position] {
            case .text(let text): if let first = text.unicodeScalars.first { return shown(first) }
            case .run(let character, _): return character.unicodeScalars.first ?? "*"
            case .atom(_, let first, _): return first
            }
            position += 1
        }
        return "\n"
    }

    /// A formula placeholder stands for the `$` its source starts and ends with.
    private static func shown(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        (0xE000...0xE003).contains(scalar.value) ? "$" : scalar
    }

    // MARK: - Flanking

    struct Flanking: Equatable {
        var left: Bool
        var right: Bool

        /// CommonMark's rule as cmark-gfm 0.29 applies it; `before` and `after` are the characters next to the run.
        static func standard(before: Unicode.Scalar?, after: Unicode.Scalar) -> Flanking {
            let before = before ?? "\n"
            let left = !isWhitespace(after) && (!isPunctuation(after) || isWhitespace(before) || isPunctuation(before))
            let right = !isWhitespace(before) && (!isPunctuation(before) || isWhitespace(after) || isPunctuation(after))
            return Flanking(left: left, right: right)
        }

        /// The amendment's rule; `before` holds up to two characters before the run, nearest last, so a variation
        /// selector after a CJK or punctuation character counts with it.
        static func amended(before: [Unicode.Scalar], after: Unicode.Scalar) -> Flanking {
            let previous = before.last ?? "\n"
            let earlier = before.count > 1 ? before[before.count - 2] : nil
            let left: Bool
            if isWhitespace(after) {
                left = false
            } else if !isNonCJKPunctuation(after) {
                left = true
            } else {
                left = isWhitespace(previous) || isNonCJKPunctuationSequence(previous, earlier) || isCJKSequence(previous, earlier)
                    || isIdeographicVariationSelector(previous)
            }
            let right: Bool
            if isWhitespace(previous) {
                right = false
            } else if !isNonCJKPunctuationSequence(previous, earlier) {
                right = true
            } else {
                right = isWhitespace(after) || isNonCJKPunctuation(after) || isCJK(after)
            }
            return Flanking(left: left, right: right)
        }
    }

    /// Unicode white space as cmark-gfm reads it: the Zs category, tab, line feed, form feed, carriage return.
    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20: return true
        default: return scalar.properties.generalCategory == .spaceSeparator
        }
    }

    /// Punctuation as cmark-gfm 0.29 reads it: ASCII punctuation and Unicode's P categories.
    static func isPunctuation(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return isASCIIPunctuation(scalar.value) }
        switch scalar.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation, .finalPunctuation,
             .otherPunctuation:
            return true
        default:
            return false
        }
    }

    /// ! " # $ % & ' ( ) * + , - . / : ; < = > ? @ [ \ ] ^ _ ` { | } ~ (what a backslash escapes in CommonMark).
    static func isASCIIPunctuation(_ value: UInt32) -> Bool {
        (0x21...0x2F).contains(value) || (0x3A...0x40).contains(value) || (0x5B...0x60).contains(value) || (0x7B...0x7E).contains(value)
    }

    /// A CJK character (the amendment): East Asian Width Wide, Fullwidth or Halfwidth and not an emoji shown as emoji
    /// by default, or a character of the Hangul script.
    static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.value >= 0x1100 else { return false }
        return (ipr_icu_is_east_asian_wide(scalar.value) != 0 && !scalar.properties.isEmojiPresentation) || ipr_icu_is_hangul_script(scalar.value) != 0
    }

    static func isNonCJKPunctuation(_ scalar: Unicode.Scalar) -> Bool { isPunctuation(scalar) && !isCJK(scalar) }

    /// U+FE00–FE0E: a variation selector other than the emoji one, which may follow a CJK or punctuation character.
    static func isTextVariationSelector(_ scalar: Unicode.Scalar) -> Bool { (0xFE00...0xFE0E).contains(scalar.value) }

    static func isIdeographicVariationSelector(_ scalar: Unicode.Scalar) -> Bool { (0xE0100...0xE01EF).contains(scalar.value) }

    /// A CJK character, alone or with a variation selector after it, or punctuation of ambiguous width in its
    /// full-width form (a variation selector after a quotation mark).
    static func isCJKSequence(_ last: Unicode.Scalar, _ earlier: Unicode.Scalar?) -> Bool {
        if isCJK(last) { return true }
        guard isTextVariationSelector(last), let earlier else { return false }
        return isCJK(earlier) || isAmbiguousPunctuation(earlier)
    }

    /// Punctuation that is not CJK, alone or with a variation selector after it (but not in its full-width form).
    static func isNonCJKPunctuationSequence(_ last: Unicode.Scalar, _ earlier: Unicode.Scalar?) -> Bool {
        if isNonCJKPunctuation(last) { return true }
        guard isTextVariationSelector(last), let earlier else { return false }
        return isNonCJKPunctuation(earlier) && !isAmbiguousPunctuation(earlier)
    }

    /// Punctuation of ambiguous East Asian width that has a full-width variation sequence (the curly quotation marks).
    private static func isAmbiguousPunctuation(_ scalar: Unicode.Scalar) -> Bool {
        [0x2018, 0x2019, 0x201C, 0x201D].contains(scalar.value)
    }

    // MARK: - The delimiter algorithm

    struct Delimiter {
        var character: Character
        var count: Int
        let original: Int
        let canOpen: Bool
        let canClose: Bool
        /// The token (and piece) the run stands at.
        let token: Int
    }

    /// CommonMark's "process emphasis" over a linked list of pieces and a linked list of delimiters.
    private struct Resolver {
        enum Piece {
            case text(String)
            case delimiter(Int)
            case source(InlineSource)
        }

        var pieces: [Piece]
        var next: [Int], previous: [Int]
        var delimiters: [Delimiter]
        /// The delimiter list (indexes into `delimiters`, in text order), -1 at its ends.
        var nextDelimiter: [Int], previousDelimiter: [Int]
        var removed: [Bool]
        var head = 0

        init(tokens: [Token], delimiters: [Delimiter]) {
            var delimiterAt: [Int: Int] = [:]
            for (index, delimiter) in delimiters.enumerated() { delimiterAt[delimiter.token] = index }
            pieces = tokens.enumerated().map { index, token in
                switch token {
                case .text(let text): return .text(text)
                case .run: return .delimiter(delimiterAt[index] ?? 0)
                case .atom(let node, _, _): return .source(.node(node))
                }
            }
            next = pieces.indices.map { $0 + 1 }
            if !next.isEmpty { next[next.count - 1] = -1 }
            previous = pieces.indices.map { $0 - 1 }
            self.delimiters = delimiters
            nextDelimiter = delimiters.indices.map { $0 + 1 }
            if !nextDelimiter.isEmpty { nextDelimiter[nextDelimiter.count - 1] = -1 }
            previousDelimiter = delimiters.indices.map { $0 - 1 }
            removed = Array(repeating: false, count: delimiters.count)
        }

        private struct BottomKey: Hashable {
            var character: Character
            var canOpen: Bool
            var modulo: Int
        }

        mutating func run() {
            // The lowest delimiter (by index, which is text order) an opener search may reach again, per closer kind.
            var openersBottom: [BottomKey: Int] = [:]
            var current = delimiters.isEmpty ? -1 : 0
            while current != -1 {
                let closer = delimiters[current]
                guard closer.canClose else {
                    current = nextDelimiter[current]
                    continue
                }
                let key = BottomKey(character: closer.character, canOpen: closer.canOpen, modulo: closer.character == "*" ? closer.original % 3 : 0)
                let bottom = openersBottom[key] ?? -1
                var opener = previousDelimiter[current]
                while opener != -1, opener > bottom, !matches(opener, current) { opener = previousDelimiter[opener] }
                guard opener != -1, opener > bottom else {
                    openersBottom[key] = previousDelimiter[current]
                    let following = nextDelimiter[current]
                    if !closer.canOpen { unlinkDelimiter(current) }
                    current = following
                    continue
                }
                let use: Int
                let style: RichText.InlineStyle
                if closer.character == "~" {
                    use = closer.count
                    style = .strikethrough
                } else {
                    use = closer.count >= 2 && delimiters[opener].count >= 2 ? 2 : 1
                    style = use == 2 ? .bold : .italic
                }
                delimiters[opener].count -= use
                delimiters[current].count -= use
                wrap(from: delimiters[opener].token, to: closer.token, style: style)
                if delimiters[opener].count == 0 {
                    unlinkDelimiter(opener)
                    unlinkPiece(delimiters[opener].token)
                }
                if delimiters[current].count == 0 {
                    let following = nextDelimiter[current]
                    unlinkDelimiter(current)
                    unlinkPiece(closer.token)
                    current = following
                }
            }
        }

        private func matches(_ opener: Int, _ closer: Int) -> Bool {
            let o = delimiters[opener], c = delimiters[closer]
            guard o.character == c.character, o.canOpen else { return false }
            if c.character == "~" { return o.count == c.count }
            // The rule of three (CommonMark 6.2, rules 9 and 10).
            if (o.canClose || c.canOpen), (o.original + c.original) % 3 == 0, !(o.original % 3 == 0 && c.original % 3 == 0) { return false }
            return true
        }

        /// Replaces the pieces between two delimiters' pieces with one emphasis; delimiters among them become text.
        private mutating func wrap(from start: Int, to end: Int, style: RichText.InlineStyle) {
            var inner: [InlineSource] = []
            var position = next[start]
            while position != -1, position != end {
                inner.append(source(position, unlinking: true))
                position = next[position]
            }
            pieces.append(.source(.styled(style, inner)))
            let new = pieces.count - 1
            next.append(end)
            previous.append(start)
            next[start] = new
            previous[end] = new
        }

        private mutating func source(_ piece: Int, unlinking: Bool) -> InlineSource {
            switch pieces[piece] {
            case .text(let text): return .text(text)
            case .source(let source): return source
            case .delimiter(let index):
                if unlinking && !removed[index] { unlinkDelimiter(index) }
                return .text(String(repeating: delimiters[index].character, count: delimiters[index].count))
            }
        }

        private mutating func unlinkDelimiter(_ index: Int) {
            guard !removed[index] else { return }
            removed[index] = true
            let before = previousDelimiter[index], after = nextDelimiter[index]
            if before != -1 { nextDelimiter[before] = after }
            if after != -1 { previousDelimiter[after] = before }
        }

        private mutating func unlinkPiece(_ piece: Int) {
            let before = previous[piece], after = next[piece]
            if before != -1 { next[before] = after } else { head = after }
            if after != -1 { previous[after] = before }
        }

        /// The pieces in order, adjacent texts joined.
        mutating func result() -> [InlineSource] {
            var result: [InlineSource] = []
            var position = pieces.isEmpty ? -1 : head
            while position != -1 {
                let piece = source(position, unlinking: false)
                if case .text(let text) = piece, case .text(let before)? = result.last {
                    result[result.count - 1] = .text(before + text)
                } else {
                    result.append(piece)
                }
                position = next[position]
            }
            return result
        }
    }
}
