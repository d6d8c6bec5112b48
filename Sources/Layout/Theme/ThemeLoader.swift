import Document
import Drawing
import FoundationEssentials
import Primitives

/// Loads `--theme NAME|FILE.json`. A theme file names a base theme and overrides any colour:
///
///     {"base": "day", "name": "brand", "wallpaper": "#202830",
///      "incoming": {"primaryText": "#111111", "fillTop": "#FFFFFF", "fillBottom": "#F0F0F0"},
///      "outgoing": {"accentText": "#FF6600", "outline": "#00000040", "check": "#FF6600"}}
///
/// Colours are "#RRGGBB", "#RRGGBBAA" or "rgba(R, G, B, A)" (an alpha no byte gives exactly); `outline` may
/// be null (none). `isDark` switches the dark-theme
/// derivations (table borders, separators). Keys of a direction are the fields of `MessageColors`.
public enum ThemeLoader {
    /// A colour key of a direction and the field it sets: the one list the reader, the writer and the error
    /// message use, in the order theme files are written.
    enum Field {
        case color(WritableKeyPath<MessageColors, RGBA>)
        /// May be null (none).
        case optional(WritableKeyPath<MessageColors, RGBA?>)
    }

    static var directionFields: [(key: String, field: Field)] {
        [("primaryText", .color(\.primaryText)), ("secondaryText", .color(\.secondaryText)), ("linkText", .color(\.linkText)),
         ("accentText", .color(\.accentText)), ("accentControl", .color(\.accentControl)),
         ("mediaActiveControl", .color(\.mediaActiveControl)), ("fileTitle", .color(\.fileTitle)),
         ("fileDescription", .color(\.fileDescription)), ("fillTop", .color(\.fillTop)), ("fillBottom", .color(\.fillBottom)),
         ("outline", .optional(\.outline)), ("check", .color(\.check))]
    }

    public static var directionKeys: [String] { directionFields.map(\.key) }

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
        guard let color = RGBA(hex: text) ?? Self.rgba(text) else {
            throw DecodeError(path: node.path, message: "expected \"#RRGGBB\", \"#RRGGBBAA\" or \"rgba(R, G, B, A)\", found \(Diagnostic.quoted(text))")
        }
        return color
    }

    /// CSS's "rgba(R, G, B, A)": channels 0–255, alpha 0–1 with any precision.
    static func rgba(_ text: String) -> RGBA? {
        let trimmed = text.trimmingWhitespace()
        guard trimmed.hasPrefix("rgba("), trimmed.hasSuffix(")") else { return nil }
        let parts = trimmed.dropFirst(5).dropLast().split(separator: ",").map { $0.trimmingWhitespace() }
        guard parts.count == 4 else { return nil }
        let channels = parts[0..<3].compactMap { Int($0) }.filter { (0...255).contains($0) }
        guard channels.count == 3, let alpha = Double(parts[3]), (0...1).contains(alpha) else { return nil }
        return RGBA(r: Double(channels[0]) / 255, g: Double(channels[1]) / 255, b: Double(channels[2]) / 255, a: alpha)
    }

    /// A colour as theme files write it, without loss: "#RRGGBB" or "#RRGGBBAA" when those bytes give the
    /// colour back exactly, else "rgba(R, G, B, A)" (built-in alphas such as 0.65 have no exact byte).
    static func text(_ color: RGBA) -> String {
        func exact(_ value: Double) -> Bool { Double(Int((value * 255).rounded())) / 255 == value }
        guard !exact(color.r) || !exact(color.g) || !exact(color.b) || !exact(color.a) else { return color.hexString }
        func byte(_ value: Double) -> Int { Int((min(max(value, 0), 1) * 255).rounded()) }
        return "rgba(\(byte(color.r)), \(byte(color.g)), \(byte(color.b)), \(color.a))"
    }

    static func apply(_ node: JSONNode, to base: MessageColors) throws -> MessageColors {
        guard let object = node.object else { throw node.mismatch("object") }
        var colors = base
        let fields = directionFields
        for key in object.keys {
            guard let field = fields.first(where: { $0.key == key })?.field else {
                throw DecodeError(path: node.path + "." + key, message: "unknown colour key (expected one of \(directionKeys.joined(separator: ", ")))")
            }
            switch field {
            case .optional(let path):
                if case .null = object[key]! { colors[keyPath: path] = nil } else { colors[keyPath: path] = try color(node.required(key)) }
            case .color(let path):
                colors[keyPath: path] = try color(node.required(key))
            }
        }
        return colors
    }
}

extension ThemeLoader {
    /// A theme name that is neither built in nor a `.json` file.
    public struct UnknownTheme: ClassifiedError, Sendable {
        public var kind: FailureKind { .usage }
        public let name: String
        public var description: String {
            "unknown theme \(Diagnostic.quoted(name)) (built-in: \(Theme.builtInNames.joined(separator: ", ")), or a .json file)"
        }
    }
}

/// A theme file that cannot be read (an environment error, exit code 3).
public struct ThemeFileError: ClassifiedError {
    public var kind: FailureKind { .environment }
    public let path: String
    public var description: String { "cannot read theme file \(path)" }
}

extension ThemeLoader {
    /// The complete theme as a theme file (every key), e.g. to start a custom theme from a built-in one.
    public static func json(_ theme: Theme) -> JSONOut {
        func direction(_ colors: MessageColors) -> JSONOut {
            .object(directionFields.map { key, field in
                switch field {
                case .color(let path): return (key, .string(text(colors[keyPath: path])))
                case .optional(let path): return (key, colors[keyPath: path].map { .string(text($0)) } ?? .null)
                }
            })
        }
        return .object([("base", .string(Theme.builtIn(theme.name) != nil ? theme.name : "day")), ("name", .string(theme.name)),
                        ("isDark", .bool(theme.isDark)), ("wallpaper", .string(text(theme.wallpaper))),
                        ("incoming", direction(theme.incoming)), ("outgoing", direction(theme.outgoing)),
                        ("buttonDanger", .string(text(theme.buttonDanger))), ("buttonSuccess", .string(text(theme.buttonSuccess)))])
    }
}
