import CommandCatalog
import FoundationEssentials
import Layout
import ProcessSupport
import RenderOptions
import RenderService
import RichMessageRenderer

/// `ipraster layout INPUT [-o FILE] [options]`: the layout JSON on stdout, or written atomically to FILE.
enum LayoutCommand {
    static func run(_ arguments: [String]) throws -> Int32 {
        let started = Date()
        let parsed = try CommandSpec.layoutCommand.parse(arguments)
        let settings = try parsed.renderSettings()
        let positional = parsed.positional, compact = parsed.has("--compact"), output = parsed.value("--output")
        guard positional.count == 1 else {
            throw UsageError(message: positional.isEmpty ? "missing INPUT" : "unexpected argument \(positional[1])", command: "layout")
        }
        let pipeline = try RenderPipeline(processDefault: true, videoFrames: FFmpegVideoFrames())
        let (json, layout) = try RenderOperations(pipeline: pipeline).layoutJSON(RenderInput(bytes: try CLI.readInput(positional[0]), path: positional[0]),
                                                                                 settings: settings, compact: compact)
        for warning in layout.warnings { CLI.printWarning(warning) }
        if let output {
            try CLI.writeOutput(Array(json.utf8), to: output)
        } else {
            print(json, terminator: "")
        }
        CLI.printNote("\(positional[0]) → \(output ?? "standard output"): layout JSON, \(layout.items.count) item\(layout.items.count == 1 ? "" : "s"), \(json.utf8.count) bytes, "
            + "\(CLI.milliseconds(since: started)) ms")
        return ExitCode.success
    }
}
