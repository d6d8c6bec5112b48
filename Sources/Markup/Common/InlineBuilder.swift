import Document

/// Builds rich text from a run of inline pieces where some styles open and close across pieces: Telegram's
/// `==marked==` and `||spoiler||` delimiters inside text nodes, and the rich HTML tags CommonMark leaves as
/// separate raw tokens (`<u>`, `<sub>`, `<tg-spoiler>` …). A stack of open styles; a closer matches the
/// innermost open style of its kind, and anything left open at the end is written back as literal text.
struct InlineBuilder {
    private struct Open {
        var key: String
        var style: RichText.InlineStyle?
        var literal: String
        var parts: [RichText]
    }

    private var stack: [Open] = [Open(key: "", style: nil, literal: "", parts: [])]

    mutating func append(_ text: RichText) {
        stack[stack.count - 1].parts.append(text)
    }

    /// Plain text with `==` and `||` delimiters in it.
    mutating func appendText(_ text: String) {
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "=") || $0 == UInt8(ascii: "|") }) else {
            if !text.isEmpty { append(.plain(text)) }
            return
        }
        var buffer = ""
        var characters = Substring(text)
        while let first = characters.first {
            if (first == "=" || first == "|"), characters.dropFirst().first == first {
                if !buffer.isEmpty { append(.plain(buffer)); buffer = "" }
                toggle(String(repeating: first, count: 2), style: first == "=" ? .marked : .spoiler)
                characters = characters.dropFirst(2)
                continue
            }
            buffer.append(first)
            characters = characters.dropFirst()
        }
        if !buffer.isEmpty { append(.plain(buffer)) }
    }

    /// `==`/`||`: closes the innermost open one of its kind when that is the top, else opens one.
    private mutating func toggle(_ key: String, style: RichText.InlineStyle) {
        if stack.count > 1, stack[stack.count - 1].key == key, !stack[stack.count - 1].parts.isEmpty {
            close()
        } else if stack.count > 1, stack[stack.count - 1].key == key {
            // "====" is text, not an empty highlight.
            let top = stack.removeLast()
            append(.plain(top.literal + key))
        } else {
            stack.append(Open(key: key, style: style, literal: key, parts: []))
        }
    }

    /// An opening tag: `style` nil wraps nothing (a tag kept only for matching).
    mutating func open(tag: String, style: RichText.InlineStyle?, literal: String) {
        stack.append(Open(key: "<" + tag, style: style, literal: literal, parts: []))
    }

    /// A closing tag; false when no such tag is open at the top.
    mutating func close(tag: String) -> Bool {
        guard stack.count > 1, stack[stack.count - 1].key == "<" + tag else { return false }
        close()
        return true
    }

    private mutating func close() {
        let top = stack.removeLast()
        let inner = RichText.concatenating(top.parts)
        append(top.style.map { .styled($0, inner) } ?? inner)
    }

    /// The text; styles still open are undone (their delimiter written back as text).
    mutating func finish() -> RichText {
        while stack.count > 1 {
            let top = stack.removeLast()
            append(.plain(top.literal))
            for part in top.parts { append(part) }
        }
        return RichText.concatenating(stack[0].parts)
    }
}

extension RichText {
    /// One part as itself, none as empty, nested concatenations spliced in, adjacent plain parts merged.
    static func concatenating(_ parts: [RichText]) -> RichText {
        var merged: [RichText] = []
        // Adjacent plain texts are collected in one string and appended to it: joining them pairwise copied the text so
        // far at each step (48,000 soft-broken lines copied gigabytes).
        var pending = ""
        var copied = 0
        func flush() {
            if !pending.isEmpty { merged.append(.plain(pending)) }
            pending = ""
        }
        for part in parts {
            let inner: [RichText]
            if case .concat(let items) = part { inner = items } else { inner = [part] }
            for item in inner {
                if case .plain(let text) = item {
                    pending += text
                    copied += text.utf8.count
                } else {
                    flush()
                    merged.append(item)
                }
            }
        }
        flush()
        WorkCounter.add(.inlineJoining, copied)
        switch merged.count {
        case 0: return .empty
        case 1: return merged[0]
        default: return .concat(merged)
        }
    }
}
