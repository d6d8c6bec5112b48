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
        let annotations = AnnotationRequest(parsed)
        let altTextFile = parsed.value("--alt-text")
        let manifest = parsed.value("--manifest")
        let jobs = try parsed.integer("--jobs", in: 1...Int(Int32.max), what: "a positive whole number") ?? ProcessInfo.processInfo.activeProcessorCount
        let shard = try parsed.value("--shard").map { try Shard($0, command: "render") }
        let positional = parsed.positional
        let batch = manifest != nil || positional.count > 1 || output?.hasSuffix("/") == true || shard != nil
        let animation = settings.animation ?? (settings.format == nil ? output.flatMap { AnimationFormat(rawValue: PathName.pathExtension($0).lowercased()) } : nil)
        if annotations == nil, parsed.has("--annotation-clusters") {
            throw UsageError(message: "--annotation-clusters adds grapheme clusters to --annotations, which is not given")
        }
        if annotations != nil, animation != nil {
            throw UsageError(message: "--annotations describes a still image: render to .png, .svg or .pdf")
        }
        if batch, let file = annotations?.file {
            throw UsageError(message: "--annotations takes no FILE with several inputs or --manifest (it writes annotations.jsonl beside the "
                + "manifest or in OUTDIR/, annotations.I-of-N.jsonl for --shard I/N), not \(file)")
        }
        if !batch, let annotations, annotations.file == nil {
            throw UsageError(message: "--annotations needs FILE for one input (render INPUT -o out.png --annotations out.json)")
        }
        if batch, let altTextFile {
            throw UsageError(message: "--alt-text FILE is for one input, not \(altTextFile) for several: the layout JSON (ipraster layout) carries each message's altText")
        }
        if altTextFile != nil, animation != nil {
            throw UsageError(message: "--alt-text is written beside a still image: render to .png, .svg or .pdf")
        }
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
            return batch.run(jobs: jobs, shard: shard, annotations: annotations)
        }
        guard let input = positional.first else { throw UsageError(message: "missing INPUT (a JSON file, or - for stdin)") }
        guard let output else { throw UsageError(message: "missing -o OUTPUT (out.png, out.svg, out.pdf, or - for stdout)") }
        if let animation {
            return try renderAnimation(input, to: output, format: animation, timing: try parsed.settings(AnimationTiming()), settings: settings)
        }
        let format = try OutputFormat.forPath(output, explicit: settings.format)
        if settings.webpQuality != nil, format != .webp {
            throw UsageError(message: "--quality is WebP's: render to .webp or --format webp (a \(format.rawValue.uppercased()) is lossless)")
        }
        try CLI.refuseBinaryOnTerminal(output, format: format, command: "render")
        let toStandardOutput = [("-o -", output), ("--annotations -", annotations?.file), ("--alt-text -", altTextFile)].filter { $0.1 == "-" }.map(\.0)
        if toStandardOutput.count > 1 {
            let two = toStandardOutput.count == 2
            throw UsageError(message: "\(toStandardOutput.joined(separator: " and ")) would \(two ? "both" : "all") write to standard output: "
                + "name a file for \(two ? "one of them" : "all but one")")
        }
        let pipeline = try RenderPipeline(processDefault: true, videoFrames: FFmpegVideoFrames())
        try render(input, to: output, format: format, settings: settings, pipeline: pipeline, warningPrefix: "", annotations: annotations,
                   altTextFile: altTextFile)
        return ExitCode.success
    }

    /// Renders one input file to one output file (or standard output), printing its warnings. With `annotations`, the
    /// page's annotations are made too: written to the request's file (before the image is committed, so a failure
    /// leaves neither), or returned (a batch collects them). With `altTextFile`, the page's alt text is written there
    /// the same way.
    @discardableResult
    static func render(_ input: String, to output: String, format: Renderer.Format, settings: RenderSettings, pipeline: RenderPipeline,
                       warningPrefix: String, annotations: AnnotationRequest? = nil, altTextFile: String? = nil) throws -> Annotations? {
        let started = Date()
        if let directory = settings.mediaDirectory { try CLI.checkMediaFolder(directory) }
        let bytes = try CLI.readInput(input)
        var settings = settings
        // The glyphs' ink rects the words are measured from; they change no pixel of the output.
        if annotations != nil { settings.layout.revealRects = true }
        let layout: PageLayout, byteCount: Int
        var made: Annotations?
        func annotate(_ layout: PageLayout) throws {
            if let altTextFile { try CLI.writeOutput(Array((layout.altText + "\n").utf8), to: altTextFile) }
            guard let annotations else { return }
            let value = Annotations(layout, options: settings.layout, clusters: annotations.clusters)
            if let file = annotations.file { try CLI.writeOutput(Array((value.json().serialized(pretty: true) + "\n").utf8), to: file) }
            made = value
        }
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
            try annotate(layout)
            try file.commit()
            byteCount = file.written
        } else {
            let result = try pipeline.render(bytes: bytes, path: input, settings: settings, format: format)
            for warning in result.warnings { CLI.printWarning(warningPrefix + warning) }
            try annotate(result.layout)
            try CLI.writeOutput(result.output, to: output)
            layout = result.layout
            byteCount = result.output.count
        }
        let size = format.isRaster ? "\(layout.canvas.pixelWidth)×\(layout.canvas.pixelHeight) px"
            : "\(layout.canvas.width.clean)×\(layout.canvas.height.clean) pt"
        CLI.printNote("\(input) → \(output == "-" ? "standard output" : output): \(format.rawValue.uppercased()) \(size), \(byteCount) bytes, "
            + "\(CLI.milliseconds(since: started)) ms")
        return made
    }
}

/// A PNG streamed to an output file (`Renderer.png(_:to:)`).
extension AtomicFileWriter: PNGSink {}
