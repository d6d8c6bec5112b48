import RenderOptions
import RichMessageRenderer

/// One command as the tool documents and parses it. `--help`, the man page (`help --man`), the completions and
/// the did-you-mean suggestions are all written from these values, and `parse` reads a command line with the
/// same option tables, so an option exists exactly when it is documented.
package struct CommandSpec {
    package let name: String
    /// Usage lines, without the leading `ipraster`.
    package let synopsis: [String]
    /// One line for the command list of the main help and the man page's NAME-like summary.
    package let summary: String
    /// Paragraphs (re-wrapped when printed); a line starting with two spaces is kept as it is.
    package let description: String
    package let options: [OptionSpec]
    /// Shared option tables the command also takes, each printed as its own section.
    package let sharedSections: [SharedSection]
    /// Text printed after the options (a note on them), same rules as `description`.
    package let notes: String
    package let examples: [String]

    package init(_ name: String, synopsis: [String], summary: String, description: String, options: [OptionSpec] = [],
         shared: [SharedSection] = [], notes: String = "", examples: [String] = []) {
        self.name = name
        self.synopsis = synopsis
        self.summary = summary
        self.description = description
        self.options = options
        self.sharedSections = shared
        self.notes = notes
        self.examples = examples
    }

    /// The arguments after `--` on the command line: operands, never options, whatever they look like (set once by
    /// the command line before it parses).
    package nonisolated(unsafe) static var operands: [String] = []

    /// The program's version (`ipraster --version`, the OpenAPI document's `info.version`).
    package static let version = "0.6.0"

    /// The shells `completion` writes a script for.
    package static let completionShells = ["bash", "zsh", "fish"]

    /// A table several commands take: render options, or compare's.
    package struct SharedSection {
        package let title: String
        package let options: [OptionSpec]
        package let notes: String
    }

    /// Every option the command takes: its own first (they win over a shared one of the same name, as reveal's
    /// `--format` does), then the shared tables' rows that apply to it, then the global options.
    package var allOptions: [OptionSpec] {
        var seen = Set<String>()
        return (options + sharedOptions + CommandSpec.globalOptions).filter { seen.insert($0.name).inserted }
    }

    /// The shared tables' rows that apply to this command (`render --reveal-rects` does not: it is layout's).
    package var sharedOptions: [OptionSpec] { sharedSections.flatMap(\.options).filter { $0.applies(to: name) } }

    package func option(_ name: String) -> OptionSpec? { allOptions.first { $0.name == name } }

    /// The row of an option that exists in some command's tables but does not apply to this one, for a refusal
    /// that says where it belongs.
    package func misplacedOption(_ spelling: String) -> OptionSpec? {
        guard option(spelling) == nil else { return nil }
        return CommandSpec.all.lazy.flatMap(\.allOptions).first { $0.spellings.contains(spelling) }
    }

    /// "--reveal-rects does not apply to render: it is an option of layout".
    package func misplacedMessage(_ option: OptionSpec, as given: String? = nil) -> String {
        let owners = CommandSpec.all.filter { $0.option(option.name) != nil }.map(\.name)
        return "\(given ?? option.name) does not apply to \(name): it is an option of \(owners.joined(separator: ", "))"
    }
}

/// A command line read with a command's tables.
package struct ParsedArguments {
    package let command: String
    /// Options in the order given, with their values (nil for flags).
    package var options: [(name: String, value: String?)]
    /// Everything else: inputs, `-`, the formula.
    package var positional: [String]

    package init(command: String, options: [(name: String, value: String?)], positional: [String]) {
        self.command = command
        self.options = options
        self.positional = positional
    }

    package func has(_ name: String) -> Bool { options.contains { $0.name == name } }
    /// The last value given for `name` (a later one wins, as for render options).
    package func value(_ name: String) -> String? { options.last { $0.name == name }?.value }
    package func values(_ name: String) -> [String] { options.filter { $0.name == name }.compactMap(\.value) }

    /// The render options given, in order, as arguments again (a batch's defaults for every job).
    package var renderArguments: [String] {
        let names = Set(RenderOptions.table.map(\.name))
        return options.filter { names.contains($0.name) }.flatMap { [$0.name] + ($0.value.map { [$0] } ?? []) }
    }

    /// The render settings the options given make: each option's row applies its effect, in the order given (a
    /// command's own option of a shared name, as reveal's `--format`, has none).
    package func renderSettings() throws -> RenderSettings { try settings(RenderSettings()) }

    /// `initial` with the effects of the options given on its type applied, in the order given (a later value wins).
    package func settings<Settings>(_ initial: Settings) throws -> Settings {
        let spec = CommandSpec.named(command)
        var settings = initial
        for (name, value) in options { try spec?.option(name)?.apply(value, to: &settings) }
        return settings
    }

    /// The whole number in `range` given for `name`; nil when the option is not given.
    package func integer(_ name: String, in range: ClosedRange<Int>, what: String) throws -> Int? {
        try value(name).map { try OptionValue(option: name, given: $0).integer(in: range, what: what, command: command) }
    }
}

extension OptionValue {
    /// A whole number in `range`; else a usage error of `command`: "--workers must be a whole number from 1 to 256, not 0".
    package func integer(in range: ClosedRange<Int>, what: String, command: String) throws -> Int {
        let text = try text()
        guard let number = Int(text), range.contains(number) else {
            throw UsageError(message: "\(option) must be \(what), not \(text)", command: command)
        }
        return number
    }
}

extension CommandSpec {
    /// Reads `arguments` with this command's tables. An argument that starts with `-` and is no option of the
    /// command is an unknown option (with the nearest one suggested), unless `operand` accepts it (math's
    /// formula `-x^2`); arguments after `--` are never options.
    package func parse(_ arguments: [String], operand: (String) -> Bool = { _ in false }) throws -> ParsedArguments {
        let scanned: OptionScanner.Scanned
        do {
            scanned = try OptionScanner.scan(arguments, table: allOptions, literal: { CommandSpec.operands.contains($0) })
        } catch let error as OptionError {
            throw UsageError(message: error.description, command: name)
        }
        for argument in scanned.rest where argument.hasPrefix("-") && argument != "-" && !CommandSpec.operands.contains(argument) && !operand(argument) {
            let spelling = argument.split(separator: "=", maxSplits: 1).first.map(String.init) ?? argument
            if let misplaced = misplacedOption(spelling) { throw UsageError(message: misplacedMessage(misplaced, as: spelling), command: name) }
            throw UsageError.unknownOption(argument, command: name)
        }
        return ParsedArguments(command: name, options: scanned.options, positional: scanned.rest)
    }
}
