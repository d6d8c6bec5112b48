import Document
import Drawing
import Math
import FoundationEssentials

/// Settings that make dates and spoilers deterministic (`README.md` "Determinism knobs").
public struct TextEnvironment: Sendable {
    public var now: Int64 = 1_767_225_600
    public var locale = TextLocale.english
    public var timeZone = "UTC"
    public var showSpoilers = false
    /// The Han forms of the whole message (README Decisions, fourth review, "Han forms without `--locale`"): nil until
    /// `LayoutEngine` chooses them from the message's text (`LayoutEngine.hanRegion(of:locale:)`); a reveal export sets
    /// them from its final frame so they never change while the message streams in.
    public var hanRegion: HanRegion?

    /// The Han forms the message's texts and formulas take: `hanRegion`, else the locale's.
    var forms: HanRegion { hanRegion ?? locale.hanRegion }

    public init() {}
}

/// Walks `RichText` with the V2 style stack (`v2-render-facts.md` §2.2 and §4) and produces attributed text.
struct RichTextBuilder {
    struct Style {
        var serif: Bool
        var fixed = false
        var bold = false
        var italic = false
        var size: Double
        var color: RGBA
        var underline = false
        var strikethrough = false
        var marker: RGBA?
        var rise: Double = 0
        var spoiler = false
        var emoji = false
        var medium = false
        var semibold = false

        var font: FontSpec {
            var spec = textFont
            if emoji { spec.family = .emoji }
            return spec
        }

        var textFont: FontSpec {
            // Serif beats fixed; fixed applies whenever serif is off (§2.2 precedence).
            let family: FontSpec.Family = serif ? .serif : fixed ? .mono : .sans
            return FontSpec(family: family, weight: bold ? 700 : semibold ? 600 : medium ? 500 : 400, italic: italic, size: size)
        }

        var attributes: AttributedText.Attributes {
            AttributedText.Attributes(font: font, metricsFont: textFont, color: color, underline: underline, strikethrough: strikethrough,
                                      marker: marker, rise: rise, spoiler: spoiler)
        }
    }

    let colors: PageColors
    let environment: TextEnvironment
    let fonts: any TextShaper
    /// Typesets inline formulas; nil: they are shown as their LaTeX source.
    let formulas: LazyFormulaTypesetter?
    /// The text's bounding width: inline images are fitted to width × width.
    let boundingWidth: Double
    /// Where notes about the text go (an inline formula shown as its source); nil: nowhere.
    let warnings: WarningLog?
    var output = AttributedText()

    init(colors: PageColors, environment: TextEnvironment, fonts: any TextShaper, formulas: LazyFormulaTypesetter? = nil,
         boundingWidth: Double = .infinity, warnings: WarningLog? = nil) {
        self.colors = colors
        self.environment = environment
        self.fonts = fonts
        self.formulas = formulas
        self.boundingWidth = boundingWidth
        self.warnings = warnings
        output.hanRegion = environment.forms
    }

    static func baseStyle(_ category: TextCategory, colors: PageColors) -> Style {
        let font = category.font
        return Style(serif: font.family == .serif, fixed: font.family == .mono, size: font.size,
                     color: category.usesSecondaryColor ? colors.secondaryText : colors.text)
    }

    mutating func append(_ text: RichText, _ style: Style) {
        guard var entity = Self.entity(text) else { return appendContent(text, style) }
        let index = output.entities.count
        entity.startByte = output.byteCount
        output.entities.append(entity)
        appendContent(text, style)
        if output.byteCount == entity.startByte {
            output.entities.remove(at: index)
        } else {
            output.entities[index].endByte = output.byteCount
        }
    }

