import Drawing
import Images

/// Resolves the images a display list draws before paint: every local-media id list (images and `MediaChoice`s)
/// through the render's media source, every stripped thumbnail through its decoder, and every sticker cell through
/// the source's sticker files: the frame at `time` (seconds since the stickers started playing; 0, frame 0, for
/// still outputs, custom-emoji-facts §6) rendered at the side the app renders it for the cell on a screen of the
/// canvas's scale (§3.3), filled with the cell's tint when the sticker is adaptive (§3.9). What paint then gets is a
/// `DisplayPage` with its `images` filled and nothing left to read.
public enum MediaResolver {
    /// The images `list` draws on a canvas of `scale`, from `source` (nil: no local media; thumbnails are still decoded).
    public static func images(for list: Frame, source: (any MediaSource)?, scale: Double, time: Double = 0) -> MediaImages {
        var images = MediaImages()
        var uses: [[String]: Set<ImageUse>] = [:]
        if source != nil { collectUses(list, scale: scale, into: &uses) }
        let context = Context(source: source, scale: scale, time: time, uses: uses)
        for item in sources(in: list) { resolve(item, context: context, into: &images) }
        return images
    }

    /// Every device-pixel size each local-media image is drawn at (`scale` times its rect, times the scales of the
    /// groups around it), so the source can decode it no larger than that needs (issue 56).
    static func collectUses(_ frame: Frame, scale: Double, into uses: inout [[String]: Set<ImageUse>]) {
        for item in frame.items {
            switch item {
            case .image(let image):
                if case .media(let ids) = image.source {
                    uses[ids, default: []].insert(ImageUse(width: image.rect.width * scale, height: image.rect.height * scale, fit: image.fit))
                }
            case .media(let choice):
                collectUses(choice.present, scale: scale, into: &uses)
                collectUses(choice.absent, scale: scale, into: &uses)
            case .group(let group):
                var inner = scale
                for case .scale(let x, let y) in group.transform.steps { inner *= max(abs(x), abs(y)) }
                collectUses(group.frame, scale: inner, into: &uses)
            case .layer(let layer): collectUses(layer.frame, scale: scale, into: &uses)
            case .fill, .stroke, .paint, .glyphs, .link: break
            }
        }
    }

    /// `page` with its images resolved (stickers at `time`).
    public static func resolved(_ page: DisplayPage, source: (any MediaSource)?, time: Double = 0) -> DisplayPage {
        var page = page
        page.images = images(for: page.list, source: source, scale: page.canvas.scale, time: time)
        return page
    }

    /// The longest loop among the animated stickers `list` draws, in seconds (0: none is animated).
    public static func stickerLoop(in list: Frame, source: (any MediaSource)?) -> Double {
        guard let source else { return 0 }
        return stickerIds(in: list).reduce(0) { max($0, source.sticker(for: $1)?.sticker.duration ?? 0) }
    }

    /// Every image source `list` draws, each once, in drawing order (a media choice's source, then its present and
    /// absent branches): the one walk the resolver and the id lists read.
    static func sources(in list: Frame) -> [ImageItem.Source] {
        var sources: [ImageItem.Source] = []
        var seen = Set<ImageItem.Source>()
        func note(_ source: ImageItem.Source) { if seen.insert(source).inserted { sources.append(source) } }
        func walk(_ frame: Frame) {
            for item in frame.items {
                switch item {
                case .image(let image): note(image.source)
                case .media(let choice):
                    note(choice.source)
                    walk(choice.present)
                    walk(choice.absent)
                case .group(let group): walk(group.frame)
                case .layer(let layer): walk(layer.frame)
                case .fill, .stroke, .paint, .glyphs, .link: break
                }
            }
        }
        walk(list)
        return sources
    }

    /// The local-media id lists `list` draws (photos, animations' and videos' frames), each once, in order.
    public static func mediaIds(in list: Frame) -> [[String]] {
        sources(in: list).compactMap { if case .media(let ids) = $0 { ids } else { nil } }
    }

    /// The custom emoji ids whose stickers `list` draws, each once, in order (a cell of another size is the same id).
    public static func stickerIds(in list: Frame) -> [String] {
        var seen = Set<String>()
        return sources(in: list).compactMap { source in
            guard case .sticker(let cell) = source, seen.insert(cell.id).inserted else { return nil }
            return cell.id
        }
    }

    private struct Context {
        var source: (any MediaSource)?
        var scale: Double
        var time: Double
        var uses: [[String]: Set<ImageUse>]
    }

    private static func resolve(_ item: ImageItem.Source, context: Context, into images: inout MediaImages) {
        switch item {
        case .strippedThumbnail(let bytes):
            if let rgba = StrippedThumbnail.decode(bytes), let decoded = try? MediaDecoding.decodedImage(rgba) {
                images.thumbnails[bytes] = decoded
            }
        case .media(let ids):
            if let image = context.source?.image(for: ids, uses: context.uses[ids] ?? []) { images.media[ids] = image }
        case .sticker(let cell):
            guard let file = context.source?.sticker(for: cell.id) else { return }
            let side = StickerCell.bitmapSide(cell: cell.size, scale: context.scale)
            let frame = file.sticker.frame(at: context.time)
            if let bitmap = file.sticker.bitmap(frame: frame, side: side, tint: file.flags.isTemplate || cell.adaptive ? cell.tint : nil) {
                images.stickers[cell] = bitmap
            }
        }
    }
}
