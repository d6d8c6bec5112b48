import Layout

/// One frame of the export: the shown chunk's layout at that moment (the bubble's size) and the reveal's overlays
/// on it (the shimmer's position among them) (masks, snippets, fades, the table band, the content clip, the status fade).
extension RevealTimeline {
    static let snippetDuration = 0.20
    static let snippetBlurDuration = 0.22
    static let snippetBlurRadius = 2.0
    static let snippetRise = 6.0
    static let snippetStartScale = 0.5
    static let attachmentDuration = 0.20
    static let attachmentStartScale = 0.1
    static let fadeDuration = 0.12
    static let statusFadeDuration = 0.2
    /// Snippets narrower than this are not spawned (the glyph snaps into the mask).
    static let minimumSnippetWidth = 0.5

    /// The page as it looks at `time` (seconds from the first element).
    public func frame(at time: Double) -> RevealFrame {
        if time >= endTime - 1e-9 {
            // The last frame is the static render of the final message on the shared canvas.
            var layout = stream.finalLayout
            layout.canvas = canvas
            return RevealFrame(layout: layout)
        }
        let tick = self.tick(at: time)
        let chunk = stream.chunks[tick.chunk]
        var layout = tick.phase == .done ? stream.finalLayout : chunk.layout
        let map = tick.phase == .done ? RevealCostMap(items: layout.items) : chunk.map
        let cursor = tick.phase == .done ? map.total : tick.cursor
        var frame = RevealFrame(layout: layout)
        let context = FrameContext(timeline: self, time: time, cursor: cursor, cleared: tick.phase == .done)
        context.apply(layout.items, map, to: &frame)
        layout.canvas = canvas
        if let size = bubbleSize(at: time) {
            layout.bubble?.frame.width = size.width
            layout.bubble?.frame.height = size.height
        }
        frame.layout = layout
        frame.statusOpacity = statusOpacity(at: time)
        return frame
    }

    /// The bubble body's size (points) at `time`; nil with --no-bubble.
    public func bubbleSize(at time: Double) -> (width: Double, height: Double)? {
        guard let final = stream.finalLayout.bubble?.frame else { return nil }
        if time >= endTime - 1e-9 { return (final.width, final.height) }
        let tick = self.tick(at: time)
        return (tick.phase == .done ? final.width : tick.bubbleWidth, tick.bubbleHeight)
    }

    /// The status is hidden until the reveal has caught up, then fades in over 0.2 s, ease-in-out.
    public func statusOpacity(at time: Double) -> Double {
        if time >= endTime - 1e-9 { return 1 }
        guard tick(at: time).phase == .done else { return 0 }
        return BezierCurve.easeInOut.value(at: (time - completionTime) / Self.statusFadeDuration)
    }
}
