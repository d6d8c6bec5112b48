import CommandCatalog
import FoundationEssentials
import Layout
import Markup
import Primitives
import RichMessageRenderer
import RenderOptions
import RenderService

/// `ipraster markdown INPUT`: the message as Markdown, as the app copies a rich message; and
/// `ipraster classify FILE.md [--json]`: whether the app would send that Markdown as a rich message, and why.
enum MarkdownCommand {
    static func run(_ arguments: [String]) throws -> Int32 {
        let started = Date()
        let parsed = try CommandSpec.markdownCommand.parse(arguments)
        let settings = try parsed.renderSettings()
        let lossless = parsed.has("--lossless"), positional = parsed.positional
        guard positional.count == 1 else { throw UsageError(message: positional.isEmpty ? "missing INPUT" : "one INPUT at a time", command: "markdown") }
        if parsed.value("--format") == "html" {
            guard !lossless else { throw UsageError(message: "--lossless is for Markdown; --format html writes a web page", command: "markdown") }
            let (html, document, warnings) = try RenderOperations.htmlCopy(RenderInput(bytes: try CLI.readInput(positional[0]), path: positional[0]),
                                                                          settings: settings)
            for warning in warnings { CLI.printWarning(warning) }
            try StandardOutput.write(html)
            CLI.printNote("\(positional[0]) → standard output: HTML, \(document.blocks.count) block\(document.blocks.count == 1 ? "" : "s"), "
                + "\(html.count) bytes, \(CLI.milliseconds(since: started)) ms")
            return ExitCode.success
        }
        let (markdown, document, warnings) = try RenderOperations.markdownCopy(RenderInput(bytes: try CLI.readInput(positional[0]), path: positional[0]),
                                                                                  settings: settings, lossless: lossless)
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
        let output = try RenderOperations.classify(try CLI.readInput(positional[0]), json: json)
        try StandardOutput.write(Array(output.utf8))
        return ExitCode.success
    }
}
