import FoundationEssentials
import Primitives

/// Decodes MTProto TL JSON as Telethon's `to_dict()`/`to_json()` writes it (`"_"` discriminators).
struct TLDecoder: JSONBlockDecoding {
    let context: DecodeContext

    /// `RichMessage` or `Page` (both carry blocks plus photos/documents pools).
    /// A page, rich message or `InputRichMessage`; `sent`: the server scans its text for entities unless `noautolink`.
    func decodePage(_ node: JSONNode, sent: Bool = false) throws -> Document {
        for photo in try node["photos"]?.array() ?? [] { try registerPhoto(photo) }
        for document in try node["documents"]?.array() ?? [] { try registerDocument(document) }
        let blocksNode = try node.required("blocks")
        var blocks = try decodeBlocks(blocksNode, depth: 1)
        if try sent && !node.optionalBool("noautolink") { blocks = blocks.map { $0.mappingTexts(EntityDetector.detect) } }
        let document = Document(blocks: blocks, media: context.media, rtl: try context.rtl(node, field: "rtl"), partial: try node.optionalBool("part"),
                                blockLocations: blocks.indices.map { .jsonPath(blocksNode.path + "[\($0)]") })
        try context.checkLimits(document, blocksPath: blocksNode.path)
        return document
    }

    func decodeBlock(_ node: JSONNode, depth: Int) throws -> Block {
        let type = try kind(node, "block")
        let text = { try self.text(node, "text", depth) }
        switch type {
        case "PageBlockTitle": return .title(try text())
        case "PageBlockSubtitle": return .subtitle(try text())
        case "PageBlockKicker": return .kicker(try text())
        case "PageBlockHeader": return .header(try text())
        case "PageBlockSubheader": return .subheader(try text())
        case "PageBlockHeading1", "PageBlockHeading2", "PageBlockHeading3",
             "PageBlockHeading4", "PageBlockHeading5", "PageBlockHeading6":
            return .heading(level: Int(String(type.last!))!, try text())
        case "PageBlockParagraph": return .paragraph(try text())
        case "PageBlockFooter": return .footer(try text())
        case "PageBlockAuthorDate":
            return .authorDate(author: try self.text(node, "author", depth), unixTime: try date(node["published_date"]))
        case "PageBlockDivider": return .divider
        case "PageBlockAnchor": return .anchor(name: try node.required("name").string())
        case "PageBlockList": return .list(try decodeList(node, ordered: false, depth: depth))
        case "PageBlockOrderedList": return .list(try decodeList(node, ordered: true, depth: depth))
        case "PageBlockPreformatted": return .preformatted(try text(), language: try node.optionalString("language") ?? "")
        case "PageBlockBlockquote":
            return .blockQuote(blocks: [.paragraph(try text())], credit: try self.text(node, "caption", depth),
                               collapsed: try node.optionalBool("collapsed"))
        case "PageBlockBlockquoteBlocks":
            return .blockQuote(blocks: try decodeBlocks(try node.required("blocks"), depth: depth + 1),
                               credit: try self.text(node, "caption", depth), collapsed: false)
        case "PageBlockPullquote": return .pullQuote(try text(), credit: try self.text(node, "caption", depth))
        case "PageBlockPhoto":
            return .photo(mediaId: try mediaId(node, "photo_id"), caption: try caption(node, depth),
                          spoiler: try node.optionalBool("spoiler"), url: try node.optionalString("url"))
        case "PageBlockVideo":
            return .video(mediaId: try mediaId(node, "video_id"), caption: try caption(node, depth), spoiler: try node.optionalBool("spoiler"))
        case "PageBlockAudio": return .audio(mediaId: try mediaId(node, "audio_id"), caption: try caption(node, depth))
        case "PageBlockDocument": return .document(mediaId: try mediaId(node, "document_id"), caption: try caption(node, depth))
        case "PageBlockMap", "InputPageBlockMap":
            let geo = try node.required("geo")
            let latitude = try geo["lat"]?.double() ?? 0
            let longitude = try geo["long"]?.double() ?? 0
            // zoom, w and h are required in PageBlockMap (InputPageBlockMap may leave them to the server);
            // geo may be GeoPointEmpty, without coordinates.
            if type == "PageBlockMap" { try BotAPIDecoder.requireFields(node, ["zoom", "w", "h"]) }
            return .map(MapBlock(latitude: latitude, longitude: longitude, zoom: try node.optionalInt("zoom") ?? 0,
                                 width: try node.optionalInt("w") ?? 0, height: try node.optionalInt("h") ?? 0,
                                 caption: try caption(node, depth)))
        case "PageBlockCollage":
            return .collage(try decodeBlocks(try node.required("items"), depth: depth + 1), caption: try caption(node, depth))
        case "PageBlockSlideshow":
            return .slideshow(try decodeBlocks(try node.required("items"), depth: depth + 1), caption: try caption(node, depth))
        case "PageBlockEmbed":
            return .embed(EmbedBlock(url: try node.optionalString("url"),
                                     posterMediaId: try node.optionalInt64("poster_photo_id").map(String.init),
                                     width: try node.optionalInt("w"), height: try node.optionalInt("h"),
                                     caption: try caption(node, depth)))
        case "PageBlockEmbedPost":
            return .embedPost(author: try node.optionalString("author") ?? "", unixTime: try date(node["date"]),
                              blocks: try decodeBlocks(node["blocks"] ?? JSONNode(.array([]), path: node.path + ".blocks"), depth: depth + 1),
                              caption: try caption(node, depth))
        case "PageBlockChannel":
            return .channel(title: try node["channel"]?.optionalString("title") ?? "")
        case "PageBlockRelatedArticles":
            return .relatedArticles(title: try optionalText(node, "title", depth), count: try node["articles"]?.array().count ?? 0)
        case "PageBlockCover":
            let inner = try node.required("cover")
            try context.checkDepth(depth + 1, at: inner)
            return .cover(try decodeBlock(inner, depth: depth + 1))
        case "PageBlockMath": return .formula(source: try node.required("source").string(), location: .jsonPath(node.path))
        case "PageBlockDetails":
            return .details(title: try self.text(node, "title", depth),
                            blocks: try decodeBlocks(try node.required("blocks"), depth: depth + 1), open: try node.optionalBool("open"))
        case "PageBlockTable": return .table(try decodeTable(node, depth: depth))
        case "PageBlockThinking": return .thinking(try text())
        case "PageBlockButtonRow":
            let alignment: ButtonRow.Alignment = try node.optionalBool("align_left") ? .left
                : try node.optionalBool("align_center") ? .center : try node.optionalBool("align_right") ? .right : .justify
            let buttons = try node.required("buttons").array().map { try decodeButton($0, depth: depth + 1) }
            return .buttonRow(ButtonRow(buttons: buttons, alignment: alignment))
        case "PageBlockUnsupported": return .unsupported(type: "PageBlockUnsupported", location: .jsonPath(node.path))
        default:
            return try unknownBlock(type, node)
        }
    }

