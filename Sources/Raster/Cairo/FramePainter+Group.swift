import CCairo
import Drawing

/// Groups (transform, clip, opacity, isolation, mask, blur) and shared layers.
extension FramePainter {
    struct LayerBuffer {
        let surface: OpaquePointer
    }

    /// `extents`: the group's frame's, to leave out what lies outside the painter's window. `clips`: outer clips
    /// the group takes along (`takesClipsAlong`), set around those of its items that need them.
    func draw(_ group: Group, cr: OpaquePointer, extents: FrameExtents? = nil, clips outer: [ItemClip] = []) {
        guard group.opacity > 0 else { return }
        tagged(group.tag, cr) { drawUntagged(group, cr: cr, extents: extents, clips: outer) }
    }

    private func drawUntagged(_ group: Group, cr: OpaquePointer, extents: FrameExtents?, clips outer: [ItemClip]) {
        if let blur = group.blur { return drawBlurred(group, blur: blur, cr: cr) }
        cairo_save(cr)
        group.transform.apply(to: cr)
        let offscreen = group.isolated || group.opacity < 1 || group.mask != nil
        // The group's clip joins the ones its items are sorted against, unless the group composites off-screen (its
        // buffer is the clip's size) or there are no extents to sort by.
        var clips = outer
        if offscreen || vector || extents == nil {
            for clip in outer { self.clip(clip.path, cr) }
            clips = []
            if let clip = group.clip { self.clip(clip, cr) }
        } else if let clip = group.clip {
            clips.append(ItemClip(path: clip, interior: extents?.clipInterior))
        }
        let ink = vector && group.isolated ? clipToInk(group.frame, cr) : nil
        // A tagged PDF's isolated group is drawn as an image of its own: Cairo 1.16 writes a knockout (the clear
        // operator) as a fallback image, and a page with one has all its content moved into a form XObject, where PDF
        // readers do not find the structure tree's marked content (poppler reads every element's text as empty).
        let image = writesTags && buffered == 0 ? ink.flatMap { rasterised(group.frame, over: $0, cr) } : nil
        defer { if let image { cairo_surface_destroy(image) } }
        if let image, let ink {
            cairo_set_source_surface(cr, image, ink.x, ink.y)
        } else if offscreen {
            cairo_push_group(cr)
            buffered += 1
            paint(group.frame, cr: cr, extents: extents, clips: clips)
            buffered -= 1
            cairo_pop_group_to_source(cr)
        } else {
            paint(group.frame, cr: cr, extents: extents, clips: clips)
        }
        if offscreen {
            if let mask = group.mask {
                if group.opacity < 1 { cairo_push_group(cr) }
                maskSource(with: mask, cr)
                if group.opacity < 1 {
                    cairo_pop_group_to_source(cr)
                    cairo_paint_with_alpha(cr, group.opacity)
                }
            } else if group.opacity < 1 {
                cairo_paint_with_alpha(cr, group.opacity)
            } else {
                cairo_paint(cr)
            }
        }
        cairo_restore(cr)
    }

