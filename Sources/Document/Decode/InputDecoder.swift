import Primitives
/// Detects the input format and decodes a message or a stream of draft frames
/// (`cli-contract.md`, "Inputs"). The only stage that rejects input.
public enum InputDecoder {
    public static func decode(bytes: [UInt8], strict: Bool = false) throws -> DecodedInput {
        try decode(bytes: bytes, options: DecodeOptions(strict: strict))
    }

    public static func decode(bytes: [UInt8], options: DecodeOptions) throws -> DecodedInput {
        let parsed: JSONParser.Result
        do {
            parsed = try JSONParser.parseReportingDuplicates(bytes)
        } catch let error as JSONParser.SyntaxError {
            throw DecodeError(path: "$", message: error.description)
        }
        var input = try decode(JSONNode(parsed.value), options: options)
        // Repeated keys: the last one counts, as in most JSON readers; each is named once.
        input.warnings = parsed.duplicateKeys.prefix(20).map { "at \($0): the key is repeated; the last value is used" }
            + (parsed.duplicateKeys.count > 20 ? ["\(parsed.duplicateKeys.count - 20) more repeated keys"] : []) + input.warnings
        return input
    }

    public static func decode(_ root: JSONNode, strict: Bool = false) throws -> DecodedInput {
        try decode(root, options: DecodeOptions(strict: strict))
    }

    public static func decode(_ root: JSONNode, options: DecodeOptions) throws -> DecodedInput {
        let context = DecodeContext(strict: options.strict)
        context.markup = options.markup
        context.mathDelimiters = options.mathDelimiters
        context.defaultRTL = options.rtl
        switch root.value {
        case .array:
            let elements = try root.array()
            guard !elements.isEmpty else { throw DecodeError(path: "$", message: "empty array: expected a message or draft frames") }
            if isTelegraphContent(root) { throw DecodeError(path: "$", message: telegraphMessage) }
            var frames: [MessageFrame] = []
            var format: DecodedInput.Format?
            for element in elements {
                let (frame, elementFormat) = try decodeElement(element, context: context)
                if let format, format != elementFormat {
                    throw DecodeError(path: element.path, message: "stream mixes Bot API and Telethon elements")
                }
                format = elementFormat
                frames.append(frame)
            }
            return DecodedInput(format: format!, frames: frames, warnings: context.warnings, isStream: true)
        case .object:
            let (frame, format) = try decodeElement(root, context: context)
            return DecodedInput(format: format, frames: [frame], warnings: context.warnings, isStream: frame.kind != .message)
        default:
            throw DecodeError(path: "$", message: "expected a JSON object or array, found \(root.value.typeName)")
        }
    }

    private static func decodeElement(_ node: JSONNode, context: DecodeContext) throws -> (MessageFrame, DecodedInput.Format) {
        guard node.object != nil else { throw node.mismatch("object") }
        let time = try node["t"].map { try $0.double() }
        // Each message gets its own media pool.
        context.media = [:]
        if node.has("_") {
            return (try decodeTL(node, time: time, context: context), .telethon)
        }
        return (try decodeBotAPI(node, time: time, context: context), .botAPI)
    }

    // MARK: Bot API

    private static func decodeBotAPI(_ node: JSONNode, time: Double?, context: DecodeContext) throws -> MessageFrame {
        let decoder = BotAPIDecoder(context: context)
        // A bare RichMessage / InputRichMessage.
        if node.has("blocks") || node.has("html") || node.has("markdown") {
            return MessageFrame(kind: .message, time: time, document: try decoder.decodeRichMessage(node))
        }
        // Method parameters (sendRichMessage / sendRichMessageDraft / editMessageText) or a Message.
        if let rich = node["rich_message"] {
            // A Message (it has an id) was received; method parameters are sent.
            let message = try decodeRichMessageValue(rich, decoder: decoder, sent: !node.has("message_id"))
            if let draft = node["draft_id"] {
                return MessageFrame(kind: .draft(id: String(try draft.int64())), time: time, document: message)
            }
            return MessageFrame(kind: .message, time: time, document: message)
        }
        // An Update carrying a Message.
        for key in ["message", "edited_message", "channel_post", "edited_channel_post", "business_message", "edited_business_message"] {
            if let message = node[key], let rich = message["rich_message"] {
                return MessageFrame(kind: .message, time: time, document: try decodeRichMessageValue(rich, decoder: decoder, sent: false))
            }
        }
        if isPlainMessage(node) { throw DecodeError(path: node.path, message: plainMessage) }
        for key in ["message", "edited_message", "channel_post", "edited_channel_post", "business_message", "edited_business_message"] {
            if let message = node[key], isPlainMessage(message) { throw DecodeError(path: message.path, message: plainMessage) }
        }
        if let content = node["content"], isTelegraphContent(content) { throw DecodeError(path: content.path, message: telegraphMessage) }
        if node.has("message") || node.has("update_id") {
            throw DecodeError(path: node.path, message: "this update carries no rich_message")
        }
        throw DecodeError(path: node.path,
                          message: "not a rich message: expected \"blocks\", \"rich_message\", an Update with message.rich_message, or a Telethon object with \"_\"")
    }

