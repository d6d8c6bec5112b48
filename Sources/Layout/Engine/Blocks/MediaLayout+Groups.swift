import Document
import Drawing
import FoundationEssentials
import Primitives

/// Audio and file rows, collages and slideshows.
extension MediaLayout {
    static let rowHeight: Double = 44, documentRowHeight: Double = 52

    /// The seed's audio row: full width at x 0, 44 tall, a Ø44 control at x 3, title (middle-truncated)
    /// and "m:ss · performer" from x 55. Static renders show media as downloaded: no download badge (Decisions).
    static func audio(_ id: String, caption: Caption, boundingWidth B: Double, inset H: Double, context: LayoutContext) -> [LayoutItem] {
        let media = self.media(id, context: context)
        let voice = media?.kind == .voiceNote
        let title = media?.title ?? media?.fileName ?? (voice ? "Voice message" : "Audio")
        var subtitle: [String] = []
        if let seconds = media?.durationSeconds, seconds > 0 { subtitle.append(formatDuration(seconds)) }
        if let performer = media?.performer, !performer.isEmpty { subtitle.append(performer) }
        let row = fileRow(icon: .play, title: title, subtitle: subtitle.joined(separator: " · "), height: rowHeight, id: id,
                          boundingWidth: B, context: context)
        return [LayoutItem(frame: Rect(x: 0, y: 0, width: B, height: rowHeight), block: voice ? .voiceNote : .audio, content: .fileRow(row))]
            + captionItems(caption, offset: rowHeight, boundingWidth: B, inset: H, isCover: false, context: context)
    }

    /// A document: the same row family, 52 tall (NEW geometry), with the file's name and "size · TYPE".
    static func document(_ id: String, caption: Caption, boundingWidth B: Double, inset H: Double, context: LayoutContext) -> [LayoutItem] {
        let media = self.media(id, context: context)
        let name = media?.fileName ?? "File"
        var subtitle: [String] = []
        if let size = media?.fileSize, size > 0 { subtitle.append(formatSize(size)) }
        let ext = PathName.pathExtension(name)
        if !ext.isEmpty { subtitle.append(ext.uppercased()) } else if let mime = media?.mimeType { subtitle.append(mime) }
        let row = fileRow(icon: .document, title: name, subtitle: subtitle.joined(separator: " · "), height: documentRowHeight, id: id,
                          boundingWidth: B, context: context)
        return [LayoutItem(frame: Rect(x: 0, y: 0, width: B, height: documentRowHeight), block: .document, content: .fileRow(row))]
            + captionItems(caption, offset: documentRowHeight, boundingWidth: B, inset: H, isCover: false, context: context)
    }

    static func formatSize(_ bytes: Int64) -> String {
        let units = ["B", "KB", "MB", "GB"]
        var value = Double(bytes), unit = 0
        while value >= 1024, unit < units.count - 1 { value /= 1024; unit += 1 }
        return unit == 0 ? "\(bytes) B" : String(cFormat: value < 10 ? "%.1f" : "%.0f", value) + " " + units[unit]
    }

