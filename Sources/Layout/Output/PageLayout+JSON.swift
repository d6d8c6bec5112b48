import Document
import Drawing
import Primitives

/// The layout JSON of `ipraster layout` (`cli-contract.md`, "The layout JSON").
extension PageLayout {
    public func json(includeCharacterRects: Bool = false) -> JSONOut {
        let rect = PageLayout.rectJSON
        let canvasJSON: JSONOut = .object([
            ("width", .number(canvas.width)), ("height", .number(canvas.height)), ("scale", .number(canvas.scale)),
            ("pixelWidth", .int(canvas.pixelWidth)), ("pixelHeight", .int(canvas.pixelHeight)),
            ("bubbleOrigin", .array([.number(canvas.bubbleOrigin.x), .number(canvas.bubbleOrigin.y)])),
        ])
        let pageJSON: JSONOut = .object([
            ("width", .number(page.width)), ("height", .number(page.height)), ("boundingWidth", .number(page.boundingWidth)),
            ("horizontalInset", .number(page.horizontalInset)), ("rtl", .bool(page.rtl)),
        ])
        let bubbleJSON: JSONOut = bubble.map {
            .object([("frame", rect($0.frame)), ("cornerRadius", .number($0.cornerRadius)), ("outgoing", .bool($0.outgoing))])
        } ?? .null
        let statusJSON: JSONOut = .object([("frame", status.frame.map(rect) ?? .null), ("placement", .string(status.placement.rawValue))])
        var members: [(String, JSONOut)] = [("version", .int(1)), ("canvas", canvasJSON), ("page", pageJSON), ("bubble", bubbleJSON),
                                            ("status", statusJSON), ("items", .array(items.map { $0.json(includeCharacterRects: includeCharacterRects) })),
                                            ("altText", .string(altText))]
        if let language { members.append(("language", .string(language))) }
        if !warnings.isEmpty { members.append(("warnings", .array(warnings.map(JSONOut.string)))) }
        return .object(members)
    }

    /// `"entities": [{"type": "url", "range": [2, 14]}, {"type": "text_link", "range": …, "url": "https://…"}]`.
    static func entities(_ entities: [TextEntity]) -> (String, JSONOut)? {
        guard !entities.isEmpty else { return nil }
        return ("entities", .array(entities.map { entity in
            .object([("type", .string(entity.type)), ("range", .array([.int(entity.range.lowerBound), .int(entity.range.upperBound)]))]
                     + entity.fields.map { ($0.name, .string($0.value)) })
        }))
    }

    /// `"missingGlyphs": [{"codePoint": "U+0378", "range": [1, 2]}]` for a text with characters no font draws.
    static func missingGlyphs(_ glyphs: [MissingGlyph]) -> (String, JSONOut)? {
        guard !glyphs.isEmpty else { return nil }
        return ("missingGlyphs", .array(glyphs.map { glyph in
            .object([("codePoint", .string(MissingGlyph.name(glyph.codePoint))),
                     ("range", .array([.int(glyph.range.lowerBound), .int(glyph.range.upperBound)]))])
        }))
    }
}

extension PageLayout {
    /// A rectangle as the layout JSON writes it: [x, y, width, height].
    static func rectJSON(_ r: Rect) -> JSONOut { .array([.number(r.x), .number(r.y), .number(r.width), .number(r.height)]) }
}

