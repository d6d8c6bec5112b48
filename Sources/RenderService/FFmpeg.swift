import Drawing
import FoundationEssentials
import Glibc
import Primitives
import ProcessSupport
import Raster
import Reveal
import RichMessageRenderer

/// Animated exports through an installed ffmpeg (`ChildProcess`: default signal handling, stopped at once on
/// an interruption): the PNG frames are piped to it, it encodes them into a temporary file that replaces the
/// target only on success.
package enum FFmpeg {
    package static var path: String? { FFmpegVideoFrames.ffmpeg }

    /// Filters per format. GIF builds its palette from every frame (stats_mode=full), so a blank first
    /// frame does not starve the palette: in two passes (`encodeGIF`), the palette from the frames first, then the
    /// frames again through it, because one filter graph that splits the frames between palettegen and paletteuse
    /// holds every frame until the palette is made (a 3 s export of a tall message was 1.2 GB). GIF and APNG play
    /// `loop` times (0: forever; a GIF's loop count is its repeats, -1 none); MP4 needs even sizes for yuv420p: an
    /// odd last row or column is cropped (it is the canvas margin), not padded with a colour that would show as a seam.
    package static func arguments(format: String, fps: Double, loop: Int = 0) -> [String] {
        switch format {
        case "gif":
            return ["-lavfi", "[0:v][1:v]paletteuse=dither=bayer:bayer_scale=3", "-loop", String(loop == 0 ? 0 : loop == 1 ? -1 : loop - 1), "-f", "gif"]
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
    /// `altText`: the words the file carries (`AnimationAltText`; an MP4's title and description), nil for none.
    package static func encode(_ exporter: RevealExporter, format: String, loop: Int = 0, altText: AltTextMetadata? = nil, to output: String,
                               progress: ((Int, Int) -> Void)?) throws {
        let bytes = try encode(frameCount: exporter.frameCount, fps: exporter.fps, format: format, loop: loop, altText: altText, to: output,
                               progress: progress) { progress, write in
            try exporter.encodeFrames(progress: progress, write: write)
        }
        try AtomicFile.write(bytes, to: output)
    }

    /// A finished message's animation (its stickers playing), encoded as a reveal export is.
    package static func encode(_ animation: MessageAnimation, format: String, altText: AltTextMetadata? = nil, to output: String,
                               progress: ((Int, Int) -> Void)?) throws {
        try AtomicFile.write(try bytes(animation, format: format, altText: altText, label: output, progress: progress), to: output)
    }

    /// The animation's file as bytes (the service answers them; `label` names it in errors).
    package static func bytes(_ animation: MessageAnimation, format: String, altText: AltTextMetadata? = nil, label: String,
                              progress: ((Int, Int) -> Void)? = nil) throws -> [UInt8] {
        try encode(frameCount: animation.frameCount, fps: animation.fps, format: format, altText: altText, to: label, progress: progress) { progress, write in
            try animation.encodeFrames(progress: progress, write: write)
        }
    }

    private static func encode(frameCount: Int, fps: Double, format: String, loop: Int = 0, altText: AltTextMetadata?, to output: String,
                               progress: ((Int, Int) -> Void)?,
                               frames: (((Int, Int) -> Void)?, (Int, [UInt8]) throws -> Void) throws -> Void) throws -> [UInt8] {
        guard let ffmpeg = path else { throw AtomicFile.WriteError(path: output, reason: "ffmpeg is not installed") }
        let temporaryFolder = TemporaryPaths.directory
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
        let input = ["-nostdin", "-hide_banner", "-loglevel", "error", "-y", "-f", "image2pipe", "-framerate", String(fps), "-c:v", "png", "-i"]
        let total = frameCount + 1
        if format == "gif" {
            try encodeGIF(ffmpeg, input: input, arguments: arguments(format: format, fps: fps, loop: loop), folder: temporaryFolder, to: temporary,
                          output: output) { write in try withoutActuallyEscaping(write) { try frames({ done, _ in progress?(done, total) }, $0) } }
        } else {
            let metadata = format == "mp4" ? altText.map(Self.metadataArguments) ?? [] : []
            let child = try ChildProcess(executable: ffmpeg, arguments: input + ["pipe:0"] + arguments(format: format, fps: fps, loop: loop) + metadata + [temporary],
                                         pipeInput: true)
            try feed(child, output: output) { write in try withoutActuallyEscaping(write) { try frames({ done, _ in progress?(done, total) }, $0) } }
        }
        progress?(total, total)
        let bytes = try FileContents.read(temporary)
        guard let altText, !altText.text.isEmpty else { return bytes }
        switch format {
        case "apng": return AnimationAltText.apng(bytes, altText)
        case "gif": return AnimationAltText.gif(bytes, altText)
        default: return bytes
        }
    }

    /// An MP4's title (the first line) and description (all of it), each at most 100,000 bytes: one argument must stay
    /// under the kernel's 128 KiB (cut at a character).
    static func metadataArguments(_ altText: AltTextMetadata) -> [String] {
        guard !altText.text.isEmpty else { return [] }
        func capped(_ text: String) -> String {
            var result = ""
            var bytes = 0
            for character in text {
                bytes += character.utf8.count
                if bytes > 100_000 { break }
                result.append(character)
            }
            return result
        }
        return ["-metadata", "title=" + capped(altText.title), "-metadata", "description=" + capped(altText.text)]
    }

    /// A GIF in two passes, so that no process holds the frames: the frames go to a palettegen ffmpeg (which keeps
    /// only its colour statistics) and to a spool file beside the output's temporary; then a second ffmpeg reads
    /// the spooled frames and the palette into paletteuse. Memory does not grow with the duration; the spool takes
    /// the frames' PNG bytes of disk until the export ends.
    private static func encodeGIF(_ ffmpeg: String, input: [String], arguments: [String], folder: String, to temporary: String, output: String,
                                  frames: ((Int, [UInt8]) throws -> Void) throws -> Void) throws {
        let (palette, paletteToken) = TemporaryPaths.registerUnique(prefix: PathName.appending(folder, "ipraster-reveal"), suffix: "palette.png")
        let (spool, spoolToken) = TemporaryPaths.registerUnique(prefix: PathName.appending(folder, "ipraster-reveal"), suffix: "frames")
        defer {
            unlink(palette)
            unlink(spool)
            TemporaryPaths.unregister(paletteToken)
            TemporaryPaths.unregister(spoolToken)
        }
        let spooled = open(spool, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard spooled >= 0 else { throw AtomicFile.WriteError(path: output, reason: "cannot write the frames' spool file in \(folder)") }
        defer { close(spooled) }
        let statistics = try ChildProcess(executable: ffmpeg, arguments: input + ["pipe:0", "-vf", "palettegen=stats_mode=full", "-update", "1", palette],
                                          pipeInput: true)
        try feed(statistics, output: output) { write in
            try withoutActuallyEscaping(write) { toPalette in
                try frames { index, bytes in
                    try toPalette(index, bytes)
                    try AtomicFile.writeAll(bytes, to: spooled, reportedAs: spool)
                }
            }
        }
        let encoder = try ChildProcess(executable: ffmpeg, arguments: input + [spool, "-i", palette] + arguments + [temporary], pipeInput: false)
        let status = encoder.wait()
        guard status == 0 else { throw AtomicFile.WriteError(path: output, reason: "ffmpeg failed with status \(status)") }
    }

    /// Hands `frames` to `child`'s standard input, then waits for it to succeed.
    private static func feed(_ child: ChildProcess, output: String, frames: ((Int, [UInt8]) throws -> Void) throws -> Void) throws {
        do {
            try frames { _, bytes in try child.write(bytes) }
        } catch let error as AtomicFile.WriteError where error.code == EPIPE {
            let status = child.wait()
            throw AtomicFile.WriteError(path: output, reason: "ffmpeg stopped reading the frames (status \(status))")
        }
        let status = child.wait()
        guard status == 0 else { throw AtomicFile.WriteError(path: output, reason: "ffmpeg failed with status \(status)") }
    }
}
