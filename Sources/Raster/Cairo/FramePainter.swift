import CCairo
import FoundationEssentials
import Drawing
import Primitives

/// Paints a display list (`Frame`) onto a Cairo context whose user space is points. Paint never measures
/// and knows nothing about blocks: it walks fills, strokes, glyph runs, images and groups.
final class FramePainter {
    let glyphs: GlyphPainter
    /// The decoded images of the page (resolved before paint: paint reads and decodes nothing).
    let images: MediaImages
    /// Cairo surfaces made from `images` as they are first drawn, by source.
    var surfaces: [ImageItem.Source: OpaquePointer?] = [:]
    /// Device pixels per point: the size of off-screen buffers (blur, layers) and of an outline's spread.
    let scale: Double
    /// Painting onto an SVG or PDF surface: isolated groups are clipped to their ink (see `draw(_ group:)`).
    let vector: Bool
    /// Rasterised `Layer`s of this paint, by key (nil: the buffer could not be made).
    var layers: [Int: LayerBuffer?] = [:]
    /// Images resampled to their device rectangles (`FramePainter+Image`), by image and transform.
    var resampled: [ResampledImage.Key: ResampledImage?] = [:]
    /// Link areas in device space (`writeLinks`).
    private var links: [LinkArea] = []
    /// Painting onto a PDF surface: groups' structure tags (`Group.tag`) become Cairo's structure tags.
    let writesTags: Bool
    /// The structure tags begun, in order: the PDF's structure elements in preorder (`TaggedPDF`).
    private(set) var tags: [StructureTag] = []
    /// How many buffers (off-screen groups, recordings, blur and layer surfaces) the painter is drawing into now: tags
    /// are written only onto the page itself.
    var buffered = 0

    init(glyphs: GlyphPainter, images: MediaImages, scale: Double, vector: Bool = false, writesTags: Bool = false) {
        self.glyphs = glyphs
        self.images = images
        self.scale = scale
        self.vector = vector
        self.writesTags = writesTags
    }

    /// Runs `draw` between the begin and end of `tag`'s structure element when it is written (a PDF page, not a buffer).
    func tagged(_ tag: StructureTag?, _ cr: OpaquePointer, _ draw: () -> Void) {
        guard let tag, writesTags, buffered == 0 else { return draw() }
        tags.append(tag)
        cairo_tag_begin(cr, tag.role.rawValue, nil)
        draw()
        // The links' elements go in the document's, after its content: the structure tree has one root.
        if tag.role == .document { writeLinks(cr: cr) }
        cairo_tag_end(cr, tag.role.rawValue)
    }

    deinit {
        for buffer in layers.values { if let buffer { cairo_surface_destroy(buffer.surface) } }
        for buffer in resampled.values { if let buffer { cairo_surface_destroy(buffer.surface) } }
        for surface in surfaces.values { if let surface { cairo_surface_destroy(surface) } }
    }

    /// The rows being painted, in page points, when the page is painted strip by strip: items whose extents
    /// (`FrameExtents`) lie outside them are left out.
    var window: (top: Double, bottom: Double)?

    /// Paints a whole display list onto a raster surface whose user space is the page's points: its extents worked
    /// out first, so that plain clips are set only around the items that need them (`ItemClip`) and, when
    /// `window` is set, only items reaching it are painted. Strips, whole canvases and reveal frames all paint
    /// through here, so they give the same pixels.
    func paintPage(_ frame: Frame, cr: OpaquePointer) {
        paint(frame, cr: cr, extents: FrameExtents(frame, glyphs: glyphs))
    }

    /// A clip a plain group set (`Group.takesClipsAlong`), with where it covers every pixel fully (nil: unknown). The
    /// painter sets the clips around only the items that need them: a glyph run inside every clip's `interior` is
    /// drawn without them, which spares Cairo a clip mask per run (about half a chat page's glyph paint) and gives
    /// the same pixels except where two glyphs' antialiased edges overlap (through a clip Cairo adds the glyphs into
    /// one mask; without, it composites them one over another: over the golden cases, 6 channel values of 3 pages,
    /// by at most 5 levels). Every other item keeps its clips, since Cairo rasterises a fill through a clip
    /// differently (sampled rather than exact coverage, up to 17 levels apart on 1-point spoiler dust).
    struct ItemClip {
        let path: Path
        let interior: ConvexPolygon?
    }