    // MARK: Rich text

    func decodeText(_ node: JSONNode, depth: Int) throws -> RichText {
        try context.checkDepth(depth, at: node)
        if case .string(let plain) = node.value { return .plain(plain) }  // tolerated: a bare string
        let type = try kind(node, "text")
        let inner = { try self.text(node, "text", depth) }
        switch type {
        case "TextPlain": return .plain(try node["text"]?.string() ?? "")
        case "TextEmpty": return .empty
        case "TextConcat": return .concat(try node.required("texts").array().map { try decodeText($0, depth: depth + 1) })
        case "TextBold": return .styled(.bold, try inner())
        case "TextItalic": return .styled(.italic, try inner())
        case "TextUnderline": return .styled(.underline, try inner())
        case "TextStrike": return .styled(.strikethrough, try inner())
        case "TextFixed": return .styled(.fixed, try inner())
        case "TextSubscript": return .styled(.subscript, try inner())
        case "TextSuperscript": return .styled(.superscript, try inner())
        case "TextMarked": return .styled(.marked, try inner())
        case "TextSpoiler": return .styled(.spoiler, try inner())
        case "TextUrl":
            let url = try node.required("url").string()
            // TDLib: a "#name" URL links to an anchor of the same page.
            if url.hasPrefix("#") { return .link(.anchorLink(String(url.dropFirst()).percentDecoded ?? String(url.dropFirst())), try inner()) }
            return .link(.url(url, instantView: try node.required("webpage_id").int64() != 0), try inner())
        case "TextEmail": return .link(.email(try node.required("email").string()), try inner())
        case "TextPhone": return .link(.phone(try node.required("phone").string()), try inner())
        case "TextAutoUrl": return .link(.autoUrl, try inner())
        case "TextAutoEmail": return .link(.autoEmail, try inner())
        case "TextAutoPhone": return .link(.autoPhone, try inner())
        case "TextMention": return .link(.mention, try inner())
        case "TextMentionName": return .link(.textMention(userId: try node.required("user_id").int64()), try inner())
        case "TextHashtag": return .link(.hashtag, try inner())
        case "TextCashtag": return .link(.cashtag, try inner())
        case "TextBotCommand": return .link(.botCommand, try inner())
        case "TextBankCard": return .link(.bankCard, try inner())
        case "TextAnchor": return .anchor(name: try node.required("name").string(), try optionalText(node, "text", depth))
        case "TextImage":
            let id = String(try node.required("document_id").int64())
            return .image(mediaId: id, width: try node.required("w").int(), height: try node.required("h").int())
        case "TextCustomEmoji":
            return .customEmoji(id: String(try node.required("document_id").int64()), alt: try node.required("alt").string())
        case "TextMath": return .math(source: try node.required("source").string(), location: .jsonPath(node.path))
        case "TextDate":
            var format = DateFormat()
            format.relative = try node.optionalBool("relative")
            format.dayOfWeek = try node.optionalBool("day_of_week")
            format.shortDate = try node.optionalBool("short_date")
            format.longDate = try node.optionalBool("long_date")
            format.shortTime = try node.optionalBool("short_time")
            format.longTime = try node.optionalBool("long_time")
            return .date(DateText(fallback: try text(node, "text", depth), unixTime: try date(node.required("date")), format: format))
        case "TextDiff": return .diff(new: try inner(), old: try text(node, "old_text", depth))
        case "TextButton": return .button(try decodeButton(node, depth: depth))
        default:
            return try unknownText(type, node, depth)
        }
    }

