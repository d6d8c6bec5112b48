import CCairo
import Drawing
import Images

/// Paints display pages and encodes them as PNG, SVG or PDF. Not thread-safe (its glyph painter caches
/// Cairo fonts): use one per thread.
public final class Renderer {
    public enum Format: String, Sendable, CaseIterable { case png, svg, pdf }

    private let glyphs = GlyphPainter()
    private let strips = StripBufferStore()

    /// Paint opens the font files glyph runs name; it needs nothing from the layout's font set.
    public init() {}

    /// The page painted at its canvas scale, as straight RGBA.
    public func image(_ page: DisplayPage) throws -> RGBAImage {
        try painted(page).image()
    }

    /// The page painted and encoded as PNG: in strips (`StripRenderer`: no full-page surface, strips
    /// compressed on other cores while the next is painted) unless it draws raster images, else on one canvas
    /// converted in place; the same pixels and bytes either way. RGB when the page has an opaque background,
    /// else RGBA (an explicit rule, so goldens are stable). `level` is libdeflate's compression level.
    public func png(_ page: DisplayPage, level: Int32 = PNGCodec.compressionLevel) throws -> [UInt8] {
        try checkPageSize(page)
        guard StripRenderer.canPaintInStrips(page.list) else {
            try checkRasterSize(page)
            return try painted(page.list, canvas: page.canvas, opaque: page.opaque, images: page.images).png(level: level)
        }
        return try StripRenderer(canvas: page.canvas, opaque: page.opaque, glyphs: glyphs, images: page.images, store: strips).png(page.list, level: level)
    }

    /// The same PNG written to `sink` as its strips are encoded, in order: the page's compressed bytes are never
    /// held whole (a 10x-limits page was 74 MB, held three times). A page that cannot be painted in strips is encoded
    /// first, then written.
    public func png(_ page: DisplayPage, level: Int32 = PNGCodec.compressionLevel, to sink: PNGSink) throws {
        try checkPageSize(page)
        guard StripRenderer.canPaintInStrips(page.list) else {
            try checkRasterSize(page)
            let bytes = try painted(page.list, canvas: page.canvas, opaque: page.opaque, images: page.images).png(level: level)
            try bytes.withUnsafeBytes { try sink.write($0) }
            return
        }
        try StripRenderer(canvas: page.canvas, opaque: page.opaque, glyphs: glyphs, images: page.images, store: strips).png(page.list, level: level, to: sink)
    }

    /// A PNG page is painted in strips: at least one pixel a side (a library caller's canvas of none is refused, not
    /// trapped on), at most 32767 pixels wide (one surface's row), `Canvas.maxPageHeight` tall.
    private func checkPageSize(_ page: DisplayPage) throws {
        guard page.canvas.pixelWidth >= 1, page.canvas.pixelHeight >= 1 else {
            throw PageTooLarge(message: "a page of \(page.canvas.pixelWidth)×\(page.canvas.pixelHeight) px has no pixel to write")
        }
        guard !page.truncated, page.canvas.pixelWidth <= Canvas.maxRasterSide, page.canvas.pixelHeight <= Canvas.maxPageHeight else {
            throw PageTooLarge(page: page.canvas, truncated: page.truncated)
        }
    }

    /// Cairo image surfaces are at most 32767 pixels on a side, and one surface at most `Canvas.maxSurfacePixels`.
    private func checkRasterSize(_ page: DisplayPage) throws {
        guard !page.truncated, page.canvas.fitsOneSurface else {
            throw PageTooLarge(raster: page.canvas, truncated: page.truncated)
        }
    }

    /// The page painted onto a canvas of its pixel size, to be encoded or read once.
    public func painted(_ page: DisplayPage) throws -> PaintedPage {
        try checkRasterSize(page)
        return try painted(page.list, canvas: page.canvas, opaque: page.opaque, images: page.images)
    }

    private func painted(_ list: Frame, canvas size: Canvas, opaque: Bool, images: MediaImages) throws -> PaintedPage {
        let canvas = try CairoCanvas(pixelWidth: size.pixelWidth, pixelHeight: size.pixelHeight)
        cairo_scale(canvas.cr, size.scale, size.scale)
        FramePainter(glyphs: glyphs, images: images, scale: size.scale).paintPage(list, cr: canvas.cr)
        try canvas.check()
        return PaintedPage(canvas: canvas, opaque: opaque)
    }

    public func encode(_ page: DisplayPage, as format: Format) throws -> [UInt8] {
        switch format {
        case .png:
            return try png(page)
        case .svg, .pdf:
            let canvas = try CairoCanvas(vector: format == .svg ? .svg : .pdf, width: page.canvas.width, height: page.canvas.height)
            let painter = FramePainter(glyphs: glyphs, images: page.images, scale: page.canvas.scale, vector: true)
            painter.paint(page.list, cr: canvas.cr)
            painter.writeLinks(cr: canvas.cr)
            do {
                return try canvas.finishVector()
            } catch let error as CairoError {
                let size = "\(page.canvas.width.saturatingInt)×\(page.canvas.height.saturatingInt) pt"
                throw PageTooLarge(message: "cannot draw the \(size) page as \(format.rawValue.uppercased()): \(error.message); `ipraster layout` still gives its geometry")
            }
        }
    }

    /// A display-list frame on its own (`ipraster math`): `width` × `height` points painted at `scale`; PNG is RGB
    /// when `opaque`, else RGBA.
    public func encode(_ frame: Frame, width: Double, height: Double, scale: Double, opaque: Bool, as format: Format) throws -> [UInt8] {
        let painter = FramePainter(glyphs: glyphs, images: MediaImages(), scale: scale, vector: format != .png)
        switch format {
        case .png:
            let canvas = try CairoCanvas(pixelWidth: (width * scale - 1e-9).rounded(.up).saturatingInt, pixelHeight: (height * scale - 1e-9).rounded(.up).saturatingInt)
            cairo_scale(canvas.cr, scale, scale)
            painter.paintPage(frame, cr: canvas.cr)
            try canvas.check()
            return try canvas.consumeAsPNG(opaque: opaque, level: PNGCodec.compressionLevel, threads: PNGCodec.defaultThreads)
        case .svg, .pdf:
            let canvas = try CairoCanvas(vector: format == .svg ? .svg : .pdf, width: width, height: height)
            painter.paint(frame, cr: canvas.cr)
            return try canvas.finishVector()
        }
    }

    /// Versions of the C libraries paint uses (shaping's are `FontSet.libraryVersions`).
    public static var paintLibraryVersions: [(String, String)] {
        [("cairo", String(cString: cairo_version_string())), ("freetype", Self.freetypeVersion),
         ("libpng", PNGCodec.libraryVersion), ("libdeflate", PNGCodec.deflateVersion)]
    }

    private static var freetypeVersion: String {
        let version = ipr_cairo_freetype_version()
        return "\(version / 10000).\(version / 100 % 100).\(version % 100)"
    }
}
