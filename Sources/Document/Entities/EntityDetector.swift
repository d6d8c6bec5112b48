/// Marks the entities Telegram's server detects on send (`EntityFinder`) in rich text. Detection reads the
/// whole text of a paragraph, across style boundaries (`**$12**/mo` has no command: `/` follows a digit), and
/// never marks text inside code, a link, a formula, a date, a custom emoji or a button. A found entity that
/// spans styles becomes one link around them (`**tele**gram.org` → link(bold "tele", "gram.org")), so its
/// text is the whole entity.
public enum EntityDetector {
    /// `text` with its entities marked; `text` itself when it has none.
    public static func detect(_ text: RichText) -> RichText {
        var flat = Flattened()
        flat.add(text, path: [])
        guard flat.hasText else { return text }
        let entities = Self.outside(flat.sealed, EntityFinder(flat.scalars).entities())
        guard !entities.isEmpty else { return text }
        return flat.rebuilt(marking: entities)
    }

    /// The entities that overlap no sealed range. Both lists are in text order, so one walk over the two does
    /// (checking every entity against every sealed range cost entities × sealed pieces).
    static func outside(_ sealed: [Range<Int>], _ entities: [EntityFinder.Entity]) -> [EntityFinder.Entity] {
        var result: [EntityFinder.Entity] = []
        var next = 0, steps = 0
        for entity in entities {
            // Sealed ranges that end before this entity starts end before every later one too.
            while next < sealed.count, sealed[next].upperBound <= entity.range.lowerBound || sealed[next].isEmpty {
                next += 1
                steps += 1
            }
            steps += 1
            if next < sealed.count, sealed[next].lowerBound < entity.range.upperBound { continue }
            result.append(entity)
        }
        WorkCounter.add(.entityMarking, steps)
        return result
    }

    static func link(_ kind: EntityFinder.Kind) -> RichText.Link {
        switch kind {
        case .mention: return .mention
        case .hashtag: return .hashtag
        case .cashtag: return .cashtag
        case .botCommand: return .botCommand
        case .url: return .autoUrl
        case .email: return .autoEmail
        case .phone: return .autoPhone
        case .bankCard: return .bankCard
        }
    }

    /// A wrapper around part of the text, with an identity so equal neighbours stay apart.
    fileprivate struct Wrapper {
        enum Kind { case styled(RichText.InlineStyle), anchor(String), unknown(String), link(RichText.Link) }
        var id: Int
        var kind: Kind

        func wrap(_ inner: RichText) -> RichText {
            switch kind {
            case .styled(let style): return .styled(style, inner)
            case .anchor(let name): return .anchor(name: name, inner)
            case .unknown(let type): return .unknown(type: type, text: inner)
            case .link(let link): return .link(link, inner)
            }
        }
    }

    /// A leaf of the text: plain characters, or a node kept whole (code, links, formulas …).
    fileprivate struct Piece {
        var path: [Wrapper]
        var start: Int
        var length: Int
        /// nil: plain text `scalars[start..<start+length]`.
        var sealed: RichText?
    }

