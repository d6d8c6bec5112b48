import Drawing

/// Lowers a `PageLayout` to the display list: every shape's geometry is decided here, so paint only walks
/// primitives (`architecture.md`). Layers bottom to top: the background, the bubble, the page's items clipped
/// to the bubble, the status row. Groups named in `GroupID` are wrapped by their overlay, if any.
struct FrameBuilder {
    let layout: PageLayout
    let overlays: [GroupName: Overlay]
    /// The list of a tagged PDF: items nest in groups carrying their structure elements (`LayoutItem.structure`).
    let tagged: Bool

    init(_ layout: PageLayout, overlays: [GroupName: Overlay], tagged: Bool = false) {
        self.layout = layout
        self.overlays = overlays
        self.tagged = tagged
    }

    var scale: Double { layout.canvas.scale }

    func page() -> Frame {
        var frame = Frame()
        if let background = layout.background { frame.append(.paint(.solid(background))) }
        var body = Frame()
        if let bubble = layout.bubble {
            body.append(contentsOf: self.bubble(bubble))
            body.appendGroup(items()) { $0.clip = bubbleClip(bubble) }
            body.append(contentsOf: named(GroupID.status, status(layout.status)))
        } else {
            body.append(contentsOf: items())
        }
        frame.appendGroup(body) { $0.transform = .translate(layout.canvas.bubbleOrigin.x, layout.canvas.bubbleOrigin.y) }
        return frame
    }

    /// The page's items.
    private func items() -> Frame {
        let items = items(layout.items)
        return named(GroupID.items, tagged ? Frame([.group(Group(items, tag: StructureTag(.document)))]) : items)
    }

    /// One item as a group carrying its id.
    func item(_ item: LayoutItem) -> Frame {
        named(item.id.group, content(item))
    }

    /// `frame` as a group named `id`, wrapped by the overlay on that name (drawn nowhere at opacity 0).
    func named(_ id: GroupName, _ frame: Frame, _ configure: (inout Group) -> Void = { _ in }) -> Frame {
        var group = Group(frame, id: id)
        configure(&group)
        var result = Frame()
        if let overlay = overlays[id] {
            result.appendGroup(Frame([.group(group)])) { $0 = overlay.wrapping(group) }
        } else {
            result.append(.group(group))
        }
        return result
    }

    /// The items in order; in a tagged list, each inside the groups of its structure elements, one group per element
    /// for the run of consecutive items in it. An element met again after it was closed (its items were not
    /// consecutive) is not reopened: the item goes into its other elements, where the reopened one would have been.
    func items(_ items: [LayoutItem]) -> Frame {
        guard tagged else {
            var frame = Frame()
            for item in items { frame.append(contentsOf: self.item(item)) }
            return frame
        }
        var open: [(node: StructureNode?, frame: Frame)] = [(nil, Frame())]
        var closed = Set<Int>()
        func close() {
            let (node, frame) = open.removeLast()
            if let node { closed.insert(node.id) }
            open[open.count - 1].frame.append(.group(Group(frame, tag: node?.tag)))
        }
        for item in items {
            let chain = item.structure.filter { !closed.contains($0.id) }
            var shared = 0
            while shared < chain.count, shared + 1 < open.count, open[shared + 1].node?.id == chain[chain.startIndex + shared].id { shared += 1 }
            while open.count > shared + 1 { close() }
            for node in chain.dropFirst(shared) { open.append((node, Frame())) }
            open[open.count - 1].frame.append(contentsOf: self.item(item))
        }
        while open.count > 1 { close() }
        return open[0].frame
    }

    private func content(_ item: LayoutItem) -> Frame {
        let origin = Point(x: item.frame.minX, y: item.frame.minY)
        var frame = Frame()
        switch item.content {
        case .text(let box):
            frame = text(box, at: origin, named: GroupID.Text(item: item.id, part: .body))
        case .decoration(let decoration):
            frame = decoration.value.draw(in: item.frame, with: self)
        case .codeBlock(let code):
            frame = code.fill.draw(in: item.frame, with: self)
            frame.append(contentsOf: text(code.text, at: origin.offset(code.textOrigin), named: GroupID.Text(item: item.id, part: .body)))
            if let label = code.languageLabel { frame.append(contentsOf: text(label, at: origin.offset(code.languageOrigin))) }
        case .details(let details):
            frame = self.details(details, in: item.frame, title: GroupID.Text(item: item.id, part: .title))
        case .thinking(let thinking):
            frame = self.thinking(thinking, in: item.frame, id: item.id)
        case .showMore(let box):
            frame = text(box, at: origin)
        case .table(let table):
            frame = self.table(table, in: item.frame, grid: GroupID.tableGrid(item.id))
        case .media(let media):
            frame = self.media(media, in: item.frame)
        case .fileRow(let row):
            frame = fileRow(row, in: item.frame)
        case .slideshow(let slideshow):
            frame = self.slideshow(slideshow, in: item.frame)
        case .formula(let formula):
            if let text = formula.fallback {
                frame = self.text(text, at: origin)
            } else {
                // Clipped to the item like an overflowing table (README Decisions); narrow ones need no clip.
                frame.appendGroup(formula.drawing) {
                    $0.transform = .translate(origin.x, origin.y)
                    if formula.clipped { $0.clip = .rect(Rect(x: 0, y: 0, width: item.frame.width, height: item.frame.height)) }
                }
            }
        }
        return frame
    }
}
