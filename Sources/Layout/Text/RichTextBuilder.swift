import Foundation

/// Settings that make dates and spoilers deterministic (`README.md` "Determinism knobs").
public struct TextEnvironment: Sendable {
    public var now: Int64 = 1_767_225_600
    public var locale = "en"
    public var timeZone = "UTC"
    public var showSpoilers = false

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

        var font: FontSpec {
            var spec = textFont
            if emoji { spec.family = .emoji }
            return spec
        }

        var textFont: FontSpec {
            // Serif beats fixed; fixed applies whenever serif is off (§2.2 precedence).
            let family: FontSpec.Family = serif ? .serif : fixed ? .mono : .sans
            return FontSpec(family: family, weight: bold ? 700 : 400, italic: italic, size: size)
        }

        var attributes: AttributedText.Attributes {
            AttributedText.Attributes(font: font, metricsFont: textFont, color: color, underline: underline, strikethrough: strikethrough,
                                      marker: marker, rise: rise, spoiler: spoiler)
        }
    }

    let colors: PageColors
    let environment: TextEnvironment
    var output = AttributedText()

    init(colors: PageColors, environment: TextEnvironment) {
        self.colors = colors
        self.environment = environment
    }

    static func baseStyle(_ category: TextCategory, colors: PageColors) -> Style {
        let font = category.font
        return Style(serif: font.family == .serif, fixed: font.family == .mono, size: font.size,
                     color: category.usesSecondaryColor ? colors.secondaryText : colors.text)
    }

    mutating func append(_ text: RichText, _ style: Style) {
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
            case .spoiler: next.spoiler = true
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
        case .customEmoji(_, let alt):
            var next = style
            next.emoji = true
            appendPlain(alt.isEmpty ? "\u{FFFD}" : alt, next)
        case .math(let source):
            // Until formulas are typeset, the LaTeX source is shown (the V2 render-failure fallback).
            appendPlain(source, style)
        case .image:
            break
        case .diff(let new, let old):
            var struck = style
            struck.strikethrough = true
            append(old, struck)
            var marked = style
            marked.marker = colors.marker
            append(new, marked)
        case .button(let button):
            var next = style
            applyLinkColor(&next)
            append(button.label, next)
        case .unknown(_, let inner):
            append(inner, style)
        }
    }

    /// Link colour; underline forced when the link colour equals the text colour (§4).
    private func applyLinkColor(_ style: inout Style) {
        if colors.link == style.color { style.underline = true }
        style.color = colors.link
    }

    /// Appends text, giving emoji clusters the colour-emoji family explicitly so that spaces between
    /// symbols keep the text font (pango-notes §5).
    private mutating func appendPlain(_ string: String, _ style: Style) {
        guard !style.emoji else { output.append(string, style.attributes); return }
        var segment = ""
        var segmentIsEmoji = false
        for character in string {
            let isEmoji = Self.isEmojiCluster(character)
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
