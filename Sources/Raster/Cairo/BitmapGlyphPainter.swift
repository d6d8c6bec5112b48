import CCairo
import Drawing
import FreeTypeFaces

/// Draws glyphs of colour bitmap fonts (Noto Color Emoji: one 109 ppem CBDT strike) from the strike's
/// own pixels, scaled with a fixed filter. Cairo's FreeType backend shares one face state between all
/// sizes of such a font, so its output for one size changed after another size had been drawn in the
/// same process; drawing the strike ourselves keeps every render independent of what came before.
final class BitmapGlyphPainter {
    private struct Face {
        let face: FT_Face
        let ppem: Double
    }

    private struct Image {
        let surface: OpaquePointer?
        let left: Double
        let top: Double
        let width: Double
        let height: Double
        /// The glyph's advance in strike pixels.
        let advance: Double
    }

    private var library: FT_Library?
    private var faces: [String: Face?] = [:]
    private var images: [String: Image] = [:]
    /// Glyphs resampled to device pixels, by glyph, transform and sub-pixel phase (see `draw`).
    private var resampled: [Placement: OpaquePointer] = [:]

    private struct Placement: Hashable {
        var image: String
        /// The transform's linear part and the fractional part of its translation, in device pixels.
        var matrix: [Double]
    }

    init() {
        if FT_Init_FreeType(&library) != 0 { library = nil }
    }

    deinit {
        for surface in resampled.values { cairo_surface_destroy(surface) }
        for image in images.values { if let surface = image.surface { cairo_surface_destroy(surface) } }
        for face in faces.values { if let face { FT_Done_Face(face.face) } }
        if let library { FT_Done_FreeType(library) }
    }

    /// The font's colour strike, or nil when the file is an ordinary outline font.
    private func face(_ key: FontKey) -> Face? {
        let cacheKey = "\(key.file)#\(key.faceIndex)"
        if let known = faces[cacheKey] { return known }
        var result: Face?
        var handle: FT_Face?
        // Whether it is one is read from the process's face of the file (paint opens it for every font it draws):
        // a face of its own is opened only for a colour strike, whose selected size is state of the face's.
        if let library, let shared = SharedFreeTypeFaces.face(file: key.file, index: key.faceIndex), Self.isColourStrike(shared),
           let bytes = FontFileMapping.bytes(of: key.file), let base = bytes.baseAddress,
           FT_New_Memory_Face(library, base.assumingMemoryBound(to: FT_Byte.self), FT_Long(bytes.count), FT_Long(key.faceIndex), &handle) == 0,
           let face = handle {
            if FT_Select_Size(face, 0) == 0 {
                result = Face(face: face, ppem: Double(face.pointee.available_sizes[0].y_ppem) / 64)
            } else {
                FT_Done_Face(face)
            }
        }
        faces[cacheKey] = result
        return result
    }

    func handles(_ key: FontKey) -> Bool { face(key) != nil }

    /// A font of colour bitmaps only (no outlines) with at least one strike.
    private static func isColourStrike(_ face: FT_Face) -> Bool {
        let flags = face.pointee.face_flags
        return flags & FT_Long(FT_FACE_FLAG_COLOR) != 0 && flags & FT_Long(FT_FACE_FLAG_SCALABLE) == 0 && face.pointee.num_fixed_sizes > 0
    }

