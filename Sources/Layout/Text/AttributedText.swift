import Document
import Drawing
import Fonts
import Math

/// Text plus attribute runs, built from `RichText` by `RichTextBuilder` and measured by Pango.
/// Offsets are UTF-8 byte offsets (what Pango speaks) unless a name says UTF-16.
struct AttributedText {
    struct Attributes: Equatable {
        var font: FontSpec
        /// The text style's own font, also for emoji drawn in the emoji font: V2 takes line metrics from
        /// the style's font at index 0, never from a fallback (a custom emoji carries the text font).
        var metricsFont: FontSpec
        var color: RGBA
        var underline = false
        var strikethrough = false
        /// Background pill colour (`marked`, instant-view links).
        var marker: RGBA?
        /// Baseline shift in points, positive = up (sub/superscript).
        var rise: Double = 0
        var spoiler = false
    }

    struct Run {
        var startByte: Int
        var endByte: Int
        var attributes: Attributes
    }

    /// An inline object occupying one U+FFFC character (`v2-layout-facts.md` §3.9): Pango lays it out as a
    /// shape of `width` × (ascent + descent) around the baseline.
    struct Attachment {
        enum Kind {
            case customEmoji(id: String, alt: String)
            case image(mediaId: String)
            case button(InlineButtonFace)
            /// A typeset inline formula: its box sits on the baseline and grows the line (§3.3 step 9).
            case formula(Formula, latex: String)
            /// Room between two adjacent button pills: measured, never drawn.
            case spacer

            /// Marked fills, underlines, strike lines, link rectangles and spoiler covers over the attachment's range
            /// run across its cell (README Decisions, fifth review): emoji, images and formulas; a button's pill
            /// and the room between two are not text.
            var takesDecorations: Bool {
                switch self {
                case .customEmoji, .image, .formula: return true
                case .button, .spacer: return false
                }
            }
        }

        var byte: Int
        var kind: Kind
        var width: Double
        var height: Double
        /// Extent above and below the baseline given to Pango (emoji: the font's A and D, so the line is not inflated).
        var ascent: Double
        var descent: Double
    }

    /// A run of the text that was an entity of the message (a style, a link, an emoji, a date): Bot API
    /// `MessageEntity` type names (`bold`, `url`, `text_link`, `mention` …; rich-only kinds by their `RichText`
    /// type name: `subscript`, `marked`, `anchor_link` …).
    struct Entity: Equatable {
        var type: String
        var startByte: Int
        var endByte: Int
        /// Bot API fields of the entity: `url` (text_link), `user_id` (text_mention), `custom_emoji_id`.
        var fields: [(String, String)] = []
        /// What a click opens (`https://`, `mailto:`, `tel:`, `tg://`); nil when nothing.
        var target: String?

        static func == (lhs: Entity, rhs: Entity) -> Bool {
            lhs.type == rhs.type && lhs.startByte == rhs.startByte && lhs.endByte == rhs.endByte && lhs.target == rhs.target
                && lhs.fields.map(\.0) == rhs.fields.map(\.0) && lhs.fields.map(\.1) == rhs.fields.map(\.1)
        }
    }

    static let objectReplacement = "\u{FFFC}"

    /// The Han forms of the render's locale (`--locale`); `FontSet` refines it per text by the kana/Hangul rule.
    var hanRegion = HanRegion.simplifiedChinese
    private(set) var text = ""
    private(set) var byteCount = 0
    private(set) var runs: [Run] = []
    private(set) var attachments: [Attachment] = []
    /// In the order their runs start (outer before inner at the same start).
    var entities: [Entity] = []

    var isEmpty: Bool { byteCount == 0 }

    mutating func append(_ string: String, _ attributes: Attributes) {
        let length = string.utf8.count
        guard length > 0 else { return }
        text += string
        if let last = runs.last, last.attributes == attributes, last.endByte == byteCount {
            runs[runs.count - 1].endByte += length
        } else {
            runs.append(Run(startByte: byteCount, endByte: byteCount + length, attributes: attributes))
        }
        byteCount += length
    }

