import Foundation
import Layout
import Markup
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
        let input = try settings.decode(try CLI.readInput(positional[0]), path: positional[0])
        for warning in input.warnings { CLI.printWarning(warning) }
        guard let document = input.lastDocument else { throw UsageError(message: "the input holds no message", command: "markdown") }
        let markdown = Array(MarkdownWriter.markdown(document, lossless: lossless).utf8)
        try StandardOutput.write(markdown)
        CLI.printNote("\(positional[0]) → standard output: \(lossless ? "lossless " : "")Markdown, \(document.blocks.count) block\(document.blocks.count == 1 ? "" : "s"), "
            + "\(markdown.count) bytes, \(CLI.milliseconds(since: started)) ms")
        return ExitCode.success
    }

    static func classify(_ arguments: [String]) throws -> Int32 {
        let parsed = try CommandSpec.classifyCommand.parse(arguments)
        let json = parsed.has("--json"), positional = parsed.positional
        guard positional.count == 1 else { throw UsageError(message: positional.isEmpty ? "missing FILE.md" : "one FILE at a time", command: "classify") }
        let text = String(decoding: try CLI.readInput(positional[0]), as: UTF8.self)
        let decision: SendClassifier.Decision
        do {
            decision = try SendClassifier.classify(markdown: text)
        } catch let error as MarkupError {
            throw error.decodeError()
        }
        let output: String
        if json {
            output = JSONOut.object([("rich", .bool(decision.rich)), ("trigger", decision.trigger.map(JSONOut.string) ?? .null)]).serialized(pretty: false) + "\n"
        } else {
            output = decision.rich ? "rich (\(decision.trigger ?? ""))\n" : "plain\n"
        }
        try StandardOutput.write(Array(output.utf8))
        return ExitCode.success
    }
}
