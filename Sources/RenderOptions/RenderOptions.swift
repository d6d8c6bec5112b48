import Document
import FoundationEssentials
import Layout
import RichMessageRenderer

/// The render options of the command line, the service's query parameters and golden cases' `.args` files
/// (`cli-contract.md`, "Render options"), each one row with its effect on `RenderSettings`. Command-line vocabulary
/// lives here, not in the libraries that render: `ipraster`, the golden harness and the snapshot library share it.
public struct RenderOptions: Sendable {
    public var settings: RenderSettings
    /// Arguments that are not render options (positional, `-o`, command-specific flags), in order.
    public var remaining: [String]

    /// The render options every rendering command takes (and golden cases' `.args`), as documented and applied.
    public static let table: [OptionSpec] = [
        .render("--width", value: "PT", help: "the widest the bubble body may be (layout bounding width), 40-10000", shown: { $0.layout.width.clean },
                domain: .number(40...10_000)) {
            $0.layout.width = try $1.number()
        },
        .render("--scale", value: "N", help: "device scale 1-4: output pixels = ceil(points × N)", shown: { $0.layout.scale.clean }, domain: .number(1...4)) {
            $0.layout.scale = try $1.number()
        },
        .render("--theme", value: "NAME|FILE", help: "day, day-classic, night, or a theme JSON file", shown: { $0.layout.theme.name },
                values: Theme.builtInNames) { settings, value in
            do { settings.layout.theme = try ThemeLoader.load(try value.text()) } catch let error as ThemeLoader.UnknownTheme {
                throw OptionError(option: value.option, message: error.description)
            }
        },
        .render("--outgoing", help: "draw an outgoing bubble (colours, tail on the right)", shown: { $0.layout.outgoing ? "outgoing" : "incoming" }) { settings, _ in
            settings.layout.outgoing = true
        },
        .render("--time", value: "TEXT", help: "the status text", shown: { $0.layout.time }) { $0.layout.time = try $1.text() },
        .render("--no-status", help: "hide the status (time and ticks)") { settings, _ in settings.layout.time = nil },
        .render("--no-bubble", help: "the page only: no bubble, tail or status; transparent background") { settings, _ in settings.layout.bubble = false },
        .render("--margin", value: "PT", help: "canvas margin around the bubble", shown: { $0.layout.margin.clean }, domain: .number(0...1_000)) {
            $0.layout.margin = try $1.number()
        },
        .render("--author-color", value: "N", help: "incoming: use default name colour N (0-6) as the accent", domain: .integer(0...6)) {
            $0.layout.authorColor = Int(try $1.number())
        },
        .render("--background", value: "COLOR", help: "#RRGGBB[AA] or transparent",
                shown: { $0.layout.background == .automatic ? "theme wallpaper" : nil }, values: ["transparent"],
                domain: .backgroundColor) { settings, value in
            let text = try value.text()
            if text == "transparent" {
                settings.layout.background = .transparent
            } else if let color = RGBA(hex: text) {
                settings.layout.background = .color(color)
            }
        },
        .render("--now", value: "UNIX", help: "\"now\" for relative dates, in unix seconds (year 1 to 9999)", shown: { String($0.layout.text.now) },
                domain: .integer(-62_135_596_800...253_402_300_799)) { settings, value in
            settings.layout.text.now = Int64(try value.number())
        },
        .render("--locale", value: "TAG", help: "date locale (a BCP 47 tag); Han forms: zh…/zh-Hant/zh-HK, ja, ko decide, else the message's kana or Hangul, else Simplified",
                shown: { $0.layout.text.locale.identifier }, values: ["en", "zh-Hans", "zh-Hant", "zh-HK", "ja", "ko"], domain: .localeTag) { settings, value in
            do { settings.layout.text.locale = try TextLocale(try value.text()) } catch let error as TextLocale.Invalid {
                throw OptionError(option: value.option, message: error.reason)
            }
        },
        .render("--rtl", help: "right-to-left, for Markdown/HTML files and JSON without is_rtl") { settings, _ in settings.rtl = true },
        .render("--timezone", value: "TZ", help: "date time zone (an IANA name)", shown: { $0.layout.text.timeZone },
                domain: .timeZone) { settings, value in
            settings.layout.text.timeZone = try value.text()
        },
        .render("--strict", help: "unknown block or text types, Bot API limits and formulas that cannot be typeset are errors (exit 2)") { settings, _ in
            settings.strict = true
        },
        .render("--from", value: "FORMAT", help: "the input format, instead of the extension or sniffing",
                domain: .choice(RenderSettings.inputFormats.map { $0.name })) { settings, value in
            let name = try value.text()
            settings.inputFormat = RenderSettings.inputFormat(named: name)
        },
        .render("--math-delimiters", value: "MODE", help: "how Markdown pairs $: strict (the app's rule; .md files) or loose (the server's; Bot API markdown)",
                domain: .choice(MathDelimiters.allCases.map(\.rawValue))) { $0.mathDelimiters = try $1.choice(MathDelimiters.self) },
        .render("--reveal-rects", help: "include per-character ink rects in the layout JSON", commands: ["layout"]) { settings, _ in settings.layout.revealRects = true },
        .render("--media", value: "DIR", help: "where local media files are looked up (PNG, JPEG, WebP; GIF, MP4, WebM by their first frame through ffmpeg; custom emoji's .tgs, .webm, .webp, .png sticker files by custom_emoji_id)") {
            $0.mediaDirectory = try $1.text()
        },
        .render("--expand-details", help: "render every details block open") { settings, _ in settings.layout.expandDetails = true },
        .render("--table-offset", value: "PT", help: "scroll overflowing tables and formulas by PT (documentation shots)", shown: { $0.layout.tableOffset.clean },
                domain: .number(0...100_000)) {
            $0.layout.tableOffset = try $1.number()
        },
        .render("--show-spoilers", help: "draw spoilers revealed") { settings, _ in settings.layout.text.showSpoilers = true },
        .render("--no-alt-text", help: "embed no alt text: PNG, WebP, SVG, PDF and animated outputs carry the message's words by default (docs/accessibility.md)",
                commands: ["render", "reveal"]) { settings, _ in
            settings.embedsAltText = false
        },
        .render("--redact", value: "REGEX", help: """
            lay out every match of REGEX in the message's text as one fixed-size box (\(Redaction.box)), so a time, an id or a \
            counter never changes the layout of a golden or a documentation shot; repeatable
            """) { settings, value in
            do { settings.redaction = try Redaction(patterns: (settings.redaction?.patterns ?? []) + [try value.text()]) } catch let error as Redaction.Invalid {
                throw OptionError(option: value.option, message: error.description)
            }
        },
        .render("--format", value: "FORMAT", help: "png, webp, svg or pdf, instead of the output's extension; apng, gif or mp4: the message with its emoji playing",
                domain: .choice(Renderer.Format.allCases.map(\.rawValue) + AnimationFormat.allCases.map(\.rawValue)), commands: ["render"]) { settings, value in
            let text = try value.text()
            if let animation = AnimationFormat(rawValue: text) {
                settings.animation = animation
                settings.format = nil
            } else if let format = Renderer.Format(rawValue: text) {
                settings.format = format
                settings.animation = nil
            }
        },
        .render("--quality", value: "N", help: "WebP: lossy at quality N, 0-100 (default: lossless, the PNG's pixels exactly)",
                domain: .number(0...100), commands: ["render"]) { $0.webpQuality = try $1.number() },
    ]

    /// The row of the render option `name`.
    public static func option(_ name: String) -> OptionSpec? { table.first { $0.name == name } }

    /// Parses render options out of `arguments`; anything else lands in `remaining`, in order. Options are applied
    /// whatever their command scope (golden cases' `.args`, the snapshot library: the caller refuses what it must).
    /// Errors are usage errors (exit code 2), reported with the option's name as the path.
    public static func parse(_ arguments: [String]) throws -> RenderOptions {
        let scanned = try OptionScanner.scan(arguments, table: table)
        var settings = RenderSettings()
        for (name, value) in scanned.options { try apply(name, value, to: &settings) }
        return RenderOptions(settings: settings, remaining: scanned.rest)
    }

    /// Sets what the render option `name` (with its value, if it takes one) says, on `settings`.
    public static func apply(_ name: String, _ value: String?, to settings: inout RenderSettings) throws {
        guard let option = option(name) else { throw OptionError(option: name, message: "not a render option") }
        try option.apply(value, to: &settings)
    }
}
