import Layout

public extension Frame {
    /// Every glyph run the frame draws with the origin it is drawn at, groups included, depth first.
    var placedGlyphRuns: [(run: GlyphRun, origin: Point)] {
        items.flatMap { item -> [(run: GlyphRun, origin: Point)] in
            switch item {
            case .glyphs(let run, let origin): return [(run, origin)]
            case .group(let group): return group.frame.placedGlyphRuns
            default: return []
            }
        }
    }
}
