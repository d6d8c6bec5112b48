import Document
import Drawing
import CPango
import FoundationEssentials

/// Pango's view of a paragraph: line breaks and positioned glyphs, before the V2 line model.
struct MeasuredParagraph {
    struct Glyph {
        var id: UInt32
        /// x from the line's start (its logical left edge), points.
        var x: Double
        var yOffset: Double
        var advance: Double
        /// UTF-8 byte range of the glyph's cluster.
        var cluster: Int
        var clusterEnd: Int
        var fontIndex: Int
        /// Ink bounds relative to the glyph origin on the baseline, y down (only when requested).
        var ink: Rect?
        var isRTL: Bool
    }

    struct Line {
        var startByte: Int
        var endByte: Int
        /// Typographic (logical) width including trailing white space, points.
        var width: Double
        var isRTL: Bool
        var glyphs: [Glyph]
        /// Each attachment's cell on the line, by its byte offset.
        var attachmentCells: [Int: AttachmentCell]
    }

    /// Where an attachment sits on its line: the line-local left edge of its logical rectangle and its advance, and
    /// whether decorations over its range cover it (custom emoji, inline images and formulas; README Decisions,
    /// fifth review, "Decorations cover attachments") or not (buttons, spacers).
    struct AttachmentCell {
        var x: Double
        var advance: Double
        var takesDecorations: Bool
    }

    var lines: [Line]
    var fonts: [FontKey]
    /// The text reached `FontSet.maxLinesPerText` or `maxBytesPerText` and was cut: the page is refused.
    var cut = false
}

extension FontSet {
    /// Breaks `text` into lines at `width` points (nil = one line per paragraph) with WORD_CHAR wrapping
    /// and returns positioned glyphs. Only font and shape attributes are given to Pango; colours and
    /// decorations stay ours.
    func measure(_ text: AttributedText, width: Double?, inkRects: Bool = false, ellipsize: Bool = false,
                 wholeWords: Bool = false) -> MeasuredParagraph {
        guard text.byteCount <= Self.maxBytesPerText else {
            return MeasuredParagraph(lines: [], fonts: [], cut: true)
        }
        // Texts needing a face their style lacks are measured through the collection's cascade (FontSet+Cascade).
        var cascade: HanRegion?
        if needsFallback(text) { cascade = text.hanRegion }
        let segments = ellipsize ? [] : Self.paragraphSegments(text)
        guard segments.count > 1 else {
            return measureSegment(text, width: width, inkRects: inkRects, ellipsize: ellipsize, wholeWords: wholeWords, cascade: cascade)
        }
        // Pango 1.50 lays out a layout's paragraphs in time quadratic in their number (100,000 code lines
        // take minutes); its paragraphs are independent, so groups of them are measured apart and joined.
        var joined = MeasuredParagraph(lines: [], fonts: [])
        var fontIndex: [FontKey: Int] = [:]
        for segment in segments {
            let part = measureSegment(text.slice(segment), width: width, inkRects: inkRects, ellipsize: false, wholeWords: wholeWords,
                                      cascade: cascade)
            let remap = part.fonts.map { key -> Int in
                if let known = fontIndex[key] { return known }
                fontIndex[key] = joined.fonts.count
                joined.fonts.append(key)
                return joined.fonts.count - 1
            }
            if part.cut { joined.cut = true }
            if joined.lines.count + part.lines.count > Self.maxLinesPerText {
                joined.cut = true
                break
            }
            for var line in part.lines {
                let offset = segment.lowerBound
                line.startByte += offset
                line.endByte += offset
                for index in line.glyphs.indices {
                    line.glyphs[index].cluster += offset
                    line.glyphs[index].clusterEnd += offset
                    line.glyphs[index].fontIndex = remap[line.glyphs[index].fontIndex]
                }
                line.attachmentCells = Dictionary(uniqueKeysWithValues: line.attachmentCells.map { ($0.key + offset, $0.value) })
                joined.lines.append(line)
            }
        }
        return joined
    }

    /// Paragraphs per Pango layout when a text is measured in groups.
    static let paragraphsPerSegment = 64

