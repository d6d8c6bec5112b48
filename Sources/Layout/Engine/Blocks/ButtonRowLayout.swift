import Document
import Drawing

/// Buttons rows (NEW only, so NEW geometry: `v2-layout-facts.md` §2.20 and §6.1): rows 40 tall and 6 apart,
/// 16 pt semibold labels, at most 8 buttons a row, across B − 2H from x = H.
enum ButtonRowLayout {
    static let rowHeight: Double = 40
    static let spacing: Double = 6
    static let maxPerRow = 8
    static let padding: Double = 19
    static let truncatedPadding: Double = 6
    /// Not in the facts: ipraster draws the buttons as rounded rectangles of this radius.
    static let cornerRadius: Double = 12

    static func layout(_ row: ButtonRow, boundingWidth B: Double, inset H: Double, context: LayoutContext) -> [LayoutItem] {
        guard !row.buttons.isEmpty else { return [] }
        let available = B - 2 * H
        let rtl = context.rtl
        // Natural widths: label + 2 × 19, or + 2 × 6 when the label had to be truncated; link style has no padding.
        struct Measured { var button: Button; var width: Double }
        let measured = row.buttons.map { button -> Measured in
            let label = self.label(button, maxWidth: .infinity, context: context)
            let pad = button.style == .link ? 0 : padding
            if label.width + 2 * pad <= available { return Measured(button: button, width: label.width + 2 * pad) }
            return Measured(button: button, width: available)
        }
        var rows: [[(Measured, Double)]] = []  // (button, width)
        if row.alignment == .justify {
            for start in stride(from: 0, to: measured.count, by: maxPerRow) {
                let chunk = Array(measured[start..<min(start + maxPerRow, measured.count)])
                let width = (available - spacing * Double(chunk.count - 1)) / Double(chunk.count)
                rows.append(chunk.map { ($0, width) })
            }
        } else {
            // Greedy packing: a new row when the next button would not fit or the row holds 8.
            var current: [(Measured, Double)] = []
            var used = 0.0
            for button in measured {
                let extra = current.isEmpty ? button.width : spacing + button.width
                if !current.isEmpty && (used + extra > available || current.count == maxPerRow) {
                    rows.append(current)
                    current = []
                    used = 0
                }
                used += current.isEmpty ? button.width : spacing + button.width
                current.append((button, button.width))
            }
            if !current.isEmpty { rows.append(current) }
        }
        var faces: [ButtonFace] = []
        for (index, buttons) in rows.enumerated() {
            let y = Double(index) * (rowHeight + spacing)
            let rowWidth = buttons.map(\.1).reduce(0, +) + spacing * Double(buttons.count - 1)
            let slack = available - rowWidth
            var offset: Double
            switch row.alignment {
            case .justify: offset = 0
            case .left: offset = rtl ? slack : 0
            case .center: offset = slack / 2
            case .right: offset = rtl ? 0 : slack
            }
            // RTL rows run right to left.
            let ordered = rtl ? Array(buttons.reversed()) : buttons
            for (button, width) in ordered {
                let frame = Rect(x: H + offset, y: y, width: width, height: rowHeight)
                faces.append(face(button.button, frame: frame, context: context))
                offset += width + spacing
            }
        }
        let height = Double(rows.count) * rowHeight + Double(rows.count - 1) * spacing
        return [LayoutItem(frame: Rect(x: 0, y: 0, width: B, height: height), block: .buttons, content: .decorated(ButtonRowFaces(faces: faces)))]
    }

    /// The label, 16 pt semibold, in the colour its style gives.
    private static func label(_ button: Button, maxWidth: Double, context: LayoutContext) -> (text: AttributedText, width: Double) {
        let colors = style(button.style, context: context)
        let text = context.attributed(button.label, .paragraph) { style in
            style.size = 16
            style.semibold = true
            style.color = colors.label
        }
        let width = context.fonts.measure(text, width: nil).lines.map(\.width).max() ?? 0
        return (text, width)
    }

    /// Fill and label colours of a style (README "Decisions": primary = accent, danger #E53935,
    /// success #31A952, link = the link colour; no style = the accent tint, like a quote).
    static func style(_ style: Button.Style?, context: LayoutContext) -> (fill: RGBA?, label: RGBA) {
        let theme = context.options.theme
        switch style {
        case .primary:
            // On a light accent (the white accent of blue outgoing bubbles) the label takes the bubble's colour.
            let accent = context.colors.quoteAccent
            let light = 0.299 * accent.r + 0.587 * accent.g + 0.114 * accent.b > 0.6
            return (accent, light ? theme.colors(outgoing: context.options.outgoing).fillBottom.withAlpha(1) : .white)
        case .danger: return (theme.buttonDanger, .white)
        case .success: return (theme.buttonSuccess, .white)
        case .link: return (nil, context.colors.link)
        case nil: return (context.colors.quoteAccent.multipliedAlpha(0.1), context.colors.quoteAccent)
        }
    }

    private static func face(_ button: Button, frame: Rect, context: LayoutContext) -> ButtonFace {
        let colors = style(button.style, context: context)
        let pad = button.style == .link ? 0 : truncatedPadding
        let text = label(button, maxWidth: frame.width - 2 * pad, context: context).text
        let laidOut = context.text.layout(text, width: max(1, frame.width - 2 * pad), alignment: .center, lineSpacingFactor: 1,
                                          fitToWidth: false, ellipsize: true)
        let box = laidOut?.box ?? TextBox(font: context.fonts.metrics(FontSpec(family: .sans, weight: 600, size: 16)), lineHeight: 0, lines: [],
                                          alignment: .center)
        let origin = Point(x: frame.minX + pad, y: frame.minY + ((frame.height - (laidOut?.height ?? 0)) / 2).rounded(.down))
        return ButtonFace(frame: frame, fill: colors.fill, cornerRadius: cornerRadius, label: box, labelOrigin: origin)
    }
}
