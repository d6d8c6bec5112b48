import CommandCatalog
import FoundationEssentials
import Primitives
import RenderOptions

/// `--help` texts, written from the command table (`CommandSpec.all`) at 80 columns: usage, what the command
/// does, each option table with defaults, notes and examples.
enum Help {
    static let width = 80

    static let tagline = "render Telegram rich messages (InstantPage V2) to PNG, SVG or PDF, as the iOS app draws them in a chat bubble"

    /// The man page's first paragraph.
    static let overview = """
        ipraster draws a Telegram rich message (headings, lists, tables, quotes, code, formulas, media, custom \
        emoji) the way the Telegram iOS app draws it in a chat bubble, and writes PNG, SVG or PDF. render is \
        the default command; the others print the layout, export the streaming reveal, compare images, check \
        golden folders, typeset formulas and convert to Markdown (see COMMANDS).
        """

    /// What the tool reads, for the main help and the man page's DESCRIPTION.
    static let inputs = """
        INPUT is a file, or - for standard input: block JSON, Bot API or Telethon JSON, Rich Markdown (.md) or \
        Rich HTML (.html); JSON is detected automatically, other files by extension or --from.

          Bot API 10.3   a rich message {"blocks": [...]}, sendRichMessage /
                         sendRichMessageDraft parameters, a Message or Update
                         carrying "rich_message", or an array of draft frames
          Telethon       to_dict()/to_json() output: RichMessage, Page, WebPage,
                         Message, UpdateUserTyping
        """

    static let colourNote = "Errors and warnings are coloured on a terminal unless NO_COLOR is set (no-color.org) or TERM=dumb."

    static let exitCodes: [(String, String)] = [
        ("0", "success (compare and check: the images match)"),
        ("1", "compare and check: differences found"),
        ("2", "usage error or invalid input (one line naming the option, JSON path or line:column)"),
        ("3", "environment or I/O error (a missing file, font or program; a full disk)"),
    ]

    static let environment: [(String, String)] = [
        ("IPRASTER_FONTS_DIR", "the font collection's folder (fonts.list, fonts.index) instead of the one beside the binary"),
        ("IPRASTER_RECORD", "check's record mode when --record is not given"),
        ("IPRASTER_ARTIFACTS", "where check writes failure images when --artifacts is not given"),
        ("CI", "when set and not empty, check never records: a missing golden fails"),
        ("NO_COLOR", "when set, messages are not coloured"),
        ("TERM", "dumb: messages are not coloured"),
        ("TMPDIR", "where reveal's GIF, APNG and MP4 export keeps the frames it hands to ffmpeg"),
        ("PATH", "where ffmpeg is looked up (animations' first frames, reveal's GIF, APNG and MP4)"),
    ]

    static let examples = [
        "ipraster answer.json -o answer.png",
        "ipraster answer.json -o answer.png --theme night --outgoing --width 360",
        "ipraster layout answer.json | jq '.items[0].lines'",
        "ipraster compare golden.png actual.png -o diff.png --threshold 0.1",
        "ipraster check Tests/Fixtures --golden golden-images",
    ]

    static var main: String {
        var out = wrap("ipraster — " + tagline + ".") + "\n"
        out += "USAGE\n"
        out += "  ipraster [render] INPUT -o OUTPUT [options]\n  ipraster COMMAND [options]\n  ipraster COMMAND --help\n"
        out += "  ipraster --version\n\nCOMMANDS\n"
        for command in CommandSpec.all {
            out += columns("  " + command.name, command.summary, column: 14)
        }
        out += "\nGLOBAL OPTIONS\n" + optionLines(CommandSpec.globalOptions + [versionOption, endOption])
        out += wrap(colourNote, indent: 2) + "\n"
        out += wrap(inputs) + "\n"
        out += "EXAMPLES\n" + examples.map { "  " + $0 + "\n" }.joined()
        out += "\nEXIT CODES\n" + exitCodes.map { columns("  " + $0.0, $0.1, column: 5) }.joined()
        return out
    }

