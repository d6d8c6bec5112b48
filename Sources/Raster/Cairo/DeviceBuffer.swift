import CCairo

/// A transparent ARGB32 buffer whose top left pixel is device pixel `origin`, painted by `draw` under `matrix`
/// (the page's user-to-device matrix) moved by that origin: the pixels the page itself would get there. Images and
/// bitmap glyphs are resampled into one once, so strips and whole canvases copy the same pixels. Nil when the
/// buffer cannot be made; the caller owns (and destroys) the surface.
func resampledDeviceBuffer(matrix: cairo_matrix_t, origin: (x: Double, y: Double), size: (width: Int32, height: Int32),
                           draw: (OpaquePointer) -> Void) -> OpaquePointer? {
    guard let buffer = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, size.width, size.height) else { return nil }
    guard cairo_surface_status(buffer) == CAIRO_STATUS_SUCCESS, let local = cairo_create(buffer) else {
        cairo_surface_destroy(buffer)
        return nil
    }
    var shifted = matrix
    shifted.x0 -= origin.x
    shifted.y0 -= origin.y
    cairo_set_matrix(local, &shifted)
    draw(local)
    cairo_destroy(local)
    cairo_surface_flush(buffer)
    return buffer
}
