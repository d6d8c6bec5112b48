import Primitives
/// Decodes Bot API 10.3 rich-message JSON (send and receive shapes) into the document model.
struct BotAPIDecoder: JSONBlockDecoding {
    let context: DecodeContext

    /// `rich_message` (RichMessage or InputRichMessage). `sent`: the send shape, whose text the server scans
    /// for entities unless `skip_entity_detection`; nil: decide by the object's own shape (`isSendShape`).
    func decodeRichMessage(_ node: JSONNode, sent: Bool? = nil) throws -> Document {
        guard node.object != nil else { throw node.mismatch("rich message object") }
        if let markdown = node["markdown"] {
            return try decodeMarkup(markdown, html: false, message: node)
        }
        if let html = node["html"] {
            return try decodeMarkup(html, html: true, message: node)
        }
        let blocksNode = try node.required("blocks")
        var blocks = try decodeBlocks(blocksNode, depth: 1)
        if try (sent ?? (node.has("skip_entity_detection") || Self.isSendShape(blocksNode) == true)) && !node.optionalBool("skip_entity_detection") {
            blocks = blocks.map { $0.mappingTexts(EntityDetector.detect) }
        }
        let document = Document(blocks: blocks, media: context.media, rtl: try context.rtl(node, field: "is_rtl"), partial: false,
                                blockLocations: blocks.indices.map { .jsonPath(blocksNode.path + "[\($0)]") })
        try context.checkLimits(document, blocksPath: blocksNode.path)
        return document
    }

    /// `rich_message.markdown` or `.html` (Bot API 10.1+): the media bindings registered, the text read by the
    /// front-end, Markdown with the server's loose `$` rule unless `--math-delimiters` says otherwise.
    private func decodeMarkup(_ markdown: JSONNode, html: Bool, message node: JSONNode) throws -> Document {
        guard let reader = context.markup else {
            throw DecodeError(path: markdown.path, message: "this build reads no \(html ? "HTML" : "Markdown"); give ipraster the blocks form")
        }
        var bindings: [String: String] = [:]
        if let media = node["media"] {
            for binding in try media.array() {
                let id = try binding.required("id").string()
                let input = try binding.required("media")
                let kind: Media.Kind
                switch try input.required("type").string() {
                case "photo": kind = .photo
                case "video": kind = .video
                case "animation": kind = .animation
                case "audio": kind = .audio
                case "voice", "voice_note": kind = .voiceNote
                default: kind = .document
                }
                bindings[id] = try registerFile(input, kind: kind)
            }
        }
        let loose = (context.mathDelimiters ?? .loose) == .loose
        let options = MarkupOptions(looseMathDelimiters: loose, mediaBindings: bindings,
                                    detectEntities: !(try node.optionalBool("skip_entity_detection")))
        let text = try markdown.string()
        let result = html ? try reader.read(html: text, at: markdown.path, options: options) : try reader.read(markdown: text, at: markdown.path, options: options)
        for (key, media) in result.media where context.media[key] == nil { context.media[key] = media }
        context.warnings += result.warnings.map { "at \(markdown.path):" + $0 }
        let document = Document(blocks: result.blocks, media: context.media, rtl: result.message.given ? result.message.rtl : try context.rtl(node, field: "is_rtl"),
                                partial: result.message.partial,
                                blockLocations: result.locations.count == result.blocks.count ? result.locations.map { .jsonPath(markdown.path + ":\($0)") } : [])
        try context.checkLimits(document, blocksPath: markdown.path)
        return document
    }

    /// Whether bare blocks are an `InputRichMessage`'s: the first list item or media object decides (send
    /// items have no `label`, send media a `media` field, received media a `file_id`); nil when blocks have
    /// neither (they are then taken as received, unless the object has the send shape's `skip_entity_detection`).
    static func isSendShape(_ blocks: JSONNode) -> Bool? {
        var pending = [blocks.value]
        var visited = 0
        while let value = pending.popLast(), visited < 100_000 {
            visited += 1
            switch value {
            case .array(let elements):
                pending.append(contentsOf: elements.reversed())
            case .object(let object):
                if object["file_id"] != nil { return false }
                if case .string? = object["media"] { return true }
                if case .string("list")? = object["type"], case .array(let items)? = object["items"], case .object(let first)? = items.first {
                    return first["label"] == nil
                }
                pending.append(contentsOf: object.keys.reversed().compactMap { object[$0] })
            default:
                break
            }
        }
        return nil
    }

