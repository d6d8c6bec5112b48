import CommandCatalog
import Drawing
import FoundationEssentials
import Glibc
import Layout
import ProcessSupport
import RenderService
import Reveal
import RichMessageRenderer

/// `ipraster answer.json -o answer.gif|.apng|.mp4` (issue 41): the finished message with its custom emoji playing.
extension RenderCommand {
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
        let (animation, fps, notes) = RenderOperations.plan(layout, format: format, timing: timing, media: media)
        for note in notes { CLI.printWarning(note) }
        try pipeline.refuseFailedStickers(layout, settings: settings)
        let altText = settings.embedsAltText ? AltTextMetadata(text: layout.altText, language: layout.language) : nil
        try FFmpeg.encode(animation, format: format.rawValue, altText: altText, to: output, progress: ProgressBar.forStandardError())
        for warning in RenderOperations.animationMediaWarnings(layout, media: media) { CLI.printWarning(warning) }
        // The file's size as the file system says it (Foundation's attribute is an NSNumber here, never an Int).
        var status = stat()
        let size = stat(output, &status) == 0 ? Int(status.st_size) : 0
        CLI.printNote("\(input) → \(output): \(format.rawValue.uppercased()) \(animation.frameCount) frame\(animation.frameCount == 1 ? "" : "s") "
            + "\(layout.canvas.pixelWidth)×\(layout.canvas.pixelHeight) px at \(((fps * 100).rounded() / 100).clean) fps, \(size) bytes, \(CLI.milliseconds(since: started)) ms")
        return ExitCode.success
    }
}