    /// Style runs per Pango layout at most. Pango 1.50 takes a layout's font attributes out of their list one at a
    /// time (`pango_attr_list_filter` moves the rest of the list each time), which is quadratic in their number:
    /// 160,000 runs took 5 s, 680,000 minutes. A paragraph with more runs is measured in parts of this many, and a
    /// line breaks where a part ends. A paragraph within the Bot API's 32,768 characters reaches this only if it
    /// changes style every four characters on average, so in practice only messages far past the limit are cut.
    static let runsPerSegment = 8192

    /// Byte ranges of groups of `paragraphsPerSegment` newline-separated paragraphs (the newline between two
    /// groups belongs to neither, as Pango keeps it out of its lines), each cut again after every `runsPerSegment`
    /// style runs; none for a text measured whole.
    static func paragraphSegments(_ text: AttributedText) -> [Range<Int>] {
        let segments = runSegments(newlineSegments(text), runs: text.runs.map(\.startByte))
        return segments.count > 1 ? segments : []
    }

    /// `segments` cut at the start of every `runsPerSegment`-th run inside each (`runStarts` in text order).
    static func runSegments(_ segments: [Range<Int>], runs runStarts: [Int], limit: Int = runsPerSegment) -> [Range<Int>] {
        guard runStarts.count > limit else { return segments }
        var result: [Range<Int>] = []
        var next = 0
        for segment in segments {
            // The run the segment starts in is its first.
            var start = segment.lowerBound, count = 1
            while next < runStarts.count, runStarts[next] < segment.upperBound {
                if runStarts[next] > start, runStarts[next] >= segment.lowerBound {
                    count += 1
                    if count > limit {
                        result.append(start..<runStarts[next])
                        start = runStarts[next]
                        count = 1
                    }
                }
                next += 1
            }
            result.append(start..<segment.upperBound)
        }
        return result
    }

    /// Groups of `paragraphsPerSegment` paragraphs; the whole text when it is short.
    private static func newlineSegments(_ text: AttributedText) -> [Range<Int>] {
        guard text.byteCount > 4096 else { return [0..<text.byteCount] }
        var segments: [Range<Int>] = []
        var start = 0, count = 0, byte = 0
        var previous: UInt8 = 0
        for unit in text.text.utf8 {
            defer { previous = unit }
            if unit == 0x0A {
                count += 1
                if count == paragraphsPerSegment {
                    // "\r\n" is one delimiter: keep the "\r" out too, or it would end the group with an empty paragraph.
                    segments.append(start..<(previous == 0x0D ? byte - 1 : byte))
                    start = byte + 1
                    count = 0
                }
            }
            byte += 1
        }
        segments.append(start..<text.byteCount)
        return segments
    }

