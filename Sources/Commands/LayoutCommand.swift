import FoundationEssentials
import Layout
import ProcessSupport
import RenderOptions
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
        let layout = try pipeline.page(try CLI.readInput(positional[0]), path: positional[0], settings: settings)
        for warning in layout.warnings { CLI.printWarning(warning) }
        let json = text(layout, settings: settings, compact: compact)
        if let output {
            try CLI.writeOutput(Array(json.utf8), to: output)
        } else {
            print(json, terminator: "")
        }
        CLI.printNote("\(positional[0]) → \(output ?? "standard output"): layout JSON, \(layout.items.count) item\(layout.items.count == 1 ? "" : "s"), \(json.utf8.count) bytes, "
            + "\(CLI.milliseconds(since: started)) ms")
        return ExitCode.success
    }

    /// The layout JSON as `layout` prints it (and `serve`'s `POST /layout` answers).
    /// The layout JSON, with the render's warnings as its last key (`warnings`: what standard error or the service's
    /// `X-Ipraster-Warnings` also says), so the command line and the service give the same bytes.
    static func text(_ layout: PageLayout, settings: RenderSettings, compact: Bool) -> String {
        var json = layout.json(includeCharacterRects: settings.layout.revealRects)
        if case .object(let fields) = json {
            json = .object(fields.filter { $0.0 != "warnings" } + [("warnings", .array(layout.warnings.map { .string($0) }))])
        }
        return json.serialized(pretty: !compact) + "\n"
    }
}
