import CPango

/// Pango's view of a paragraph: line breaks and positioned glyphs, before the V2 line model.
struct MeasuredParagraph {
    struct Glyph {
        var id: UInt32
        /// x from the line's start, points.
        var x: Double
        var yOffset: Double
        var advance: Double
        /// UTF-8 byte offset of the glyph's cluster.
        var cluster: Int
        var fontIndex: Int
    }

    struct Line {
        var startByte: Int
        var endByte: Int
        /// Typographic (logical) width including trailing white space, points.
        var width: Double
        var isRTL: Bool
        var glyphs: [Glyph]
    }

    var lines: [Line]
    var fonts: [FontKey]
}

extension FontSet {
    /// Breaks `text` into lines at `width` points (nil = one line per paragraph) with WORD_CHAR wrapping
    /// and returns positioned glyphs. Only font attributes are given to Pango; colours and decorations stay ours.
    func measure(_ text: AttributedText, width: Double?) -> MeasuredParagraph {
        guard let layout = pango_layout_new(context) else { return MeasuredParagraph(lines: [], fonts: []) }
        defer { ipr_g_object_unref(UnsafeMutableRawPointer(layout)) }
        text.text.withCString { pointer in pango_layout_set_text(layout, pointer, Int32(text.byteCount)) }
        let attributes = pango_attr_list_new()
        for run in text.runs {
            let description = makeDescription(run.attributes.font)
            if let attribute = pango_attr_font_desc_new(description) {
                attribute.pointee.start_index = UInt32(run.startByte)
                attribute.pointee.end_index = UInt32(run.endByte)
                pango_attr_list_insert(attributes, attribute)
            }
            pango_font_description_free(description)
        }
        pango_layout_set_attributes(layout, attributes)
        pango_attr_list_unref(attributes)
        if let width {
            pango_layout_set_width(layout, Int32(max(0, (width * Double(PANGO_SCALE)).rounded(.down))))
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        } else {
            pango_layout_set_width(layout, -1)
        }

        var fontIndices: [UnsafeMutablePointer<PangoFont>: Int] = [:]
        var fonts: [FontKey] = []
        var lines: [MeasuredParagraph.Line] = []
        let scale = Double(PANGO_SCALE)
        var lineNode = pango_layout_get_lines_readonly(layout)
        while let node = lineNode {
            defer { lineNode = node.pointee.next }
            let line = node.pointee.data.assumingMemoryBound(to: PangoLayoutLine.self)
            var logical = PangoRectangle()
            pango_layout_line_get_extents(line, nil, &logical)
            var measured = MeasuredParagraph.Line(startByte: Int(line.pointee.start_index),
                                                  endByte: Int(line.pointee.start_index + line.pointee.length),
                                                  width: Double(logical.width) / scale, isRTL: false, glyphs: [])
            var penX = 0.0
            var runNode = line.pointee.runs
            var firstRun = true
            while let current = runNode {
                defer { runNode = current.pointee.next }
                let run = current.pointee.data.assumingMemoryBound(to: PangoGlyphItem.self)
                let item = run.pointee.item!
                if firstRun {
                    measured.isRTL = item.pointee.analysis.level % 2 == 1
                    firstRun = false
                }
                var fontIndex = -1
                if let font = item.pointee.analysis.font {
                    if let known = fontIndices[font] {
                        fontIndex = known
                    } else {
                        fontIndex = fonts.count
                        fonts.append(fontKey(font))
                        fontIndices[font] = fontIndex
                    }
                }
                let glyphs = run.pointee.glyphs!
                for index in 0..<Int(glyphs.pointee.num_glyphs) {
                    let info = glyphs.pointee.glyphs[index]
                    let advance = Double(info.geometry.width) / scale
                    if info.glyph != PANGO_GLYPH_EMPTY, fontIndex >= 0 {
                        measured.glyphs.append(MeasuredParagraph.Glyph(
                            id: info.glyph, x: penX + Double(info.geometry.x_offset) / scale,
                            yOffset: Double(info.geometry.y_offset) / scale, advance: advance,
                            cluster: Int(item.pointee.offset) + Int(glyphs.pointee.log_clusters[index]), fontIndex: fontIndex))
                    }
                    penX += advance
                }
            }
            lines.append(measured)
        }
        return MeasuredParagraph(lines: lines, fonts: fonts)
    }
}
