import CCairo
import Drawing

/// Raster images: local media files and stripped thumbnails, aspect-filled, aspect-fitted or heavily blurred.
extension FramePainter {
    func draw(_ image: ImageItem, cr: OpaquePointer) {
        switch image.source {
        case .media(let ids):
            guard let surface = media?.surface(for: ids) else { return }
            draw(surface, in: image.rect, fit: image.fit, cr: cr)
        case .strippedThumbnail(let bytes):
            guard let decoded = StrippedThumbnail.decode(bytes), let surface = MediaStore.makeSurface(decoded) else { return }
            draw(surface, in: image.rect, fit: image.fit, cr: cr)
            cairo_surface_destroy(surface)
        }
    }

    private func draw(_ surface: OpaquePointer, in rect: Rect, fit: ImageItem.Fit, cr: OpaquePointer) {
        switch fit {
        case .fill: drawScaled(surface, in: rect, fill: true, cr: cr)
        case .fit: drawScaled(surface, in: rect, fill: false, cr: cr)
        case .heavyBlur: drawHeavyBlur(surface, in: rect, cr: cr)
        }
    }

    /// Draws `surface` scaled into `rect`: aspect-fill (cropped to the rect) or aspect-fit (centred).
    private func drawScaled(_ surface: OpaquePointer, in rect: Rect, fill: Bool, cr: OpaquePointer) {
        let width = Double(cairo_image_surface_get_width(surface)), height = Double(cairo_image_surface_get_height(surface))
        guard width > 0, height > 0, rect.width >= 0.01, rect.height >= 0.01 else { return }
        let scale = fill ? max(rect.width / width, rect.height / height) : min(rect.width / width, rect.height / height)
        cairo_save(cr)
        cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
        cairo_clip(cr)
        cairo_translate(cr, rect.x + (rect.width - width * scale) / 2, rect.y + (rect.height - height * scale) / 2)
        cairo_scale(cr, scale, scale)
        cairo_set_source_surface(cr, surface, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
        cairo_paint(cr)
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
        let context = cairo_create(tiny)!
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
