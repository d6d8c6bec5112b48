import Foundation
import ProcessSupport
import Reveal
import RichMessageRenderer

/// Animated exports through an installed ffmpeg: the PNG frames go to a temporary directory, ffmpeg
/// encodes them into a temporary file that is renamed over the target only on success.
enum FFmpeg {
    static var path: String? { FFmpegVideoFrames.ffmpeg }

    /// Filters per format. GIF builds its palette from every frame (stats_mode=full), so a blank first
    /// frame does not starve the palette; GIF and APNG play `loop` times (0: forever; a GIF's loop count is
    /// its repeats, -1 none); MP4 pads to even sizes for yuv420p.
    static func arguments(format: String, fps: Double, loop: Int = 0) -> [String] {
        switch format {
        case "gif":
            return ["-vf", "split[a][b];[a]palettegen=stats_mode=full[p];[b][p]paletteuse=dither=bayer:bayer_scale=3",
                    "-loop", String(loop == 0 ? 0 : loop == 1 ? -1 : loop - 1), "-f", "gif"]
        case "apng":
            return ["-plays", String(loop), "-f", "apng"]
        default:
            return ["-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2:color=white", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-r", String(fps), "-f", "mp4"]
        }
    }

    static func encode(_ exporter: RevealExporter, format: String, loop: Int = 0, to output: String, progress: ((Int, Int) -> Void)?) throws {
        guard let ffmpeg = path else { throw AtomicFile.WriteError(path: output, reason: "ffmpeg is not installed") }
        let files = FileManager.default
        let work = NSTemporaryDirectory() + "ipraster-reveal-\(getpid())"
        try? files.removeItem(atPath: work)
        let token = TemporaryPaths.register(work)
        try files.createDirectory(atPath: work, withIntermediateDirectories: true)
        defer {
            try? files.removeItem(atPath: work)
            TemporaryPaths.unregister(token)
        }
        try exporter.encodeFrames(progress: progress) { index, bytes in
            try TemporaryPaths.uninterrupted { try AtomicFile.write(bytes, to: "\(work)/\(RevealExporter.frameName(index))") }
        }
        let temporary = "\(work)/out.\(format)"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ffmpeg)
        // -nostdin and /dev/null as stdin: from a terminal, ffmpeg would otherwise read the TTY from its own
        // process group and be stopped (SIGTTIN), and the export would never end.
        process.arguments = ["-nostdin", "-hide_banner", "-loglevel", "error", "-y", "-framerate", String(exporter.fps),
                             "-i", "\(work)/frame_%05d.png"] + arguments(format: format, fps: exporter.fps, loop: loop) + [temporary]
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let child = TemporaryPaths.register(process: process.processIdentifier)
        process.waitUntilExit()
        TemporaryPaths.unregister(child)
        guard process.terminationStatus == 0 else {
            throw AtomicFile.WriteError(path: output, reason: "ffmpeg failed with status \(process.terminationStatus)")
        }
        try AtomicFile.write(try FileContents.read(temporary), to: output)
    }
}