    /// Paints `frame`'s items; with its `extents` (worked out in the page's space) only those reaching `window`, and
    /// with `clips` (outermost first) set around the items that need them. A plain group takes the clips along, so
    /// that its own items are sorted in turn.
    func paint(_ frame: Frame, cr: OpaquePointer, extents: FrameExtents? = nil, clips: [ItemClip] = []) {
        guard let extents, extents.items.count == frame.items.count else {
            for clip in clips { self.clip(clip.path, cr) }
            for item in frame.items { draw(item, cr: cr) }
            return
        }
        // Whether the clips are set now (all of them, inside one cairo_save).
        var clipped = false
        func setClips(_ needed: Bool) {
            guard needed != clipped, !clips.isEmpty else { return }
            if needed {
                cairo_save(cr)
                for clip in clips { self.clip(clip.path, cr) }
            } else {
                cairo_restore(cr)
            }
            clipped = needed
        }
        for (item, extent) in zip(frame.items, extents.items) {
            if let window, let box = extent.box, !(box.width > 0 && box.height > 0 && box.maxY > window.top && box.minY < window.bottom) { continue }
            if !clips.isEmpty, case .group(let group) = item, group.takesClipsAlong, let inner = extent.frames.first {
                setClips(false)
                draw(group, cr: cr, extents: inner, clips: clips)
                continue
            }
            // All or none: a run drawn through some of its clips differs from one drawn through all of them where
            // a clip edge crosses it (Cairo merges several clips into a mask, one it folds into the composite).
            let inside = item.isGlyphs && extent.box.map { box in clips.allSatisfy { $0.interior?.contains(box) ?? false } } ?? false
            setClips(!inside)
            draw(item, cr: cr, extents: extent.frames)
        }
        setClips(false)
    }

    /// `extents`: those of the frames the item holds (see `FrameExtents.Item`), or none.
    private func draw(_ item: FrameItem, cr: OpaquePointer, extents: [FrameExtents] = []) {
        switch item {
        case .fill(let path, let paint):
            path.add(to: cr)
            withPaint(paint, cr) {
                if path.fillRule == .evenOdd { cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD) }
                cairo_fill(cr)
                cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
            }
        case .stroke(let path, let paint, let stroke):
            path.add(to: cr)
            cairo_set_line_width(cr, stroke.width)
            cairo_set_line_cap(cr, stroke.cap == .round ? CAIRO_LINE_CAP_ROUND : CAIRO_LINE_CAP_BUTT)
            cairo_set_line_join(cr, stroke.join == .round ? CAIRO_LINE_JOIN_ROUND : CAIRO_LINE_JOIN_MITER)
            withPaint(paint, cr) { cairo_stroke(cr) }
        case .paint(let paint):
            withPaint(paint, cr) { cairo_paint(cr) }
        case .glyphs(let run, let origin):
            glyphs.draw(run, originX: origin.x, baselineY: origin.y, cr: cr)
        case .image(let image):
            draw(image, cr: cr)
        case .media(let choice):
            let present = images.image(for: choice.source) != nil
            paint(present ? choice.present : choice.absent, cr: cr, extents: extents.count == 2 ? extents[present ? 0 : 1] : nil)
        case .group(let group):
            draw(group, cr: cr, extents: extents.first)
        case .layer(let layer):
            draw(layer, cr: cr)
        case .link(let area):
            guard vector else { return }
            // In device space, so the areas can be written at the top level, outside any group (`writeLinks`).
            links.append(LinkArea(uri: area.uri, rects: area.rects.map { rect in
                var x0 = rect.minX, y0 = rect.minY, x1 = rect.maxX, y1 = rect.maxY
                cairo_user_to_device(cr, &x0, &y0)
                cairo_user_to_device(cr, &x1, &y1)
                return Rect(x: min(x0, x1), y: min(y0, y1), width: abs(x1 - x0), height: abs(y1 - y0))
            }))
        }
    }

    /// The link areas met while painting, as link annotations (Cairo's link tags; PDF keeps them, SVG ignores
    /// them), those with a safe target only (`LinkArea.isSafeTarget`). Called after the page is painted, or in a
    /// tagged PDF before its document element ends; the links written are forgotten.
    func writeLinks(cr: OpaquePointer) {
        guard !links.isEmpty else { return }
        defer { links = [] }
        cairo_save(cr)
        cairo_identity_matrix(cr)
        for link in links where !link.rects.isEmpty && link.isSafeTarget {
            let rects = link.rects.map { String(cFormat: "%.3f %.3f %.3f %.3f", $0.x, $0.y, $0.width, $0.height) }.joined(separator: " ")
            let uri = link.uri.replacingEvery("\\", with: "\\\\").replacingEvery("'", with: "\\'")
            if writesTags && buffered == 0 { tags.append(StructureTag(.link)) }
            cairo_tag_begin(cr, CAIRO_TAG_LINK, "rect=[\(rects)] uri='\(uri)'")
            cairo_tag_end(cr, CAIRO_TAG_LINK)
        }
        cairo_restore(cr)
    }

    /// Runs `draw` with `paint` as the source (and the clear operator for `.clear`), then restores the operator.
    func withPaint(_ paint: Paint, _ cr: OpaquePointer, _ draw: () -> Void) {
        switch paint {
        case .solid(let color):
            cairo_set_source_rgba(cr, color.r, color.g, color.b, color.a)
            draw()
        case .linearGradient(let gradient):
            let pattern = gradient.pattern()
            cairo_set_source(cr, pattern)
            draw()
            cairo_pattern_destroy(pattern)
        case .clear:
            cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
            draw()
            cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        }
    }
}

