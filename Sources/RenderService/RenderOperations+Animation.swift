import CommandCatalog
import Layout
import MediaSources
import Reveal
import RichMessageRenderer

/// The finished message with its custom emoji playing (`render -o FILE.gif|.apng|.mp4`, `POST /render?format=gif`).
extension RenderOperations {
    /// An MP4 of a message without animated emoji is a still this long, unless `--duration` says.
    package static let stillMovieSeconds = 1.0

    /// The animation of `layout`, decided once for the command line and the service: a GIF's rate is whole
    /// hundredths of a second (said when the rate was asked for: the default 30 fps is 33.33 in any GIF), and an
    /// MP4 of a message without animated emoji is a still of `stillMovieSeconds` unless a duration is given.
    package static func plan(_ layout: PageLayout, format: AnimationFormat, timing: AnimationTiming, media: (any MediaSource)?)
        -> (animation: MessageAnimation, fps: Double, warnings: [String]) {
        var fps = timing.fps, warnings: [String] = []
        if format == .gif {
            fps = gifRate(timing.fps)
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
    package static func animationMediaWarnings(_ layout: PageLayout, media: (any MediaSource)?) -> [String] {
        guard let media else { return [] }
        return media.warnings + media.missingWarnings(MediaResolver.resolved(layout.displayPage(), source: media))
    }

    /// GIF delays are whole hundredths of a second, and players draw delays under 2 as 10: a GIF runs at
    /// 100 / n frames per second (n ≥ 2), the one nearest `fps` (ties go to the faster).
    package static func gifRate(_ fps: Double) -> Double {
        let delay = max(2, (100 / fps).rounded(.toNearestOrAwayFromZero))
        let candidates = [max(2, delay - 1), delay, delay + 1]
        return candidates.map { 100 / $0 }.min { abs($0 - fps) < abs($1 - fps) || (abs($0 - fps) == abs($1 - fps) && $0 > $1) } ?? fps
    }
}
