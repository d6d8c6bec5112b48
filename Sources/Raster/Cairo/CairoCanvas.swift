import CCairo
import CPNGWriter
import Drawing
import FoundationEssentials
import Images

/// Owns a Cairo surface and its drawing context; `deinit` releases both.
final class CairoCanvas {
    enum Kind { case image, svg, pdf }

    let surface: OpaquePointer
    private(set) var cr: OpaquePointer
    let kind: Kind
    private let sink: ByteSink?
    /// An image surface's pixels, allocated here so rows have room for in-place PNG conversion.
    private let pixels: UnsafeMutableRawPointer?
    /// Bytes per row of an image surface: one pixel more than Cairo's minimum, so that a row converted to a
    /// PNG RGBA row (a filter byte plus 4 bytes per pixel) fits where it was read from.
    let stride: Int

    /// Collects the bytes a vector surface writes.
    final class ByteSink {
        var bytes: [UInt8] = []
    }

    /// An ARGB32 image surface of `pixelWidth` × `pixelHeight`, cleared to transparent.
    init(pixelWidth: Int, pixelHeight: Int) throws {
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(clamping: pixelWidth))) + 4
        let (bytes, overflow) = stride.multipliedReportingOverflow(by: pixelHeight)
        guard pixelWidth > 0, pixelHeight > 0, stride > 4, !overflow, let pixels = calloc(bytes, 1) else {
            throw CairoError(message: "cannot create a \(pixelWidth)×\(pixelHeight) image surface", outOfMemory: true)
        }
        guard let surface = cairo_image_surface_create_for_data(pixels.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
                                                                Int32(pixelWidth), Int32(pixelHeight), Int32(stride)),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            free(pixels)
            throw CairoError(message: "cannot create a \(pixelWidth)×\(pixelHeight) image surface", outOfMemory: true)
        }
        self.surface = surface
        self.pixels = pixels
        self.stride = stride
        cr = cairo_create(surface)
        kind = .image
        sink = nil
        altText = nil
        try check()
    }

    /// The words an SVG embeds when it is finished (`SVGAltText`); a PDF's are in its metadata from the start.
    private let altText: AltTextMetadata?

    /// An SVG or PDF surface of `width` × `height` points, carrying `altText` (a PDF: its title, subject and
    /// language; an SVG: `role="img"`, `<title>` and `<desc>`).
    init(vector kind: Kind, width: Double, height: Double, altText: AltTextMetadata? = nil) throws {
        let sink = ByteSink()
        let closure: cairo_write_func_t = { context, data, length in
            guard let context, let data else { return CAIRO_STATUS_WRITE_ERROR }
            let sink = Unmanaged<ByteSink>.fromOpaque(context).takeUnretainedValue()
            sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
            return CAIRO_STATUS_SUCCESS
        }
        let context = Unmanaged.passUnretained(sink).toOpaque()
        let created: OpaquePointer?
        switch kind {
        case .svg: created = cairo_svg_surface_create_for_stream(closure, context, width, height)
        default: created = cairo_pdf_surface_create_for_stream(closure, context, width, height)
        }
        guard let surface = created, cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            throw CairoError(message: "cannot create a vector surface")
        }
        if kind == .pdf {
            // Fixed metadata so PDF output is reproducible.
            cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, "2026-01-01T00:00:00Z")
            cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "ipraster")
            if let altText, !altText.text.isEmpty {
                cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, altText.title)
                cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_SUBJECT, altText.text)
            }
        }
        self.altText = altText
        self.surface = surface
        pixels = nil
        stride = 0
        cr = cairo_create(surface)
        self.kind = kind
        self.sink = sink
        try check()
    }

    deinit {
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
        free(pixels)
    }

    /// Clears an image surface to transparent and starts a fresh drawing context (identity transform, no
    /// clip), so one canvas can paint frame after frame.
    func reset() {
        guard let pixels else { return }
        cairo_destroy(cr)
        memset(pixels, 0, stride * Int(cairo_image_surface_get_height(surface)))
        cairo_surface_mark_dirty(surface)
        cr = cairo_create(surface)
    }

    func check() throws {
        let status = cairo_status(cr)
        guard status == CAIRO_STATUS_SUCCESS else { throw CairoError(status: status) }
    }

    /// Finishes a vector surface and returns its bytes; a PDF's with the attributes of the structure `tags` painted
    /// on it, and its language (`TaggedPDF`).
    func finishVector(tags: [StructureTag] = []) throws -> [UInt8] {
        try check()
        cairo_surface_finish(surface)
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else { throw CairoError(status: status) }
        let bytes = sink?.bytes ?? []
        if kind == .pdf { return TaggedPDF.completed(bytes, tags: tags, language: altText?.language) }
        guard kind == .svg else { return bytes }
        let svg = SVGIdentifiers.normalize(bytes)
        return altText.map { SVGAltText.embed(svg, $0) } ?? svg
    }

    /// The image surface as PNG bytes, RGB when `opaque` (alpha dropped), else straight RGBA. The conversion
    /// happens in the surface's own memory: the canvas's pixels are garbage afterwards.
    /// Its bands are compressed on up to `threads` threads (the bytes do not depend on `threads`).
    /// `metadata`: the page's ancillary chunks, after IHDR.
    func consumeAsPNG(opaque: Bool, level: Int32, threads: Int, metadata: PNGMetadata? = nil) throws -> [UInt8] {
        try (metadata ?? PNGMetadata.none).withExtra { extra in
            try consume { pixels, width, height, data, size in
                ipr_png_encode_argb32_in_place(pixels, width, height, Int32(stride), opaque ? 1 : 0, level, Int32(clamping: threads), extra, &data, &size)
            }
        }
    }

    /// Like `consumeAsPNG`, for animation frames of one size: bands of rows whose bytes equal the same band of
    /// an earlier frame in `cache` reuse its compressed bytes (the output does not depend on the cache).
    func consumeAsFramePNG(opaque: Bool, level: Int32, cache: OpaquePointer) throws -> [UInt8] {
        try consume { pixels, width, height, data, size in
            ipr_png_encode_frame_in_place(pixels, width, height, Int32(stride), opaque ? 1 : 0, level, cache, &data, &size)
        }
    }

    /// Runs a CPNGWriter in-place encoder on the surface's pixels (flushed first, marked dirty after).
    private func consume(_ encode: (UnsafeMutablePointer<UInt8>, Int32, Int32, inout UnsafeMutablePointer<UInt8>?, inout Int) -> Int32)
        throws -> [UInt8] {
        cairo_surface_flush(surface)
        guard let pixels else { throw PNGCodec.Error.encodeFailed }
        var data: UnsafeMutablePointer<UInt8>?
        var size = 0
        let status = encode(pixels.assumingMemoryBound(to: UInt8.self), cairo_image_surface_get_width(surface),
                            cairo_image_surface_get_height(surface), &data, &size)
        cairo_surface_mark_dirty(surface)
        return try PNGCodec.bytes(status: status, data: data, size: size)
    }

    /// The image surface as straight RGBA (Cairo stores premultiplied, native-endian BGRA on little-endian).
    func straightRGBA() -> RGBAImage {
        cairo_surface_flush(surface)
        let width = Int(cairo_image_surface_get_width(surface))
        let height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        pixels.withUnsafeMutableBufferPointer { out in
            for y in 0..<height {
                let row = data + y * stride
                for x in 0..<width {
                    let value = UnsafeRawPointer(row + x * 4).loadUnaligned(as: UInt32.self)
                    let a = Int(value >> 24), r = Int((value >> 16) & 0xFF), g = Int((value >> 8) & 0xFF), b = Int(value & 0xFF)
                    let o = (y * width + x) * 4
                    if a == 0 { continue }
                    if a == 255 {
                        out[o] = UInt8(r); out[o + 1] = UInt8(g); out[o + 2] = UInt8(b)
                    } else {
                        // Unpremultiply with rounding, as Cairo's own PNG writer does.
                        out[o] = UInt8(min(255, (r * 255 + a / 2) / a))
                        out[o + 1] = UInt8(min(255, (g * 255 + a / 2) / a))
                        out[o + 2] = UInt8(min(255, (b * 255 + a / 2) / a))
                    }
                    out[o + 3] = UInt8(a)
                }
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }
}
