import Document
import Drawing

/// Bubble body, status and canvas geometry (`README.md` "Decisions": Width, Height, Status, Bubble shape
/// and canvas; `v2-reveal-facts.md` §9 for the status row).
struct BubbleLayouter {
    let fonts: any TextShaper
    let options: LayoutOptions
    let colors: MessageColors
    let pageColors: PageColors

    static let cornerRadius: Double = 16
    static let tailRoom: Double = 6
    static let statusInset: Double = 10

    struct Result {
        var canvas: Canvas
        var bubble: Bubble?
        var status: Status
        var background: RGBA?
    }

    /// The date as laid out (Inter 11 in the secondary text colour) and statusWidth = 5 + dateWidth (+ 13
    /// outgoing); nil and 0 without a status.
    private func date() -> (TextBox?, Double) {
        guard let time = options.time else { return (nil, 0) }
        var text = AttributedText()
        text.hanRegion = options.text.forms
        text.append(time, AttributedText.Attributes(font: FontSpec(family: .sans, size: 11), metricsFont: FontSpec(family: .sans, size: 11), color: colors.secondaryText))
        guard let result = TextItemLayouter(fonts: fonts, scale: options.scale, computeCharacterRects: options.revealRects)
            .layout(text, width: 10_000, alignment: .natural, lineSpacingFactor: 1) else { return (nil, 0) }
        return (result.box, 5 + result.width.rounded(.up) + (options.outgoing ? 13 : 0))
    }

    /// The bubble body's width W: the page, or the status row with its insets, at least the minimum.
    private func bodyWidth(page: PageInfo, statusWidth: Double?) -> Double {
        max(page.width, statusWidth.map { $0 + 2 * Self.statusInset } ?? 0, Bubble.minimumSize.width)
    }

    /// W for `page`, before anything that must fit inside the bubble ("Show more") is laid out.
    func bodyWidth(page: PageInfo) -> Double {
        guard options.bubble else { return page.width }
        let (dateBox, statusWidth) = date()
        return bodyWidth(page: page, statusWidth: dateBox == nil ? nil : statusWidth)
    }