    private func measureSegment(_ text: AttributedText, width: Double?, inkRects: Bool, ellipsize: Bool,
                                wholeWords: Bool, cascade: HanRegion?) -> MeasuredParagraph {
        guard let layout = pango_layout_new(context) else { return MeasuredParagraph(lines: [], fonts: []) }
        defer { ipr_g_object_unref(UnsafeMutableRawPointer(layout)) }
        text.text.withCString { pointer in pango_layout_set_text(layout, pointer, Int32(text.byteCount)) }
        let scale = Double(PANGO_SCALE)
        let attributes = pango_attr_list_new()
        var ranges = fontRanges(text, cascade: cascade)
        if cascade != nil { use(families: Set(ranges.flatMap(\.families))) }
        if text.byteCount > MessageLimits.characters, text.text.unicodeScalars.count > MessageLimits.characters {
            ranges = Self.joiningEqualFonts(ranges)
        }
        for range in ranges {
            if let attribute = pango_attr_font_desc_new(range.description) {
                attribute.pointee.start_index = UInt32(range.start)
                attribute.pointee.end_index = UInt32(range.end)
                pango_attr_list_insert(attributes, attribute)
            }
            pango_font_description_free(range.description)
        }
        // Attachments are shapes with the logical rect V2 prescribes, so line breaking accounts for them.
        for attachment in text.attachments {
            var logical = PangoRectangle(x: 0, y: (-attachment.ascent * scale).rounded().saturatingInt32,
                                         width: (attachment.width * scale).rounded().saturatingInt32,
                                         height: ((attachment.ascent + attachment.descent) * scale).rounded().saturatingInt32)
            var ink = logical
            if let attribute = pango_attr_shape_new(&ink, &logical) {
                attribute.pointee.start_index = UInt32(attachment.byte)
                attribute.pointee.end_index = UInt32(attachment.byte + 3)
                pango_attr_list_insert(attributes, attribute)
            }
        }
        // CoreText never adds a hyphen at a break inside a word (README, Decisions: "No inserted hyphens").
        // Pango's hyphen also made line fill depend on where its items end, which the cuts below rely on.
        if let noHyphens = pango_attr_insert_hyphens_new(0) { pango_attr_list_insert(attributes, noHyphens) }
        insertItemBoundaries(text, into: attributes)
        let utf8 = Array(text.text.utf8)
        insertDictionaryBreaks(utf8, into: attributes)
        insertNoStartMarks(text.text, into: attributes)
        pango_layout_set_attributes(layout, attributes)
        pango_attr_list_unref(attributes)
        if let width {
            pango_layout_set_width(layout, max(0, (width * scale).rounded(.down)).saturatingInt32)
            // WORD_CHAR breaks over-long words like CoreText does; WORD keeps words whole (table minimum widths).
            pango_layout_set_wrap(layout, wholeWords ? PANGO_WRAP_WORD : PANGO_WRAP_WORD_CHAR)
            // One line, ended with "…" when it does not fit (button labels, "Show more").
            if ellipsize {
                pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
            } else {
                // At most maxLinesPerText lines per paragraph: Pango then puts the rest on one ellipsized line
                // in one pass instead of breaking it line by line.
                pango_layout_set_height(layout, -Int32(Self.maxLinesPerText))
                pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
            }
        } else {
            pango_layout_set_width(layout, -1)
        }

        let attachmentKinds = Dictionary(text.attachments.map { ($0.byte, $0.kind.takesDecorations) }, uniquingKeysWith: { first, _ in first })
        var fontIndices: [UnsafeMutablePointer<PangoFont>: Int] = [:]
        var fonts: [FontKey] = []
        var lines: [MeasuredParagraph.Line] = []
        guard let iterator = pango_layout_get_iter(layout) else { return MeasuredParagraph(lines: [], fonts: []) }
        // A paragraph cut at the line limit ends in one ellipsized line (pango_layout_is_ellipsized misses it).
        let cut = !ellipsize && width != nil && pango_layout_get_line_count(layout) >= Int32(Self.maxLinesPerText)
        defer { pango_layout_iter_free(iterator) }
        repeat {
            guard let line = pango_layout_iter_get_line_readonly(iterator) else { continue }
            var logical = PangoRectangle()
            pango_layout_iter_get_line_extents(iterator, nil, &logical)
            var measured = MeasuredParagraph.Line(startByte: Int(line.pointee.start_index),
                                                  endByte: Int(line.pointee.start_index + line.pointee.length),
                                                  width: Double(logical.width) / scale, isRTL: false, glyphs: [], attachmentCells: [:])
            var penX = 0.0
            // Pango zeroes the width of the white space that ends a wrapped line; CoreText's typographic width counts
            // it (v2-layout-facts §3.3; README Decisions, fourth review): those glyphs get their advance back, so the
            // line's width includes it and, in a right-to-left line, where it stands visually first, the glyphs after
            // it move as CoreText draws them. Ink is unchanged.
            let trailingStart = Self.trailingWhiteSpaceStart(utf8, start: measured.startByte, end: measured.endByte)
            var restored = 0.0
            // Every glyph slot of the line in visual order (kept glyphs, emptied ones and attachments), for rule L1 below.
            var slots: [PenSlot] = []
            var runNode = line.pointee.runs
            var firstRun = true
            while let current = runNode {
                defer { runNode = current.pointee.next }
                let run = current.pointee.data.assumingMemoryBound(to: PangoGlyphItem.self)
                let item = run.pointee.item!
                let rtl = item.pointee.analysis.level % 2 == 1
                // isRTL: the line's first glyph run is right-to-left (v2-layout-facts §3.3 step 7).
                if firstRun {
                    measured.isRTL = rtl
                    firstRun = false
                }
                var fontIndex = -1
                let font = item.pointee.analysis.font
                if let font {
                    if let known = fontIndices[font] {
                        fontIndex = known
                    } else {
                        fontIndex = fonts.count
                        fonts.append(fontKey(font))
                        fontIndices[font] = fontIndex
                    }
                }
                let glyphs = run.pointee.glyphs!
                let count = Int(glyphs.pointee.num_glyphs)
                let itemStart = Int(item.pointee.offset), itemEnd = itemStart + Int(item.pointee.length)
                // A cluster ends where the next cluster (in logical order) starts.
                let starts = Set((0..<count).map { itemStart + Int(glyphs.pointee.log_clusters[$0]) }).sorted()
                var ends: [Int: Int] = [:]
                for (index, start) in starts.enumerated() { ends[start] = index + 1 < starts.count ? starts[index + 1] : itemEnd }
                for index in 0..<count {
                    let info = glyphs.pointee.glyphs[index]
                    var advance = Double(info.geometry.width) / scale
                    let cluster = itemStart + Int(glyphs.pointee.log_clusters[index])
                    // (Pango empties the glyph too: the font's own glyph for the character gives the advance.)
                    if info.geometry.width == 0, cluster >= trailingStart, cluster < measured.endByte, let font,
                       let hbFont = pango_font_get_hb_font(font), let scalar = Self.scalar(utf8, at: cluster) {
                        var glyph: hb_codepoint_t = 0
                        if hb_font_get_nominal_glyph(hbFont, hb_codepoint_t(scalar.value), &glyph) != 0 {
                            var logical = PangoRectangle()
                            pango_font_get_glyph_extents(font, PangoGlyph(glyph), nil, &logical)
                            advance = max(0, Double(logical.width) / scale)
                            restored += advance
                        }
                    }
                    // RTL-safe attachment x: the left edge of the attachment's own logical rectangle
                    // (pango-notes §4), read off the shape glyph's pen position: runs and their glyphs are in
                    // visual order, so this is left to right in RTL too (index_to_pos per attachment walked
                    // every line, quadratic in the number of lines).
                    var slot = PenSlot(pen: penX, advance: advance, cluster: cluster)
                    if let decorated = attachmentKinds[cluster], measured.attachmentCells[cluster] == nil {
                        measured.attachmentCells[cluster] = MeasuredParagraph.AttachmentCell(x: penX, advance: advance, takesDecorations: decorated)
                        slot.attachment = cluster
                    }
                    if info.glyph != PANGO_GLYPH_EMPTY, fontIndex >= 0, let font {
                        slot.glyph = measured.glyphs.count
                        var inkRect: Rect?
                        if inkRects, info.glyph & PANGO_GLYPH_UNKNOWN_FLAG == 0 {
                            var ink = PangoRectangle()
                            pango_font_get_glyph_extents(font, info.glyph, &ink, nil)
                            inkRect = Rect(x: Double(ink.x) / scale, y: Double(ink.y) / scale, width: Double(ink.width) / scale,
                                           height: Double(ink.height) / scale)
                        }
                        measured.glyphs.append(MeasuredParagraph.Glyph(
                            id: info.glyph, x: penX + Double(info.geometry.x_offset) / scale,
                            yOffset: Double(info.geometry.y_offset) / scale, advance: advance, cluster: cluster,
                            clusterEnd: ends[cluster] ?? itemEnd, fontIndex: fontIndex, ink: inkRect, isRTL: rtl))
                    }
                    slots.append(slot)
                    penX += advance
                }
            }
            measured.width += restored
            if trailingStart < measured.endByte {
                Self.placeTrailingWhiteSpace(&measured, slots: slots, from: trailingStart,
                                             paragraphRTL: pango_layout_line_get_resolved_direction(line) == PANGO_DIRECTION_RTL)
            }
            lines.append(measured)
        } while pango_layout_iter_next_line(iterator) != 0
        return MeasuredParagraph(lines: lines, fonts: fonts, cut: cut)
    }
}