    /// Clips to the ink of `frame` as drawn in the current user space. Vector surfaces draw an isolated group
    /// that knocks shapes out (the clear operator: checkbox ticks, media glyphs) as a fallback image over the
    /// group's extent, which without a clip is the whole page (2 full-page images made the SVG of a page with
    /// two checkboxes 12 times slower than its PNG); clipped, the image covers the group's few points.
    /// Returns the clip's rectangle (nil: the frame draws nothing, or no recording could be made).
    @discardableResult
    private func clipToInk(_ frame: Frame, _ cr: OpaquePointer) -> Rect? {
        guard let recording = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, nil) else { return nil }
        defer { cairo_surface_destroy(recording) }
        if let local = cairo_create(recording) {
            buffered += 1
            paint(frame, cr: local)
            buffered -= 1
            cairo_destroy(local)
        }
        var x = 0.0, y = 0.0, width = 0.0, height = 0.0
        cairo_recording_surface_ink_extents(recording, &x, &y, &width, &height)
        guard width > 0, height > 0 else { return nil }
        let box = Rect(x: x.rounded(.down) - 1, y: y.rounded(.down) - 1, width: width.rounded(.up) + 2, height: height.rounded(.up) + 2)
        cairo_rectangle(cr, box.x, box.y, box.width, box.height)
        cairo_clip(cr)
        return box
    }

    /// `frame` painted into a new image surface over `box` (user space), at the page's scale times the user space's
    /// own; nil when no surface can be made (or it would pass 2^26 pixels). The caller destroys it.
    private func rasterised(_ frame: Frame, over box: Rect, _ cr: OpaquePointer) -> OpaquePointer? {
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        let factor = scale * max(1, abs(matrix.xx * matrix.yy - matrix.xy * matrix.yx).squareRoot())
        guard (box.width * factor).rounded(.up) * (box.height * factor).rounded(.up) < Double(1 << 26) else { return nil }
        return imageSurface(frame, over: box, factor: factor)
    }

    /// `frame` painted into a new ARGB surface over `box` (user space) at `factor` device pixels a unit, flushed; nil
    /// when Cairo cannot make it. The caller destroys it.
    private func imageSurface(_ frame: Frame, over box: Rect, factor: Double) -> OpaquePointer? {
        let widthPx = (box.width * factor).rounded(.up), heightPx = (box.height * factor).rounded(.up)
        guard widthPx > 0, heightPx > 0, widthPx < Double(Int32.max), heightPx < Double(Int32.max),
              let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(widthPx), Int32(heightPx)) else { return nil }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            return nil
        }
        cairo_surface_set_device_scale(surface, factor, factor)
        if let local = cairo_create(surface) {
            cairo_translate(local, -box.x, -box.y)
            buffered += 1
            paint(frame, cr: local)
            buffered -= 1
            cairo_destroy(local)
        }
        cairo_surface_flush(surface)
        return surface
    }

    func clip(_ path: Path, _ cr: OpaquePointer) {
        path.add(to: cr)
        if path.fillRule == .evenOdd { cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD) }
        cairo_clip(cr)
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
    }

    /// Paints the current source through the alpha of `mask`.
    private func maskSource(with mask: Paint, _ cr: OpaquePointer) {
        switch mask {
        case .solid(let color): cairo_paint_with_alpha(cr, color.a)
        case .linearGradient(let gradient):
            let pattern = gradient.pattern()
            cairo_mask(cr, pattern)
            cairo_pattern_destroy(pattern)
        case .clear: break
        }
    }

    /// The group's items drawn into a buffer over `blur.bounds` at the canvas scale (clipped there by the
    /// group's clip), blurred, then painted through the group's transform at its opacity.
    private func drawBlurred(_ group: Group, blur: Blur, cr: OpaquePointer) {
        let widthPx = (blur.bounds.width * scale).rounded(.up).saturatingInt32, heightPx = (blur.bounds.height * scale).rounded(.up).saturatingInt32
        guard widthPx > 0, heightPx > 0, let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, widthPx, heightPx) else { return }
        defer { cairo_surface_destroy(surface) }
        // A buffer Cairo could not make (no memory, too large) leaves the group undrawn, not half drawn.
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { return }
        cairo_surface_set_device_scale(surface, scale, scale)
        guard let local = cairo_create(surface) else { return }
        guard cairo_status(local) == CAIRO_STATUS_SUCCESS else {
            cairo_destroy(local)
            return
        }
        cairo_translate(local, -blur.bounds.x, -blur.bounds.y)
        if let clip = group.clip { self.clip(clip, local) }
        buffered += 1
        paint(group.frame, cr: local)
        buffered -= 1
        cairo_destroy(local)
        cairo_surface_flush(surface)
        GaussianBlur.apply(to: surface, sigmaPixels: blur.sigma * scale)
        cairo_surface_mark_dirty(surface)

        cairo_save(cr)
        group.transform.apply(to: cr)
        cairo_set_source_surface(cr, surface, blur.bounds.x, blur.bounds.y)
        cairo_paint_with_alpha(cr, group.opacity)
        cairo_restore(cr)
    }

    /// The layer's buffer, made on first use, painted under the current clip; its items drawn directly when
    /// no buffer can be made.
    func draw(_ layer: Layer, cr: OpaquePointer) {
        if layers[layer.key] == nil { layers[layer.key] = makeBuffer(layer) }
        guard let buffer = layers[layer.key] ?? nil else { return paint(layer.frame, cr: cr) }
        cairo_set_source_surface(cr, buffer.surface, layer.bounds.x, layer.bounds.y)
        cairo_paint(cr)
    }

    private func makeBuffer(_ layer: Layer) -> LayerBuffer? {
        imageSurface(layer.frame, over: layer.bounds, factor: scale).map(LayerBuffer.init)
    }
}
