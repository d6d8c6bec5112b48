/// Text being written for a plain message: UTF-16 code units (the Bot API's unit) and the entities over them,
/// properly nested because `wrap` opens and closes each around what its body writes.
struct FallbackText {
    var units: [UInt16] = []
    var entities: [BotEntity] = []

    var length: Int { units.count }
    var isBlank: Bool { units.allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x09 } }

    mutating func append(_ text: String) { units += text.utf16 }

    mutating func append(_ other: FallbackText) {
        let shift = units.count
        units += other.units
        entities += other.entities.map { entity in
            var moved = entity
            moved.offset += shift
            return moved
        }
    }

    /// An entity around what `body` writes (none when it writes nothing).
    mutating func wrap(_ type: String, url: String? = nil, language: String? = nil, customEmojiId: String? = nil, _ body: (inout FallbackText) -> Void) {
        let start = units.count
        let index = entities.count
        body(&self)
        guard units.count > start else { return }
        entities.insert(BotEntity(type: type, offset: start, length: units.count - start, url: url, language: language, customEmojiId: customEmojiId), at: index)
    }

    /// Every line indented by `prefix` after the first (`firstPrefix` before it); entities move with their text.
    func indented(first firstPrefix: String, rest prefix: String) -> FallbackText {
        var result = FallbackText()
        result.append(firstPrefix)
        var map: [Int] = []
        map.reserveCapacity(units.count + 1)
        let restUnits = Array(prefix.utf16)
        for unit in units {
            map.append(result.units.count)
            result.units.append(unit)
            if unit == 0x0A { result.units += restUnits }
        }
        map.append(result.units.count)
        result.entities = entities.map { entity in
            var moved = entity
            moved.offset = map[entity.offset]
            // An entity ends before the indentation of a line it does not reach into.
            moved.length = (entity.end > 0 && units[entity.end - 1] == 0x0A ? map[entity.end - 1] + 1 : map[entity.end]) - moved.offset
            return moved
        }
        return result
    }

    /// Without white space at either end; entities clipped to what is left.
    func trimmed() -> FallbackText {
        var start = 0, end = units.count
        func blank(_ unit: UInt16) -> Bool { unit == 0x20 || unit == 0x0A || unit == 0x09 || unit == 0x0D }
        while start < end, blank(units[start]) { start += 1 }
        while end > start, blank(units[end - 1]) { end -= 1 }
        return slice(start, end)
    }

    /// The text from `start` to `end` with the entities that reach into it, clipped.
    func slice(_ start: Int, _ end: Int) -> FallbackText {
        var result = FallbackText()
        result.units = Array(units[start..<end])
        result.entities = entities.compactMap { entity in
            let lower = max(entity.offset, start), upper = min(entity.end, end)
            guard upper > lower else { return nil }
            var clipped = entity
            clipped.offset = lower - start
            clipped.length = upper - lower
            return clipped
        }
        return result
    }

    var message: BotMessage {
        let trimmed = self.trimmed()
        return BotMessage(text: String(decoding: trimmed.units, as: UTF16.self), entities: BotEntityRules.normalized(trimmed.entities))
    }
}
