import Document
import Drawing

/// A laid-out text item: V2 lines with the glyph runs and decorations paint needs.
public struct TextBox: Sendable, Equatable {
    /// The item's first font (V2 measures every line box from it).
    public var font: FontMetrics
    /// V2 `fontLineHeight` = floor(A − D).
    public var lineHeight: Double
    public var lines: [TextLine]
    public var alignment: TextAlignment
    /// Characters no installed font draws (drawn as boxes), in text order.
    public var missingGlyphs: [MissingGlyph] = []
    /// The message's entities in this text (styles, links, emoji, dates), in the order they start.
    public var entities: [TextEntity] = []
    /// The item's text as laid out (an inline attachment is one U+FFFC): what line and entity ranges index, in UTF-16.
    public var text: String = ""

    public init(font: FontMetrics, lineHeight: Double, lines: [TextLine], alignment: TextAlignment) {
        self.font = font
        self.lineHeight = lineHeight
        self.lines = lines
        self.alignment = alignment
    }
}

/// A message entity of a text item (`"entities"` in the layout JSON).
public struct TextEntity: Sendable, Equatable {
    /// Bot API `MessageEntity` type name (`bold`, `url`, `text_link`, `mention`, `bank_card` …).
    public var type: String
    /// UTF-16 offsets into the item's text, as line ranges are.
    public var range: Range<Int>
    /// The entity's Bot API fields (`url`, `user_id`, `custom_emoji_id` …), in order.
    public var fields: [Field]
    /// What a click opens; nil when nothing.
    public var target: String?
    /// Where the entity's text lies, item-local, one rectangle per line (only for entities with a target).
    public var rects: [Rect]

    public struct Field: Sendable, Equatable {
        public var name: String
        public var value: String
    }
}

/// A character of a text that no installed font has a glyph for.
public struct MissingGlyph: Sendable, Equatable {
    public var codePoint: UInt32
    /// UTF-16 range in the item's text, like `TextLine.range`.
    public var range: Range<Int>

    public init(codePoint: UInt32, range: Range<Int>) {
        self.codePoint = codePoint
        self.range = range
    }

    /// Each code point with the UTF-16 range of its first occurrence in `text` (a formula's LaTeX; [0, 0) when the
    /// character is not there as such, e.g. reached through a command).
    public static func firstOccurrences(of codePoints: [UInt32], in text: String) -> [MissingGlyph] {
        guard !codePoints.isEmpty else { return [] }
        var offsets: [UInt32: Int] = [:]
        var unit = 0
        for scalar in text.unicodeScalars {
            if offsets[scalar.value] == nil { offsets[scalar.value] = unit }
            unit += UTF16.width(scalar)
        }
        return codePoints.map { codePoint in
            let start = offsets[codePoint]
            let width = Unicode.Scalar(codePoint).map(UTF16.width) ?? 1
            return MissingGlyph(codePoint: codePoint, range: start.map { $0..<($0 + width) } ?? 0..<0)
        }
    }

    /// "U+0378" (at least four hex digits).
    public static func name(_ codePoint: UInt32) -> String {
        let hex = String(codePoint, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}

public enum TextAlignment: String, Sendable { case natural, left, center, right }

/// One V2 line. All geometry is item-local (origin = the text item's frame origin), y down.
public struct TextLine: Sendable, Equatable {
    /// The cap-box line frame as drawn (after alignment); its maxY is the baseline.
    public var frame: Rect
    public var baseline: Double
    /// UTF-16 range of the line's characters in the item's text.
    public var range: Range<Int>
    public var rtl: Bool
    /// Glyphs positioned relative to (frame.minX, baseline).
    public var runs: [GlyphRun]
    /// Pills, underlines and strike lines, item-local.
    public var decorations: [TextDecoration]
    /// Per-character ink rects (item-local, one per UTF-16 unit of `range`), only when requested.
    public var characterRects: [Rect]?
    /// Inline custom emoji, images and buttons on this line.
    public var attachments: [InlineAttachment]
    /// Spoiler covers (empty when spoilers are shown).
    public var spoilers: [SpoilerCover]
}

extension TextLine {
    /// The line with everything it places moved by (dx, dy): its frame and baseline, decorations, attachments (a
    /// formula's baseline too), spoiler covers and the glyphs' ink rects (an empty rect stays empty).
    public func offsetBy(dx: Double, dy: Double) -> TextLine {
        var line = self
        line.frame = line.frame.offsetBy(dx: dx, dy: dy)
        line.baseline += dy
        for index in line.decorations.indices { line.decorations[index].rect = line.decorations[index].rect.offsetBy(dx: dx, dy: dy) }
        for index in line.attachments.indices {
            line.attachments[index].frame = line.attachments[index].frame.offsetBy(dx: dx, dy: dy)
            line.attachments[index].drawing = line.attachments[index].drawing.offsetBy(dx: dx, dy: dy)
            line.attachments[index].baseline = line.attachments[index].baseline.map { $0 + dy }
        }
        for index in line.spoilers.indices {
            line.spoilers[index].rect = line.spoilers[index].rect.offsetBy(dx: dx, dy: dy)
            line.spoilers[index].dots = line.spoilers[index].dots.map { Point(x: $0.x + dx, y: $0.y + dy) }
        }
        line.characterRects = line.characterRects?.map { $0 == .zero ? $0 : $0.offsetBy(dx: dx, dy: dy) }
        return line
    }
}

/// An inline object drawn in a cell of its own (`v2-layout-facts.md` §3.3 steps 8–10): a frame attached to
/// the text. A local file for `mediaId` replaces the drawing (emoji and images). A formula's drawing is its
/// typeset glyphs and rules.
public struct InlineAttachment: Sendable, Equatable {
    public enum Kind: String, Sendable { case customEmoji, image, button, formula }
    public var kind: Kind
    /// UTF-16 range in the item's text (one U+FFFC).
    public var range: Range<Int>
    /// Item-local frame as drawn (pixel-snapped y, aligned x).
    public var frame: Rect
    /// Custom emoji id or media id (for `--media` lookup).
    public var mediaId: String?
    /// What is drawn in the cell, item-local: the emoji's alternative text, the image's placeholder, the
    /// button's pill and label.
    public var drawing: Frame
    /// A formula's LaTeX source.
    public var latex: String? = nil
    /// A formula's baseline (item-local y).
    public var baseline: Double? = nil
    /// A custom emoji's run colour: what an adaptive sticker is filled with (custom-emoji-facts §3.9).
    public var tint: RGBA? = nil
    /// The message marks the custom emoji adaptive (else only its sticker's sidecar can).
    public var adaptive = false
}

/// A spoiler range on a line, covered by static dust unless spoilers are shown (`v2-render-facts.md` §5).
public struct SpoilerCover: Sendable, Equatable {
    /// The run's x-extent by the cap band (line top to baseline), item-local: glyphs are clipped out here.
    public var rect: Rect
    public var color: RGBA
    /// 1 × 1 pt dust particles (item-local top-left corners).
    public var dots: [Point]
}

public struct TextDecoration: Sendable, Equatable {
    public enum Kind: String, Sendable { case marker, underline, strikethrough, spoiler }
    public var kind: Kind
    public var rect: Rect
    public var color: RGBA
    /// Corner radius (3 for marker pills).
    public var cornerRadius: Double
}