    func decodeBlock(_ node: JSONNode, depth: Int) throws -> Block {
        guard node.object != nil else { throw node.mismatch("block object") }
        let type = try node.required("type").string()
        switch type {
        case "paragraph": return .paragraph(try text(node, "text", depth))
        case "heading":
            let size = try node.required("size").int()
            return .heading(level: min(max(size, 1), 6), try text(node, "text", depth))
        case "pre": return .preformatted(try text(node, "text", depth), language: try node.optionalString("language") ?? "")
        case "footer": return .footer(try text(node, "text", depth))
        case "divider": return .divider
        case "mathematical_expression": return .formula(source: try node.required("expression").string(), location: .jsonPath(node.path))
        case "anchor": return .anchor(name: try node.required("name").string())
        case "list": return .list(try decodeList(node, depth: depth))
        case "blockquote":
            return .blockQuote(blocks: try decodeBlocks(try node.required("blocks"), depth: depth + 1),
                               credit: try optionalText(node, "credit", depth), collapsed: false)
        case "expandable_blockquote":
            return .blockQuote(blocks: [.paragraph(try text(node, "text", depth))],
                               credit: try optionalText(node, "credit", depth), collapsed: true)
        case "pullquote": return .pullQuote(try text(node, "text", depth), credit: try optionalText(node, "credit", depth))
        case "collage":
            return .collage(try decodeBlocks(try node.required("blocks"), depth: depth + 1), caption: try caption(node, depth))
        case "slideshow":
            return .slideshow(try decodeBlocks(try node.required("blocks"), depth: depth + 1), caption: try caption(node, depth))
        case "table": return .table(try decodeTable(node, depth: depth))
        case "details":
            return .details(title: try text(node, "summary", depth),
                            blocks: try decodeBlocks(try node.required("blocks"), depth: depth + 1),
                            open: try node.optionalBool("is_open"))
        case "map":
            let location = try node.required("location")
            return .map(MapBlock(latitude: try location.required("latitude").double(),
                                 longitude: try location.required("longitude").double(),
                                 zoom: try node.optionalInt("zoom") ?? 0, width: try node.optionalInt("width") ?? 0,
                                 height: try node.optionalInt("height") ?? 0, caption: try caption(node, depth)))
        case "buttons":
            let buttons = try node.required("buttons").array().map { try decodeButton($0, depth: depth + 1) }
            let align = try node.optionalString("align").flatMap { ButtonRow.Alignment(rawValue: $0) } ?? .justify
            return .buttonRow(ButtonRow(buttons: buttons, alignment: align))
        case "photo":
            let media = try node.required("photo")
            let id = try registerPhoto(media)
            let spoiler = try node.optionalBool("has_spoiler") || media.optionalBool("has_spoiler")
            return .photo(mediaId: id, caption: try caption(node, depth), spoiler: spoiler, url: nil)
        case "video", "animation":
            let media = try node.required(type)
            let id = try registerFile(media, kind: type == "video" ? .video : .animation)
            let spoiler = try node.optionalBool("has_spoiler") || media.optionalBool("has_spoiler")
            return .video(mediaId: id, caption: try caption(node, depth), spoiler: spoiler)
        case "audio", "voice_note":
            let id = try registerFile(try node.required(type), kind: type == "audio" ? .audio : .voiceNote)
            return .audio(mediaId: id, caption: try caption(node, depth))
        case "document":
            let id = try registerFile(try node.required("document"), kind: .document)
            return .document(mediaId: id, caption: try caption(node, depth))
        case "thinking": return .thinking(try text(node, "text", depth))
        default:
            return try unknownBlock(type, node)
        }
    }

    // MARK: Rich text

