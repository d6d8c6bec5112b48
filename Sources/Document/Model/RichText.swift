/// Inline rich text: the union of Bot API `RichText` forms and MTProto `RichText` classes.
public indirect enum RichText: Sendable, Equatable {
    case plain(String)
    case concat([RichText])
    case styled(InlineStyle, RichText)
    case link(Link, RichText)
    /// An inline anchor (`TextAnchor`, Bot API `anchor`/`reference`): the text keeps its look.
    case anchor(name: String, RichText)
    case date(DateText)
    case customEmoji(id: String, alt: String)
    /// An inline formula in LaTeX; `location` names it in messages.
    case math(source: String, location: SourceLocation?)
    /// MTProto `TextImage`: an inline image from the media pool, `width`×`height` in points.
    case image(mediaId: String, width: Int, height: Int)
    /// MTProto `TextDiff`.
    case diff(new: RichText, old: RichText)
    case button(Button)
    /// A text type this version does not know; its text (if any) is drawn plainly.
    case unknown(type: String, text: RichText)

    public static let empty = RichText.plain("")

    public enum InlineStyle: String, Sendable, Equatable {
        case bold, italic, underline, strikethrough, fixed, `subscript`, superscript, marked, spoiler
    }

    public enum Link: Sendable, Equatable {
        case url(String, instantView: Bool)
        case email(String)
        case phone(String)
        case autoUrl, autoEmail, autoPhone
        case mention, textMention(userId: Int64), hashtag, cashtag, botCommand, bankCard
        case anchorLink(String)
        case referenceLink(String)
    }

    /// The text as characters, without styling (what copy-paste would give).
    public var plainText: String {
        switch self {
        case .plain(let text): return text
        case .concat(let parts): return parts.map(\.plainText).joined()
        case .styled(_, let text), .link(_, let text), .anchor(_, let text), .unknown(_, let text): return text.plainText
        case .date(let date): return date.fallback.plainText
        case .customEmoji(_, let alt): return alt
        case .math(let source, _): return source
        case .image: return "\u{FFFC}"
        case .diff(let new, _): return new.plainText
        case .button(let button): return button.label.plainText
        }
    }

    public var isEmpty: Bool {
        switch self {
        case .plain(let text): return text.isEmpty
        case .concat(let parts): return parts.allSatisfy(\.isEmpty)
        case .styled(_, let text), .link(_, let text), .unknown(_, let text): return text.isEmpty
        case .anchor: return false
        case .date(let date): return date.fallback.isEmpty && date.format.isEmpty
        case .diff(let new, let old): return new.isEmpty && old.isEmpty
        case .customEmoji, .math, .image, .button: return false
        }
    }
}

/// A formatted date (`date_time` / `TextDate`).
public struct DateText: Sendable, Equatable {
    public var fallback: RichText
    public var unixTime: Int64
    public var format: DateFormat

    public init(fallback: RichText, unixTime: Int64, format: DateFormat) {
        self.fallback = fallback
        self.unixTime = unixTime
        self.format = format
    }
}

/// The Bot API `date_time_format` flags (`r` or `w?[dD]?[tT]?`), also the MTProto `TextDate` flags.
public struct DateFormat: Sendable, Equatable {
    public var relative = false
    public var dayOfWeek = false
    public var shortDate = false
    public var longDate = false
    public var shortTime = false
    public var longTime = false

    public init() {}

    /// `r`, or `w?[dD]?[tT]?` (Bot API date-time entity formatting); nil for anything else.
    public init?(flags: String) {
        if flags == "r" { relative = true; return }
        for character in flags {
            switch character {
            case "w": dayOfWeek = true
            case "d": shortDate = true
            case "D": longDate = true
            case "t": shortTime = true
            case "T": longTime = true
            default: return nil
            }
        }
    }

    public var isEmpty: Bool { !(relative || dayOfWeek || shortDate || longDate || shortTime || longTime) }
}

/// A button, inline (`button` RichText) or in a buttons row.
public struct Button: Sendable, Equatable {
    public enum Style: String, Sendable { case primary, danger, success, link }
    public enum Action: Sendable, Equatable {
        case url(String), callback, webApp(String), loginUrl(String), switchInline(String), copyText(String)
        case userProfile(Int64), buy, game, disabled, unknown
    }

    public var label: RichText
    public var style: Style?
    public var action: Action

    public init(label: RichText, style: Style?, action: Action) {
        self.label = label
        self.style = style
        self.action = action
    }
}