    private static func fileRow(icon: FileRow.Icon, title: String, subtitle: String, height: Double, id: String, boundingWidth B: Double,
                                context: LayoutContext) -> FileRow {
        let colors = context.options.theme.colors(outgoing: context.options.outgoing)
        let control = Rect(x: 3, y: (height - 44) / 2, width: 44, height: 44)
        let textWidth = max(1, B - 55 - 8)
        func line(_ text: String, size: Double, color: RGBA) -> (TextBox, Double)? {
            var attributed = AttributedText()
            attributed.hanRegion = context.options.text.forms
            let font = FontSpec(family: .sans, size: size)
            attributed.append(text, AttributedText.Attributes(font: font, metricsFont: font, color: color))
            guard let result = context.text.layout(attributed, width: textWidth, alignment: .natural, lineSpacingFactor: 1, ellipsize: true)
            else { return nil }
            return (result.box, result.height)
        }
        let titleLine = line(title, size: 17, color: context.colors.fileTitle)
        let subtitleLine = subtitle.isEmpty ? nil : line(subtitle, size: 15, color: context.colors.fileDescription)
        let titleHeight = titleLine?.1 ?? 0, subtitleHeight = subtitleLine?.1 ?? 0
        // titleY = floor((h − (titleH − 1 + subtitleH)) / 2); subtitleY = titleY + titleH − 1 (§7.11).
        let titleY = ((height - (titleHeight - 1 + subtitleHeight)) / 2).rounded(.down)
        // The glyph is white on a coloured control, cut out of a white one (§7.11).
        let white = colors.mediaActiveControl.r == 1 && colors.mediaActiveControl.g == 1 && colors.mediaActiveControl.b == 1
        return FileRow(icon: icon, control: control, controlColor: colors.mediaActiveControl,
                       glyphColor: !context.options.outgoing && !white ? .white : nil,
                       title: titleLine?.0, titleOrigin: Point(x: 55, y: titleY), subtitle: subtitleLine?.0,
                       subtitleOrigin: Point(x: 55, y: titleY + titleHeight - 1), lookupIds: lookupIds(id, context: context))
    }

    /// A collage: the mosaic in (B, B) with 1 pt gaps, flattened into ordinary media items; cells on the
    /// right edge bleed 4 pt (§2.14). An item whose media the document does not hold keeps its slot (aspect 1, as
    /// any item without a size) and draws nothing, with the usual warning; when no item resolves, nothing is drawn,
    /// as for a single photo. A collage of one photo or video is laid out as that single media — its own frame with
    /// the bleed, the collage's caption below — with a warning: the app's mosaic has no layout for one item (README
    /// Decisions, fifth review).
    static func collage(_ blocks: [Block], caption: Caption, boundingWidth B: Double, inset H: Double, isCover: Bool,
                        context: LayoutContext) -> [LayoutItem] {
        let showSpoilers = context.options.text.showSpoilers
        if blocks.count == 1 {
            var single: (items: [LayoutItem], what: String)?
            switch blocks[0] {
            case .photo(let id, _, let spoiler, let url):
                single = (photo(id, caption: caption, spoiler: spoiler && !showSpoilers, url: url, boundingWidth: B, inset: H, isCover: isCover,
                                context: context), "photo")
            case .video(let id, _, let spoiler):
                single = (video(id, caption: caption, spoiler: spoiler && !showSpoilers, boundingWidth: B, inset: H, isCover: isCover,
                                context: context), "video")
            default:
                break
            }
            if let single {
                // An unresolvable item has had its own warning and draws nothing.
                if !single.items.isEmpty {
                    let place = context.warnings.place.map { "at \($0): " } ?? ""
                    context.warnings.note("\(place)a collage of one item is laid out as a single \(single.what) (the app's collage has no layout for one item)")
                }
                return single.items
            }
        }
        let resolved = blocks.map { resolves($0, context: context) }
        if !blocks.isEmpty && !resolved.contains(true) { return [] }
        // Items without a size (unresolvable ones included) reserve a slot of aspect 1 (§2.14 step 2).
        let sizes = zip(blocks, resolved).map { block, resolved -> (w: Double, h: Double) in
            guard resolved else { return (0, 0) }
            switch block {
            case .photo(let id, _, _, _): return dimensions(media(id, context: context)) ?? defaultPhotoSize
            case .video(let id, _, _): return dimensions(media(id, context: context)) ?? defaultVideoSize
            default: return (0, 0)
            }
        }
        let mosaic = MosaicLayout.layout(sizes: sizes, maxSize: (B, B))
        var items: [LayoutItem] = []
        for ((block, resolved), cell) in zip(zip(blocks, resolved), mosaic.cells) where resolved {
            var frame = cell.frame
            if cell.position.contains(.right) { frame.width += bleed }
            let visible = (w: cell.frame.width, h: cell.frame.height)
            switch block {
            case .photo(let id, _, let spoiler, _):
                let view = flushView(.image, id, frame: frame, bleed: frame.width - cell.frame.width, spoiler: spoiler && !showSpoilers,
                                     context: context)
                items.append(LayoutItem(frame: frame, block: .photo, content: .media(view)))
            case .video(let id, _, let spoiler):
                var view = flushView(.video, id, frame: frame, bleed: frame.width - cell.frame.width, spoiler: spoiler && !showSpoilers,
                                     context: context)
                decorateVideo(&view, size: visible, duration: media(id, context: context)?.durationSeconds, context: context)
                items.append(LayoutItem(frame: frame, block: .video, content: .media(view)))
            default:
                break  // other blocks keep their slot but draw nothing (§2.14)
            }
        }
        return items + captionItems(caption, offset: mosaic.size.h, boundingWidth: B, inset: H, isCover: isCover, context: context)
    }

