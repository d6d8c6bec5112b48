import Images

/// A video's frames in order, straight RGBA, all of one size, and the rate they play at.
public struct VideoFrames: Sendable {
    public var frames: [RGBAImage]
    /// Frames per second (the stream's own rate).
    public var frameRate: Double

    public init(frames: [RGBAImage], frameRate: Double) {
        self.frames = frames
        self.frameRate = frameRate
    }
}
