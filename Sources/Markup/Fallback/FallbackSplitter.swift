/// Packs a message's blocks into payloads of at most `limit` UTF-16 code units (issue 63): whole blocks while they
/// fit, a blank line between them; a block too long for one payload is cut at the best place before the limit —
/// a blank line, then a line break, then a sentence's end, then a space, each outside every entity; only where an
/// entity alone passes the limit (a long code block, a long bold run) inside it, at a line break or a space first,
/// the entity closed before the cut and opened again after it. A cut never splits a surrogate pair or a custom emoji.
///
/// Written by hand: it cuts a text that carries Bot API entities, which no library here knows.
struct FallbackSplitter {
    let limit: Int

    func messages(_ pieces: [FallbackText]) -> [BotMessage] {
        var messages: [BotMessage] = []
        var current = FallbackText()
        func flush() {
            if !current.isBlank { messages.append(current.message) }
            current = FallbackText()
        }
        for piece in pieces {
            if !current.isBlank, current.length + 2 + piece.length <= limit {
                current.append("\n\n")
                current.append(piece)
                continue
            }
            flush()
            guard piece.length > limit else {
                current = piece
                continue
            }
            // One pass over the piece's entities: how many hold each boundary, and where a custom emoji is.
            let marks = Marks(piece)
            var start = 0
            while piece.length - start > limit {
                let end = cut(piece.units, from: start, marks: marks)
                messages.append(piece.slice(start, end).message)
                start = end
                while start < piece.length, [0x20, 0x0A, 0x09, 0x0D].contains(piece.units[start]) { start += 1 }
            }
            current = piece.slice(start, piece.length)
        }
        flush()
        return messages
    }

    /// For each boundary i of a text (before unit i): whether an entity holds it (starts before and ends after) and
    /// whether a custom emoji does.
    struct Marks {
        var inside: [Bool]
        var emoji: [Bool]

        init(_ text: FallbackText) {
            var depth = [Int](repeating: 0, count: text.length + 2), emojiDepth = depth
            for entity in text.entities where entity.length > 1 {
                depth[entity.offset + 1] += 1
                depth[entity.end] -= 1
                if entity.type == "custom_emoji" {
                    emojiDepth[entity.offset + 1] += 1
                    emojiDepth[entity.end] -= 1
                }
            }
            var running = 0, runningEmoji = 0
            inside = []
            emoji = []
            inside.reserveCapacity(text.length + 1)
            emoji.reserveCapacity(text.length + 1)
            for i in 0...text.length {
                running += depth[i]
                runningEmoji += emojiDepth[i]
                inside.append(running > 0)
                emoji.append(runningEmoji > 0)
            }
        }
    }

    /// Where to cut `units` after `start` (more than `limit` units remain): the end of the next payload.
    func cut(_ units: [UInt16], from start: Int, marks: Marks) -> Int {
        let upper = start + limit
        func pairAt(_ i: Int) -> Bool { i > 0 && i < units.count && UTF16.isTrailSurrogate(units[i]) && UTF16.isLeadSurrogate(units[i - 1]) }
        func blank(_ unit: UInt16) -> Bool { unit == 0x20 || unit == 0x0A }
        func sentenceEnd(_ i: Int) -> Bool {
            // After ". ", "! ", "? ", "… " or a CJK full stop, exclamation or question mark.
            if [0x3002, 0xFF01, 0xFF1F].contains(units[i - 1]) { return true }
            return i - 2 >= start && blank(units[i - 1]) && [0x2E, 0x21, 0x3F, 0x2026].contains(units[i - 2])
        }
        let floor = start + max(1, limit / 4)
        let rules: [((Int) -> Bool, Bool)] = [
            ({ i in i - 2 >= start && units[i - 1] == 0x0A && units[i - 2] == 0x0A }, false),
            ({ i in units[i - 1] == 0x0A }, false),
            (sentenceEnd, false),
            ({ i in blank(units[i - 1]) }, false),
            ({ i in units[i - 1] == 0x0A }, true),
            (sentenceEnd, true),
            ({ i in blank(units[i - 1]) }, true),
        ]
        for (rule, intoEntities) in rules {
            for i in stride(from: upper, through: floor, by: -1) where (intoEntities || !marks.inside[i]) && !marks.emoji[i] && !pairAt(i) && rule(i) {
                return i
            }
        }
        var i = upper
        while i > start + 1 && (pairAt(i) || marks.emoji[i]) { i -= 1 }
        return i
    }
}