    private func image(_ glyph: UInt32, _ face: Face, _ key: FontKey) -> Image {
        let cacheKey = "\(key.file)#\(key.faceIndex)#\(glyph)"
        if let known = images[cacheKey] { return known }
        var image = Image(surface: nil, left: 0, top: 0, width: 0, height: 0, advance: 0)
        if FT_Load_Glyph(face.face, glyph, Int32(FT_LOAD_COLOR)) == 0, let slot = face.face.pointee.glyph {
            let bitmap = slot.pointee.bitmap
            let width = Int(bitmap.width), height = Int(bitmap.rows)
            if bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue), width > 0, height > 0,
               let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)),
               let data = cairo_image_surface_get_data(surface) {
                // FreeType's BGRA is premultiplied, byte order B, G, R, A: Cairo's ARGB32 on little-endian machines.
                let stride = Int(cairo_image_surface_get_stride(surface))
                for row in 0..<height {
                    memcpy(data + row * stride, bitmap.buffer + row * Int(bitmap.pitch), width * 4)
                }
                cairo_surface_mark_dirty(surface)
                image = Image(surface: surface, left: Double(slot.pointee.bitmap_left), top: Double(slot.pointee.bitmap_top),
                              width: Double(width), height: Double(height), advance: Double(slot.pointee.advance.x) / 64)
            }
        }
        images[cacheKey] = image
        return image
    }

    /// Draws `run` (glyph positions relative to the origin on the baseline); returns false when the run's
    /// font is not a colour bitmap font. Each glyph is resampled into a buffer at its sub-pixel phase and that is
    /// copied at whole device pixels: Cairo's resampling depends on where the surface drawn on starts (pixman's
    /// fixed-point transform), so a page strip and the whole canvas must not resample on their own.
    func draw(_ run: GlyphRun, originX: Double, baselineY: Double, cr: OpaquePointer) -> Bool {
        guard let face = face(run.font) else { return false }
        for glyph in run.glyphs where !glyph.isMissing {
            let image = image(glyph.id, face, run.font)
            guard let surface = image.surface else { continue }
            let scale = Self.scale(of: glyph, image, face, run.font)
            cairo_save(cr)
            cairo_translate(cr, originX + glyph.x + image.left * scale, baselineY + glyph.y - image.top * scale)
            cairo_scale(cr, scale, scale)
            var matrix = cairo_matrix_t()
            cairo_get_matrix(cr, &matrix)
            // The glyph's device rectangle, whole pixels around it.
            var left = 0.0, top = 0.0, right = image.width, bottom = image.height
            cairo_user_to_device(cr, &left, &top)
            cairo_user_to_device(cr, &right, &bottom)
            let x0 = min(left, right).rounded(.down), y0 = min(top, bottom).rounded(.down)
            let width = Int32((max(left, right) - x0).rounded(.up)), height = Int32((max(top, bottom) - y0).rounded(.up))
            if width > 0, height > 0, width <= 4096, height <= 4096 {
                let key = Placement(image: "\(run.font.file)#\(run.font.faceIndex)#\(glyph.id)",
                                    matrix: [matrix.xx, matrix.yx, matrix.xy, matrix.yy, matrix.x0 - x0, matrix.y0 - y0])
                if resampled[key] == nil, let buffer = resample(surface, image, matrix: matrix, origin: (x0, y0), size: (width, height)) {
                    if resampled.count >= 2048 { clearResampled() }
                    resampled[key] = buffer
                }
                if let buffer = resampled[key] {
                    cairo_identity_matrix(cr)
                    cairo_set_source_surface(cr, buffer, x0, y0)
                    cairo_paint(cr)
                }
            }
            cairo_restore(cr)
        }
        return true
    }

    /// The layout's advance over the strike's advance: the scale Pango shaped this size with.
    private static func scale(of glyph: PositionedGlyph, _ image: Image, _ face: Face, _ font: FontKey) -> Double {
        image.advance > 0 && glyph.advance > 0 ? glyph.advance / image.advance : font.size / face.ppem
    }

    /// The box `draw` paints `run` into (zero-sized when it paints nothing), or nil when the run's font is not a
    /// colour bitmap font.
    func inkBox(_ run: GlyphRun, originX: Double, baselineY: Double) -> Rect? {
        guard let face = face(run.font) else { return nil }
        var union = Rect.zero
        for glyph in run.glyphs where !glyph.isMissing {
            let image = image(glyph.id, face, run.font)
            guard image.surface != nil else { continue }
            let scale = Self.scale(of: glyph, image, face, run.font)
            let rect = Rect(x: originX + glyph.x + image.left * scale, y: baselineY + glyph.y - image.top * scale,
                            width: image.width * scale, height: image.height * scale)
            union = union.width > 0 ? union.union(rect) : rect
        }
        return union
    }

    /// The strike image drawn as the glyph is drawn, into a buffer whose top left pixel is device pixel `origin`.
    private func resample(_ surface: OpaquePointer, _ image: Image, matrix: cairo_matrix_t, origin: (x: Double, y: Double),
                          size: (width: Int32, height: Int32)) -> OpaquePointer? {
        resampledDeviceBuffer(matrix: matrix, origin: origin, size: size) { local in
            cairo_set_source_surface(local, surface, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(local), CAIRO_FILTER_GOOD)
            cairo_rectangle(local, 0, 0, image.width, image.height)
            cairo_fill(local)
        }
    }

    private func clearResampled() {
        for surface in resampled.values { cairo_surface_destroy(surface) }
        resampled.removeAll()
    }
}