    /// The message entity `text` is, if it is one (its byte range is filled in by `append`).
    static func entity(_ text: RichText) -> AttributedText.Entity? {
        func make(_ type: String, _ fields: [(String, String)] = [], target: String? = nil) -> AttributedText.Entity {
            AttributedText.Entity(type: type, startByte: 0, endByte: 0, fields: fields, target: target)
        }
        switch text {
        case .styled(let style, _):
            switch style {
            case .fixed: return make("code")
            default: return make(style.rawValue)
            }
        case .link(let link, let inner):
            let label = inner.plainText
            switch link {
            case .url(let url, _): return make("text_link", [("url", url)], target: url)
            case .email(let address): return make("email", [("email_address", address)], target: "mailto:" + address)
            case .phone(let number): return make("phone_number", [("phone_number", number)], target: "tel:" + number)
            case .autoUrl:
                let lower = label.lowercased()
                let scheme = ["http://", "https://", "ftp://", "tg://", "ton://"].contains { lower.hasPrefix($0) }
                return make("url", target: scheme ? label : "https://" + label)
            case .autoEmail: return make("email", target: "mailto:" + label)
            case .autoPhone: return make("phone_number", target: "tel:" + label.filter { $0 == "+" || $0.isNumber })
            case .mention: return make("mention", target: "https://t.me/" + label.drop { $0 == "@" })
            case .textMention(let user): return make("text_mention", [("user_id", String(user))], target: "tg://user?id=\(user)")
            case .hashtag: return make("hashtag")
            case .cashtag: return make("cashtag")
            case .botCommand: return make("bot_command")
            case .bankCard: return make("bank_card")
            case .anchorLink(let name): return make("anchor_link", [("anchor_name", name)])
            case .referenceLink(let name): return make("reference_link", [("reference_name", name)])
            }
        case .customEmoji(let id, _): return make("custom_emoji", [("custom_emoji_id", id)])
        case .date: return make("date_time")
        default: return nil
        }
    }

    private mutating func appendContent(_ text: RichText, _ style: Style) {
        switch text {
        case .plain(let string):
            appendPlain(string, style)
        case .concat(let parts):
            for part in parts { append(part, style) }
        case .styled(let inline, let inner):
            var next = style
            switch inline {
            case .bold: next.bold = true
            case .italic: next.italic = true
            case .underline: next.underline = true
            case .strikethrough: next.strikethrough = true
            case .fixed: next.fixed = true
            case .subscript, .superscript:
                // size round(s × 0.85), baseline offset round(s × ∓0.35); subscript cancels underline (§4).
                next.rise = (style.size * (inline == .subscript ? -0.35 : 0.35)).rounded()
                next.size = (style.size * 0.85).rounded()
                if inline == .subscript { next.underline = false }
            case .marked: next.marker = colors.marker
            case .spoiler: next.spoiler = !environment.showSpoilers
            }
            append(inner, next)
        case .link(let link, let inner):
            var next = style
            switch link {
            case .email, .phone:
                // E-mail and phone links are bold + underline, not link-coloured (§4).
                next.bold = true
                next.underline = true
            case .url(_, let instant):
                applyLinkColor(&next)
                if instant, next.marker == nil { next.marker = colors.linkHighlight }
            default:
                applyLinkColor(&next)
            }
            append(inner, next)
        case .anchor(_, let inner):
            // An empty anchor becomes a zero-width space (§4): it has no visual.
            if inner.isEmpty { appendPlain("\u{200B}", style) } else { append(inner, style) }
        case .date(let date):
            if date.format.isEmpty {
                append(date.fallback, style)
            } else {
                appendPlain(DateTextFormatter(environment: environment).format(date), style)
            }
        case .customEmoji(let id, let alt):
            // A square cell of A + D + 4·size/17 with the run font's ascent and descent, so the line is not
            // inflated (§3.9; seed "Inline custom emoji").
            let metrics = fonts.metrics(style.textFont)
            let size = metrics.ascent + metrics.descent + 4 * style.size / 17
            output.appendAttachment(.customEmoji(id: id, alt: alt), width: size, height: size, ascent: metrics.ascent,
                                    descent: metrics.descent, style.attributes)
        case .math(let source, let location):
            // Text style at the run's size × 1.12 in the run's colour (§3.9; math-facts §3.15); a formula that
            // cannot be typeset shows its LaTeX source with a warning (§7).
            let region = output.hanRegion
            switch formulas?.typesetter?.typeset(source, display: false, size: style.size * 1.12, color: style.color, hanRegion: region)
                ?? .failure(FormulaError("no math font in the font set")) {
            case .success(let formula):
                output.appendAttachment(.formula(formula, latex: source), width: formula.width, height: formula.height, ascent: formula.ascent,
                                        descent: formula.descent, style.attributes)
            case .failure(let error):
                warnings?.formulaFailed(at: location, error)
                // The source as typed: in the monospace face, whose lack of ligatures keeps `->` two characters.
                var literal = style
                literal.fixed = true
                literal.serif = false
                appendPlain(source, literal)
            }
        case .image(let mediaId, let width, let height):
            // Ascent and descent 0, advance = the width after fitting into width × width (§3.9, §4.3 `fitted`).
            let natural = (w: Double(width > 0 ? width : Int(style.size)), h: Double(height > 0 ? height : Int(style.size)))
            let fitted = Self.fitted(natural, into: boundingWidth)
            output.appendAttachment(.image(mediaId: mediaId), width: fitted.w, height: fitted.h, ascent: 0, descent: 0, style.attributes)
        case .diff(let new, let old):
            var struck = style
            struck.strikethrough = true
            append(old, struck)
            var marked = style
            marked.marker = colors.marker
            append(new, marked)
        case .button(let button):
            if button.style == .link {
                // Link-style buttons are borderless links.
                var next = style
                applyLinkColor(&next)
                append(button.label, next)
            } else {
                appendButton(button, style)
            }
        case .unknown(_, let inner):
            append(inner, style)
        }
    }

