import FoundationEssentials
import Glibc
import Layout
import ProcessSupport
import Reveal
import RichMessageRenderer

/// `ipraster answer.json -o answer.gif|.apng|.mp4` (issue 41): the finished message with its custom emoji playing.
extension RenderCommand {
    /// The render command's `--fps` and `--duration`, set by their rows in `CommandSpec.renderCommand`.
    struct AnimationTiming {
        var fps = 30.0
        var fpsGiven = false
        var duration: Double?
    }

    /// An MP4 of a message without animated emoji is a still this long, unless `--duration` says.
    static let stillMovieSeconds = 1.0

    static func renderAnimation(_ input: String, to output: String, format: AnimationFormat, timing: AnimationTiming,
                                settings: RenderSettings) throws -> Int32 {
        let started = Date()
        guard output != "-" else { throw UsageError(message: "animations are written to a file, not stdout") }
        guard FFmpeg.path != nil else {
            CLI.printError("the \(format.rawValue.uppercased()) output needs ffmpeg, which is not installed (apt-get install ffmpeg); "
                + "write a PNG with -o FILE.png instead")
            return ExitCode.environment
        }
        var settings = settings
        settings.layout.limitToRaster()
        if let directory = settings.mediaDirectory { try CLI.checkMediaFolder(directory) }
        let pipeline = try RenderPipeline(processDefault: true, videoFrames: FFmpegVideoFrames())
        let layout = try pipeline.page(try CLI.readInput(input), path: input, settings: settings)
        if layout.exceedsHeightLimit || !layout.canvas.fitsOneSurface {
            throw PageTooLarge(raster: layout)
        }
        for warning in layout.warnings { CLI.printWarning(warning) }
        var fps = timing.fps
        if format == .gif {
            fps = RevealCommand.gifRate(timing.fps)
            // Said only for a rate the user asked for: the default's 33.33 fps is what a GIF of 30 fps is anyway.
            if fps != timing.fps, timing.fpsGiven {
                CLI.printWarning("GIF frame delays are whole hundredths of a second: writing \(((fps * 100).rounded() / 100).clean) fps "
                    + "(\(Int((100 / fps).rounded())) cs a frame) instead of \(timing.fps.clean)")
            }
        }
        let media = pipeline.media(settings)
        var duration = timing.duration
        if duration == nil, format == .mp4, MediaResolver.stickerLoop(in: layout.displayList(), source: media) == 0 { duration = stillMovieSeconds }
        let animation = MessageAnimation(layout: layout, fps: fps, duration: duration, media: media)
        try pipeline.refuseFailedStickers(layout, settings: settings)
        try FFmpeg.encode(animation, format: format.rawValue, to: output, progress: ProgressBar.forStandardError())
        for warning in media?.warnings ?? [] { CLI.printWarning(warning) }
        // The file's size as the file system says it (Foundation's attribute is an NSNumber here, never an Int).
        var status = stat()
        let size = stat(output, &status) == 0 ? Int(status.st_size) : 0
        CLI.printNote("\(input) → \(output): \(format.rawValue.uppercased()) \(animation.frameCount) frame\(animation.frameCount == 1 ? "" : "s") "
            + "\(layout.canvas.pixelWidth)×\(layout.canvas.pixelHeight) px at \(((fps * 100).rounded() / 100).clean) fps, \(size) bytes, \(CLI.milliseconds(since: started)) ms")
        return ExitCode.success
    }
}