    static let plainMessage = "this is a plain Telegram message (text and entities), not a rich message: ipraster renders rich "
        + "messages (rich_message blocks, or Rich Markdown or HTML text: send the text as rich_message.markdown or .html, or render a .md file)"
    static let telegraphMessage = "this is Telegraph content (telegra.ph Node array), which ipraster does not render: it renders "
        + "Telegram rich messages; give the page's HTML as Rich HTML instead (a .html file or rich_message.html)"

    /// A Message (or sendMessage parameters) with text or a caption and no rich_message.
    private static func isPlainMessage(_ node: JSONNode) -> Bool {
        guard node.object != nil, !node.has("rich_message") else { return false }
        if case .string? = node["text"]?.value { return true }
        if case .string? = node["caption"]?.value { return true }
        return false
    }

    /// An array of Telegraph Nodes: strings and {"tag": …, "children": […]} elements, at least one element.
    private static func isTelegraphContent(_ node: JSONNode) -> Bool {
        guard let elements = try? node.array(), !elements.isEmpty else { return false }
        var tagged = false
        for element in elements {
            if case .string = element.value { continue }
            guard element.object != nil, case .string? = element["tag"]?.value else { return false }
            tagged = true
        }
        return tagged
    }

    /// Multipart form fields carry `rich_message` as a JSON string; accept that spelling too.
    private static func decodeRichMessageValue(_ node: JSONNode, decoder: BotAPIDecoder, sent: Bool) throws -> Document {
        if case .string(let text) = node.value {
            let inner: JSONValue
            do { inner = try JSONParser.parse(text) } catch {
                throw DecodeError(path: node.path, message: "rich_message string is not JSON: \(error)")
            }
            return try decoder.decodeRichMessage(JSONNode(inner, path: node.path), sent: sent)
        }
        return try decoder.decodeRichMessage(node, sent: sent)
    }

    // MARK: Telethon

    private static func decodeTL(_ node: JSONNode, time: Double?, context: DecodeContext) throws -> MessageFrame {
        let decoder = TLDecoder(context: context)
        let type = try node.required("_").string()
        switch type {
        case "RichMessage", "Page":
            return MessageFrame(kind: .message, time: time, document: try decoder.decodePage(node))
        case "InputRichMessage":
            return MessageFrame(kind: .message, time: time, document: try decoder.decodePage(node, sent: true))
        case "WebPage":
            return MessageFrame(kind: .message, time: time, document: try decoder.decodePage(try node.required("cached_page")))
        case "Message":
            if let rich = node["rich_message"] {
                return MessageFrame(kind: .message, time: time, document: try decoder.decodePage(rich))
            }
            if let page = node["media"]?["webpage"]?["cached_page"] {
                return MessageFrame(kind: .message, time: time, document: try decoder.decodePage(page))
            }
            throw DecodeError(path: node.path, message: "this Message carries no rich_message (nor a web page with cached_page)")
        case "BotInlineMessageRichMessage":
            return MessageFrame(kind: .message, time: time, document: try decoder.decodePage(try node.required("rich_message")))
        case "UpdateNewMessage", "UpdateEditMessage", "UpdateNewChannelMessage", "UpdateEditChannelMessage":
            return try decodeTL(try node.required("message"), time: time, context: context)
        case "UpdateUserTyping", "UpdateChatUserTyping", "UpdateChannelUserTyping":
            let action = try node.required("action")
            let actionType = try action.required("_").string()
            switch actionType {
            case "SendMessageRichMessageDraftAction", "InputSendMessageRichMessageDraftAction":
                let id = String(try action.required("random_id").int64())
                return MessageFrame(kind: .draft(id: id), time: time,
                                    document: try decoder.decodePage(try action.required("rich_message"), sent: actionType.hasPrefix("Input")))
            case "SendMessageStopDraftAction":
                return MessageFrame(kind: .stop(id: String(try action.required("random_id").int64())), time: time, document: nil)
            default:
                throw DecodeError(path: action.path + "._", message: "typing action \(Diagnostic.quoted(actionType)) carries no rich message draft")
            }
        default:
            throw DecodeError(path: node.path + "._",
                              message: "unsupported Telethon object \(Diagnostic.quoted(type)) (expected RichMessage, Page, WebPage, Message or UpdateUserTyping)")
        }
    }
}
