import CCairo
import Drawing
import Images
import Primitives

/// Paints display pages and encodes them as PNG, WebP, SVG or PDF (tagged, when its display list carries structure
/// tags: `Group.tag`, `TaggedPDF`). Not thread-safe (its glyph painter caches Cairo fonts): use one per thread.
public final class Renderer {
    public enum Format: String, Sendable, CaseIterable {
        case png, webp, svg, pdf

        /// Pixels rather than vectors: laid out no taller than a raster page, sized in pixels.
        public var isRaster: Bool { self == .png || self == .webp }
    }

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
            return try painted(page).png(level: level)
        }
        return try StripRenderer(page, glyphs: glyphs, store: strips).png(page.list, level: level)
    }

    /// The same PNG written to `sink` as its strips are encoded, in order: the page's compressed bytes are never
    /// held whole (a 10x-limits page was 74 MB, held three times). A page that cannot be painted in strips is encoded
    /// first, then written.
    public func png(_ page: DisplayPage, level: Int32 = PNGCodec.compressionLevel, to sink: PNGSink) throws {
        try checkPageSize(page)
        guard StripRenderer.canPaintInStrips(page.list) else {
            try checkRasterSize(page)
            let bytes = try painted(page).png(level: level)
            try bytes.withUnsafeBytes { try sink.write($0) }
            return
        }
        try StripRenderer(page, glyphs: glyphs, store: strips).png(page.list, level: level, to: sink)
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

    /// WebP's sides are at most 16,383 pixels (`WebPCodec.maxSide`); PNG's are not, so the hint names it.
    private func checkWebPSize(_ width: Int, _ height: Int, scale: Double, truncated: Bool) throws {
        let side = WebPCodec.maxSide
        guard truncated || width > side || height > side else { return }
        let fitting = (scale * Double(side) / Double(max(width, height)) * 100).rounded(.down) / 100
        let remedy = !truncated && fitting >= 1 ? "--scale \(String(cFormat: "%.2f", fitting)) or less fits, or write a PNG" : "write a PNG"
        throw PageTooLarge(message: "the page is \(truncated ? "taller than a raster page" : "\(width)×\(height) px"), more than WebP's \(side) px a side: "
            + "\(remedy), which has no such limit (or SVG, PDF)")
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
        let canvas = try CairoCanvas(pixelWidth: page.canvas.pixelWidth, pixelHeight: page.canvas.pixelHeight)
        cairo_scale(canvas.cr, page.canvas.scale, page.canvas.scale)
        FramePainter(glyphs: glyphs, images: page.images, scale: page.canvas.scale).paintPage(page.list, cr: canvas.cr)
        try canvas.check()
        return PaintedPage(canvas: canvas, opaque: page.opaque, metadata: PNGMetadata(scale: page.canvas.scale, altText: page.altText))
    }

    /// `webpQuality`: nil writes a WebP lossless (the PNG's pixels exactly), else lossy at 0-100; other formats ignore it.
    public func encode(_ page: DisplayPage, as format: Format, webpQuality: Double? = nil) throws -> [UInt8] {
        switch format {
        case .png:
            return try png(page)
        case .webp:
            try checkWebPSize(page.canvas.pixelWidth, page.canvas.pixelHeight, scale: page.canvas.scale, truncated: page.truncated)
            return try WebPCodec.encode(try painted(page).image(), quality: webpQuality, xmp: Self.xmp(page.altText))
        case .svg, .pdf:
            let canvas = try CairoCanvas(vector: format == .svg ? .svg : .pdf, width: page.canvas.width, height: page.canvas.height, altText: page.altText)
            let painter = FramePainter(glyphs: glyphs, images: page.images, scale: page.canvas.scale, vector: true, writesTags: format == .pdf)
            painter.paint(page.list, cr: canvas.cr)
            painter.writeLinks(cr: canvas.cr)
            do {
                return try canvas.finishVector(tags: painter.tags)
            } catch let error as CairoError {
                let size = "\(page.canvas.width.saturatingInt)×\(page.canvas.height.saturatingInt) pt"
                throw PageTooLarge(message: "cannot draw the \(size) page as \(format.rawValue.uppercased()): \(error.message); `ipraster layout` still gives its geometry")
            }
        }
    }

    /// A display-list frame on its own (`ipraster math`): `width` × `height` points painted at `scale`; PNG is RGB
    /// when `opaque`, else RGBA. `altText` is embedded as a page's is.
    public func encode(_ frame: Frame, width: Double, height: Double, scale: Double, opaque: Bool, altText: AltTextMetadata? = nil,
                       as format: Format) throws -> [UInt8] {
        let painter = FramePainter(glyphs: glyphs, images: MediaImages(), scale: scale, vector: !format.isRaster, writesTags: format == .pdf)
        switch format {
        case .webp:
            let pixelWidth = (width * scale - 1e-9).rounded(.up).saturatingInt, pixelHeight = (height * scale - 1e-9).rounded(.up).saturatingInt
            try checkWebPSize(pixelWidth, pixelHeight, scale: scale, truncated: false)
            let canvas = try CairoCanvas(pixelWidth: pixelWidth, pixelHeight: pixelHeight)
            cairo_scale(canvas.cr, scale, scale)
            painter.paintPage(frame, cr: canvas.cr)
            try canvas.check()
            return try WebPCodec.encode(canvas.straightRGBA(), xmp: Self.xmp(altText))
        case .png:
            let canvas = try CairoCanvas(pixelWidth: (width * scale - 1e-9).rounded(.up).saturatingInt, pixelHeight: (height * scale - 1e-9).rounded(.up).saturatingInt)
            cairo_scale(canvas.cr, scale, scale)
            painter.paintPage(frame, cr: canvas.cr)
            try canvas.check()
            return try canvas.consumeAsPNG(opaque: opaque, level: PNGCodec.compressionLevel, threads: PNGCodec.defaultThreads,
                                           metadata: PNGMetadata(scale: scale, altText: altText))
        case .svg, .pdf:
            let canvas = try CairoCanvas(vector: format == .svg ? .svg : .pdf, width: width, height: height, altText: altText)
            painter.paint(frame, cr: canvas.cr)
            return try canvas.finishVector(tags: painter.tags)
        }
    }

    /// The XMP packet a WebP carries for `altText` (nil: none, or no words).
    private static func xmp(_ altText: AltTextMetadata?) -> [UInt8]? {
        altText.flatMap { $0.text.isEmpty ? nil : XMPPacket.altText($0) }
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
