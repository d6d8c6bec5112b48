import CommandCatalog
import FoundationEssentials
import Glibc
import Layout
import MediaSources
import Primitives
import ProcessSupport
import RichMessageRenderer
import RenderOptions
import Reveal

/// Exit codes of the contract: 0 success / match, 1 differences, 2 usage or input error, 3 environment or I/O.
enum ExitCode {
    static let success: Int32 = 0
    static let differences: Int32 = 1
    static let usage: Int32 = 2
    static let environment: Int32 = 3
}


enum CLI {
    static let commands = ["render", "layout", "reveal", "compare", "check", "merge-reports", "bench", "math", "markdown", "classify", "fallback", "serve", "fonts"]

    /// --quiet / -q: no warnings and no progress (errors still print).
    nonisolated(unsafe) static var quiet = false
    /// --verbose / -v: what was written, with its size and time.
    nonisolated(unsafe) static var verbose = false

    static func run(_ given: [String]) -> Int32 {
        var arguments = expandAttachedOutput(given)
        if let end = given.firstIndex(of: "--") {
            // `--` ends options: the words after it are inputs (or math's formula) even when they start with "-".
            // The tool takes operands and options in any order, so they go last; a file name that looks like an
            // option is read as the same file by "./" in front, and math's formula is marked instead.
            CommandSpec.operands = Array(given[(end + 1)...])
            let isMath = given.first == "math"
            arguments = expandAttachedOutput(Array(given[..<end]))
                + CommandSpec.operands.map { isMath || !$0.hasPrefix("-") || $0 == "-" ? $0 : "./" + $0 }
        }
        // The global options are rows of their own table (`CommandSpec.globalOptions`), read wherever they stand.
        let globals: OptionScanner.Scanned
        do {
            globals = try OptionScanner.scan(arguments, table: CommandSpec.globalOptions, literal: { CommandSpec.operands.contains($0) })
        } catch {
            return report(error)
        }
        let given = Set(globals.options.map(\.name))
        quiet = given.contains("--quiet")
        verbose = given.contains("--verbose")
        arguments = globals.rest
        if given.contains("--help") { return help(for: arguments) }
        guard let first = arguments.first else {
            printError("missing input (try: ipraster page.json -o out.png, or ipraster --help)")
            return ExitCode.usage
        }
        switch first {
        case "help":
            if arguments.count > 1, arguments[1] == "--man" {
                // The man page in roff, from the same table as the help (scripts/generate-man writes docs/ipraster.1).
                print(ManPage.roff, terminator: "")
            } else if arguments.count > 1, commands.contains(arguments[1]) || ["theme", "completion"].contains(arguments[1]) {
                print(Help.text(for: arguments[1]))
            } else if arguments.count > 1, !arguments[1].hasPrefix("-") {
                // `help nonexistent` is a usage error, not the main help with exit 0.
                let hint = unknownCommand(arguments[1]).map { " (did you mean \($0)?)" } ?? ""
                printError("no help for \(arguments[1]): not a command\(hint); the commands are \((commands + ["theme", "completion"]).joined(separator: ", "))")
                return ExitCode.usage
            } else {
                print(Help.main)
            }
            return ExitCode.success
        case "--version", "-V":
            return VersionCommand.run()
        case "completion":
            do { return try CompletionCommand.run(Array(arguments.dropFirst())) } catch {
                return report(error)
            }
        case "theme":
            // `ipraster theme NAME`: print a built-in theme as a theme file to start from.
            guard arguments.count == 2, let theme = Theme.builtIn(arguments[1]) else {
                printError("usage: ipraster theme \(Theme.builtInNames.joined(separator: "|"))")
                return ExitCode.usage
            }
            print(ThemeLoader.json(theme).serialized())
            return ExitCode.success
        default:
            break
        }
        if let suggestion = unknownCommand(first) {
            printError("unknown command \(first) (did you mean \(suggestion)?); see ipraster --help")
            return ExitCode.usage
        }
        let command = commands.contains(first) ? first : "render"
        let rest = commands.contains(first) ? Array(arguments.dropFirst()) : arguments
        do {
            switch command {
            case "layout": return try LayoutCommand.run(rest)
            case "compare": return try CompareCommand.run(rest)
            case "check": return try CheckCommand.run(rest)
            case "merge-reports": return try MergeReportsCommand.run(rest)
            case "bench": return try BenchCommand.run(rest)
            case "reveal": return try RevealCommand.run(rest)
            case "math": return try MathCommand.run(rest)
            case "markdown": return try MarkdownCommand.run(rest)
            case "classify": return try MarkdownCommand.classify(rest)
            case "fallback": return try FallbackCommand.run(rest)
            case "serve": return try ServeCommand.run(rest)
            case "fonts": return try FontsCommand.run(rest)
            default: return try RenderCommand.run(rest)
            }
        } catch is StandardOutput.ClosedPipe {
            return ExitCode.environment
        } catch {
            return report(error)
        }
    }

