import Drawing
import Primitives

/// The quote fill of quotes and code blocks; as a decoration, a quote's frame (kind `quoteFrame`).
extension QuoteFill: Decoration {
    var kind: String { "quoteFrame" }

    var jsonFields: [(String, JSONOut)] {
        [("barWidth", .number(barWidth)), ("cornerRadius", .number(cornerRadius)), ("barOnTrailing", .bool(barOnTrailing))]
    }

    /// The rounded fill at `fillAlpha` and the solid bar clipped to the same rounded path (§7.4).
    func draw(in frame: Rect, with builder: FrameBuilder) -> Frame {
        let fill = self
        let shape = Path.roundedRect(frame, radius: fill.cornerRadius)
        let x = fill.barOnTrailing ? frame.maxX - fill.barWidth : frame.minX
        let bar = Frame([.fill(.rect(Rect(x: x, y: frame.minY, width: fill.barWidth, height: frame.height)), .solid(fill.accent))])
        return Frame([.fill(shape, .solid(fill.accent.multipliedAlpha(fill.fillAlpha))), .group(Group(bar, clip: shape))])
    }
}
