import FoundationEssentials
import Glibc
import Primitives
import ProcessSupport
import Reveal
import RichMessageRenderer

/// Animated exports through an installed ffmpeg (`ChildProcess`: default signal handling, stopped at once on
/// an interruption): the PNG frames are piped to it, it encodes them into a temporary file that replaces the
/// target only on success.
enum FFmpeg {
    static var path: String? { FFmpegVideoFrames.ffmpeg }

    /// Filters per format. GIF builds its palette from every frame (stats_mode=full), so a blank first
    /// frame does not starve the palette; GIF and APNG play `loop` times (0: forever; a GIF's loop count is
    /// its repeats, -1 none); MP4 needs even sizes for yuv420p: an odd last row or column is cropped (it is the
    /// canvas margin), not padded with a colour that would show as a seam.
    static func arguments(format: String, fps: Double, loop: Int = 0) -> [String] {
        switch format {
        case "gif":
            return ["-vf", "split[a][b];[a]palettegen=stats_mode=full[p];[b][p]paletteuse=dither=bayer:bayer_scale=3",
                    "-loop", String(loop == 0 ? 0 : loop == 1 ? -1 : loop - 1), "-f", "gif"]
        case "apng":
            return ["-plays", String(loop), "-f", "apng"]
        default:
            return ["-vf", "crop=trunc(iw/2)*2:trunc(ih/2)*2:0:0", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-r", String(fps), "-f", "mp4"]
        }
    }

    /// Encodes the export's frames with ffmpeg: each frame's PNG is handed to ffmpeg's standard input as it is
    /// made (no folder of frames), ffmpeg writes a temporary file that replaces `output` only on success. The
    /// progress counts the frames handed over and then ffmpeg's finishing (one step more than the frames).
    /// Leftovers of exports that were killed are removed first.
    static func encode(_ exporter: RevealExporter, format: String, loop: Int = 0, to output: String, progress: ((Int, Int) -> Void)?) throws {
        try encode(frameCount: exporter.frameCount, fps: exporter.fps, format: format, loop: loop, to: output, progress: progress) { progress, write in
            try exporter.encodeFrames(progress: progress, write: write)
        }
    }

    /// A finished message's animation (its stickers playing), encoded as a reveal export is.
    static func encode(_ animation: MessageAnimation, format: String, to output: String, progress: ((Int, Int) -> Void)?) throws {
        try encode(frameCount: animation.frameCount, fps: animation.fps, format: format, to: output, progress: progress) { progress, write in
            try animation.encodeFrames(progress: progress, write: write)
        }
    }

    private static func encode(frameCount: Int, fps: Double, format: String, loop: Int = 0, to output: String, progress: ((Int, Int) -> Void)?,
                               frames: (((Int, Int) -> Void)?, (Int, [UInt8]) throws -> Void) throws -> Void) throws {
        guard let ffmpeg = path else { throw AtomicFile.WriteError(path: output, reason: "ffmpeg is not installed") }
        let temporaryFolder = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        TemporaryPaths.removeStale(in: temporaryFolder, prefix: "ipraster-reveal-")
        TemporaryPaths.removeStale(in: temporaryFolder, prefix: "ipraster-reveal.")
        let (temporary, token) = TemporaryPaths.registerUnique(prefix: PathName.appending(temporaryFolder, "ipraster-reveal"),
                                                              suffix: format)
        defer {
            unlink(temporary)
            TemporaryPaths.unregister(token)
        }
        // -nostdin: no keyboard interaction (from a terminal ffmpeg would read the TTY and be stopped by SIGTTIN);
        // the frames come through pipe:0.
        let child = try ChildProcess(executable: ffmpeg, arguments: ["-nostdin", "-hide_banner", "-loglevel", "error", "-y",
                                                                     "-f", "image2pipe", "-framerate", String(fps), "-c:v", "png", "-i", "pipe:0"]
                                     + arguments(format: format, fps: fps, loop: loop) + [temporary], pipeInput: true)
        let total = frameCount + 1
        do {
            try frames({ done, _ in progress?(done, total) }) { _, bytes in try child.write(bytes) }
        } catch let error as AtomicFile.WriteError where error.code == EPIPE {
            let status = child.wait()
            throw AtomicFile.WriteError(path: output, reason: "ffmpeg stopped reading the frames (status \(status))")
        }
        let status = child.wait()
        guard status == 0 else { throw AtomicFile.WriteError(path: output, reason: "ffmpeg failed with status \(status)") }
        progress?(total, total)
        try AtomicFile.write(try FileContents.read(temporary), to: output)
    }
}
