import CCairo
import Drawing

/// A decoded image resampled to another size through Cairo (its GOOD filter, edges padded): how a sticker's video
/// frame or still is brought to the bitmap size the app renders stickers at before they are stretched over a cell.
public enum ImageScaling {
    /// `image` scaled to `width` × `height` (aspect not kept); nil when a side is not positive or Cairo cannot make
    /// the surfaces.
    public static func scaled(_ image: DecodedImage, width: Int, height: Int) -> DecodedImage? {
        guard width > 0, height > 0, width <= 8192, height <= 8192 else { return nil }
        if image.width == width, image.height == height { return image }
        guard let source = ImageSurface.make(image) else { return nil }
        defer { cairo_surface_destroy(source) }
        guard let target = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else { return nil }
        defer { cairo_surface_destroy(target) }
        guard cairo_surface_status(target) == CAIRO_STATUS_SUCCESS, let cr = cairo_create(target) else { return nil }
        cairo_scale(cr, Double(width) / Double(image.width), Double(height) / Double(image.height))
        cairo_set_source_surface(cr, source, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
        cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD)
        cairo_paint(cr)
        cairo_destroy(cr)
        cairo_surface_flush(target)
        guard let data = cairo_image_surface_get_data(target) else { return nil }
        let stride = Int(cairo_image_surface_get_stride(target))
        var pixels = [UInt32](repeating: 0, count: width * height)
        pixels.withUnsafeMutableBytes { out in
            guard let base = out.baseAddress else { return }
            for y in 0..<height {
                base.advanced(by: y * width * 4).copyMemory(from: UnsafeRawPointer(data).advanced(by: y * stride), byteCount: width * 4)
            }
        }
        return DecodedImage(width: width, height: height, pixels: pixels)
    }
}
