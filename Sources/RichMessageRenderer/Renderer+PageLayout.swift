import Images
import Layout
import MediaSources
import Raster

/// Paint for laid-out pages: the page's display list (with `overlays` for one animation frame) handed to the
/// painter, which knows nothing of layout, with the decoded images `media` resolves (nil: no local media).
extension Renderer {
    /// `time`: the moment of the stickers' animation (seconds; 0 shows frame 0).
    public func image(_ layout: PageLayout, overlays: [GroupName: Overlay] = [:], media: (any MediaSource)? = nil, time: Double = 0) throws -> RGBAImage {
        try image(MediaResolver.resolved(layout.displayPage(overlays: overlays), source: media, time: time))
    }

    public func png(_ layout: PageLayout, overlays: [GroupName: Overlay] = [:], media: (any MediaSource)? = nil,
                    level: Int32 = PNGCodec.compressionLevel) throws -> [UInt8] {
        try png(MediaResolver.resolved(layout.displayPage(overlays: overlays), source: media), level: level)
    }

    public func painted(_ layout: PageLayout, overlays: [GroupName: Overlay] = [:], media: (any MediaSource)? = nil) throws -> PaintedPage {
        try painted(MediaResolver.resolved(layout.displayPage(overlays: overlays), source: media))
    }

    public func encode(_ layout: PageLayout, as format: Format, media: (any MediaSource)? = nil) throws -> [UInt8] {
        try encode(MediaResolver.resolved(layout.displayPage(tagged: format == .pdf), source: media), as: format)
    }

    /// Versions of the C libraries that shape and paint the pixels (what the golden harness's environment names).
    public static var libraryVersions: [(String, String)] {
        let shaping = FontSet.libraryVersions, paint = paintLibraryVersions
        return shaping.filter { $0.0 != "fontconfig" } + paint.filter { $0.0 == "cairo" || $0.0 == "freetype" }
            + shaping.filter { $0.0 == "fontconfig" } + paint.filter { $0.0 != "cairo" && $0.0 != "freetype" }
    }
}

extension PageTooLarge {
    /// A raster output (PNG, reveal frames) of `layout` taller or wider than an image can be.
    public init(raster layout: PageLayout) {
        self.init(raster: layout.canvas, truncated: layout.exceedsHeightLimit)
    }

    /// A PNG page of `layout` wider than a surface or taller than a PNG page can be.
    public init(page layout: PageLayout) {
        self.init(page: layout.canvas, truncated: layout.exceedsHeightLimit)
    }
}