    func decodeText(_ node: JSONNode, depth: Int) throws -> RichText {
        try context.checkDepth(depth, at: node)
        switch node.value {
        case .string(let string): return .plain(string)
        case .array: return .concat(try node.array().map { try decodeText($0, depth: depth + 1) })
        case .object: break
        default: throw DecodeError(path: node.path, message: "expected string, array or object with \"type\", found \(node.value.typeName)")
        }
        guard let typeNode = node["type"] else {
            throw DecodeError(path: node.path, message: "expected string, array or object with \"type\"")
        }
        let type = try typeNode.string()
        let inner = { try self.text(node, "text", depth) }
        // Detected entities carry their value beside the text (all RichText fields are required, schema §1.6).
        func entity(_ link: RichText.Link, _ key: String) throws -> RichText {
            _ = try node.required(key).string()
            return .link(link, try inner())
        }
        switch type {
        case "bold": return .styled(.bold, try inner())
        case "italic": return .styled(.italic, try inner())
        case "underline": return .styled(.underline, try inner())
        case "strikethrough": return .styled(.strikethrough, try inner())
        case "spoiler": return .styled(.spoiler, try inner())
        case "subscript": return .styled(.subscript, try inner())
        case "superscript": return .styled(.superscript, try inner())
        case "marked": return .styled(.marked, try inner())
        case "code": return .styled(.fixed, try inner())
        case "date_time":
            return .date(DateText(fallback: try inner(), unixTime: try node.required("unix_time").int64(),
                                  format: try Self.dateFormat(try node.required("date_time_format").string(), at: node)))
        case "text_mention":
            let user = try node.required("user")
            return .link(.textMention(userId: try user.required("id").int64()), try inner())
        case "custom_emoji":
            let id = try node.required("custom_emoji_id")
            let idText: String
            if case .number(let digits) = id.value { idText = digits } else { idText = try id.string() }
            return .customEmoji(id: idText, alt: try node.required("alternative_text").string())
        case "mathematical_expression": return .math(source: try node.required("expression").string(), location: .jsonPath(node.path))
        case "url": return .link(.url(try node.required("url").string(), instantView: false), try inner())
        case "email_address": return .link(.email(try node.required("email_address").string()), try inner())
        case "phone_number": return .link(.phone(try node.required("phone_number").string()), try inner())
        case "bank_card_number": return try entity(.bankCard, "bank_card_number")
        case "mention": return try entity(.mention, "username")
        case "hashtag": return try entity(.hashtag, "hashtag")
        case "cashtag": return try entity(.cashtag, "cashtag")
        case "bot_command": return try entity(.botCommand, "bot_command")
        case "button": return .button(try decodeButton(try node.required("button"), depth: depth + 1))
        case "anchor": return .anchor(name: try node.required("name").string(), .empty)
        case "anchor_link": return .link(.anchorLink(try node.required("anchor_name").string()), try inner())
        case "reference": return .anchor(name: try node.required("name").string(), try inner())
        case "reference_link": return .link(.referenceLink(try node.required("reference_name").string()), try inner())
        default:
            return try unknownText(type, node, depth)
        }
    }

    /// `r`, or `w?[dD]?[tT]?` (Bot API date-time entity formatting).
    static func dateFormat(_ text: String, at node: JSONNode) throws -> DateFormat {
        guard let format = DateFormat(flags: text) else {
            throw DecodeError(path: node.path + ".date_time_format", message: "invalid date_time_format \(Diagnostic.quoted(text)) (expected r or w?[dD]?[tT]?)")
        }
        return format
    }

    func decodeButton(_ node: JSONNode, depth: Int) throws -> Button {
        let label = try text(node, "text", depth)
        let style = try node.optionalString("style").flatMap { Button.Style(rawValue: $0) }
        let action: Button.Action
        if let url = try node.optionalString("url") { action = .url(url) }
        else if node.has("callback_data") { action = .callback }
        else if let webApp = node["web_app"] { action = .webApp(try webApp.optionalString("url") ?? "") }
        else if let login = node["login_url"] { action = .loginUrl(try login.optionalString("url") ?? "") }
        else if let query = try node.optionalString("switch_inline_query") { action = .switchInline(query) }
        else if let query = try node.optionalString("switch_inline_query_current_chat") { action = .switchInline(query) }
        else if node.has("switch_inline_query_chosen_chat") { action = .switchInline("") }
        else if let copy = node["copy_text"] { action = .copyText(try copy.optionalString("text") ?? "") }
        else if node.has("disabled") { action = .disabled }
        else { action = .unknown }
        return Button(label: label, style: style, action: action)
    }

    // MARK: Lists, tables, captions

    func decodeList(_ node: JSONNode, depth: Int) throws -> ListBlock {
        var items: [ListItem] = []
        var ordered = false
        for itemNode in try node.required("items").array() {
            guard itemNode.object != nil else { throw itemNode.mismatch("list item object") }
            let blocks = try decodeBlocks(try itemNode.required("blocks"), depth: depth + 2)
            let type = try itemNode.optionalString("type") ?? ""
            let label: String
            if let given = try itemNode.optionalString("label") {
                label = given
            } else if type.isEmpty {
                label = ListLabel.bullet
            } else {
                label = ListLabel.ordered(value: try itemNode.optionalInt("value") ?? (items.count + 1), type: type)
            }
            if !type.isEmpty || (label != ListLabel.bullet && !label.isEmpty) { ordered = true }
            items.append(ListItem(blocks: blocks, label: label, hasCheckbox: try itemNode.optionalBool("has_checkbox"),
                                  isChecked: try itemNode.optionalBool("is_checked")))
        }
        return ListBlock(items: items, ordered: ordered)
    }

