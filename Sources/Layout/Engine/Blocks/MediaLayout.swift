import Document
import Drawing
import FoundationEssentials
import Primitives

/// Block media (`v2-layout-facts.md` §2.10–2.14, §2.18, §4 with the OLD values; seed "block media —
/// flush, un-rounded"): flush at x 0, never upscaled, 4 pt trailing bleed when filling the width,
/// captions inset below the un-bled height.
enum MediaLayout {
    static let bleed: Double = 4
    /// OLD caption pad (14) and credit-after-caption pad (10); the cover's extra pad (14).
    static let captionPad: Double = 14, creditPad: Double = 10, coverPad: Double = 14
    /// When the input gives no dimensions (send-shape photos and videos): ipraster's documented defaults (README
    /// Decisions, fourth review: 1280×960 and 1280×720).
    static let defaultPhotoSize = (w: 1280.0, h: 960.0), defaultVideoSize = (w: 1280.0, h: 720.0)
    static let mapFallback = (w: 600.0, h: 300.0)

    /// `instantPageV2MediaFrame` on the flush path: scale = min(B / w, 1), floored; a zero size keeps
    /// width B and height h (§4.1).
    static func frame(natural: (w: Double, h: Double), boundingWidth B: Double) -> (frame: Rect, scaled: (w: Double, h: Double)) {
        var scaled: (w: Double, h: Double)
        if natural.w > 0 && natural.h > 0 {
            let scale = min(B / natural.w, 1)
            scaled = ((natural.w * scale).rounded(.down), (natural.h * scale).rounded(.down))
        } else {
            scaled = (B, natural.h)
        }
        let fillsWidth = scaled.w >= B - 1
        return (Rect(x: 0, y: 0, width: fillsWidth ? B + bleed : scaled.w, height: scaled.h), scaled)
    }

    static func media(_ id: String, context: LayoutContext) -> Media? { context.media[id] }

    /// A photo or video whose id the document does not hold (a Telethon page's `photo_id` missing from `photos`, a
    /// `video_id` missing from `documents`): nothing is drawn for it — the whole block, caption and credit
    /// included (§2.10 "nothing"; README Decisions, fourth review) — and a warning names the id. Send-shape media
    /// are always in the document; without dimensions they take `defaultPhotoSize` / `defaultVideoSize`.
    static func isUnresolvable(_ id: String, _ what: String, context: LayoutContext) -> Bool {
        guard context.media[id] == nil else { return false }
        let place = context.warnings.place.map { "at \($0): " } ?? ""
        context.warnings.note("\(place)\(what) \(id) is not in the page's \(what == "photo" ? "photos" : "documents"); nothing is drawn for it")
        return true
    }

    /// Whether `block` can be drawn: false for a photo or video whose media the document does not hold (warned about
    /// once, `isUnresolvable`); true for anything else.
    static func resolves(_ block: Block, context: LayoutContext) -> Bool {
        switch block {
        case .photo(let id, _, _, _): return !isUnresolvable(id, "photo", context: context)
        case .video(let id, _, _): return !isUnresolvable(id, "video", context: context)
        default: return true
        }
    }

    /// `blocks` without the photos and videos whose media the document does not hold (each warned about once).
    static func resolvable(_ blocks: [Block], context: LayoutContext) -> [Block] {
        blocks.filter { resolves($0, context: context) }
    }

    static func lookupIds(_ id: String, context: LayoutContext) -> [String] { context.media[id]?.lookupIds ?? [id] }

    /// A flush photo or video view of `id` in `frame`: its file ids, the panel-colour placeholder with the
    /// media's stripped thumbnail, spoiler dust when hidden.
    static func flushView(_ kind: MediaView.Kind, _ id: String, frame: Rect, bleed: Double, spoiler: Bool, context: LayoutContext) -> MediaView {
        var view = MediaView(kind: kind, lookupIds: lookupIds(id, context: context), bleed: bleed, placeholderColor: context.colors.panelBackground,
                             spoiler: spoiler, spoilerDots: spoiler ? dust(frame, seed: id) : [], playBadge: nil, duration: nil,
                             durationPill: nil, pin: nil, letterbox: false)
        view.strippedThumbnail = media(id, context: context)?.strippedThumbnail
        return view
    }

