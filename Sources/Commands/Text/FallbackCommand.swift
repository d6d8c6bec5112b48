import CommandCatalog
import FoundationEssentials
import Primitives
import RenderService

/// `ipraster fallback INPUT`: the message as plain Bot API messages, a JSON array of `sendMessage` payloads on
/// standard output (or `-o FILE`), for clients that cannot show a rich message (issue 63).
enum FallbackCommand {
    static func run(_ arguments: [String]) throws -> Int32 {
        let started = Date()
        let parsed = try CommandSpec.fallbackCommand.parse(arguments)
        let settings = try parsed.renderSettings()
        let positional = parsed.positional
        guard positional.count == 1 else { throw UsageError(message: positional.isEmpty ? "missing INPUT" : "one INPUT at a time", command: "fallback") }
        let (json, messages, notes) = try RenderOperations.fallback(RenderInput(bytes: try CLI.readInput(positional[0]), path: positional[0]), settings: settings)
        for note in notes { CLI.printInfo(note) }
        let output = parsed.value("--output") ?? "-"
        try CLI.writeOutput(json, to: output)
        CLI.printNote("\(positional[0]) → \(output == "-" ? "standard output" : output): \(messages.count) message\(messages.count == 1 ? "" : "s"), "
            + "\(json.count) bytes, \(CLI.milliseconds(since: started)) ms")
        return ExitCode.success
    }
}
