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

    /// Options that take a value.
    public static let valueOptions: Set<String> = ["--width", "--scale", "--theme", "--time", "--margin", "--author-color", "--now",
                                                  "--locale", "--timezone", "--background", "--media", "--format", "--table-offset", "--from", "--math-delimiters"]
    public static let flagOptions: Set<String> = ["--outgoing", "--no-status", "--no-bubble", "--strict", "--reveal-rects",
                                                 "--expand-details", "--show-spoilers", "--rtl"]

    /// Parses render options out of `arguments`; anything else lands in `remaining`, in order.
    /// Errors are usage errors (exit code 2), reported with the option's name as the path.
    public static func parse(_ arguments: [String]) throws -> RenderOptions {
        var settings = RenderSettings()
        var remaining: [String] = []
        var index = 0
        func value(_ name: String) throws -> String {
            guard index + 1 < arguments.count else { throw OptionError(option: name, message: "missing value") }
            index += 1
            return arguments[index]
        }
        func number(_ name: String, _ range: ClosedRange<Double>) throws -> Double {
            let text = try value(name)
            guard let number = Double(text), number.isFinite, range.contains(number) else {
                throw OptionError(option: name, message: "expected a number in \(range.lowerBound.clean)...\(range.upperBound.clean), found \(Diagnostic.quoted(text))")
            }
            return number
        }
        while index < arguments.count {
            var argument = arguments[index]
            // --name=value spelling.
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "="), valueOptions.contains(String(argument[..<equals])) {
                let name = String(argument[..<equals])
                var expanded = arguments
                expanded.replaceSubrange(index...index, with: [name, String(argument[argument.index(after: equals)...])])
                return try parse(expanded)
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
            default:
                argument = arguments[index]
                remaining.append(argument)
            }
            index += 1
        }
        return RenderOptions(settings: settings, remaining: remaining)
    }
}