    /// A photo; one that carries a link URL shows a 24 × 24 link badge at (w − 38, 14) of its visible width
    /// (render facts §7.10; Decisions).
    static func photo(_ id: String, caption: Caption, spoiler: Bool, url: String? = nil, boundingWidth B: Double, inset H: Double, isCover: Bool,
                      context: LayoutContext) -> [LayoutItem] {
        guard !isUnresolvable(id, "photo", context: context) else { return [] }
        let media = self.media(id, context: context)
        let natural = dimensions(media) ?? defaultPhotoSize
        let laidOut = frame(natural: natural, boundingWidth: B)
        var view = flushView(.image, id, frame: laidOut.frame, bleed: laidOut.frame.width > laidOut.scaled.w ? bleed : 0, spoiler: spoiler,
                             context: context)
        if let url, !url.isEmpty { view.linkBadge = Rect(x: laidOut.scaled.w - 38, y: 14, width: 24, height: 24) }
        var items = [LayoutItem(frame: laidOut.frame, block: .photo, content: .media(view))]
        items += captionItems(caption, offset: laidOut.scaled.h, boundingWidth: B, inset: H, isCover: isCover, context: context)
        return items
    }

    static func video(_ id: String, caption: Caption, spoiler: Bool, boundingWidth B: Double, inset H: Double, isCover: Bool,
                      context: LayoutContext) -> [LayoutItem] {
        guard !isUnresolvable(id, "video", context: context) else { return [] }
        let media = self.media(id, context: context)
        let natural = dimensions(media) ?? defaultVideoSize
        let laidOut = frame(natural: natural, boundingWidth: B)
        var view = flushView(.video, id, frame: laidOut.frame, bleed: laidOut.frame.width > laidOut.scaled.w ? bleed : 0, spoiler: spoiler,
                             context: context)
        decorateVideo(&view, size: laidOut.scaled, duration: media?.durationSeconds, context: context)
        var items = [LayoutItem(frame: laidOut.frame, block: .video, content: .media(view))]
        items += captionItems(caption, offset: laidOut.scaled.h, boundingWidth: B, inset: H, isCover: isCover, context: context)
        return items
    }

    /// The play badge: a black @0.6 circle of max(18, min(50, floor(0.7 × min(w, h)))) centred in the
    /// visible (un-bled) media; the duration in a pill at the top left (ipraster's choice: 6 pt in).
    static func decorateVideo(_ view: inout MediaView, size: (w: Double, h: Double), duration: Double?, context: LayoutContext) {
        let diameter = max(18, min(50, (0.7 * min(size.w, size.h)).rounded(.down)))
        view.playBadge = Rect(x: (size.w - diameter) / 2, y: (size.h - diameter) / 2, width: diameter, height: diameter)
        if let duration, duration > 0 {
            var text = AttributedText()
            let font = FontSpec(family: .sans, size: 12)
            text.append(formatDuration(duration), AttributedText.Attributes(font: font, metricsFont: font, color: .white))
            if let label = context.text.layout(text, width: 10_000, alignment: .natural, lineSpacingFactor: 1) {
                view.duration = label.box
                view.durationPill = Rect(x: 6, y: 6, width: label.width.rounded(.up) + 12, height: label.height.rounded(.up) + 4)
            }
        }
    }

    static func formatDuration(_ seconds: Double) -> String {
        // Durations come from the input: clamp to 99,999 hours rather than trap on 1e19.
        let total = min(max(seconds, 0), 359_999_999).rounded(.down).saturatingInt
        let hours = total / 3600, minutes = total / 60 % 60, rest = total % 60
        return hours > 0 ? String(cFormat: "%d:%02d:%02d", hours, minutes, rest) : String(cFormat: "%d:%02d", minutes, rest)
    }