/// One glyph position of a measured line: its pen x and advance, its cluster, and what sits there (a kept glyph's
/// index in the line, an attachment's byte).
struct PenSlot {
    var pen: Double
    var advance: Double
    var cluster: Int
    var glyph: Int?
    var attachment: Int?

    init(pen: Double, advance: Double, cluster: Int) {
        self.pen = pen
        self.advance = advance
        self.cluster = cluster
    }
}

extension FontSet {
    /// UAX #9 rule L1 on a wrapped line, as CoreText applies it (README Decisions, fifth review, "Trailing white space of
    /// a wrapped line"): the white space that ends the line (clusters from `start` on) takes the paragraph's level, so
    /// it sits at the line's far end — the left in a right-to-left paragraph, the right in a left-to-right one — in
    /// the paragraph's order, and everything else closes up in its visual order. Pango resolves levels over the whole
    /// paragraph, so a space between a Latin word that ends a line and the Latin word that starts the next stays
    /// inside their left-to-right run, a gap between "English" and the Arabic before it. The line's width is
    /// unchanged (its white space still counts). In a right-to-left paragraph such a line starts (visually) with
    /// right-to-left white space, so it is a right-to-left line (§3.3 step 7: its first run).
    static func placeTrailingWhiteSpace(_ line: inout MeasuredParagraph.Line, slots: [PenSlot], from start: Int, paragraphRTL: Bool) {
        let isTrailing = slots.map { $0.cluster >= start && $0.cluster < line.endByte }
        let count = isTrailing.filter { $0 }.count
        guard count > 0 else { return }
        if paragraphRTL { line.isRTL = true }
        // Already at the far end (the usual case): nothing moves.
        let atEnd = paragraphRTL ? isTrailing.prefix(count).allSatisfy { $0 } : isTrailing.suffix(count).allSatisfy { $0 }
        guard !atEnd else { return }
        let trailingWidth = zip(slots, isTrailing).filter(\.1).map(\.0.advance).reduce(0, +)
        // Pen x of every slot after the move: the others keep their order and close up; the white space is laid out at
        // the far end in logical order (right to left in a right-to-left paragraph).
        var newPen = [Double](repeating: 0, count: slots.count)
        var pen = paragraphRTL ? trailingWidth : 0
        for (index, slot) in slots.enumerated() where !isTrailing[index] {
            newPen[index] = pen
            pen += slot.advance
        }
        let trailingOrder = slots.indices.filter { isTrailing[$0] }.sorted { slots[$0].cluster != slots[$1].cluster ? slots[$0].cluster < slots[$1].cluster : $0 < $1 }
        if paragraphRTL {
            var right = trailingWidth
            for index in trailingOrder {
                right -= slots[index].advance
                newPen[index] = right
            }
        } else {
            var left = pen
            for index in trailingOrder {
                newPen[index] = left
                left += slots[index].advance
            }
        }
        for (index, slot) in slots.enumerated() {
            let dx = newPen[index] - slot.pen
            if let glyph = slot.glyph { line.glyphs[glyph].x += dx }
            if let byte = slot.attachment { line.attachmentCells[byte]?.x += dx }
        }
    }