extension LayoutItem {
    func json(includeCharacterRects: Bool) -> JSONOut {
        let rect = PageLayout.rectJSON
        var members: [(String, JSONOut)] = [("id", .string(id.description)), ("kind", .string(kind)), ("block", .string(block.rawValue)), ("frame", rect(frame))]
        switch content {
        case .text(let box):
            members.append(("font", .object([
                ("family", .string(box.font.family)), ("size", .number(box.font.size)), ("ascent", .number(box.font.ascent)),
                ("descent", .number(box.font.descent)), ("lineHeight", .number(box.lineHeight)),
            ])))
            members += Self.textJSON(box, includeCharacterRects: includeCharacterRects)
        case .decoration(let decoration):
            members.append(contentsOf: decoration.value.jsonFields)
        case .codeBlock(let code):
            members.append(("language", .string(code.language)))
            members.append(("textFrame", rect(Rect(x: code.textOrigin.x, y: code.textOrigin.y, width: code.text.lines.map(\.frame.maxX).max() ?? 0,
                                                   height: code.textHeight))))
            members += Self.textJSON(code.text, includeCharacterRects: includeCharacterRects)
        case .details(let details):
            members.append(("expanded", .bool(details.isExpanded)))
            members.append(("titleHeight", .number(details.titleHeight)))
            // The title row's text, item-local lines and attachments as a text item's (fifth review: attachments
            // wherever lines are).
            if let title = details.title {
                members.append(("title", .object([("origin", .array([.number(details.titleOrigin.x), .number(details.titleOrigin.y)]))]
                                                 + Self.textJSON(title, includeCharacterRects: includeCharacterRects))))
            }
            if !details.items.isEmpty {
                members.append(("items", .array(details.items.map { $0.json(includeCharacterRects: includeCharacterRects) })))
            }
        case .thinking(let thinking):
            members += Self.textJSON(thinking.text, includeCharacterRects: false)
        case .showMore:
            break
        case .media(let media):
            if let id = media.lookupIds.first { members.append(("mediaId", .string(id))) }
            members.append(("bleed", .number(media.bleed)))
            if media.spoiler { members.append(("spoiler", .bool(true))) }
        case .fileRow(let row):
            if let id = row.lookupIds.first { members.append(("mediaId", .string(id))) }
        case .slideshow(let slideshow):
            if let id = slideshow.page.lookupIds.first { members.append(("mediaId", .string(id))) }
            members.append(("pages", .int(max(1, slideshow.dots.count))))
        case .formula(let formula):
            members.append(("baseline", .number(formula.baseline)))
            members.append(("latex", .string(formula.latex)))
            members.append(("fallback", .bool(formula.fallback != nil)))
            if formula.clipped { members.append(("contentWidth", .number(formula.width))) }
            if formula.scrollOffset != 0 { members.append(("scrollOffset", .number(formula.scrollOffset))) }
            if let missing = PageLayout.missingGlyphs(formula.missingGlyphs) { members.append(missing) }
        case .table(let table):
            members.append(("contentInset", .number(table.contentInset)))
            members.append(("gridFrame", rect(table.gridFrame)))
            members.append(("cornerRadius", .number(table.cornerRadius)))
            members.append(("borderWidth", .number(table.borderWidth)))
            if table.scrollOffset != 0 { members.append(("scrollOffset", .number(table.scrollOffset))) }
            if !table.title.isEmpty {
                members.append(("title", .array(table.title.map { $0.json(includeCharacterRects: includeCharacterRects) })))
            }
            members.append(("cells", .array(table.cells.map { cell in
                var fields: [(String, JSONOut)] = [("row", .int(cell.row)), ("column", .int(cell.column)), ("frame", rect(cell.frame)),
                                                   ("header", .bool(cell.header)), ("filled", .bool(cell.filled))]
                if !cell.items.isEmpty {
                    fields.append(("items", .array(cell.items.map { $0.json(includeCharacterRects: includeCharacterRects) })))
                }
                return .object(fields)
            })))
        }
        return .object(members)
    }

    /// A text's lines (frame, baseline, UTF-16 range, direction, optionally the per-character ink rects; decorations
    /// and spoiler covers where there are any), then the
    /// characters no font draws, its entities and its inline attachments, each only when there are any: the same
    /// fields for text items, code blocks, thinking blocks and details titles (README Decisions, fifth review:
    /// attachments are listed wherever lines are).
    static func textJSON(_ box: TextBox, includeCharacterRects: Bool) -> [(String, JSONOut)] {
        let rect = PageLayout.rectJSON
        var members: [(String, JSONOut)] = [("lines", .array(box.lines.map { line in
            var lineMembers: [(String, JSONOut)] = [("frame", rect(line.frame)), ("baseline", .number(line.baseline)),
                                                    ("range", .array([.int(line.range.lowerBound), .int(line.range.upperBound)])),
                                                    ("rtl", .bool(line.rtl))]
            if includeCharacterRects, let rects = line.characterRects { lineMembers.append(("characterRects", .array(rects.map(rect)))) }
            // Marked fills, underlines and strike lines, and spoiler covers, item-local, where the line has any.
            if !line.decorations.isEmpty {
                lineMembers.append(("decorations", .array(line.decorations.map { .object([("kind", .string($0.kind.rawValue)), ("frame", rect($0.rect))]) })))
            }
            if !line.spoilers.isEmpty { lineMembers.append(("spoilers", .array(line.spoilers.map { rect($0.rect) }))) }
            return .object(lineMembers)
        }))]
        if let missing = PageLayout.missingGlyphs(box.missingGlyphs) { members.append(missing) }
        if let entities = PageLayout.entities(box.entities) { members.append(entities) }
        let attachments = box.lines.flatMap(\.attachments)
        if !attachments.isEmpty {
            members.append(("attachments", .array(attachments.map { attachment in
                var fields: [(String, JSONOut)] = [("kind", .string(attachment.kind.rawValue)),
                                                   ("range", .array([.int(attachment.range.lowerBound), .int(attachment.range.upperBound)])),
                                                   ("frame", rect(attachment.frame))]
                if let id = attachment.mediaId { fields.append(("mediaId", .string(id))) }
                if attachment.kind == .formula {
                    fields.append(("baseline", .number(attachment.baseline ?? attachment.frame.maxY)))
                    fields.append(("latex", .string(attachment.latex ?? "")))
                    fields.append(("fallback", .bool(false)))
                }
                return .object(fields)
            })))
        }
        return members
    }
}