    /// A slideshow: as tall as its tallest page fitted into B × 1200 (OLD); every photo and video is a page
    /// (Decisions). The first page is shown like single media — the file letterboxed on black, else the
    /// placeholder colour (never black) or the stripped thumbnail; a video page with its play badge; spoilers
    /// honoured — with 6 pt page dots 10 pt above the bottom when there is more than one page.
    static func slideshow(_ blocks: [Block], caption: Caption, boundingWidth B: Double, inset H: Double, context: LayoutContext) -> [LayoutItem] {
        let given = blocks
        let blocks = resolvable(blocks, context: context)
        if blocks.isEmpty && !given.isEmpty { return [] }
        var pages: [(kind: MediaView.Kind, id: String, spoiler: Bool)] = []
        var height = 0.0
        for block in blocks {
            let page: (kind: MediaView.Kind, id: String, spoiler: Bool, fallback: (w: Double, h: Double))
            switch block {
            case .photo(let id, _, let spoiler, _): page = (.image, id, spoiler && !context.options.text.showSpoilers, defaultPhotoSize)
            case .video(let id, _, let spoiler): page = (.video, id, spoiler && !context.options.text.showSpoilers, defaultVideoSize)
            default: continue
            }
            var fitted = dimensions(media(page.id, context: context)) ?? page.fallback
            if fitted.w > B { fitted = (B, (fitted.h * B / max(fitted.w, 1)).rounded(.down)) }
            if fitted.h > 1200 { fitted = ((fitted.w * 1200 / max(fitted.h, 1)).rounded(.down), 1200) }
            height = max(height, fitted.h)
            pages.append((page.kind, page.id, page.spoiler))
        }
        guard let first = pages.first else { return captionItems(caption, offset: 0, boundingWidth: B, inset: H, isCover: false, context: context) }
        let dot = 6.0, gap = 6.0
        let dotsWidth = Double(pages.count) * dot + Double(pages.count - 1) * gap
        let dots = (0..<pages.count).map { index in
            Rect(x: (B - dotsWidth) / 2 + Double(index) * (dot + gap), y: height - 10 - dot / 2, width: dot, height: dot)
        }
        let frame = Rect(x: 0, y: 0, width: B, height: height)
        var view = flushView(first.kind, first.id, frame: frame, bleed: 0, spoiler: first.spoiler, context: context)
        view.letterbox = true
        if first.kind == .video { decorateVideo(&view, size: (B, height), duration: media(first.id, context: context)?.durationSeconds, context: context) }
        return [LayoutItem(frame: frame, block: .slideshow, content: .slideshow(Slideshow(page: view, dots: pages.count > 1 ? dots : [], activeDot: 0)))]
            + captionItems(caption, offset: height, boundingWidth: B, inset: H, isCover: false, context: context)
    }
}
