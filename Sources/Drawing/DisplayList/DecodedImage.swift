/// A decoded raster image as paint draws it: premultiplied ARGB32 pixels in native byte order (Cairo's
/// `CAIRO_FORMAT_ARGB32`), row by row with no padding. Media sources decode files into these before paint
/// (`MediaSources`); paint only copies them onto surfaces.
public struct DecodedImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// `width × height` pixels, `a << 24 | r << 16 | g << 8 | b` with r, g, b premultiplied by a.
    public let pixels: [UInt32]

    /// nil when `pixels` does not hold `width × height` values or a side is not positive.
    public init?(width: Int, height: Int, pixels: [UInt32]) {
        guard width > 0, height > 0, width.multipliedReportingOverflow(by: height).partialValue == pixels.count,
              !width.multipliedReportingOverflow(by: height).overflow else { return nil }
        self.width = width
        self.height = height
        self.pixels = pixels
    }
}

/// The decoded images a display page draws, resolved before paint: each local-media id list (`ImageItem.Source
/// .media`, `MediaChoice.source`) whose first available file decoded, each stripped thumbnail, and each sticker
/// cell's bitmap (at one moment of its animation: frame 0 for still outputs). A source that is missing here is not
/// available: paint draws a `MediaChoice`'s `absent` branch and leaves the image out.
public struct MediaImages: Sendable, Equatable {
    public var media: [[String]: DecodedImage] = [:]
    public var thumbnails: [[UInt8]: DecodedImage] = [:]
    public var stickers: [StickerCell: DecodedImage] = [:]

    public init() {}

    public var isEmpty: Bool { media.isEmpty && thumbnails.isEmpty && stickers.isEmpty }

    public func image(for source: ImageItem.Source) -> DecodedImage? {
        switch source {
        case .media(let ids): return media[ids]
        case .strippedThumbnail(let bytes): return thumbnails[bytes]
        case .sticker(let cell): return stickers[cell]
        }
    }
}
