/// A raster image drawn into a rectangle.
public struct ImageItem: Sendable, Equatable {
    public enum Source: Sendable, Hashable {
        /// The first local media file (`--media`) found under one of these ids.
        case media([String])
        /// A Telegram "stripped thumbnail": a tiny JPEG without its standard header.
        case strippedThumbnail([UInt8])
        /// A custom emoji's sticker file, fitted as the app fits it (`StickerCell`).
        case sticker(StickerCell)
    }

    public enum Fit: Sendable, Hashable {
        /// Aspect-fill, cropped to the rect.
        case fill
        /// Aspect-fit, centred.
        case fit
        /// Aspect-fill, shrunk until its short side is about ten pixels and scaled back up: a heavy blur.
        case heavyBlur
        /// Stretched over the rect, whatever its aspect (a sticker's square bitmap over its square cell).
        case stretch
    }

    public var source: Source
    public var rect: Rect
    public var fit: Fit

    public init(source: Source, rect: Rect, fit: Fit) {
        self.source = source
        self.rect = rect
        self.fit = fit
    }
}