    mutating func appendAttachment(_ kind: Attachment.Kind, width: Double, height: Double, ascent: Double, descent: Double,
                                   _ attributes: Attributes) {
        attachments.append(Attachment(byte: byteCount, kind: kind, width: width, height: height, ascent: ascent, descent: descent))
        // Each attachment is its own run so neighbouring equal attributes do not merge across it.
        text += Self.objectReplacement
        runs.append(Run(startByte: byteCount, endByte: byteCount + 3, attributes: attributes))
        byteCount += 3
    }

    func attachment(at byte: Int) -> Attachment? { attachments.first { $0.byte == byte } }

    /// The part of the text in `bytes` (on scalar boundaries), with runs and attachments rebased to it.
    func slice(_ bytes: Range<Int>) -> AttributedText {
        var part = AttributedText()
        part.hanRegion = hanRegion
        let utf8 = Array(text.utf8[text.utf8.index(text.utf8.startIndex, offsetBy: bytes.lowerBound)..<text.utf8.index(text.utf8.startIndex, offsetBy: bytes.upperBound)])
        part.text = String(decoding: utf8, as: UTF8.self)
        part.byteCount = bytes.count
        for run in runs[runIndex(at: bytes.lowerBound)...] {
            guard run.startByte < bytes.upperBound else { break }
            let start = max(run.startByte, bytes.lowerBound), end = min(run.endByte, bytes.upperBound)
            if start < end { part.runs.append(Run(startByte: start - bytes.lowerBound, endByte: end - bytes.lowerBound, attributes: run.attributes)) }
        }
        for var attachment in attachments where bytes.contains(attachment.byte) {
            attachment.byte -= bytes.lowerBound
            part.attachments.append(attachment)
        }
        for var entity in entities where entity.startByte < bytes.upperBound && entity.endByte > bytes.lowerBound {
            entity.startByte = max(entity.startByte, bytes.lowerBound) - bytes.lowerBound
            entity.endByte = min(entity.endByte, bytes.upperBound) - bytes.lowerBound
            part.entities.append(entity)
        }
        return part
    }

    /// The run containing `byte` (binary search; runs are sorted and contiguous).
    func runIndex(at byte: Int) -> Int {
        var low = 0, high = runs.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if runs[mid].startByte <= byte { low = mid } else { high = mid - 1 }
        }
        return max(low, 0)
    }

    /// UTF-16 offset of every UTF-8 byte offset that starts a scalar (and of the end).
    func utf16Offsets() -> UTF16Offsets { UTF16Offsets(text) }
}

/// The UTF-16 offset of each UTF-8 character boundary of a text (layout JSON ranges are UTF-16, as the Bot API's),
/// in an array indexed by byte: a dictionary of every boundary was a tenth of laying out a long paragraph.
struct UTF16Offsets {
    /// By byte; -1 inside a character.
    private var table: [Int32]

    init(_ text: String) {
        table = [Int32](repeating: -1, count: text.utf8.count + 1)
        var byte = 0, unit: Int32 = 0
        for scalar in text.unicodeScalars {
            table[byte] = unit
            byte += UTF8.width(scalar)
            unit += Int32(UTF16.width(scalar))
        }
        table[byte] = unit
    }

    /// The UTF-16 offset at `byte`; nil when `byte` is not a character boundary of the text.
    subscript(byte: Int) -> Int? {
        guard byte >= 0, byte < table.count, table[byte] >= 0 else { return nil }
        return Int(table[byte])
    }
}

/// How an inline button is drawn: its pill and label (`v2-layout-facts.md` §3.9).
struct InlineButtonFace {
    var label: AttributedText
    var labelWidth: Double
    var labelAscent: Double
    var fill: RGBA
}
