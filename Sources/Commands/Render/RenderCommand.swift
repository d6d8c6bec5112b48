import CommandCatalog
import FoundationEssentials
import Images
import Layout
import Primitives
import ProcessSupport
import RenderOptions
import RichMessageRenderer

/// `ipraster [render] INPUT -o OUTPUT [options]`, and batches: `render A.json B.json … -o OUTDIR/` or
/// `render --manifest FILE.jsonl` (see `BatchRender`).
enum RenderCommand {
    static func run(_ arguments: [String]) throws -> Int32 {
        let parsed = try CommandSpec.renderCommand.parse(arguments)
        let settings = try parsed.renderSettings()
        let output = parsed.value("--output")
        let manifest = parsed.value("--manifest")
        let jobs = try parsed.integer("--jobs", in: 1...Int(Int32.max), what: "a positive whole number") ?? ProcessInfo.processInfo.activeProcessorCount
        let shard = try parsed.value("--shard").map { try Shard($0, command: "render") }
        let positional = parsed.positional
        let batch = manifest != nil || positional.count > 1 || output?.hasSuffix("/") == true || shard != nil
        let animation = settings.animation ?? (settings.format == nil ? output.flatMap { AnimationFormat(rawValue: PathName.pathExtension($0).lowercased()) } : nil)
        if batch, animation != nil {
            throw UsageError(message: "animations (apng, gif, mp4) are written one message at a time: render INPUT -o FILE.gif")
        }
        if animation == nil, let timing = ["--fps", "--duration"].first(where: { parsed.has($0) }) {
            throw UsageError(message: "\(timing) is for animated outputs (-o FILE.gif, .apng or .mp4, or --format apng|gif|mp4)")
        }
        if batch {
            // The render options alone (the command line without this command's own), defaults of every job.
            let batch = try BatchRender(inputs: positional, output: output, manifest: manifest, renderArguments: parsed.renderArguments,
                                        format: settings.format)
            return batch.run(jobs: jobs, shard: shard)
        }
        guard let input = positional.first else { throw UsageError(message: "missing INPUT (a JSON file, or - for stdin)") }
        guard let output else { throw UsageError(message: "missing -o OUTPUT (out.png, out.svg, out.pdf, or - for stdout)") }
        if let animation {
            return try renderAnimation(input, to: output, format: animation, timing: try parsed.settings(AnimationTiming()), settings: settings)
        }
        let format = try OutputFormat.forPath(output, explicit: settings.format)
        try CLI.refuseBinaryOnTerminal(output, format: format, command: "render")
        let pipeline = try RenderPipeline(processDefault: true, videoFrames: FFmpegVideoFrames())
        try render(input, to: output, format: format, settings: settings, pipeline: pipeline, warningPrefix: "")
        return ExitCode.success
    }

    /// Renders one input file to one output file (or standard output), printing its warnings.
    static func render(_ input: String, to output: String, format: Renderer.Format, settings: RenderSettings, pipeline: RenderPipeline,
                       warningPrefix: String) throws {
        let started = Date()
        if let directory = settings.mediaDirectory { try CLI.checkMediaFolder(directory) }
        let bytes = try CLI.readInput(input)
        let layout: PageLayout, byteCount: Int
        if format == .png, output != "-" {
            let file = try AtomicFileWriter(path: output)
            if file.canOverwrite {
                // Written strip by strip: however tall, the page's PNG is never held whole.
                let result = try pipeline.render(bytes: bytes, path: input, settings: settings, pngTo: file)
                for warning in result.warnings { CLI.printWarning(warningPrefix + warning) }
                layout = result.layout
            } else {
                let result = try pipeline.render(bytes: bytes, path: input, settings: settings, format: format)
                for warning in result.warnings { CLI.printWarning(warningPrefix + warning) }
                try result.output.withUnsafeBytes { try file.write($0) }
                layout = result.layout
            }
            try file.commit()
            byteCount = file.written
        } else {
            let result = try pipeline.render(bytes: bytes, path: input, settings: settings, format: format)
            for warning in result.warnings { CLI.printWarning(warningPrefix + warning) }
            try CLI.writeOutput(result.output, to: output)
            layout = result.layout
            byteCount = result.output.count
        }
        let size = format == .png ? "\(layout.canvas.pixelWidth)×\(layout.canvas.pixelHeight) px"
            : "\(layout.canvas.width.clean)×\(layout.canvas.height.clean) pt"
        CLI.printNote("\(input) → \(output == "-" ? "standard output" : output): \(format.rawValue.uppercased()) \(size), \(byteCount) bytes, "
            + "\(CLI.milliseconds(since: started)) ms")
    }
}

/// A PNG streamed to an output file (`Renderer.png(_:to:)`).
extension AtomicFileWriter: PNGSink {}
