/// Where the first frame of an animation or video file (GIF, MP4, WebM) comes from, as PNG bytes. The host
/// supplies it: paint runs no program of its own. The ipraster tool, its golden harness and the snapshot library
/// use ffmpeg (`FFmpegVideoFrames`); without a source such media draw their placeholder with a
/// warning.
public protocol VideoFrameSource: Sendable {
    func firstFrame(ofFile path: String) throws -> [UInt8]
}
