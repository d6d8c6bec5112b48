import CCairo
import Images
import Drawing

/// Raster images: local media files, stripped thumbnails and stickers, aspect-filled, aspect-fitted, heavily blurred
/// or stretched.
///
/// An image is resampled once per page into a buffer of its own device rectangle (`ResampledImage`), and that
/// buffer is copied at whole pixels into whatever is painted — the page, a strip of it, a reveal frame. Cairo's
/// resampling of a source depends on the extents of the clip it draws through, so a photo resampled separately
/// in each 512-row strip came out ±1 different from the same photo on one canvas; copied, every strip has the
/// same pixels, and a page of any height can be painted strip by strip.
extension FramePainter {
    func draw(_ image: ImageItem, cr: OpaquePointer) {
        guard image.rect.width >= 0.01, image.rect.height >= 0.01 else { return }
        // SVG and PDF embed a sticker's bitmap as it is (the app's raster size, custom-emoji-facts §3.3), scaled
        // over its cell by the document's transform, rather than a copy resampled at one pixel a point.
        if vector, image.fit == .stretch {
            if let surface = surface(for: image.source) {
                cairo_save(cr)
                cairo_rectangle(cr, image.rect.x, image.rect.y, image.rect.width, image.rect.height)
                cairo_clip(cr)
                drawStretched(surface, in: image.rect, pad: false, cr: cr)
                cairo_restore(cr)
            }
            return
        }
        // Its device rectangle (axis-aligned transforms only: paint never rotates), whole pixels around it.
        var left = image.rect.minX, top = image.rect.minY, right = image.rect.maxX, bottom = image.rect.maxY
        cairo_user_to_device(cr, &left, &top)
        cairo_user_to_device(cr, &right, &bottom)
        let x0 = min(left, right).rounded(.down), y0 = min(top, bottom).rounded(.down)
        let x1 = max(left, right).rounded(.up), y1 = max(top, bottom).rounded(.up)
        guard x1 - x0 >= 1, y1 - y0 >= 1, x1 - x0 <= 32_767, y1 - y0 <= 32_767 else { return }
        // Nothing of it shows in the current clip (another strip's image): not resampled for this one.
        var clipLeft = 0.0, clipTop = 0.0, clipRight = 0.0, clipBottom = 0.0
        cairo_clip_extents(cr, &clipLeft, &clipTop, &clipRight, &clipBottom)
        cairo_user_to_device(cr, &clipLeft, &clipTop)
        cairo_user_to_device(cr, &clipRight, &clipBottom)
        guard max(clipLeft, clipRight) > x0, min(clipLeft, clipRight) < x1, max(clipTop, clipBottom) > y0, min(clipTop, clipBottom) < y1 else { return }
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        let key = ResampledImage.Key(source: image.source, rect: image.rect, fit: image.fit, matrix: [matrix.xx, matrix.yx, matrix.xy, matrix.yy, matrix.x0, matrix.y0])
        if resampled[key] == nil {
            resampled[key] = resample(image, matrix: matrix, origin: (x0, y0), size: (Int32(x1 - x0), Int32(y1 - y0)))
        }
        guard let buffer = resampled[key] ?? nil else { return }
        cairo_save(cr)
        // The rect's own (antialiased) clip is applied here, once, with the clips around it.
        cairo_rectangle(cr, image.rect.x, image.rect.y, image.rect.width, image.rect.height)
        cairo_clip(cr)
        cairo_identity_matrix(cr)
        cairo_set_source_surface(cr, buffer.surface, x0, y0)
        cairo_paint(cr)
        cairo_restore(cr)
    }

    /// The image drawn as the page would draw it under `matrix`, into a transparent buffer whose top left pixel is
    /// device pixel `origin`; nil when the source cannot be read or the buffer made.
    private func resample(_ image: ImageItem, matrix: cairo_matrix_t, origin: (x: Double, y: Double), size: (width: Int32, height: Int32)) -> ResampledImage? {
        let buffer = resampledDeviceBuffer(matrix: matrix, origin: origin, size: size) { local in
            if let surface = surface(for: image.source) { draw(surface, in: image.rect, fit: image.fit, clip: false, cr: local) }
        }
        return buffer.map { ResampledImage(surface: $0, bottom: origin.y + Double(size.height)) }
    }

    /// The Cairo surface of a decoded image of the page (copied once per painter; nil when the page has no image
    /// for `source` or the surface cannot be made).
    private func surface(for source: ImageItem.Source) -> OpaquePointer? {
        if let made = surfaces[source] { return made }
        var made: OpaquePointer?
        if let image = images.image(for: source) {
            made = ImageSurface.make(image)
        }
        surfaces[source] = made
        return made
    }

