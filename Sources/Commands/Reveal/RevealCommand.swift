import CommandCatalog
import Drawing
import FoundationEssentials
import Glibc
import Layout
import Primitives
import ProcessSupport
import RenderOptions
import RenderService
import Reveal
import RichMessageRenderer

/// `ipraster reveal INPUT -o DIR/|FILE [--at S] [--fps N] [--format F] [--json] [options]`.
enum RevealCommand {
    enum Output: Equatable {
        case sequence(String)
        case frame(String)
        case animation(String, format: String)
        case json
    }

    struct Options {
        var input: String
        var output: Output
        var fps = 60.0
        var at: Double?
        /// GIF/APNG: times the animation plays, 0 = forever.
        var loop = 0
        /// PNG sequences: the first file's number.
        var startNumber = 0
    }

    static func run(_ arguments: [String]) throws -> Int32 {
        let started = Date()
        let parsed = try CommandSpec.revealCommand.parse(arguments)
        var settings = try parsed.renderSettings()
        let options = try options(parsed, format: parsed.value("--format"))
        if options.output != .json { settings.layout.limitToRaster() }
        if case .animation = options.output, FFmpeg.path == nil {
            CLI.printError("the \(options.output.formatName) export needs ffmpeg, which is not installed (apt-get install ffmpeg); "
                + "write a PNG sequence with -o DIR/ instead")
            return ExitCode.environment
        }
        let bytes = try CLI.readInput(options.input)
        let pipeline = try RenderPipeline(processDefault: true, videoFrames: FFmpegVideoFrames())
        let decoded = try settings.decode(bytes, path: options.input)
        let stream = try RevealStream(input: decoded, pipeline: pipeline, settings: settings)
        for warning in stream.warnings { CLI.printWarning(warning) }
        if let directory = settings.mediaDirectory {
            try CLI.checkMediaFolder(directory)
        }
        let timeline = try RevealTimeline(stream: stream)
        // Refuse a page no frame can hold before painting any frame.
        if options.output != .json {
            if let tooLarge = stream.chunks.map(\.layout).first(where: { $0.exceedsHeightLimit }) {
                throw PageTooLarge(raster: tooLarge)
            }
            if !timeline.canvas.fitsOneSurface {
                var layout = stream.finalLayout
                layout.canvas = timeline.canvas
                throw PageTooLarge(raster: layout)
            }
        }
        var fps = options.fps
        if case .animation(_, "gif") = options.output {
            fps = RenderOperations.gifRate(options.fps)
            if fps != options.fps {
                CLI.printWarning("GIF frame delays are whole hundredths of a second: exporting at \(((fps * 100).rounded() / 100).clean) fps "
                    + "(\(Int((100 / fps).rounded())) cs a frame) instead of \(options.fps.clean)")
            }
        }
        let exporter = RevealExporter(timeline: timeline, fps: fps, renderer: pipeline.renderer, media: pipeline.media(settings))
        guard exporter.frameCount <= maxFrames else {
            throw DecodeError(path: "$", message: "the reveal lasts \(Int(timeline.endTime)) s: \(exporter.frameCount) frames at \(Int(options.fps)) fps "
                + "is more than \(maxFrames); lower --fps")
        }
        let canvas = "\(timeline.canvas.pixelWidth)×\(timeline.canvas.pixelHeight) px"
        func milliseconds() -> Int { CLI.milliseconds(since: started) }
        switch options.output {
        case .json:
            print(exporter.timelineJSON().serialized())
            CLI.printNote("\(options.input): timeline of \(exporter.frameCount) frames at \(fps.clean) fps, \(milliseconds()) ms")
        case .frame(let path):
            let at = min(options.at ?? timeline.endTime, timeline.endTime)
            let png = try exporter.png(at: at)
            try CLI.writeOutput(png, to: path)
            CLI.printNote("\(options.input) at \(at.clean) s → \(path == "-" ? "standard output" : path): PNG \(canvas), \(png.count) bytes, \(milliseconds()) ms")
        case .sequence(let directory):
            try RevealSequence.write(exporter, to: directory, startNumber: options.startNumber, progress: ProgressBar.forStandardError())
            CLI.printNote("\(options.input) → \(directory): \(exporter.frameCount) PNG frames \(canvas) at \(fps.clean) fps and timeline.json, "
                + "\(milliseconds()) ms")
        case .animation(let path, let format):
            // The file carries the finished message's words (the frames on their way to it say less).
            let final = stream.finalLayout
            let altText = settings.embedsAltText ? AltTextMetadata(text: final.altText, language: final.language) : nil
            try FFmpeg.encode(exporter, format: format, loop: options.loop, altText: altText, to: path, progress: ProgressBar.forStandardError())
            var status = stat()
            let size = stat(path, &status) == 0 ? Int(status.st_size) : 0
            CLI.printNote("\(options.input) → \(path): \(format.uppercased()) \(exporter.frameCount) frames \(canvas) at \(fps.clean) fps, "
                + "\(size) bytes, \(milliseconds()) ms")
        }
        return ExitCode.success
    }

