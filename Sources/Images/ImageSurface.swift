import CCairo
import Drawing

/// A decoded image as a Cairo image surface: what paint draws images from and what `ImageScaling` resamples. The
/// caller owns the surface (`cairo_surface_destroy`).
public enum ImageSurface {
    /// `image` copied into a new ARGB32 image surface; nil (nothing made) when Cairo refuses the size or memory.
    public static func make(_ image: DecodedImage) -> OpaquePointer? {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(clamping: image.width), Int32(clamping: image.height)) else { return nil }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(surface) else {
            cairo_surface_destroy(surface)
            return nil
        }
        let stride = Int(cairo_image_surface_get_stride(surface))
        let width = image.width, rowBytes = image.width * 4
        image.pixels.withUnsafeBytes { pixels in
            guard let base = pixels.baseAddress else { return }
            for y in 0..<image.height {
                let target = UnsafeMutableRawPointer(data).advanced(by: y * stride)
                target.copyMemory(from: base.advanced(by: y * width * 4), byteCount: rowBytes)
            }
        }
        cairo_surface_mark_dirty(surface)
        return surface
    }
}
