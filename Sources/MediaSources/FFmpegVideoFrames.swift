import FoundationEssentials
import Primitives
import Images

/// The first frame of an animation or video file (GIF, MP4, WebM) through an installed ffmpeg, as PNG bytes:
/// ffmpeg is the Debian tool made for these containers and codecs, and it is optional (`scripts/setup`
/// installs it); without it such media draw their placeholder with a warning. The frame is decoded once per
/// file and media folder (`MediaFolder` caches it). The command line, the golden harness and the snapshot library
/// hand this source to the render pipeline; paint itself runs no program.
public struct FFmpegVideoFrames: VideoFrameSource {
    /// ffmpeg on PATH, if any (also what `ipraster reveal` encodes animations with).
    public static var ffmpeg: String? {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return directories.map { "\($0)/ffmpeg" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Frames of a file ffmpeg takes longer than this to open are refused (a stuck or hostile file).
    static let timeoutSeconds = 20.0

    /// A first frame's PNG larger than this is refused (a 16384 × 16384 frame of noise is ~1 GB; real frames are MBs).
    static let maxFrameBytes = 256 << 20

    public init() {}

    public func firstFrame(ofFile path: String) throws -> [UInt8] {
        guard let ffmpeg = Self.ffmpeg else {
            throw MediaError(message: "\(PathName.lastComponent(path)) needs ffmpeg to draw its first frame, which is not installed "
                + "(apt-get install ffmpeg); its placeholder is drawn")
        }
        // -nostdin and /dev/null as stdin: ffmpeg must not read a terminal (it would be stopped by SIGTTIN).
        let run = try ProgramRun.run(ffmpeg, ["-nostdin", "-hide_banner", "-loglevel", "error", "-i", path, "-frames:v", "1", "-f", "image2pipe",
                                              "-vcodec", "png", "-"], maxOutput: Self.maxFrameBytes, timeout: Self.timeoutSeconds)
        guard run.status == 0, !run.overflowed, !run.output.isEmpty else {
            throw MediaError(message: "ffmpeg cannot read a frame of \(PathName.lastComponent(path))")
        }
        return run.output
    }
}

extension FFmpegVideoFrames {
    /// ffprobe on PATH (ffmpeg's package installs it).
    static var ffprobe: String? {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return directories.map { "\($0)/ffprobe" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// A sticker WebM: ffprobe names its codec, size and rate; a stream that is not VP9 is refused (the app plays VP9
    /// only, custom-emoji-facts §1.3); then ffmpeg decodes it with libvpx-vp9, forced before `-i` because ffmpeg's
    /// own VP9 decoder drops the alpha channel (§4.7), into raw RGBA frames.
    public func stickerFrames(_ webm: [UInt8], maxFrames: Int, maxSide: Int) throws -> VideoFrames {
        guard let ffmpeg = Self.ffmpeg, let ffprobe = Self.ffprobe else {
            throw StickerError("a WebM sticker needs ffmpeg, which is not installed (apt-get install ffmpeg)")
        }
        return try ProgramRun.withTemporaryFile(webm, suffix: "webm") { path in
            let probe = try ProgramRun.run(ffprobe, ["-v", "error", "-select_streams", "v:0", "-show_entries", "stream=codec_name,width,height,r_frame_rate",
                                                     "-of", "default=noprint_wrappers=1", path], maxOutput: 4096, timeout: Self.timeoutSeconds)
            guard probe.status == 0, !probe.overflowed else { throw StickerError("ffprobe cannot read it as a video") }
            var fields: [String: String] = [:]
            for line in String(decoding: probe.output, as: UTF8.self).split(separator: "\n") {
                let parts = line.split(separator: "=", maxSplits: 1)
                if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
            }
            guard let codec = fields["codec_name"] else { throw StickerError("it has no video stream") }
            guard codec == "vp9" else { throw StickerError("its video is \(codec.prefix(32)), not VP9 (the app plays VP9 stickers only)") }
            guard let width = fields["width"].flatMap({ Int($0) }), let height = fields["height"].flatMap({ Int($0) }),
                  width > 0, height > 0, width <= maxSide, height <= maxSide else {
                throw StickerError("its frames are not between 1 and \(maxSide) pixels a side")
            }
            var rate = 30.0
            if let text = fields["r_frame_rate"] {
                let parts = text.split(separator: "/").compactMap { Double($0) }
                if parts.count == 2, parts[1] > 0, parts[0] / parts[1] >= 1, parts[0] / parts[1] <= 240 { rate = parts[0] / parts[1] }
            }
            let frameBytes = width * height * 4
            // Decoded frames are held in memory: at most 64 MB of them, whatever the file says.
            let maxFrames = max(1, min(maxFrames, (64 << 20) / frameBytes))
            let run = try ProgramRun.run(ffmpeg, ["-nostdin", "-hide_banner", "-loglevel", "error", "-c:v", "libvpx-vp9", "-i", path,
                                                  "-frames:v", String(maxFrames), "-f", "rawvideo", "-pix_fmt", "rgba", "-"],
                                         maxOutput: frameBytes * maxFrames, timeout: Self.timeoutSeconds)
            guard run.status == 0, !run.overflowed, run.output.count >= frameBytes, run.output.count % frameBytes == 0 else {
                throw StickerError("ffmpeg cannot decode its VP9 frames")
            }
            var frames: [RGBAImage] = []
            var offset = 0
            while offset + frameBytes <= run.output.count {
                frames.append(RGBAImage(width: width, height: height, pixels: Array(run.output[offset..<offset + frameBytes])))
                offset += frameBytes
            }
            return VideoFrames(frames: frames, frameRate: rate)
        }
    }
}
