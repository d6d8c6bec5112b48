import Primitives

/// The annotations file (`docs/annotations.schema.json`): members in a fixed order, boxes as [x, y, width, height]
/// in whole pixels, optional members left out rather than null, so the same page gives the same bytes.
extension Annotations {
    public func json() -> JSONOut {
        func box(_ b: Box) -> JSONOut { .array([.int(b.x), .int(b.y), .int(b.width), .int(b.height)]) }
        var members: [(String, JSONOut)] = [
            ("version", .int(Self.version)),
            ("image", .object([("width", .int(pixelWidth)), ("height", .int(pixelHeight))])),
            ("settings", .object([("theme", .string(settings.theme)), ("width", .number(settings.width)), ("scale", .number(settings.scale)),
                                  ("outgoing", .bool(settings.outgoing)), ("bubble", .bool(settings.bubble)), ("locale", .string(settings.locale))])),
            ("blocks", .array(blocks.enumerated().map { index, block in
                var fields: [(String, JSONOut)] = [("order", .int(index)), ("kind", .string(block.kind)), ("block", .string(block.block)), ("box", box(block.box))]
                if let parent = block.parent { fields.append(("parent", .int(parent))) }
                if let cell = block.cell { fields.append(("cell", .int(cell))) }
                if let latex = block.latex { fields.append(("latex", .string(latex))) }
                if let id = block.mediaId { fields.append(("mediaId", .string(id))) }
                return .object(fields)
            })),
            ("lines", .array(lines.map { line in
                .object([("block", .int(line.block)), ("box", box(line.box)), ("baseline", .number(line.baseline)), ("text", .string(line.text)),
                         ("direction", .string(line.rtl ? "rtl" : "ltr"))])
            })),
            ("words", .array(words.map { word in
                var fields: [(String, JSONOut)] = [("line", .int(word.line)), ("text", .string(word.text)), ("box", box(word.box))]
                if word.hidden { fields.append(("hidden", .bool(true))) }
                return .object(fields)
            })),
        ]
        if let clusters {
            members.append(("clusters", .array(clusters.map { cluster in
                var fields: [(String, JSONOut)] = [("line", .int(cluster.line))]
                if let word = cluster.word { fields.append(("word", .int(word))) }
                fields += [("text", .string(cluster.text)), ("box", box(cluster.box))]
                return .object(fields)
            })))
        }
        members.append(("attachments", .array(attachments.map { attachment in
            var fields: [(String, JSONOut)] = [("kind", .string(attachment.kind)), ("line", .int(attachment.line)), ("box", box(attachment.box))]
            if let id = attachment.customEmojiId { fields.append(("customEmojiId", .string(id))) }
            if let id = attachment.mediaId { fields.append(("mediaId", .string(id))) }
            if let latex = attachment.latex { fields.append(("latex", .string(latex))) }
            return .object(fields)
        })))
        members.append(("cells", .array(cells.map { cell in
            var fields: [(String, JSONOut)] = [("block", .int(cell.block)), ("row", .int(cell.row)), ("column", .int(cell.column)),
                                               ("rowSpan", .int(cell.rowSpan)), ("columnSpan", .int(cell.columnSpan)), ("header", .bool(cell.header)),
                                               ("box", box(cell.box))]
            if let visible = cell.visibleBox { fields.append(("visibleBox", box(visible))) }
            return .object(fields)
        })))
        return .object(members)
    }
}