    /// The scalar whose UTF-8 starts at `index`.
    static func scalar(_ utf8: [UInt8], at index: Int) -> Unicode.Scalar? {
        guard index >= 0, index < utf8.count else { return nil }
        let length = utf8[index] < 0x80 ? 1 : utf8[index] < 0xE0 ? 2 : utf8[index] < 0xF0 ? 3 : 4
        return String(decoding: utf8[index..<min(utf8.count, index + length)], as: UTF8.self).unicodeScalars.first
    }

    /// Where the white space that ends the line `start..<end` of `utf8` begins (`end` when it ends in none): spaces
    /// and other separators, not line or paragraph breaks.
    static func trailingWhiteSpaceStart(_ utf8: [UInt8], start: Int, end: Int) -> Int {
        var index = min(end, utf8.count)
        while index > start {
            // Step back one scalar (skip continuation bytes).
            var begin = index - 1
            while begin > start, utf8[begin] & 0xC0 == 0x80 { begin -= 1 }
            guard let scalar = String(decoding: utf8[begin..<index], as: UTF8.self).unicodeScalars.first,
                  scalar.properties.isWhitespace, !"\n\r\u{0B}\u{0C}\u{85}\u{2028}\u{2029}".unicodeScalars.contains(scalar) else { break }
            index = begin
        }
        return index
    }

