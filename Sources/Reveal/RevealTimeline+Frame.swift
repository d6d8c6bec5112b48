import Layout

/// One frame of the export: the shown chunk's layout with the reveal applied as values (masks, snippets,
/// opacities, the table band, the bubble's height, the status fade, the shimmer phase) for Raster to paint.
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
    public func layout(at time: Double) -> PageLayout {
        if time >= endTime - 1e-9 {
            // The last frame is the static render of the final message on the shared canvas.
            var layout = stream.finalLayout
            layout.canvas = canvas
            return layout
        }
        let tick = self.tick(at: time)
        let chunk = stream.chunks[tick.chunk]
        var layout = tick.phase == .done ? stream.finalLayout : chunk.layout
        let map = tick.phase == .done ? RevealCostMap(items: layout.items) : chunk.map
        let cursor = tick.phase == .done ? map.total : tick.cursor
        let context = FrameContext(timeline: self, time: time, cursor: cursor, cleared: tick.phase == .done)
        layout.items = context.apply(layout.items, map)
        if tick.phase != .done {
            // The seed's container: sized to the revealed items' maxY while the reveal runs.
            layout.revealClipMaxY = max(0, RevealExtent.bounds(chunk.layout.items, chunk.map, cursor: cursor)?.maxY ?? 0)
        }
        layout.canvas = canvas
        if var bubble = layout.bubble {
            bubble.frame.height = tick.bubbleHeight
            if tick.phase != .done { bubble.frame.width = tick.bubbleWidth }
            layout.bubble = bubble
        }
        if tick.phase == .done {
            let progress = (time - completionTime) / Self.statusFadeDuration
            layout.status.opacity = BezierCurve.easeInOut.value(at: progress)
        } else {
            layout.status.opacity = 0
        }
        return layout
    }
}