    static let versionOption = OptionSpec("--version", aliases: ["-V"], help: "versions of ipraster, its libraries and fonts")
    static let endOption = OptionSpec("--", help: "ends the options: what follows is an input (or math's formula) even if it starts with -")

    static func text(for name: String) -> String {
        guard let command = CommandSpec.named(name) else { return main }
        var out = "USAGE\n" + command.synopsis.map { columns("  ipraster", $0, column: 11, gap: 1) }.joined() + "\n"
        out += wrap(command.description) + "\n"
        if !command.options.isEmpty { out += "OPTIONS\n" + optionLines(command.options) }
        for section in command.sharedSections {
            let own = Set(command.options.map(\.name))
            out += "\n" + section.title + "\n" + optionLines(section.options.filter { !own.contains($0.name) && $0.applies(to: command.name) })
            if !section.notes.isEmpty { out += wrap(section.notes, indent: 2) }
        }
        if !command.options.isEmpty || !command.sharedSections.isEmpty {
            out += wrap("-q, -v and --help work with every command.", indent: 2)
        }
        if !command.notes.isEmpty { out += "\n" + wrap(command.notes) }
        if !command.examples.isEmpty {
            out += "\nEXAMPLES\n" + command.examples.map { $0.split(separator: "\n").map { "  " + $0 + "\n" }.joined() }.joined()
        }
        return out
    }

    /// Each option: its label in a 24-column gutter, its help (and `[default]`) wrapped beside it.
    static func optionLines(_ options: [OptionSpec]) -> String {
        options.map { option in
            let text = option.help + (option.defaultValue.map { " [\($0)]" } ?? "")
            return columns("  " + option.displayLabel, text, column: 24)
        }.joined()
    }

    /// `label` then `text` wrapped from `column`; a label too long for the gutter gets a line of its own.
    static func columns(_ label: String, _ text: String, column: Int, gap: Int = 2) -> String {
        let lines = wrapWords(text, width: width - column)
        let pad = String(repeating: " ", count: column)
        var out = ""
        var rest = lines[...]
        if label.count + gap <= column, let first = rest.first {
            out += label + String(repeating: " ", count: column - label.count) + first + "\n"
            rest = rest.dropFirst()
        } else {
            out += label + "\n"
        }
        for line in rest { out += pad + line + "\n" }
        return out
    }

    /// Paragraphs re-wrapped at `width` (lines indented by two spaces or more are kept as they are).
    static func wrap(_ text: String, indent: Int = 0) -> String {
        let pad = String(repeating: " ", count: indent)
        return paragraphs(text).map { paragraph in
            switch paragraph {
            case .verbatim(let lines): return lines.map { pad + $0 + "\n" }.joined()
            case .text(let text): return wrapWords(text, width: width - indent).map { pad + $0 + "\n" }.joined()
            case .blank: return "\n"
            }
        }.joined()
    }

    enum Paragraph: Equatable {
        case text(String)
        case verbatim([String])
        case blank
    }

    /// Splits help text into paragraphs: runs of lines joined by spaces, verbatim runs (indented lines) and the
    /// blank lines between them.
    static func paragraphs(_ text: String) -> [Paragraph] {
        var result: [Paragraph] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.trimmingWhitespace().isEmpty {
                result.append(.blank)
            } else if line.hasPrefix("  ") {
                if case .verbatim(let lines) = result.last { result[result.count - 1] = .verbatim(lines + [line]) } else { result.append(.verbatim([line])) }
            } else if case .text(let joined) = result.last {
                result[result.count - 1] = .text(joined + " " + line)
            } else {
                result.append(.text(line))
            }
        }
        while result.last == .blank { result.removeLast() }
        return result
    }

    /// Words filled into lines of at most `width` characters (a longer word stands alone).
    static func wrapWords(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if line.isEmpty {
                line = String(word)
            } else if line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }
}
