import Drawing

extension TextBox {
    /// What the text's render bitmap holds: marker pills, glyphs, strike lines and underlines, with the box
    /// at `origin`. `visible` (same space) limits the list to lines and glyphs near it, for reveal snippets
    /// that crop one character out of a long line: listing every glyph of the box for each snippet made a
    /// frame cost the product of glyphs and snippets.
    public func glyphLayers(at origin: Point, visible: Rect? = nil) -> Frame {
        var frame = Frame()
        for line in lines {
            if let visible {
                let top = origin.y + line.frame.minY, bottom = origin.y + line.baseline
                let margin = font.size * 2
                if bottom + margin < visible.minY || top - margin > visible.maxY { continue }
            }
            for decoration in line.decorations where decoration.kind == .marker {
                frame.append(.fill(.roundedRect(decoration.rect.offsetBy(dx: origin.x, dy: origin.y), radius: decoration.cornerRadius), .solid(decoration.color)))
            }
            var content = Frame()
            let pen = Point(x: origin.x + line.frame.minX, y: origin.y + line.baseline)
            for run in line.runs {
                if let run = Self.glyphs(of: run, at: pen, near: visible) { content.append(.glyphs(run, origin: pen)) }
            }
            for decoration in line.decorations where decoration.kind == .strikethrough || decoration.kind == .underline {
                content.append(.fill(.rect(decoration.rect.offsetBy(dx: origin.x, dy: origin.y)), .solid(decoration.color)))
            }
            frame.appendGroup(content) {
                guard !line.spoilers.isEmpty else { return }
                // Even-odd: everything except the spoiler rectangles.
                var clip = Path.rect(Rect(x: -1e5, y: -1e5, width: 2e5, height: 2e5))
                for spoiler in line.spoilers { clip.append(.rect(spoiler.rect.offsetBy(dx: origin.x, dy: origin.y))) }
                clip.fillRule = .evenOdd
                $0.clip = clip
            }
        }
        return frame
    }

    /// `run` with only the glyphs whose origin lies within two ems of `visible` (ink never reaches that far
    /// from a glyph's origin and advance; stacked combining marks far above the line are left out); nil
    /// when none is left.
    static func glyphs(of run: GlyphRun, at pen: Point, near visible: Rect?) -> GlyphRun? {
        guard let visible else { return run }
        var run = run
        let margin = run.font.size * 2
        run.glyphs = run.glyphs.filter {
            let x = pen.x + $0.x, y = pen.y + $0.y
            return x + max(0, $0.advance) + margin >= visible.minX && x - margin <= visible.maxX
                && y + margin >= visible.minY && y - margin <= visible.maxY
        }
        return run.glyphs.isEmpty ? nil : run
    }
}
