import RichMessageRenderer

/// One command-line option as the tool documents, parses and applies it: the single row that `--help`, the man
/// page, the shell completions, the did-you-mean suggestions, the argument scanner, the service's query parameters
/// and the settings all read. A row carries its effect (on `RenderSettings`, or on a command's own settings) and
/// the commands it applies to, so name, help, shown default, effect and scope are written once.
public struct OptionSpec: Sendable {
    /// What a render option does to the settings, given its value (`OptionValue.given` is nil for a flag).
    public typealias Effect = @Sendable (inout RenderSettings, OptionValue) throws -> Void

    /// The long name (`--width`), or the short one for an option that has no long form.
    public let name: String
    /// Other spellings (`-o` for `--output`, `-q` for `--quiet`).
    public let aliases: [String]
    /// The placeholder of its value (`PT`, `NAME|FILE`); nil for a flag.
    public let value: String?
    /// What it does, one paragraph (wrapped when printed).
    public let help: String
    /// The default, as shown in brackets after the help (`320`, `cores`); a render option's is read from
    /// `RenderSettings()` (`shown`), not typed again.
    public let defaultValue: String?
    /// The values a completion offers when they are a fixed list (a choice's words unless given); empty for files,
    /// numbers and free text.
    public let values: [String]
    /// The values the option accepts, checked when it is read and stated in the service's OpenAPI document; nil:
    /// any text (a file name, a status text) or a flag.
    public let domain: OptionDomain?
    /// What the documentation shows instead of `name VALUE` (`-o DIR/|FILE`), when that reads better.
    public let label: String?
    /// The option's effect on its settings; nil for an option its command reads itself (an output path, a flag that
    /// chooses what to print).
    public let effect: OptionEffect?
    /// The commands (by name; a service route takes its command's) the option applies to; nil: every command whose
    /// tables hold it. Given to another command it is a usage error that names these.
    public let commands: [String]?

    /// The value may be left out (`--annotations` in a batch): given without one (the last argument, or followed by
    /// another option), the option's value is "".
    public let valueOptional: Bool

    public init(_ name: String, aliases: [String] = [], value: String? = nil, help: String, defaultValue: String? = nil,
                values: [String] = [], domain: OptionDomain? = nil, label: String? = nil, commands: [String]? = nil,
                effect: OptionEffect? = nil, valueOptional: Bool = false) {
        self.valueOptional = valueOptional
        self.name = name
        self.aliases = aliases
        self.value = value
        self.help = help
        self.defaultValue = defaultValue
        if values.isEmpty, case .choice(let words, _) = domain { self.values = words } else { self.values = values }
        self.domain = domain
        self.label = label
        self.commands = commands
        self.effect = effect
    }

    /// A render option: its effect on the settings, and its default as `shown` reads it from `RenderSettings()`.
    public static func render(_ name: String, value: String? = nil, help: String, shown: (@Sendable (RenderSettings) -> String?)? = nil,
                              values: [String] = [], domain: OptionDomain? = nil, commands: [String]? = nil,
                              effect: @escaping Effect) -> OptionSpec {
        OptionSpec(name, value: value, help: help, defaultValue: shown?(RenderSettings()), values: values, domain: domain, commands: commands,
                   effect: .on(RenderSettings.self, effect))
    }

    /// Every spelling the scanner accepts.
    public var spellings: [String] { aliases + [name] }

    public var takesValue: Bool { value != nil }

    /// Whether the option applies to `command`.
    public func applies(to command: String) -> Bool { commands.map { $0.contains(command) } ?? true }

    /// `-o, --output FILE`, as the documentation lists it.
    public var displayLabel: String {
        label ?? spellings.joined(separator: ", ") + (value.map { " " + $0 } ?? "")
    }

    /// The same option documented with another text (a command that gives a shared option its own meaning).
    public func with(value: String?? = nil, help: String? = nil, defaultValue: String?? = nil, values: [String]? = nil) -> OptionSpec {
        OptionSpec(name, aliases: aliases, value: value ?? self.value, help: help ?? self.help,
                   defaultValue: defaultValue ?? self.defaultValue, values: values ?? self.values, domain: domain, label: label, commands: commands,
                   effect: effect, valueOptional: valueOptional)
    }

    /// Refuses a value outside the option's domain.
    public func check(_ given: String?) throws {
        if let given, let domain, let refusal = domain.refusal(given) { throw OptionError(option: name, message: refusal) }
    }

    /// Sets what the option says on `settings`; an option without an effect on settings of that type leaves them as
    /// they are.
    public func apply<Settings>(_ given: String?, to settings: inout Settings) throws {
        guard let effect, effect.sets(Settings.self) else { return }
        try check(given)
        var box: Any = settings
        try effect.body(&box, OptionValue(option: name, given: given, domain: domain))
        if let changed = box as? Settings { settings = changed }
    }
}

/// Splits arguments into the options of a table (with their values) and the rest, in order: `--name VALUE`,
/// `--name=VALUE`, flags, and anything else (inputs, `-`, options of no table) left for the caller.
public enum OptionScanner {
    public struct Scanned: Sendable {
        /// The table's options in the order given, each with its value (nil for a flag).
        public var options: [(name: String, value: String?)] = []
        /// Arguments that are not the table's options, in order.
        public var rest: [String] = []
    }

    /// `literal` marks arguments that are never options (the words after `--`).
    public static func scan(_ arguments: [String], table: [OptionSpec], literal: (String) -> Bool = { _ in false }) throws -> Scanned {
        var bySpelling: [String: OptionSpec] = [:]
        for spec in table { for spelling in spec.spellings where bySpelling[spelling] == nil { bySpelling[spelling] = spec } }
        var scanned = Scanned()
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("-"), argument != "-", !literal(argument) else {
                scanned.rest.append(argument)
                continue
            }
            var spelling = argument, attached: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                spelling = String(argument[..<equals])
                attached = String(argument[argument.index(after: equals)...])
            }
            guard let spec = bySpelling[spelling] else {
                scanned.rest.append(argument)
                continue
            }
            if !spec.takesValue {
                if attached != nil { throw OptionError(option: spec.name, message: "takes no value") }
                scanned.options.append((spec.name, nil))
            } else if let attached {
                try spec.check(attached)
                scanned.options.append((spec.name, attached))
            } else if spec.valueOptional, index == arguments.count || (arguments[index].hasPrefix("-") && arguments[index] != "-") {
                scanned.options.append((spec.name, ""))
            } else {
                guard index < arguments.count else { throw OptionError(option: spelling, message: "missing value (\(spec.value ?? "VALUE"))") }
                try spec.check(arguments[index])
                scanned.options.append((spec.name, arguments[index]))
                index += 1
            }
        }
        return scanned
    }
}