    /// Downscale-only fit into a box of `limit` × `limit` (`v2-layout-facts.md` §4.3).
    static func fitted(_ size: (w: Double, h: Double), into limit: Double) -> (w: Double, h: Double) {
        var result = size
        if result.w > limit { result = (limit, (result.h * limit / max(result.w, 1)).rounded(.down)) }
        if result.h > limit { result = ((result.w * limit / max(result.h, 1)).rounded(.down), limit) }
        return result
    }

    /// An inline button pill: the label at 15 pt medium, 7 pt side padding and 1 pt above and below
    /// (`v2-layout-facts.md` §3.9); the pill is tinted with the button's style colour from the theme. Two
    /// adjacent pills get a 3 pt spacer between them.
    private mutating func appendButton(_ button: Button, _ style: Style) {
        let tint: RGBA
        switch button.style {
        case .danger: tint = colors.buttonDanger
        case .success: tint = colors.buttonSuccess
        default: tint = colors.quoteAccent
        }
        var labelBuilder = RichTextBuilder(colors: colors, environment: environment, fonts: fonts, formulas: formulas, warnings: warnings)
        var labelStyle = Style(serif: false, size: 15, color: tint)
        labelStyle.medium = true
        labelBuilder.append(button.label, labelStyle)
        let label = labelBuilder.output
        guard !label.isEmpty else { return }
        let labelWidth = fonts.measure(label, width: nil).lines.map(\.width).max() ?? 0
        let metrics = fonts.metrics(labelStyle.textFont)
        let face = InlineButtonFace(label: label, labelWidth: labelWidth, labelAscent: metrics.ascent, fill: tint.multipliedAlpha(0.12))
        if let last = output.attachments.last, case .button = last.kind, last.byte + 3 == output.byteCount {
            output.appendAttachment(.spacer, width: Self.adjacentButtonSpacing, height: 0, ascent: 0, descent: 0, style.attributes)
        }
        output.appendAttachment(.button(face), width: labelWidth + 2 * 7, height: metrics.ascent + metrics.descent + 2,
                                ascent: metrics.ascent + 1, descent: metrics.descent + 1, style.attributes)
    }

    /// The space between two adjacent inline button pills (§3.9).
    static let adjacentButtonSpacing = 3.0

    /// Link colour; underline forced when the link colour equals the text colour (§4).
    private func applyLinkColor(_ style: inout Style) {
        if colors.link == style.color { style.underline = true }
        style.color = colors.link
    }

    /// Appends text, giving emoji clusters the colour-emoji family explicitly so that spaces between
    /// symbols keep the text font (pango-notes §5).
    private mutating func appendPlain(_ string: String, _ style: Style) {
        // ASCII is never an emoji cluster (a keycap needs U+FE0F or U+20E3) and never a symbol beyond the text font.
        guard !style.emoji, !string.utf8.allSatisfy({ $0 < 0x80 }) else { output.append(string, style.attributes); return }
        var segment = ""
        var segmentIsEmoji = false
        for character in string {
            // Emoji clusters, and symbols the text font lacks (☺, ✔), take the emoji font explicitly.
            let first = character.unicodeScalars.first!
            let isEmoji = Self.isEmojiCluster(character)
                || (first.value > 0x7F && first.properties.isEmoji && !fonts.covers(style.textFont, first))
            if isEmoji != segmentIsEmoji, !segment.isEmpty {
                var segmentStyle = style
                segmentStyle.emoji = segmentIsEmoji
                output.append(segment, segmentStyle.attributes)
                segment = ""
            }
            segmentIsEmoji = isEmoji
            segment.append(character)
        }
        var segmentStyle = style
        segmentStyle.emoji = segmentIsEmoji
        output.append(segment, segmentStyle.attributes)
    }

    static func isEmojiCluster(_ character: Character) -> Bool {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return false }
        if scalars.contains(where: { $0.value == 0xFE0F || $0.value == 0x20E3 }) { return first.properties.isEmoji }
        return first.properties.isEmojiPresentation
    }
}