extension FrameItem {
    var isGlyphs: Bool {
        if case .glyphs = self { return true }
        return false
    }
}

extension LinearGradient {
    /// A new Cairo pattern (the caller destroys it), padded beyond both ends.
    func pattern() -> OpaquePointer {
        let pattern = cairo_pattern_create_linear(start.x, start.y, end.x, end.y)!
        for stop in stops { cairo_pattern_add_color_stop_rgba(pattern, stop.offset, stop.color.r, stop.color.g, stop.color.b, stop.color.a) }
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        return pattern
    }
}

extension Path {
    /// Replaces the context's current path with this one.
    func add(to cr: OpaquePointer) {
        cairo_new_path(cr)
        for element in elements {
            switch element {
            case .move(let point): cairo_move_to(cr, point.x, point.y)
            case .line(let point): cairo_line_to(cr, point.x, point.y)
            case .curve(let c1, let c2, let end): cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, end.x, end.y)
            case .arc(let center, let radius, let start, let end): cairo_arc(cr, center.x, center.y, radius, start, end)
            case .ellipse(let center, let radiusX, let radiusY):
                cairo_new_sub_path(cr)
                cairo_save(cr)
                cairo_translate(cr, center.x, center.y)
                cairo_scale(cr, radiusX, radiusY)
                cairo_arc(cr, 0, 0, 1, 0, 2 * Double.pi)
                cairo_restore(cr)
            case .ellipticalArc(let center, let radiusX, let radiusY, let start, let end, let decreasing):
                cairo_save(cr)
                cairo_translate(cr, center.x, center.y)
                cairo_scale(cr, radiusX, radiusY)
                if decreasing { cairo_arc_negative(cr, 0, 0, 1, start, end) } else { cairo_arc(cr, 0, 0, 1, start, end) }
                cairo_restore(cr)
            case .rect(let rect): cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
            case .newSubPath: cairo_new_sub_path(cr)
            case .close: cairo_close_path(cr)
            }
        }
    }
}

extension Transform {
    func apply(to cr: OpaquePointer) {
        for step in steps {
            switch step {
            case .translate(let x, let y): cairo_translate(cr, x, y)
            case .scale(let x, let y): cairo_scale(cr, x, y)
            case .rotate(let angle): cairo_rotate(cr, angle)
            }
        }
    }

    /// The steps applied to `matrix` as the calls above apply them to a context's (page extents, `FrameExtents`).
    func apply(to matrix: inout cairo_matrix_t) {
        for step in steps {
            switch step {
            case .translate(let x, let y): cairo_matrix_translate(&matrix, x, y)
            case .scale(let x, let y): cairo_matrix_scale(&matrix, x, y)
            case .rotate(let angle): cairo_matrix_rotate(&matrix, angle)
            }
        }
    }
}

extension cairo_matrix_t {
    static var identity: cairo_matrix_t {
        var matrix = cairo_matrix_t()
        cairo_matrix_init_identity(&matrix)
        return matrix
    }

    /// This matrix with `transform`'s steps applied after it.
    func then(_ transform: Transform) -> cairo_matrix_t {
        var result = self
        transform.apply(to: &result)
        return result
    }

    func apply(_ point: Point) -> Point {
        var matrix = self, x = point.x, y = point.y
        cairo_matrix_transform_point(&matrix, &x, &y)
        return Point(x: x, y: y)
    }

    /// The axis-aligned box around `rect`'s mapped corners.
    func bounds(of rect: Rect) -> Rect {
        let corners = [Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.minY), Point(x: rect.minX, y: rect.maxY),
                       Point(x: rect.maxX, y: rect.maxY)].map(apply)
        let left = corners.map(\.x).min()!, top = corners.map(\.y).min()!
        return Rect(x: left, y: top, width: corners.map(\.x).max()! - left, height: corners.map(\.y).max()! - top)
    }
}