    /// 10 minutes at 60 fps.
    static let maxFrames = 36_000

    /// The timing options of an export, set by their rows in `CommandSpec.revealCommand` (nil: not given).
    static func options(_ parsed: ParsedArguments, format: String?) throws -> Options {
        let output = parsed.value("--output"), positional = parsed.positional, json = parsed.has("--json")
        let timing = try parsed.settings(RevealTiming())
        let fps = timing.fps, at = timing.at, loop = timing.loop, startNumber = timing.startNumber
        guard let input = positional.first else { throw UsageError(message: "missing INPUT (a JSON file, or - for stdin)", command: "reveal") }
        guard positional.count == 1 else { throw UsageError(message: "unexpected argument \(positional[1])", command: "reveal") }
        if json {
            guard output == nil, at == nil else { throw UsageError(message: "--json prints the timeline; it takes no -o or --at", command: "reveal") }
            return Options(input: input, output: .json, fps: fps, at: nil)
        }
        guard let output else {
            throw UsageError(message: "missing -o DIR/ (a PNG sequence), -o FILE.png with --at, or -o FILE.gif|.apng|.mp4", command: "reveal")
        }
        let ext = PathName.pathExtension(output).lowercased()
        var isDirectory = false
        let existingDirectory = FileManager.default.fileExists(atPath: output, isDirectory: &isDirectory) && isDirectory
        let kind = format?.lowercased() ?? (output.hasSuffix("/") || existingDirectory ? "png-sequence" : ext)
        if at != nil {
            guard loop == nil, startNumber == nil else { throw UsageError(message: "--at renders one frame: no --loop or --start-number", command: "reveal") }
            guard kind == "png" || (output == "-" && format == nil) else {
                throw UsageError(message: "--at renders one frame: use -o FILE.png (or -o - for stdout)", command: "reveal")
            }
            return Options(input: input, output: .frame(output), fps: fps, at: at)
        }
        let sequence = kind == "png-sequence" || (kind == "png" && format != nil && (output.hasSuffix("/") || existingDirectory))
        if loop != nil && !["gif", "apng"].contains(kind) {
            throw UsageError(message: "--loop is for GIF and APNG exports", command: "reveal")
        }
        if startNumber != nil && !sequence { throw UsageError(message: "--start-number is for PNG sequences (-o DIR/)", command: "reveal") }
        switch kind {
        case _ where sequence:
            return Options(input: input, output: .sequence(output), fps: fps, startNumber: startNumber ?? 0)
        case "png":
            throw UsageError(message: "a PNG file holds one frame: add --at SECONDS, or write a sequence with -o DIR/", command: "reveal")
        case "apng", "gif", "mp4":
            guard output != "-" else { throw UsageError(message: "animations are written to a file, not stdout", command: "reveal") }
            return Options(input: input, output: .animation(output, format: kind), fps: fps, loop: loop ?? 0)
        default:
            throw UsageError(message: "cannot tell the export format from \"\(output)\": use DIR/, .apng, .gif or .mp4, or --format png|apng|gif|mp4",
                             command: "reveal")
        }
    }
}

extension RevealCommand.Output {
    var formatName: String {
        if case .animation(_, let format) = self { return format.uppercased() }
        return "PNG"
    }
}
