import Foundation

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

    public init() {}

    public func firstFrame(ofFile path: String) throws -> [UInt8] {
        guard let ffmpeg = Self.ffmpeg else {
            throw MediaError(message: "\((path as NSString).lastPathComponent) needs ffmpeg to draw its first frame, which is not installed "
                + "(apt-get install ffmpeg); its placeholder is drawn")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ffmpeg)
        // -nostdin and /dev/null as stdin: ffmpeg must not read a terminal (it would be stopped by SIGTTIN).
        process.arguments = ["-nostdin", "-hide_banner", "-loglevel", "error", "-i", path, "-frames:v", "1", "-f", "image2pipe",
                             "-vcodec", "png", "-"]
        process.standardInput = FileHandle.nullDevice
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let killer = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + Self.timeoutSeconds, execute: killer)
        let bytes = [UInt8](output.fileHandleForReading.readDataToEndOfFile())
        process.waitUntilExit()
        killer.cancel()
        guard process.terminationStatus == 0, !bytes.isEmpty else {
            throw MediaError(message: "ffmpeg cannot read a frame of \((path as NSString).lastPathComponent)")
        }
        return bytes
    }
}