    func decodeButton(_ node: JSONNode, depth: Int) throws -> Button {
        let label = try text(node, "text", depth)
        var style: Button.Style?
        if let styleNode = node["style"] {
            if try styleNode.optionalBool("bg_primary") { style = .primary }
            else if try styleNode.optionalBool("bg_danger") { style = .danger }
            else if try styleNode.optionalBool("bg_success") { style = .success }
            else if try styleNode.optionalBool("link") { style = .link }
        }
        var action = Button.Action.unknown
        if let typeNode = node["type"] {
            switch try kind(typeNode, "button type") {
            case "InlineButtonTypeUrl": action = .url(try typeNode.optionalString("url") ?? "")
            case "InlineButtonTypeCallback": action = .callback
            case "InlineButtonTypeCopy": action = .copyText(try typeNode.optionalString("copy_text") ?? "")
            case "InlineButtonTypeWebView": action = .webApp(try typeNode.optionalString("url") ?? "")
            case "InlineButtonTypeUserProfile": action = .userProfile(try typeNode.optionalInt64("user_id") ?? 0)
            case "InlineButtonTypeSwitchInline": action = .switchInline(try typeNode.optionalString("query") ?? "")
            case "InlineButtonTypeUrlAuth": action = .loginUrl(try typeNode.optionalString("url") ?? "")
            case "InlineButtonTypeBuy": action = .buy
            case "InlineButtonTypeGame": action = .game
            case "InlineButtonTypeDisabled": action = .disabled
            default: action = .unknown
            }
        }
        return Button(label: label, style: style, action: action)
    }

    // MARK: Lists, tables, captions

    func decodeList(_ node: JSONNode, ordered: Bool, depth: Int) throws -> ListBlock {
        let items = try node.required("items").array()
        let listType = try node.optionalString("type") ?? "1"
        let reversed = try node.optionalBool("reversed")
        var counter = try node.optionalInt("start") ?? (reversed ? items.count : 1)
        var result: [ListItem] = []
        for itemNode in items {
            let itemType = try kind(itemNode, "list item")
            let blocks: [Block]
            if itemType.hasSuffix("Text") {
                blocks = [.paragraph(try text(itemNode, "text", depth + 1))]
            } else if itemType.hasSuffix("Blocks") {
                blocks = try decodeBlocks(try itemNode.required("blocks"), depth: depth + 2)
            } else {
                throw DecodeError(path: itemNode.path + "._", message: "expected a PageListItem or PageListOrderedItem class, found \(Diagnostic.quoted(itemType))")
            }
            var label = ListLabel.bullet
            if ordered {
                let value = try itemNode.optionalInt("value") ?? counter
                if let num = try itemNode.optionalString("num"), !num.isEmpty {
                    label = num + "."
                } else {
                    label = ListLabel.ordered(value: value, type: try itemNode.optionalString("type") ?? listType)
                }
                counter = value + (reversed ? -1 : 1)
            }
            result.append(ListItem(blocks: blocks, label: label, hasCheckbox: try itemNode.optionalBool("checkbox"),
                                   isChecked: try itemNode.optionalBool("checked")))
        }
        return ListBlock(items: result, ordered: ordered)
    }

    func decodeTable(_ node: JSONNode, depth: Int) throws -> TableBlock {
        let rows = try node.required("rows").array().map { row in
            try row.required("cells").array().map { cell -> TableCell in
                TableCell(text: try cell["text"].map { try decodeText($0, depth: depth + 3) }, header: try cell.optionalBool("header"),
                          align: try cell.optionalBool("align_center") ? .center : try cell.optionalBool("align_right") ? .right : .left,
                          valign: try cell.optionalBool("valign_middle") ? .middle : try cell.optionalBool("valign_bottom") ? .bottom : .top,
                          colspan: max(1, try cell.optionalInt("colspan") ?? 1), rowspan: max(1, try cell.optionalInt("rowspan") ?? 1))
            }
        }
        return TableBlock(title: try optionalText(node, "title", depth), rows: rows, bordered: try node.optionalBool("bordered"),
                          striped: try node.optionalBool("striped"), compact: try node.optionalBool("compact"))
    }

