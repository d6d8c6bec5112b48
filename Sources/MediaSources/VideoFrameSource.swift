/// Where frames of animation and video files come from. The host supplies it: paint runs no program of its own. The
/// ipraster tool, its golden harness and the snapshot library use ffmpeg (`FFmpegVideoFrames`); without a source
/// such media draw their placeholder (or a custom emoji its alternative text) with a warning.
public protocol VideoFrameSource: Sendable {
    /// The first frame of a GIF, MP4 or WebM file, as PNG bytes.
    func firstFrame(ofFile path: String) throws -> [UInt8]
    /// A sticker's WebM (VP9, with its alpha channel) decoded from its bytes: at most `maxFrames` frames, and none of
    /// more than `maxSide` pixels a side.
    func stickerFrames(_ webm: [UInt8], maxFrames: Int, maxSide: Int) throws -> VideoFrames
}

extension VideoFrameSource {
    public func stickerFrames(_ webm: [UInt8], maxFrames: Int, maxSide: Int) throws -> VideoFrames {
        throw StickerError("this renderer has no source of video frames (the ipraster tool uses ffmpeg)")
    }
}