    func layout(page: PageInfo, items: [LayoutItem], showMore: LayoutItem? = nil) -> Result {
        let scale = options.scale
        let margin = options.margin
        let hidden = Status(placement: .hidden, frame: nil, text: nil, ticks: [], tickColor: colors.check)
        guard options.bubble else {
            let width = margin * 2 + page.width, height = margin * 2 + page.height
            let background: RGBA? = { if case .color(let c) = options.background { return c } else { return nil } }()
            return Result(canvas: Self.canvas(width: width, height: height, scale: scale, origin: (margin, margin)),
                          bubble: nil, status: hidden, background: background)
        }
        let C = page.height
        var status = hidden
        let (dateBox, statusWidth) = date()
        let width = bodyWidth(page: page, statusWidth: dateBox == nil ? nil : statusWidth)
        var height = C + 2
        if let dateBox {
            let statusHeight: Double = 14  // ceil(logical height of Inter 11)
            let rowX = width - Self.statusInset - statusWidth
            let dateWidth = statusWidth - 5 - (options.outgoing ? 13 : 0)
            let pixel = 1 / scale
            var ticks: [Rect] = []
            if options.outgoing {
                // Read ticks at (dateWidth + 6, 3 − px) and (dateWidth + 12, 3 − px), 11 × 9 (§9).
                ticks = [Rect(x: 5 + dateWidth + 6 - 5, y: 3 - pixel, width: 11, height: 9),
                         Rect(x: 5 + dateWidth + 12 - 5, y: 3 - pixel, width: 11, height: 9)]
            }
            var date = dateBox
            // The date sits at (leftInset 5, 1 − px) in the row.
            date.lines = date.lines.map { $0.offsetBy(dx: 5, dy: 1 - pixel) }
            // With "Show more" the status trails its line, at the bottom of the link's text box (pad 0, §7.5).
            let trailing = showMore.map { (maxX: $0.frame.maxX, baseline: $0.frame.maxY, pad: 0.0) } ?? trailingLine(items: items)
            let contentBottom = showMore?.frame.maxY ?? C
            let trailingFrame = trailing.map { Rect(x: rowX, y: $0.baseline + $0.pad - statusHeight, width: statusWidth, height: statusHeight) }
            // The status never covers what else is drawn on the last line's band: a right-to-left list's marker or
            // checkbox there sends it to its own line, as a lack of width does (README Decisions).
            let covers = trailingFrame.map { frame in items.contains { $0.frame.intersects(frame) && !Self.isText($0) } } ?? false
            if let trailing, let trailingFrame, trailing.maxX + statusWidth <= width - Self.statusInset, !covers {
                let anchorY = trailing.baseline + trailing.pad
                status = Status(placement: .trailing, frame: trailingFrame, text: date, ticks: ticks, tickColor: colors.check)
                height = max(C + 2, anchorY + 1 + 6)
            } else {
                status = Status(placement: .wrapped, frame: Rect(x: rowX, y: contentBottom, width: statusWidth, height: statusHeight),
                                text: date, ticks: ticks, tickColor: colors.check)
                height = max(C + 2, contentBottom + statusHeight + 6)
            }
        }
        if let showMore { height = max(height, showMore.frame.maxY + 6) }
        height = max(height, Bubble.minimumSize.height)
        let tailOnLeft = !options.outgoing
        let bubble = Bubble(frame: Rect(x: 0, y: 0, width: width, height: height), cornerRadius: Self.cornerRadius,
                            outgoing: options.outgoing, tail: tailOnLeft ? .left : .right,
                            fillTop: colors.fillTop, fillBottom: colors.fillBottom, outline: colors.outline)
        let canvasWidth = margin + Self.tailRoom + width + margin
        let origin = (x: margin + (tailOnLeft ? Self.tailRoom : 0), y: margin)
        let background: RGBA?
        switch options.background {
        case .automatic: background = options.theme.wallpaper
        case .transparent: background = nil
        case .color(let color): background = color
        }
        return Result(canvas: Self.canvas(width: canvasWidth, height: margin * 2 + height, scale: scale, origin: origin),
                      bubble: bubble, status: status, background: background)
    }

    /// The last line of the bottom-most item when that item is text (`lastTextLineFrameIfLastItemIsText`):
    /// its right edge and baseline in page coordinates, and the trailing pad (5, or 0 for an inflated line).
    func trailingLine(items: [LayoutItem]) -> (maxX: Double, baseline: Double, pad: Double)? {
        var bottom: LayoutItem?
        for item in items where bottom == nil || item.frame.maxY > bottom!.frame.maxY { bottom = item }
        guard let item = bottom, case .text(let box) = item.content, let line = box.lines.last else { return nil }
        let inflated = line.frame.height > box.font.ascent + box.font.descent + 1
        return (item.frame.minX + line.frame.maxX, item.frame.minY + line.baseline, inflated ? 0 : 5)
    }

    /// Text items may share the status's band (their last line ends before it); anything else may not.
    static func isText(_ item: LayoutItem) -> Bool {
        if case .text = item.content { return true }
        return false
    }

    /// At least one pixel a side: an empty page without a bubble and with no margin is 0 × 0 points, and an image of
    /// no pixel is no image (the PNG writer traps on it).
    static func canvas(width: Double, height: Double, scale: Double, origin: (x: Double, y: Double)) -> Canvas {
        let width = max(width, 1 / scale), height = max(height, 1 / scale)
        return Canvas(width: width, height: height, scale: scale, pixelWidth: (width * scale - 1e-9).rounded(.up).saturatingInt,
               pixelHeight: (height * scale - 1e-9).rounded(.up).saturatingInt, bubbleOrigin: origin)
    }
}
