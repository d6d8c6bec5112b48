import Foundation
import Layout
import ProcessSupport
import RenderOptions
import RichMessageRenderer

/// `ipraster [render] INPUT -o OUTPUT [options]`, and batches: `render A.json B.json … -o OUTDIR/` or
/// `render --manifest FILE.jsonl` (see `BatchRender`).
enum RenderCommand {
    static func run(_ arguments: [String]) throws -> Int32 {
        let options = try RenderOptions.parse(arguments)
        var settings = options.settings
        var output: String?
        var manifest: String?
        var jobs = ProcessInfo.processInfo.activeProcessorCount
        var shard: Shard?
        var positional: [String] = []
        var index = 0
        func value(_ name: String) throws -> String {
            guard index + 1 < options.remaining.count else { throw UsageError(message: "\(name) needs a value") }
            index += 1
            return options.remaining[index]
        }
        while index < options.remaining.count {
            let argument = options.remaining[index]
            switch argument {
            case "-o", "--output":
                guard index + 1 < options.remaining.count else { throw UsageError(message: "-o needs a file name") }
                output = try value(argument)
            case "--manifest": manifest = try value(argument)
            case "--jobs":
                let text = try value(argument)
                guard let count = Int(text), count > 0 else { throw UsageError(message: "--jobs needs a positive whole number") }
                jobs = count
            case "--shard": shard = try Shard(try value(argument), command: "render")
            default:
                if argument.hasPrefix("-"), argument != "-" { throw UsageError.unknownOption(argument) }
                positional.append(argument)
            }
            index += 1
        }
        if manifest != nil || positional.count > 1 || output?.hasSuffix("/") == true || shard != nil {
            // The render options alone (the command line without this command's own), defaults of every job.
            let renderArguments = BatchRender.renderArguments(arguments, remaining: options.remaining)
            let batch = try BatchRender(inputs: positional, output: output, manifest: manifest, renderArguments: renderArguments,
                                        format: settings.format)
            return batch.run(jobs: jobs, shard: shard)
        }
        guard let input = positional.first else { throw UsageError(message: "missing INPUT (a JSON file, or - for stdin)") }
        guard let output else { throw UsageError(message: "missing -o OUTPUT (out.png, out.svg, out.pdf, or - for stdout)") }
        let format = try outputFormat(output, explicit: settings.format)
        if format == .png { settings.layout.limitToRasterPage() }
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
        let layout = try pipeline.page(bytes, path: input, settings: settings)
        for warning in layout.warnings { CLI.printWarning(warningPrefix + warning) }
        let (encoded, mediaWarnings) = try pipeline.encode(layout, as: format, settings: settings)
        for warning in mediaWarnings { CLI.printWarning(warningPrefix + warning) }
        try CLI.writeOutput(encoded, to: output)
        let size = format == .png ? "\(layout.canvas.pixelWidth)×\(layout.canvas.pixelHeight) px"
            : "\(layout.canvas.width.clean)×\(layout.canvas.height.clean) pt"
        CLI.printNote("\(input) → \(output == "-" ? "standard output" : output): \(format.rawValue.uppercased()) \(size), \(encoded.count) bytes, "
            + "\(Int(Date().timeIntervalSince(started) * 1000)) ms")
    }

    static func outputFormat(_ path: String, explicit: String?) throws -> Renderer.Format {
        if let explicit {
            guard let format = Renderer.Format(rawValue: explicit.lowercased()) else {
                throw UsageError(message: "--format must be png, svg or pdf, not \(explicit)")
            }
            return format
        }
        if path == "-" { return .png }
        let ext = (path as NSString).pathExtension.lowercased()
        guard let format = Renderer.Format(rawValue: ext) else {
            throw UsageError(message: "cannot tell the output format from \"\(path)\": use .png, .svg or .pdf, or --format")
        }
        return format
    }
}