    /// Dust over a covered photo or video: 1 × 1 pt dots at 0.25 per pt², from a generator seeded by the id.
    static func dust(_ frame: Rect, seed: String) -> [Point] {
        var generator = SeededGenerator(seed: SeededGenerator.seed(seed, frame.width, frame.height))
        let count = min(20_000, Int(frame.width * frame.height * 0.05))
        return (0..<count).map { _ in Point(x: generator.nextUnit() * (frame.width - 1), y: generator.nextUnit() * (frame.height - 1)) }
    }

    /// A map: its dimensions or 600 × 300 when zero (seed), the pin centred at h × 0.5 − 10 − pinH / 2.
    static func map(_ map: MapBlock, boundingWidth B: Double, inset H: Double, context: LayoutContext) -> [LayoutItem] {
        let natural = map.width > 0 && map.height > 0 ? (Double(map.width), Double(map.height)) : mapFallback
        let laidOut = frame(natural: natural, boundingWidth: B)
        let pinSize = (w: 26.0, h: 32.0)
        let pin = Rect(x: ((laidOut.scaled.w - pinSize.w) / 2).rounded(.down), y: (laidOut.scaled.h * 0.5 - 10 - pinSize.h / 2).rounded(.down),
                       width: pinSize.w, height: pinSize.h)
        let view = MediaView(kind: .map, lookupIds: [], bleed: laidOut.frame.width > laidOut.scaled.w ? bleed : 0,
                             placeholderColor: context.colors.panelBackground, spoiler: false, spoilerDots: [], playBadge: nil, duration: nil,
                             durationPill: nil, pin: pin, letterbox: false)
        return [LayoutItem(frame: laidOut.frame, block: .map, content: .media(view))]
            + captionItems(map.caption, offset: laidOut.scaled.h, boundingWidth: B, inset: H, isCover: false, context: context)
    }

    /// A V2 placeholder of natural size (B, height): web embeds, post embeds, channel banners, related articles.
    static func placeholder(_ name: BlockRole, height: Double, caption: Caption, boundingWidth B: Double, inset H: Double,
                            context: LayoutContext) -> [LayoutItem] {
        let laidOut = frame(natural: (B, height), boundingWidth: B)
        // The generic placeholder: imageTintColor is nil in chat, so white 0.85 (#D9D9D9) (§7.10).
        let view = MediaView(kind: .placeholder, lookupIds: [], bleed: bleed, placeholderColor: .hex("#D9D9D9"), spoiler: false, spoilerDots: [],
                             playBadge: nil, duration: nil, durationPill: nil, pin: nil, letterbox: false)
        return [LayoutItem(frame: laidOut.frame, block: name, content: .media(view))]
            + captionItems(caption, offset: laidOut.scaled.h, boundingWidth: B, inset: H, isCover: false, context: context)
    }

    static func dimensions(_ media: Media?) -> (w: Double, h: Double)? {
        guard let media, let w = media.width, let h = media.height, w > 0, h > 0 else { return nil }
        return (Double(w), Double(h))
    }

    /// Caption 14 pt below the media and credit 10 pt below it (14 without a caption), inset at H
    /// (§4.2, OLD pads); a cover adds 14 pt under its last caption line.
    static func captionItems(_ caption: Caption, offset: Double, boundingWidth B: Double, inset H: Double, isCover: Bool,
                             context: LayoutContext) -> [LayoutItem] {
        var items: [LayoutItem] = []
        var y = offset
        var rtl = context.rtl
        if !caption.text.isEmpty, let item = context.textItem(caption.text, .caption, block: .caption, x: H, y: y + captionPad,
                                                                width: B - 2 * H, alignment: .natural) {
            items.append(item)
            y = item.frame.maxY
            if case .text(let box) = item.content { rtl = box.lines.contains { $0.rtl } }
        }
        if !caption.credit.isEmpty, let item = context.textItem(caption.credit, .credit, block: .credit, x: H,
                                                                  y: y + (caption.text.isEmpty ? captionPad : creditPad),
                                                                  width: B - 2 * H, alignment: rtl ? .right : .natural) {
            items.append(item)
        }
        if isCover, let last = items.indices.last { items[last].frame.height += coverPad }
        return items
    }
}