    /// The text as one scalar array plus its leaves and the ranges detection may not touch.
    fileprivate struct Flattened {
        var scalars: [Unicode.Scalar] = []
        var pieces: [Piece] = []
        var sealed: [Range<Int>] = []
        var nextID = 0
        var hasText = false

        mutating func add(_ text: RichText, path: [Wrapper]) {
            switch text {
            case .plain(let string):
                let start = scalars.count
                scalars.append(contentsOf: string.unicodeScalars)
                pieces.append(Piece(path: path, start: start, length: scalars.count - start, sealed: nil))
                hasText = hasText || scalars.count > start
            case .concat(let parts):
                for part in parts { add(part, path: path) }
            case .styled(let style, let inner) where style != .fixed:
                wrapped(inner, path: path, .styled(style), whole: text)
            case .anchor(let name, let inner):
                wrapped(inner, path: path, .anchor(name), whole: text)
            case .unknown(let type, let inner):
                wrapped(inner, path: path, .unknown(type), whole: text)
            default:
                // Code, links, dates, emoji, formulas, images, diffs, buttons: their text counts for the
                // neighbours' boundaries, and nothing inside is marked.
                let start = scalars.count
                scalars.append(contentsOf: text.plainText.unicodeScalars)
                pieces.append(Piece(path: path, start: start, length: scalars.count - start, sealed: text))
                sealed.append(start..<scalars.count)
            }
        }

        private mutating func wrapped(_ inner: RichText, path: [Wrapper], _ kind: Wrapper.Kind, whole: RichText) {
            nextID += 1
            let count = pieces.count
            add(inner, path: path + [Wrapper(id: nextID, kind: kind)])
            // A wrapper with nothing inside (an empty anchor) is kept as it is.
            if pieces.count == count { pieces.append(Piece(path: path, start: scalars.count, length: 0, sealed: whole)) }
        }

        func string(_ range: Range<Int>) -> String {
            String(scalars: scalars[range])
        }

        /// The text again, with a link around each entity at the deepest level that holds all of it.
        mutating func rebuilt(marking entities: [EntityFinder.Entity]) -> RichText {
            var result: [Piece] = []
            var next = 0
            for var piece in pieces {
                guard piece.sealed == nil, piece.length > 0 else { result.append(piece); continue }
                // Split plain pieces at entity boundaries.
                var cursor = piece.start
                let end = piece.start + piece.length
                while next < entities.count, entities[next].range.upperBound <= cursor { next += 1 }
                var index = next
                while cursor < end {
                    var cut = end
                    if index < entities.count {
                        let range = entities[index].range
                        if range.lowerBound > cursor { cut = min(end, range.lowerBound) } else { cut = min(end, range.upperBound) }
                    }
                    piece.start = cursor
                    piece.length = cut - cursor
                    result.append(piece)
                    cursor = cut
                    if index < entities.count, cursor >= entities[index].range.upperBound { index += 1 }
                }
            }
            // Insert each entity's link below the wrappers all its pieces share.
            var entityIndex = 0
            var i = 0
            while i < result.count {
                while entityIndex < entities.count, entities[entityIndex].range.upperBound <= result[i].start { entityIndex += 1 }
                guard entityIndex < entities.count, result[i].sealed == nil, result[i].length > 0,
                      entities[entityIndex].range.lowerBound <= result[i].start else { i += 1; continue }
                let range = entities[entityIndex].range
                var j = i
                while j < result.count, result[j].start < range.upperBound, result[j].start + result[j].length <= range.upperBound,
                      result[j].sealed == nil || result[j].length == 0 { j += 1 }
                var shared = result[i].path.count
                for k in i..<j {
                    shared = min(shared, result[k].path.count)
                    while shared > 0, result[k].path[shared - 1].id != result[i].path[shared - 1].id { shared -= 1 }
                }
                nextID += 1
                let link = Wrapper(id: nextID, kind: .link(EntityDetector.link(entities[entityIndex].kind)))
                for k in i..<j { result[k].path.insert(link, at: shared) }
                entityIndex += 1
                i = j
            }
            WorkCounter.add(.entityMarking, pieces.count + result.count + entities.count)
            return build(result[...], depth: 0)
        }

        private func build(_ pieces: ArraySlice<Piece>, depth: Int) -> RichText {
            var parts: [RichText] = []
            var i = pieces.startIndex
            while i < pieces.endIndex {
                let piece = pieces[i]
                if piece.path.count == depth {
                    parts.append(piece.sealed ?? .plain(string(piece.start..<piece.start + piece.length)))
                    i += 1
                    continue
                }
                let wrapper = piece.path[depth]
                var j = i + 1
                while j < pieces.endIndex, pieces[j].path.count > depth, pieces[j].path[depth].id == wrapper.id { j += 1 }
                parts.append(wrapper.wrap(build(pieces[i..<j], depth: depth + 1)))
                i = j
            }
            return parts.count == 1 ? parts[0] : .concat(parts)
        }
    }
}
