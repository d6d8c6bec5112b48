import FoundationEssentials
import Glibc
import Layout

/// The streaming reveal's flying glyphs (`v2-reveal-facts.md` §5.1): the text's glyph layers cropped to
/// the snippet rect, blurred, faded, scaled about the snippet's centre and lowered.
extension RevealSnippet {
    func frame(of box: TextBox, at origin: Point, layers: SnippetLayers) -> Frame {
        guard opacity > 0, scale > 0, rect.width > 0, rect.height > 0 else { return Frame() }
        // Room for the blur to spread (3 sigma) around the crop.
        let pad = ceil(3 * blurRadius) + 1
        let rect = self.rect.offsetBy(dx: origin.x, dy: origin.y)
        let left = floor(rect.minX - pad), top = floor(rect.minY - pad)
        let bounds = Rect(x: left, y: top, width: ceil(rect.maxX + pad) - left, height: ceil(rect.maxY + pad) - top)
        let content: Frame
        if let layer = layers.layer(for: rect, box: box, origin: origin) {
            // The crop of the text layer (seed: a snapshot of the text's render), drawn once per line band.
            content = Frame([.layer(layer)])
        } else {
            content = box.glyphLayers(at: origin, visible: rect)
        }
        let transform = Transform([.translate(x: rect.midX, y: rect.midY + offsetY), .scale(x: scale, y: scale), .translate(x: -rect.midX, y: -rect.midY)])
        return Frame([.group(Group(content, transform: transform, clip: .rect(rect), opacity: opacity, blur: Blur(sigma: blurRadius, bounds: bounds)))])
    }
}

/// Keys of the shared layers of one frame (`Layer.key`), unique across its text boxes.
final class LayerKeys {
    private var next = 0

    func make() -> Int {
        defer { next += 1 }
        return next
    }
}

/// The text layer of one text box per line band, shared by the snippets cropped from it. Listing and drawing
/// the glyph layers again for every snippet made a frame cost snippets × glyphs, which is quadratic for a
/// line of thousands of combining marks (each a character with ink, each a snippet).
final class SnippetLayers {
    private var layers: [Layer] = []
    private let enabled: Bool
    private let scale: Double
    private let keys: LayerKeys
    /// A band wider or taller than this (pixels) is not shared; its snippets list the glyphs themselves.
    static let maxSide = 8192
    /// Snippets × glyphs of a box above which the layers are used.
    static let workThreshold = 1_000_000

    init(enabled: Bool, scale: Double, keys: LayerKeys) {
        self.enabled = enabled
        self.scale = scale
        self.keys = keys
    }

    /// The band holding `rect`, made on first use: the full line band around the rect's vertical middle,
    /// with two ems of margin, aligned to whole points like the snippet buffers.
    func layer(for rect: Rect, box: TextBox, origin: Point) -> Layer? {
        guard enabled else { return nil }
        if let known = layers.first(where: { $0.bounds.minY <= rect.minY && $0.bounds.maxY >= rect.maxY && $0.bounds.minX <= rect.minX && $0.bounds.maxX >= rect.maxX }) {
            return known
        }
        let margin = box.font.size * 2 + 4
        let lineLeft = box.lines.map { origin.x + $0.frame.minX }.min() ?? rect.minX
        let lineRight = box.lines.map { origin.x + $0.frame.maxX }.max() ?? rect.maxX
        let left = floor(min(rect.minX, lineLeft) - margin), right = ceil(max(rect.maxX, lineRight) + margin)
        let top = floor(rect.minY - margin), bottom = ceil(rect.maxY + margin)
        let widthPx = ((right - left) * scale).rounded(.up), heightPx = ((bottom - top) * scale).rounded(.up)
        guard widthPx > 0, heightPx > 0, widthPx <= Double(Self.maxSide), heightPx <= Double(Self.maxSide) else { return nil }
        let bounds = Rect(x: left, y: top, width: right - left, height: bottom - top)
        let layer = Layer(key: keys.make(), bounds: bounds, frame: box.glyphLayers(at: origin, visible: bounds))
        layers.append(layer)
        return layer
    }
}