    func decodeTable(_ node: JSONNode, depth: Int) throws -> TableBlock {
        let rows = try node.required("cells").array().map { rowNode in
            try rowNode.array().map { cell -> TableCell in
                guard cell.object != nil else { throw cell.mismatch("table cell object") }
                // align/valign are required in JSON (schema §1.5); only HTML and MTProto default to left/top.
                let alignText = try cell.required("align").string()
                let valignText = try cell.required("valign").string()
                guard let align = TableCell.Align(rawValue: alignText) else {
                    throw DecodeError(path: cell.path + ".align", message: "expected \"left\", \"center\" or \"right\", found \(Diagnostic.quoted(alignText))")
                }
                guard let valign = TableCell.VAlign(rawValue: valignText) else {
                    throw DecodeError(path: cell.path + ".valign", message: "expected \"top\", \"middle\" or \"bottom\", found \(Diagnostic.quoted(valignText))")
                }
                return TableCell(text: try cell["text"].map { try decodeText($0, depth: depth + 3) },
                                 header: try cell.optionalBool("is_header"), align: align, valign: valign,
                                 colspan: max(1, try cell.optionalInt("colspan") ?? 1),
                                 rowspan: max(1, try cell.optionalInt("rowspan") ?? 1))
            }
        }
        return TableBlock(title: try optionalText(node, "caption", depth), rows: rows,
                          bordered: try node.optionalBool("is_bordered"), striped: try node.optionalBool("is_striped"),
                          compact: try node.optionalBool("is_compact"))
    }

    func caption(_ node: JSONNode, _ depth: Int) throws -> Caption {
        guard let captionNode = node["caption"] else { return .none }
        return Caption(text: try text(captionNode, "text", depth + 1), credit: try optionalText(captionNode, "credit", depth + 1))
    }

    // MARK: Media

    static func requireFields(_ node: JSONNode, _ keys: [String]) throws {
        for key in keys { _ = try node.required(key) }
    }

    /// Receive shape: an array of PhotoSize (the largest is used); send shape: InputMediaPhoto.
    func registerPhoto(_ node: JSONNode) throws -> String {
        if case .array = node.value {
            let sizes = try node.array()
            guard !sizes.isEmpty else { throw DecodeError(path: node.path, message: "photo has no sizes") }
            var best: (node: JSONNode, area: Int)?
            for size in sizes {
                let area = (try size.optionalInt("width") ?? 0) * (try size.optionalInt("height") ?? 0)
                if best == nil || area > best!.area { best = (size, area) }
            }
            for size in sizes { try Self.requireFields(size, ["file_id", "file_unique_id", "width", "height"]) }
            let largest = best!.node
            let ids = [try largest.optionalString("file_unique_id"), try largest.optionalString("file_id")].compactMap { $0 }
            guard let key = ids.first else { throw DecodeError(path: largest.path, message: "photo size has no file_id") }
            var media = Media(kind: .photo, lookupIds: ids, width: try largest.optionalInt("width"), height: try largest.optionalInt("height"))
            media.fileSize = try largest.optionalInt64("file_size")
            context.media[key] = media
            return key
        }
        return try registerFile(node, kind: .photo)
    }

    /// Video, Animation, Audio, Voice, Document (receive) or InputMedia* (send).
    func registerFile(_ node: JSONNode, kind: Media.Kind) throws -> String {
        guard node.object != nil else { throw node.mismatch("media object") }
        if !node.has("media") {
            // Receive shape: Video, Animation, Audio, Voice, Document (schema §1.7); the send shape's
            // InputMedia* needs only `media`.
            var required = ["file_id", "file_unique_id"]
            switch kind {
            case .video, .animation: required += ["width", "height", "duration"]
            case .audio, .voiceNote: required += ["duration"]
            case .document, .photo, .sticker: break
            }
            try Self.requireFields(node, required)
        }
        var ids: [String] = []
        if let unique = try node.optionalString("file_unique_id") { ids.append(unique) }
        if let fileId = try node.optionalString("file_id") { ids.append(fileId) }
        if let sent = try node.optionalString("media") { ids.append(sent) }
        guard let key = ids.first else { throw DecodeError(path: node.path, message: "media has no file_id or media") }
        var media = Media(kind: kind, lookupIds: ids, width: try node.optionalInt("width"), height: try node.optionalInt("height"))
        media.durationSeconds = try node["duration"].map { try $0.double() }
        media.title = try node.optionalString("title")
        media.performer = try node.optionalString("performer")
        media.fileName = try node.optionalString("file_name")
        media.mimeType = try node.optionalString("mime_type")
        media.fileSize = try node.optionalInt64("file_size")
        context.media[key] = media
        return key
    }
}