    /// `--help` anywhere: the help of the command named first (`ipraster math --help`, `ipraster --help math`), the
    /// main help with nothing else given, render's when the first word is an input; `--help --man` prints the man page.
    static func help(for arguments: [String]) -> Int32 {
        switch arguments.first {
        case nil: print(Help.main)
        case "--man": print(ManPage.roff, terminator: "")
        case let topic? where commands.contains(topic) || ["theme", "completion"].contains(topic): print(Help.text(for: topic))
        case "help": return help(for: Array(arguments.dropFirst()))
        case let word? where unknownCommand(word) != nil:
            // `--help chek`: a misspelt command, not render's help with exit 0.
            printError("no help for \(word): not a command (did you mean \(unknownCommand(word) ?? "")?)")
            return ExitCode.usage
        default: print(Help.text(for: "render"))
        }
        return ExitCode.success
    }

    /// Prints `error` (after `prefix`, e.g. the input a batch was rendering) and returns its exit code: the one
    /// place the command line maps errors (`RenderError`: 2 for usage and input, 3 for the environment).
    static func report(_ error: Error, prefix: String = "") -> Int32 {
        let error = RenderError(error)
        printError(prefix + error.description)
        return error.exitCode
    }

    /// `--media DIR` must name a folder (exit 3 when it does not: a missing file, as the contract says).
    static func checkMediaFolder(_ directory: String) throws {
        try FolderFiles.checkFolder(directory, option: "--media")
    }

    /// `-oFILE` is `-o FILE`, as getopt reads it (every other option is long or takes no attached value).
    static func expandAttachedOutput(_ arguments: [String]) -> [String] {
        arguments.flatMap { argument -> [String] in
            argument.hasPrefix("-o") && argument.count > 2 ? ["-o", String(argument.dropFirst(2))] : [argument]
        }
    }

    /// A first argument that is no file and no option but a near miss of a command name (one or two edits):
    /// the command it is probably a typo of.
    static func unknownCommand(_ word: String) -> String? {
        guard !word.hasPrefix("-"), !word.contains("."), !word.contains("/"), !commands.contains(word),
              !FileManager.default.fileExists(atPath: word) else { return nil }
        let candidates = commands + ["theme", "completion"]
        let scored = candidates.map { ($0, OptionCatalog.editDistance(word.lowercased(), $0)) }.filter { $0.1 <= 2 }
        return scored.min { $0.1 < $1.1 }?.0
    }

    static func printError(_ message: String) {
        writeStandardError("ipraster: \(coloured("error:", code: "1;31")) \(Diagnostic.printable(message))\n")
    }

    static func printWarning(_ message: String) {
        guard !quiet else { return }
        writeStandardError("ipraster: \(coloured("warning:", code: "1;33")) \(Diagnostic.printable(message))\n")
    }

    /// What a command decided that its user should know (not a problem), on standard error unless --quiet.
    static func printInfo(_ message: String) {
        guard !quiet else { return }
        writeStandardError("ipraster: \(Diagnostic.printable(message))\n")
    }

    /// Notes of --verbose, on standard error.
    /// Whole milliseconds since `start`, for -v notes.
    static func milliseconds(since start: Date) -> Int { Int(Date().timeIntervalSince(start) * 1000) }

    /// `serve`'s log: one line per request and its start and stop, unless --quiet.
    static func printLog(_ message: String) {
        guard !quiet else { return }
        writeStandardError("ipraster serve: \(Diagnostic.printable(message))\n")
    }

    /// A log line as it is (a JSON object of `serve --log-format json`), unless `-q`.
    static func printRawLog(_ line: String) {
        guard !quiet else { return }
        writeStandardError(line + "\n")
    }

    static func printNote(_ message: String) {
        guard verbose else { return }
        writeStandardError("ipraster: \(Diagnostic.printable(message))\n")
    }

    /// `label` in an ANSI colour when standard error is a terminal, NO_COLOR is unset or empty (no-color.org)
    /// and TERM is not "dumb".
    static func coloured(_ label: String, code: String) -> String {
        let environment = ProcessInfo.processInfo.environment
        guard isatty(STDERR_FILENO) != 0, (environment["NO_COLOR"] ?? "").isEmpty, environment["TERM"] != "dumb" else { return label }
        return "\u{1B}[\(code)m\(label)\u{1B}[0m"
    }

    /// Messages go to stderr unchecked: there is nowhere left to report a failure to write them.
    static func writeStandardError(_ text: String) {
        let bytes = Array(text.utf8)
        try? AtomicFile.writeAll(bytes, to: STDERR_FILENO, reportedAs: "standard error")
    }

    /// Reads a file, or standard input for "-".
    static func readInput(_ path: String) throws -> [UInt8] {
        if path == "-" { return try FileContents.readStandardInput() }
        return try FileContents.read(path)
    }

    /// `-o -` with a PNG, WebP or PDF while standard output is a terminal: refused before any work (the bytes would fill
    /// the terminal with garbage); SVG is text and goes through.
    static func refuseBinaryOnTerminal(_ output: String, format: Renderer.Format, command: String) throws {
        guard output == "-", format != .svg, isatty(STDOUT_FILENO) == 1 else { return }
        throw UsageError(message: "standard output is a terminal: redirect it (-o - > out.\(format.rawValue)), pipe it, or give -o a file", command: command)
    }

    /// Writes atomically, or to standard output for "-".
    static func writeOutput(_ bytes: [UInt8], to path: String) throws {
        if path == "-" {
            try StandardOutput.write(bytes)
        } else {
            try AtomicFile.write(bytes, to: path)
        }
    }
}
