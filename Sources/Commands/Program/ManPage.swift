import CommandCatalog
import FoundationEssentials
import Primitives
import RenderOptions

/// The man page (`ipraster help --man`, written to docs/ipraster.1 by scripts/generate-man), in roff from the
/// same command table as `--help`: NAME, SYNOPSIS, DESCRIPTION, OPTIONS, COMMANDS, EXIT STATUS, ENVIRONMENT,
/// EXAMPLES. Text is filled by the man reader; the source lines themselves stay within 80 columns.
enum ManPage {
    static let width = 80

    static var roff: String {
        // No hyphenation and a ragged right: option names and paths must copy as they are.
        var out = [#".TH IPRASTER 1 "" "ipraster" "User Commands""#, ".nh", ".ad l", ".SH NAME"] + fill("ipraster \\- " + escape(Help.tagline))
        out += [".SH SYNOPSIS"]
        for command in CommandSpec.all {
            for line in command.synopsis { out += [".B ipraster"] + fill(escape(line)) + [".br"] }
        }
        out.removeLast()
        out += [".SH DESCRIPTION"] + filled(Help.overview) + [".PP"] + filled(Help.inputs) + [".PP"] + filled(Help.colourNote)
        out += [".SH OPTIONS", "Every command takes the global options; each command's own are under COMMANDS.", ".SS Global options"]
        out += options(CommandSpec.globalOptions + [Help.versionOption, Help.endOption])
        for section in [CommandSpec.render, CommandSpec.compare] {
            out += [".SS " + section.title.capitalized.replacingEvery("Options", with: "options")]
            out += fill(escape(section.title == CommandSpec.render.title
                ? "Taken by render, layout, reveal, check and bench (markdown takes --from, --math-delimiters, --rtl and --strict)."
                : "Taken by compare and check."))
            out += options(section.options)
            if !section.notes.isEmpty { out += [".PP"] + filled(section.notes) }
        }
        out += [".SH COMMANDS"]
        for command in CommandSpec.all {
            out += [".SS " + command.name] + command.synopsis.flatMap { fill(escape("ipraster " + $0)) + [".br"] } + [".PP"]
            out += filled(command.description)
            let shared = Set(command.sharedSections.flatMap(\.options).map(\.name))
            let own = command.options.filter { !shared.contains($0.name) || command.name == "reveal" && $0.name == "--format" }
            if !own.isEmpty { out += options(own) }
            if !command.sharedSections.isEmpty {
                out += [".PP", "Also the " + command.sharedSections.map { $0.title.lowercased() }.joined(separator: " and ") + " (see OPTIONS)."]
            }
            if !command.notes.isEmpty { out += [".PP"] + filled(command.notes) }
            if !command.examples.isEmpty {
                out += [".PP", "Examples:", ".PP", ".RS 4", ".nf"] + command.examples.map(escape) + [".fi", ".RE"]
            }
        }
        out += [".SH EXIT STATUS"]
        for (code, meaning) in Help.exitCodes { out += [".TP", ".B " + code] + fill(escape(meaning)) }
        out += [".SH ENVIRONMENT"]
        for (name, meaning) in Help.environment { out += [".TP", ".B " + name] + fill(escape(meaning)) }
        out += [".SH EXAMPLES", ".nf"] + Help.examples.map(escape) + [".fi"]
        out += [".SH SEE ALSO"] + fill("The README of the ipraster repository: the Markdown and HTML input, formulas, the golden workflow, the library.")
        return out.joined(separator: "\n") + "\n"
    }

    /// Options as tagged paragraphs: the label in bold, its help (and default) filled below.
    static func options(_ list: [OptionSpec]) -> [String] {
        list.flatMap { option in
            let scope = option.commands.map { " (" + $0.joined(separator: ", ") + " only)" } ?? ""
            return [".TP", ".B " + escape(option.displayLabel)] + fill(escape(option.help + scope + (option.defaultValue.map { " [default: \($0)]" } ?? "")))
        }
    }

    /// Help paragraphs as roff: text filled, indented lines kept (no fill), blank lines as paragraph breaks.
    static func filled(_ text: String) -> [String] {
        Help.paragraphs(text).flatMap { paragraph -> [String] in
            switch paragraph {
            case .text(let text): return fill(escape(text))
            case .verbatim(let lines): return [".nf"] + lines.map(escape) + [".fi"]
            case .blank: return [".PP"]
            }
        }
    }

    /// Source lines of at most 80 columns; a line that would start with a control character is guarded.
    static func fill(_ text: String) -> [String] {
        Help.wrapWords(text, width: width).map { $0.hasPrefix(".") || $0.hasPrefix("'") ? "\\&" + $0 : $0 }
    }

    /// Backslashes as \e, hyphens of options as \- (so they copy as ASCII), a leading control character guarded.
    static func escape(_ text: String) -> String {
        var out = text.replacingEvery("\\", with: "\\e").replacingEvery("-", with: "\\-")
        if out.hasPrefix(".") || out.hasPrefix("'") { out = "\\&" + out }
        return out
    }
}
