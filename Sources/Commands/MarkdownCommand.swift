import FoundationEssentials
import Layout
import Markup
import Primitives
import RichMessageRenderer
import RenderOptions

/// `ipraster markdown INPUT`: the message as Markdown, as the app copies a rich message; and
/// `ipraster classify FILE.md [--json]`: whether the app would send that Markdown as a rich message, and why.
enum MarkdownCommand {
    static func run(_ arguments: [String]) throws -> Int32 {
        let started = Date()
        let parsed = try CommandSpec.markdownCommand.parse(arguments)
        let settings = try parsed.renderSettings()
        let lossless = parsed.has("--lossless"), positional = parsed.positional
        guard positional.count == 1 else { throw UsageError(message: positional.isEmpty ? "missing INPUT" : "one INPUT at a time", command: "markdown") }
        let (markdown, document, warnings) = try copy(try CLI.readInput(positional[0]), path: positional[0], settings: settings, lossless: lossless)
        for warning in warnings { CLI.printWarning(warning) }
        try StandardOutput.write(markdown)
        CLI.printNote("\(positional[0]) → standard output: \(lossless ? "lossless " : "")Markdown, \(document.blocks.count) block\(document.blocks.count == 1 ? "" : "s"), "
            + "\(markdown.count) bytes, \(CLI.milliseconds(since: started)) ms")
        return ExitCode.success
    }

    static func classify(_ arguments: [String]) throws -> Int32 {
        let parsed = try CommandSpec.classifyCommand.parse(arguments)
        let json = parsed.has("--json"), positional = parsed.positional
        guard positional.count == 1 else { throw UsageError(message: positional.isEmpty ? "missing FILE.md" : "one FILE at a time", command: "classify") }
        let output = try classification(try CLI.readInput(positional[0]), json: json)
        try StandardOutput.write(Array(output.utf8))
        return ExitCode.success
    }

    /// The message as the copy `markdown` writes (and `serve`'s `POST /markdown` answers), with its document and
    /// the decoding warnings.
    static func copy(_ bytes: [UInt8], path: String?, settings: RenderSettings, lossless: Bool) throws
        -> (markdown: [UInt8], document: Document, warnings: [String]) {
        let input = try settings.decode(bytes, path: path)
        guard let document = input.lastDocument else { throw UsageError(message: "the input holds no message", command: "markdown") }
        return (Array(MarkdownWriter.markdown(document, lossless: lossless).utf8), document, input.warnings)
    }

    /// What `classify` prints for Markdown `bytes` (and `POST /classify` answers): `rich (TRIGGER)` or `plain`, or
    /// its JSON.
    static func classification(_ bytes: [UInt8], json: Bool) throws -> String {
        let decision: SendClassifier.Decision
        do {
            decision = try SendClassifier.classify(markdown: String(decoding: bytes, as: UTF8.self))
        } catch let error as MarkupError {
            throw error.decodeError()
        }
        if json {
            return JSONOut.object([("rich", .bool(decision.rich)), ("trigger", decision.trigger.map(JSONOut.string) ?? .null)]).serialized(pretty: false) + "\n"
        }
        return decision.rich ? "rich (\(decision.trigger ?? ""))\n" : "plain\n"
    }
}
