import Document
import Drawing
import Foundation

/// Loads `--theme NAME|FILE.json`. A theme file names a base theme and overrides any colour:
///
///     {"base": "day", "name": "brand", "wallpaper": "#202830",
///      "incoming": {"primaryText": "#111111", "fillTop": "#FFFFFF", "fillBottom": "#F0F0F0"},
///      "outgoing": {"accentText": "#FF6600", "outline": "#00000040", "check": "#FF6600"}}
///
/// Colours are "#RRGGBB" or "#RRGGBBAA"; `outline` may be null (none). `isDark` switches the dark-theme
/// derivations (table borders, separators). Keys of a direction are the fields of `MessageColors`.
public enum ThemeLoader {
    public static let directionKeys = ["primaryText", "secondaryText", "linkText", "accentText", "accentControl",
                                       "mediaActiveControl", "fileTitle", "fileDescription", "fillTop", "fillBottom",
                                       "outline", "check"]

    public static func load(_ spec: String) throws -> Theme {
        if let theme = Theme.builtIn(spec) { return theme }
        guard spec.hasSuffix(".json") else { throw UnknownTheme(name: spec) }
        guard let data = FileManager.default.contents(atPath: spec) else {
            throw ThemeFileError(path: spec)
        }
        return try parse(bytes: [UInt8](data))
    }

    public static func parse(bytes: [UInt8]) throws -> Theme {
        let root: JSONValue
        do { root = try JSONParser.parse(bytes) } catch { throw DecodeError(path: "$", message: "\(error)") }
        let node = JSONNode(root)
        guard node.object != nil else { throw node.mismatch("theme object") }
        let baseName = try node.optionalString("base") ?? "day"
        guard var theme = Theme.builtIn(baseName) else {
            throw DecodeError(path: "$.base", message: "unknown base theme \(Diagnostic.quoted(baseName))")
        }
        if let name = try node.optionalString("name") { theme.name = name }
        if let dark = node["isDark"] { theme.isDark = try dark.bool() }
        if let wallpaper = node["wallpaper"] { theme.wallpaper = try color(wallpaper) }
        if let incoming = node["incoming"] { theme.incoming = try apply(incoming, to: theme.incoming) }
        if let outgoing = node["outgoing"] { theme.outgoing = try apply(outgoing, to: theme.outgoing) }
        if let danger = node["buttonDanger"] { theme.buttonDanger = try color(danger) }
        if let success = node["buttonSuccess"] { theme.buttonSuccess = try color(success) }
        let known = ["base", "name", "isDark", "wallpaper", "incoming", "outgoing", "buttonDanger", "buttonSuccess"]
        for key in node.object!.keys where !known.contains(key) {
            throw DecodeError(path: "$." + key, message: "unknown theme key (expected \(known.joined(separator: ", ")))")
        }
        return theme
    }

    static func color(_ node: JSONNode) throws -> RGBA {
        let text = try node.string()
        guard let color = RGBA(hex: text) else { throw DecodeError(path: node.path, message: "expected \"#RRGGBB\" or \"#RRGGBBAA\", found \(Diagnostic.quoted(text))") }
        return color
    }

    static func apply(_ node: JSONNode, to base: MessageColors) throws -> MessageColors {
        guard let object = node.object else { throw node.mismatch("object") }
        var colors = base
        for key in object.keys {
            guard directionKeys.contains(key) else {
                throw DecodeError(path: node.path + "." + key, message: "unknown colour key (expected one of \(directionKeys.joined(separator: ", ")))")
            }
            if key == "outline", case .null = object[key]! { colors.outline = nil; continue }
            let value = try color(node.required(key))
            switch key {
            case "primaryText": colors.primaryText = value
            case "secondaryText": colors.secondaryText = value
            case "linkText": colors.linkText = value
            case "accentText": colors.accentText = value
            case "accentControl": colors.accentControl = value
            case "mediaActiveControl": colors.mediaActiveControl = value
            case "fileTitle": colors.fileTitle = value
            case "fileDescription": colors.fileDescription = value
            case "fillTop": colors.fillTop = value
            case "fillBottom": colors.fillBottom = value
            case "outline": colors.outline = value
            default: colors.check = value
            }
        }
        return colors
    }
}

extension ThemeLoader {
    /// A theme name that is neither built in nor a `.json` file.
    public struct UnknownTheme: Error, CustomStringConvertible, Sendable {
        public let name: String
        public var description: String {
            "unknown theme \(Diagnostic.quoted(name)) (built-in: \(Theme.builtInNames.joined(separator: ", ")), or a .json file)"
        }
    }
}

/// A theme file that cannot be read (an environment error, exit code 3).
public struct ThemeFileError: Error, CustomStringConvertible {
    public let path: String
    public var description: String { "cannot read theme file \(path)" }
}

extension ThemeLoader {
    /// The complete theme as a theme file (every key), e.g. to start a custom theme from a built-in one.
    public static func json(_ theme: Theme) -> JSONOut {
        func direction(_ colors: MessageColors) -> JSONOut {
            .object([
                ("primaryText", .string(colors.primaryText.hexString)), ("secondaryText", .string(colors.secondaryText.hexString)),
                ("linkText", .string(colors.linkText.hexString)), ("accentText", .string(colors.accentText.hexString)),
                ("accentControl", .string(colors.accentControl.hexString)),
                ("mediaActiveControl", .string(colors.mediaActiveControl.hexString)), ("fileTitle", .string(colors.fileTitle.hexString)),
                ("fileDescription", .string(colors.fileDescription.hexString)), ("fillTop", .string(colors.fillTop.hexString)),
                ("fillBottom", .string(colors.fillBottom.hexString)), ("outline", colors.outline.map { .string($0.hexString) } ?? .null),
                ("check", .string(colors.check.hexString)),
            ])
        }
        return .object([("base", .string(Theme.builtIn(theme.name) != nil ? theme.name : "day")), ("name", .string(theme.name)),
                        ("isDark", .bool(theme.isDark)), ("wallpaper", .string(theme.wallpaper.hexString)),
                        ("incoming", direction(theme.incoming)), ("outgoing", direction(theme.outgoing)),
                        ("buttonDanger", .string(theme.buttonDanger.hexString)), ("buttonSuccess", .string(theme.buttonSuccess.hexString))])
    }
}
