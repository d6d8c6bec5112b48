import Document
import Foundation
import Layout
import RichMessageRenderer

/// The render options of the command line and of golden cases' `.args` files (`cli-contract.md`, "Render
/// options"), parsed into `RenderSettings`. Command-line vocabulary lives here, not in the libraries that
/// render: `ipraster` and the golden harness share it.
public struct RenderOptions: Sendable {
    public var settings: RenderSettings
    /// Arguments that are not render options (positional, `-o`, command-specific flags), in order.
    public var remaining: [String]

    /// The render options every rendering command takes (and golden cases' `.args`), as documented.
    public static let table: [OptionSpec] = [
        OptionSpec("--width", value: "PT", help: "the widest the bubble body may be (layout bounding width), 40-10000", defaultValue: "320"),
        OptionSpec("--scale", value: "N", help: "device scale 1-4: output pixels = ceil(points × N)", defaultValue: "2"),
        OptionSpec("--theme", value: "NAME|FILE", help: "day, day-classic, night, or a theme JSON file", defaultValue: "day",
                   values: Theme.builtInNames),
        OptionSpec("--outgoing", help: "draw an outgoing bubble (colours, tail on the right)", defaultValue: "incoming"),
        OptionSpec("--time", value: "TEXT", help: "the status text", defaultValue: "12:34"),
        OptionSpec("--no-status", help: "hide the status (time and ticks)"),
        OptionSpec("--no-bubble", help: "the page only: no bubble, tail or status; transparent background"),
        OptionSpec("--margin", value: "PT", help: "canvas margin around the bubble", defaultValue: "8"),
        OptionSpec("--author-color", value: "N", help: "incoming: use default name colour N (0-6) as the accent"),
        OptionSpec("--background", value: "COLOR", help: "#RRGGBB[AA] or transparent", defaultValue: "theme wallpaper",
                   values: ["transparent"]),
        OptionSpec("--now", value: "UNIX", help: "\"now\" for relative dates, in unix seconds", defaultValue: "1767225600"),
        OptionSpec("--locale", value: "TAG", help: "date locale; Han forms: zh-Hant/zh-TW, zh-HK, ja, ko, else Simplified",
                   defaultValue: "en", values: ["en", "zh-Hans", "zh-Hant", "zh-HK", "ja", "ko"]),
        OptionSpec("--rtl", help: "right-to-left, for Markdown/HTML files and JSON without is_rtl"),
        OptionSpec("--timezone", value: "TZ", help: "date time zone (an IANA name)", defaultValue: "UTC"),
        OptionSpec("--strict", help: "unknown block or text types, Bot API limits and formulas that cannot be typeset are errors (exit 2)"),
        OptionSpec("--from", value: "FORMAT", help: "the input format, instead of the extension or sniffing",
                   values: RenderSettings.inputFormats.map { $0.name }),
        OptionSpec("--math-delimiters", value: "MODE", help: "how Markdown pairs $: strict (the app's rule; .md files) or loose (the server's; Bot API markdown)",
                   values: ["strict", "loose"]),
        OptionSpec("--reveal-rects", help: "layout: include per-character ink rects"),
        OptionSpec("--media", value: "DIR", help: "where local media files are looked up (PNG, JPEG, WebP; GIF, MP4, WebM by their first frame through ffmpeg)"),
        OptionSpec("--expand-details", help: "render every details block open"),
        OptionSpec("--table-offset", value: "PT", help: "scroll overflowing tables and formulas by PT (documentation shots)", defaultValue: "0"),
        OptionSpec("--show-spoilers", help: "draw spoilers revealed"),
        OptionSpec("--format", value: "FORMAT", help: "png, svg or pdf, instead of the output's extension",
                   values: ["png", "svg", "pdf"]),
    ]