    /// Forgets the resampled images that end above device row `row` (a strip painter moving down the page).
    func releaseResampledImages(endingAbove row: Double) {
        for (key, buffer) in resampled {
            guard let buffer, buffer.bottom <= row else { continue }
            cairo_surface_destroy(buffer.surface)
            resampled[key] = nil
        }
    }

    /// `clip`: clip to `rect` (else the caller clips, as `draw(_:cr:)` does when it copies the resampled buffer).
    private func draw(_ surface: OpaquePointer, in rect: Rect, fit: ImageItem.Fit, clip: Bool, cr: OpaquePointer) {
        switch fit {
        case .fill: drawScaled(surface, in: rect, fill: true, clip: clip, cr: cr)
        case .fit: drawScaled(surface, in: rect, fill: false, clip: clip, cr: cr)
        case .heavyBlur: drawHeavyBlur(surface, in: rect, cr: cr)
        case .stretch: drawStretched(surface, in: rect, pad: true, cr: cr)
        }
    }

    /// Draws `surface` scaled into `rect`: aspect-fill (cropped to the rect) or aspect-fit (centred).
    private func drawScaled(_ surface: OpaquePointer, in rect: Rect, fill: Bool, clip: Bool, cr: OpaquePointer) {
        let width = Double(cairo_image_surface_get_width(surface)), height = Double(cairo_image_surface_get_height(surface))
        guard width > 0, height > 0, rect.width >= 0.01, rect.height >= 0.01 else { return }
        let scale = fill ? max(rect.width / width, rect.height / height) : min(rect.width / width, rect.height / height)
        cairo_save(cr)
        if clip {
            cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
            cairo_clip(cr)
        }
        cairo_translate(cr, rect.x + (rect.width - width * scale) / 2, rect.y + (rect.height - height * scale) / 2)
        cairo_scale(cr, scale, scale)
        cairo_set_source_surface(cr, surface, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
        cairo_paint(cr)
        cairo_restore(cr)
    }

    /// Draws `surface` scaled over the whole of `rect` (a sticker's bitmap over its cell, §3.3 of the custom-emoji
    /// facts: the layer's contents fill its frame). `pad`: the edge pixels extend past the bitmap (raster output, so the
    /// cell's edges are not faded by sampling outside it); vector output embeds the bitmap alone.
    private func drawStretched(_ surface: OpaquePointer, in rect: Rect, pad: Bool, cr: OpaquePointer) {
        let width = Double(cairo_image_surface_get_width(surface)), height = Double(cairo_image_surface_get_height(surface))
        guard width > 0, height > 0, rect.width >= 0.01, rect.height >= 0.01 else { return }
        cairo_save(cr)
        cairo_translate(cr, rect.x, rect.y)
        cairo_scale(cr, rect.width / width, rect.height / height)
        cairo_set_source_surface(cr, surface, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
        if pad { cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD) }
        cairo_rectangle(cr, 0, 0, width, height)
        cairo_fill(cr)
        cairo_restore(cr)
    }

    /// The image drawn small and scaled back up (deterministic, no randomness): a spoiler's blur.
    private func drawHeavyBlur(_ surface: OpaquePointer, in frame: Rect, cr: OpaquePointer) {
        // A frame thinner than a hundredth of a point shows nothing (and would make a singular matrix).
        guard frame.width >= 0.01, frame.height >= 0.01 else { return }
        // Heavy: the short side shrinks to about 10 pixels before scaling back up.
        let small = max(1.0, min(frame.width, frame.height) / 10)
        let width = max(1, (frame.width / small).rounded(.up)).saturatingInt32, height = max(1, (frame.height / small).rounded(.up)).saturatingInt32
        guard let tiny = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height) else { return }
        defer { cairo_surface_destroy(tiny) }
        // A surface or context in an error state (no memory) draws nothing rather than something half made.
        guard cairo_surface_status(tiny) == CAIRO_STATUS_SUCCESS, let context = cairo_create(tiny) else { return }
        guard cairo_status(context) == CAIRO_STATUS_SUCCESS else {
            cairo_destroy(context)
            return
        }
        let sourceWidth = Double(cairo_image_surface_get_width(surface)), sourceHeight = Double(cairo_image_surface_get_height(surface))
        let scale = max(Double(width) / sourceWidth, Double(height) / sourceHeight)
        cairo_translate(context, (Double(width) - sourceWidth * scale) / 2, (Double(height) - sourceHeight * scale) / 2)
        cairo_scale(context, scale, scale)
        cairo_set_source_surface(context, surface, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(context), CAIRO_FILTER_GOOD)
        cairo_paint(context)
        cairo_destroy(context)
        cairo_save(cr)
        cairo_translate(cr, frame.minX, frame.minY)
        cairo_scale(cr, frame.width / Double(width), frame.height / Double(height))
        cairo_set_source_surface(cr, tiny, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_BILINEAR)
        cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD)
        cairo_paint(cr)
        cairo_restore(cr)
    }
}