    func caption(_ node: JSONNode, _ depth: Int) throws -> Caption {
        guard let captionNode = node["caption"] else { return .none }
        // PageCaption's text and credit are both required (an empty caption is TextEmpty, not absent).
        return Caption(text: try text(captionNode, "text", depth + 1), credit: try text(captionNode, "credit", depth + 1))
    }

    // MARK: Media pool

    func mediaId(_ node: JSONNode, _ key: String) throws -> String { String(try node.required(key).int64()) }

    func registerPhoto(_ node: JSONNode) throws {
        guard try kind(node, "photo") == "Photo" else { return }
        let id = String(try node.required("id").int64())
        var media = Media(kind: .photo, lookupIds: [id])
        var bestArea = -1
        for size in try node["sizes"]?.array() ?? [] {
            let sizeType = try kind(size, "photo size")
            if sizeType == "PhotoStrippedSize", let bytes = try size.optionalString("bytes") {
                media.strippedThumbnail = Data(base64Encoded: bytes).map { [UInt8]($0) }
            }
            if let w = try size.optionalInt("w"), let h = try size.optionalInt("h"), w * h > bestArea {
                bestArea = w * h
                media.width = w
                media.height = h
            }
        }
        context.media[id] = media
    }

    func registerDocument(_ node: JSONNode) throws {
        guard try kind(node, "document") == "Document" else { return }
        let id = String(try node.required("id").int64())
        var media = Media(kind: .document, lookupIds: [id])
        media.mimeType = try node.optionalString("mime_type")
        media.fileSize = try node.optionalInt64("size")
        var animated = false
        for attribute in try node["attributes"]?.array() ?? [] {
            switch try kind(attribute, "document attribute") {
            case "DocumentAttributeVideo":
                media.kind = .video
                media.width = try attribute.optionalInt("w")
                media.height = try attribute.optionalInt("h")
                media.durationSeconds = try attribute["duration"].map { try $0.double() }
            case "DocumentAttributeAudio":
                media.kind = try attribute.optionalBool("voice") ? .voiceNote : .audio
                media.durationSeconds = try attribute["duration"].map { try $0.double() }
                media.title = try attribute.optionalString("title")
                media.performer = try attribute.optionalString("performer")
            case "DocumentAttributeImageSize":
                if media.width == nil { media.width = try attribute.optionalInt("w") }
                if media.height == nil { media.height = try attribute.optionalInt("h") }
            case "DocumentAttributeFilename": media.fileName = try attribute.optionalString("file_name")
            case "DocumentAttributeAnimated": animated = true
            case "DocumentAttributeCustomEmoji":
                media.kind = .sticker
                media.adaptive = try attribute.optionalBool("text_color")
            case "DocumentAttributeSticker": media.kind = .sticker
            default: break
            }
        }
        if animated, media.kind == .video { media.kind = .animation }
        for thumb in try node["thumbs"]?.array() ?? [] where try kind(thumb, "photo size") == "PhotoStrippedSize" {
            if let bytes = try thumb.optionalString("bytes") { media.strippedThumbnail = Data(base64Encoded: bytes).map { [UInt8]($0) } }
        }
        context.media[id] = media
    }

    // MARK: Helpers

    func kind(_ node: JSONNode, _ what: String) throws -> String {
        guard node.object != nil else { throw node.mismatch("\(what) object with \"_\"") }
        return try node.required("_").string()
    }

    /// A TL date: Telethon's ISO-8601 string, or a unix time; absent = 0.
    func date(_ node: JSONNode?) throws -> Int64 {
        guard let node else { return 0 }
        switch node.value {
        case .number: return try node.int64()
        case .string(let text):
            if let seconds = Int64(text) { return seconds }
            if let parsed = Self.parseISO8601(text) { return parsed }
            throw DecodeError(path: node.path, message: "expected an ISO-8601 date or unix time, found \(Diagnostic.quoted(String(text.prefix(40))))")
        default: throw node.mismatch("date")
        }
    }

    /// "2026-03-14T15:09:26+00:00", with optional fractional seconds and "Z".
    static func parseISO8601(_ text: String) -> Int64? {
        for style in [Date.ISO8601FormatStyle(), Date.ISO8601FormatStyle(includingFractionalSeconds: true)] {
            if let date = try? style.parse(text) { return Int64(date.timeIntervalSince1970.rounded(.down)) }
        }
        return nil
    }
}