    /// Parses render options out of `arguments`; anything else lands in `remaining`, in order.
    /// Errors are usage errors (exit code 2), reported with the option's name as the path.
    public static func parse(_ arguments: [String]) throws -> RenderOptions {
        let scanned = try OptionScanner.scan(arguments, table: table)
        var settings = RenderSettings()
        for (name, value) in scanned.options { try apply(name, value, to: &settings) }
        return RenderOptions(settings: settings, remaining: scanned.rest)
    }

    /// Sets what the render option `name` (with its value, if it takes one) says, on `settings`.
    public static func apply(_ argument: String, _ given: String?, to settings: inout RenderSettings) throws {
        func value(_ name: String) throws -> String {
            guard let given else { throw OptionError(option: name, message: "missing value") }
            return given
        }
        func number(_ name: String, _ range: ClosedRange<Double>) throws -> Double {
            let text = try value(name)
            guard let number = Double(text), number.isFinite, range.contains(number) else {
                throw OptionError(option: name, message: "expected a number in \(range.lowerBound.clean)...\(range.upperBound.clean), found \(Diagnostic.quoted(text))")
            }
            return number
        }
        switch argument {
        case "--width": settings.layout.width = try number(argument, 40...10_000)
        case "--scale": settings.layout.scale = try number(argument, 1...4)
        case "--theme":
            let spec = try value(argument)
            do { settings.layout.theme = try ThemeLoader.load(spec) } catch let error as ThemeLoader.UnknownTheme {
                throw OptionError(option: argument, message: error.description)
            }
        case "--outgoing": settings.layout.outgoing = true
        case "--time": settings.layout.time = try value(argument)
        case "--no-status": settings.layout.time = nil
        case "--no-bubble": settings.layout.bubble = false
        case "--margin": settings.layout.margin = try number(argument, 0...1_000)
        case "--author-color":
            let color = try number(argument, 0...6)
            guard color == color.rounded() else { throw OptionError(option: argument, message: "expected a whole number 0-6") }
            settings.layout.authorColor = Int(color)
        case "--now":
            let text = try value(argument)
            guard let now = Int64(text) else { throw OptionError(option: argument, message: "expected a unix time in seconds, found \(Diagnostic.quoted(text))") }
            settings.layout.text.now = now
        case "--locale": settings.layout.text.locale = try value(argument)
        case "--timezone":
            let zone = try value(argument)
            guard TimeZone(identifier: zone) != nil else { throw OptionError(option: argument, message: "unknown time zone \(Diagnostic.quoted(zone))") }
            settings.layout.text.timeZone = zone
        case "--background":
            let text = try value(argument)
            if text == "transparent" {
                settings.layout.background = .transparent
            } else if let color = RGBA(hex: text) {
                settings.layout.background = .color(color)
            } else {
                throw OptionError(option: argument, message: "expected \"transparent\", \"#RRGGBB\" or \"#RRGGBBAA\", found \(Diagnostic.quoted(text))")
            }
        case "--media": settings.mediaDirectory = try value(argument)
        case "--table-offset": settings.layout.tableOffset = try number(argument, 0...100_000)
        case "--format": settings.format = try value(argument)
        case "--from":
            let name = try value(argument)
            guard InputFormats.named(name, in: RenderSettings.inputFormats) != nil else {
                throw OptionError(option: argument, message: "unknown input format \(Diagnostic.quoted(name)) (known: \(RenderSettings.inputFormats.map { $0.name }.joined(separator: ", ")))")
            }
            settings.inputFormat = name
        case "--math-delimiters":
            let mode = try value(argument)
            guard mode == "strict" || mode == "loose" else {
                throw OptionError(option: argument, message: "expected strict or loose, found \(Diagnostic.quoted(mode))")
            }
            settings.mathDelimiters = mode
        case "--strict": settings.strict = true
        case "--rtl": settings.rtl = true
        case "--reveal-rects": settings.layout.revealRects = true
        case "--expand-details": settings.layout.expandDetails = true
        case "--show-spoilers": settings.layout.text.showSpoilers = true
        default: throw OptionError(option: argument, message: "not a render option")
        }
    }
}