    /// Adjacent ranges of one font as one range (the other descriptions freed), for texts longer than a whole
    /// message may be (`MessageLimits.characters`, counted as the limit counts them: Unicode scalars). Each
    /// range is an item Pango shapes apart, which costs a HarfBuzz call and keeps kerning from crossing a run's edge
    /// (a link's colour, a spoiler): the app's run boundaries, kept for every message within the limits. Past them,
    /// 48,000 links were 96,000 shaping calls; joined, a line of links costs what a line of plain text does.
    static func joiningEqualFonts(_ ranges: [FontRange]) -> [FontRange] {
        var result: [FontRange] = []
        for range in ranges {
            if let last = result.last, last.end == range.start, last.families == range.families,
               pango_font_description_equal(last.description, range.description) != 0 {
                result[result.count - 1].end = range.end
                pango_font_description_free(range.description)
            } else {
                result.append(range)
            }
        }
        return result
    }

    /// Texts shorter than this are given to Pango as they are.
    static let itemSplitMinimumBytes = 256
    /// A run without a line-break opportunity is cut into items of this many characters once it is longer
    /// than `unbreakableRunLimit` characters.
    static let unbreakableItemLength = 64
    static let unbreakableRunLimit = 256
    /// Any item is cut at the next line-break opportunity after this many characters.
    static let breakableItemLength = 2048

    /// Bounds the length of Pango's items. Pango 1.50 re-shapes the rest of an item at every line it breaks
    /// inside it; where an over-long word must be broken between characters it does so for every line, which
    /// makes a run of 20,000 characters without a break opportunity take seconds and 100,000 take minutes
    /// (quadratic). Pango also sums an item's width in 32-bit Pango units, which wraps for items over about
    /// 2,000,000 pt (≈ 250,000 characters), and then lays the whole paragraph out as one line of width 0.
    /// Items end where attributes change, so alternating a no-op attribute (font fallback on, the default)
    /// over consecutive ranges cuts them. The cuts sit on grapheme boundaries (at a line-break opportunity
    /// for breakable text), so line breaks and glyphs stay the same; only kerning across a cut is lost, in
    /// texts over 2,000 characters or inside words longer than 256.
    func insertItemBoundaries(_ text: AttributedText, into attributes: OpaquePointer?) {
        guard text.byteCount >= Self.itemSplitMinimumBytes else { return }
        let characterCount = text.text.unicodeScalars.count
        var logAttributes = [PangoLogAttr](repeating: PangoLogAttr(), count: characterCount + 1)
        text.text.withCString { pointer in
            pango_get_log_attrs(pointer, Int32(text.byteCount), -1, pango_language_from_string(Self.neutralLanguage), &logAttributes, Int32(characterCount + 1))
        }
        var cuts: [Int] = [0]
        var byte = 0, sinceBreak = 0, sinceCut = 0
        for (index, scalar) in text.text.unicodeScalars.enumerated() {
            let attribute = logAttributes[index]
            if attribute.is_line_break != 0 { sinceBreak = 0 }
            if index > 0 && attribute.is_cursor_position != 0 {
                if (sinceBreak >= Self.unbreakableRunLimit && sinceCut >= Self.unbreakableItemLength)
                    || (attribute.is_line_break != 0 && sinceCut >= Self.breakableItemLength) {
                    cuts.append(byte)
                    sinceCut = 0
                }
            }
            sinceBreak += 1
            sinceCut += 1
            byte += UTF8.width(scalar)
        }
        guard cuts.count > 1 else { return }
        cuts.append(text.byteCount)
        for index in stride(from: 1, to: cuts.count - 1, by: 2) {
            guard let attribute = pango_attr_fallback_new(1) else { continue }
            attribute.pointee.start_index = UInt32(cuts[index])
            attribute.pointee.end_index = UInt32(cuts[index + 1])
            pango_attr_list_insert(attributes, attribute)
        }
    }
}
