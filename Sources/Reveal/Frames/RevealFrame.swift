import Layout

/// One frame of the reveal: the layout of the shown message at that moment (chunk, bubble size) and what the
/// reveal changes in it, by name — item fades, text masks, flying glyphs, pop-ins, table bands, the shimmer's
/// masks and the status fade (`v2-reveal-facts.md` §3–§6). The bubble is the only clip (README, Decisions:
/// "Reveal clip"), so the descenders of the line being revealed show. `overlays()` turns those into
/// display-list overlays on the groups `GroupID` names; Layout's output carries no reveal state.
public struct RevealFrame: Sendable {
    public var layout: PageLayout
    /// Item fades by item id (an item not listed is fully shown).
    public var itemOpacity: [ItemID: Double] = [:]
    /// Text reveals by text group name (`GroupID.Text.name`).
    public var texts: [GroupName: TextReveal] = [:]
    /// The rows shown of a table so far, by the table item's id (table-local).
    public var tableBands: [ItemID: Rect] = [:]
    /// The status row is hidden while a draft streams and fades in at the end.
    public var statusOpacity: Double = 1
    /// Masks that replace a group's own at this moment, by group name (thinking blocks' shimmer, `GroupID.shimmer`).
    public var masks: [GroupName: Paint] = [:]

    public init(layout: PageLayout) {
        self.layout = layout
    }

    public func opacity(of item: ItemID) -> Double { itemOpacity[item] ?? 1 }

    public func text(_ name: GroupID.Text) -> TextReveal? { texts[name.name] }

    /// The overlays that draw this frame from the static display list of `layout`.
    public func overlays() -> [GroupName: Overlay] {
        var result: [GroupName: Overlay] = [:]
        for (id, opacity) in itemOpacity where opacity < 1 { result[id.group] = Overlay(opacity: opacity) }
        for (id, band) in tableBands {
            // Rows pop in through a growing mask over the whole content view (§3.6).
            result[GroupID.tableGrid(id)] = Overlay(clip: .rect(band))
        }
        if statusOpacity < 1 { result[GroupID.status] = Overlay(opacity: statusOpacity) }
        for (name, mask) in masks { result[name] = Overlay(mask: mask) }
        let keys = LayerKeys()
        for (name, text) in texts.sorted(by: { $0.key < $1.key }) {
            text.addOverlays(named: name, scale: layout.canvas.scale, keys: keys, to: &result)
        }
        return result
    }
}

/// The reveal of one text box: the mask over its glyphs and dust, the glyphs in flight and the attachments popping in.
public struct TextReveal: Sendable {
    /// One inline object's pop-in (§6.2).
    public struct Pop: Sendable, Equatable {
        public var line: Int
        public var index: Int
        public var opacity: Double
        public var scale: Double
    }

    /// The box as laid out, and where it sits in its group's space.
    public var box: TextBox
    public var origin: Point
    /// Item-local rects outside which glyphs, decorations and dust are not drawn; nil once cleared.
    public var mask: [Rect]?
    public var snippets: [RevealSnippet] = []
    /// Attachments not fully shown.
    public var pops: [Pop] = []

    /// The pop-in of attachment `index` on line `line`: opacity and scale (1, 1 when not animating).
    public func pop(line: Int, index: Int) -> (opacity: Double, scale: Double) {
        guard let pop = pops.first(where: { $0.line == line && $0.index == index }) else { return (1, 1) }
        return (pop.opacity, pop.scale)
    }

    func addOverlays(named name: GroupName, scale: Double, keys: LayerKeys, to overlays: inout [GroupName: Overlay]) {
        let ids = GroupID.Text(name: name)
        if let mask {
            let clip = Path.rects(mask.map { $0.offsetBy(dx: origin.x, dy: origin.y) })
            overlays[ids.glyphs] = Overlay(clip: clip)
            overlays[ids.dust] = Overlay(clip: clip)
        }
        for pop in pops where box.lines.indices.contains(pop.line) && box.lines[pop.line].attachments.indices.contains(pop.index) {
            let frame = box.lines[pop.line].attachments[pop.index].frame
            // The pop-in scales about the cell's centre.
            let transform = pop.scale == 1 ? Transform([]) : .scale(pop.scale, about: Point(x: origin.x + frame.midX, y: origin.y + frame.midY))
            overlays[ids.attachment(line: pop.line, index: pop.index)] = Overlay(transform: transform, opacity: pop.opacity)
        }
        if !snippets.isEmpty {
            // Ordinary frames draw each snippet's glyphs directly; only when snippets × glyphs would be large
            // (thousands of combining marks in flight) are the crops taken from shared line layers, whose
            // clip edges can differ from direct drawing by a step of antialiasing.
            let glyphCount = box.lines.reduce(0) { $0 + $1.runs.reduce(0) { $0 + $1.glyphs.count } }
            let layers = SnippetLayers(enabled: snippets.count * glyphCount > SnippetLayers.workThreshold, scale: scale, keys: keys)
            var above = Frame()
            for snippet in snippets { above.append(contentsOf: snippet.frame(of: box, at: origin, layers: layers)) }
            overlays[ids.name] = Overlay(above: above)
        }
    }
}
