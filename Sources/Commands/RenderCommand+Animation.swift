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

    /// The animation of `layout`, decided once for the command line and the service: a GIF's rate is whole
    /// hundredths of a second (said when the rate was asked for: the default 30 fps is 33.33 in any GIF), and an
    /// MP4 of a message without animated emoji is a still of `stillMovieSeconds` unless a duration is given.
    static func plan(_ layout: PageLayout, format: AnimationFormat, timing: AnimationTiming, media: (any MediaSource)?)
        -> (animation: MessageAnimation, fps: Double, warnings: [String]) {
        var fps = timing.fps, warnings: [String] = []
        if format == .gif {
            fps = RevealCommand.gifRate(timing.fps)
            if fps != timing.fps, timing.fpsGiven {
                warnings.append("GIF frame delays are whole hundredths of a second: writing \(((fps * 100).rounded() / 100).clean) fps "
                    + "(\(Int((100 / fps).rounded())) cs a frame) instead of \(timing.fps.clean)")
            }
        }
        var duration = timing.duration
        if duration == nil, format == .mp4, MediaResolver.stickerLoop(in: layout.displayList(), source: media) == 0 { duration = stillMovieSeconds }
        return (MessageAnimation(layout: layout, fps: fps, duration: duration, media: media), fps, warnings)
    }

    /// What the media store said while an animation was made, and the media it has no file for (as a still render
    /// says them: the page's first frame is resolved once more, its images and stickers from the store's caches).
    static func animationMediaWarnings(_ layout: PageLayout, media: (any MediaSource)?) -> [String] {
        guard let media else { return [] }
        return media.warnings + media.missingWarnings(MediaResolver.resolved(layout.displayPage(), source: media))
    }

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
        let media = pipeline.media(settings)
        let (animation, fps, notes) = plan(layout, format: format, timing: timing, media: media)
        for note in notes { CLI.printWarning(note) }
        try pipeline.refuseFailedStickers(layout, settings: settings)
        try FFmpeg.encode(animation, format: format.rawValue, to: output, progress: ProgressBar.forStandardError())
        for warning in animationMediaWarnings(layout, media: media) { CLI.printWarning(warning) }
        // The file's size as the file system says it (Foundation's attribute is an NSNumber here, never an Int).
        var status = stat()
        let size = stat(output, &status) == 0 ? Int(status.st_size) : 0
        CLI.printNote("\(input) → \(output): \(format.rawValue.uppercased()) \(animation.frameCount) frame\(animation.frameCount == 1 ? "" : "s") "
            + "\(layout.canvas.pixelWidth)×\(layout.canvas.pixelHeight) px at \(((fps * 100).rounded() / 100).clean) fps, \(size) bytes, \(CLI.milliseconds(since: started)) ms")
        return ExitCode.success
    }
}
