import Drawing
import Raster

/// Resolves the images a display list draws before paint: every local-media id list (images and `MediaChoice`s)
/// through the render's media source, every stripped thumbnail through its decoder. What paint then gets is a
/// `DisplayPage` with its `images` filled and nothing left to read.
public enum MediaResolver {
    /// The images `list` draws, from `source` (nil: no local media; thumbnails are still decoded).
    public static func images(for list: Frame, source: (any MediaSource)?) -> MediaImages {
        var images = MediaImages()
        var seen = Set<[String]>()
        walk(list, source: source, into: &images, seen: &seen)
        return images
    }

    /// `page` with its images resolved.
    public static func resolved(_ page: DisplayPage, source: (any MediaSource)?) -> DisplayPage {
        var page = page
        page.images = images(for: page.list, source: source)
        return page
    }

    private static func walk(_ frame: Frame, source: (any MediaSource)?, into images: inout MediaImages, seen: inout Set<[String]>) {
        for item in frame.items {
            switch item {
            case .image(let image):
                switch image.source {
                case .media(let ids): resolve(ids, source: source, into: &images, seen: &seen)
                case .strippedThumbnail(let bytes):
                    if images.thumbnails[bytes] == nil, let rgba = StrippedThumbnail.decode(bytes), let decoded = try? MediaDecoding.decodedImage(rgba) {
                        images.thumbnails[bytes] = decoded
                    }
                }
            case .media(let choice):
                resolve(choice.ids, source: source, into: &images, seen: &seen)
                walk(choice.present, source: source, into: &images, seen: &seen)
                walk(choice.absent, source: source, into: &images, seen: &seen)
            case .group(let group): walk(group.frame, source: source, into: &images, seen: &seen)
            case .layer(let layer): walk(layer.frame, source: source, into: &images, seen: &seen)
            case .fill, .stroke, .paint, .glyphs, .link: break
            }
        }
    }

    private static func resolve(_ ids: [String], source: (any MediaSource)?, into images: inout MediaImages, seen: inout Set<[String]>) {
        guard let source, seen.insert(ids).inserted else { return }
        if let image = source.image(for: ids) { images.media[ids] = image }
    }
}
