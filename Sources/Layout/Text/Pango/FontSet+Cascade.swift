import CPango
import Drawing
import Fonts

/// Fallback through the world collection (docs/rendering.md "Fonts and scripts"): a text whose every character its style's face has is
/// given to Pango with that face alone, as before the collection existed; any other text is measured with the
/// collection in the configuration and, piece by piece (attribute run × script run), a font description naming
/// the style's face, then the face that draws the piece's script (promoted, so that characters several scripts
/// share — the danda, the dotted circle — come from the script's own face), then the families of
/// `FontCollection.cascade` that draw the piece's other characters, whose Noto Sans CJK face is that of the text's
/// Han region.
extension FontSet {
    struct CascadeKey: Hashable {
        var primary: FontFamily
        var promoted: String
        var region: HanRegion
        var others: Set<String>
    }

    struct PromotionKey: Hashable {
        var primary: FontFamily
        var region: HanRegion
        var scalar: UInt32
    }

    /// A byte range of the text, the font description Pango measures it with (the caller frees it) and the
    /// collection families it names.
    typealias FontRange = (start: Int, end: Int, description: OpaquePointer, families: [String])

    /// Whether `scalar` needs no face: ASCII the base faces all have, controls Pango draws as nothing, attachments
    /// and default-ignorable characters (joiners, variation selectors), which Pango draws as empty glyphs.
    static func needsNoFace(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x80 { return value >= 0x20 || value == 0x0A || value == 0x09 || value == 0x0D }
        return value == 0xFFFC || scalar.properties.isDefaultIgnorableCodePoint
    }

    /// Runs that take their style's face alone (the emoji and math families are already the face they need).
    static func takesCascade(_ family: FontFamily) -> Bool { family == .sans || family == .serif || family == .mono }

    /// Whether some character of `text` is missing from its run's face.
    func needsFallback(_ text: AttributedText) -> Bool {
        var scalars = text.text.unicodeScalars.makeIterator()
        for run in text.runs {
            let spec = run.attributes.font
            var byte = run.startByte
            while byte < run.endByte, let scalar = scalars.next() {
                byte += UTF8.width(scalar)
                if Self.takesCascade(spec.family), !Self.needsNoFace(scalar), !covers(spec, scalar) { return true }
            }
        }
        return false
    }

    /// The font description of every piece of `text`: one per attribute run without `cascade`; with it, one per
    /// attribute run and script run, naming the cascade of `region`.
    func fontRanges(_ text: AttributedText, cascade region: HanRegion?) -> [FontRange] {
        guard let region else {
            return text.runs.map { ($0.startByte, $0.endByte, makeDescription($0.attributes.font), []) }
        }
        let scriptRuns = scriptRunStarts(text)
        var ranges: [FontRange] = []
        var scalars = text.text.unicodeScalars.makeIterator()
        var nextScript = scriptRuns.dropFirst().makeIterator()
        var pendingScript = nextScript.next()
        var script = scriptRuns.first?.script ?? PANGO_SCRIPT_COMMON
        var byte = 0
        for run in text.runs {
            let spec = run.attributes.font
            guard Self.takesCascade(spec.family) else {
                while byte < run.endByte, let scalar = scalars.next() { byte += UTF8.width(scalar) }
                while let next = pendingScript, next.start <= byte {
                    script = next.script
                    pendingScript = nextScript.next()
                }
                ranges.append((run.startByte, run.endByte, makeDescription(spec), []))
                continue
            }
            var pieceStart = run.startByte
            var uncovered: [Unicode.Scalar] = []
            var ownScript: Unicode.Scalar?
            func closePiece(at end: Int) {
                guard end > pieceStart else { return }
                // The piece's own script is promoted: its first character the style lacks that is of that script
                // (a common one such as "。" or "।" only when the piece has no other).
                if let ownScript, let index = uncovered.firstIndex(of: ownScript), index > 0 { uncovered.swapAt(0, index) }
                let list = families(spec.family, uncovered: uncovered, region: region)
                ranges.append((pieceStart, end, makeDescription(spec, families: list.joined(separator: ",")), Array(list.dropFirst())))
                pieceStart = end
                uncovered.removeAll(keepingCapacity: true)
                ownScript = nil
            }
            while byte < run.endByte, let scalar = scalars.next() {
                while let next = pendingScript, next.start <= byte {
                    if next.start > pieceStart { closePiece(at: next.start) }
                    script = next.script
                    pendingScript = nextScript.next()
                }
                if !Self.needsNoFace(scalar), !covers(spec, scalar) {
                    uncovered.append(scalar)
                    if ownScript == nil, script != PANGO_SCRIPT_COMMON, g_unichar_get_script(gunichar(scalar.value)).rawValue == script.rawValue {
                        ownScript = scalar
                    }
                }
                byte += UTF8.width(scalar)
            }
            closePiece(at: run.endByte)
        }
        return ranges
    }

    /// Pango's script runs (common characters such as spaces and punctuation belong to the run around them): where
    /// each starts (bytes) and its script.
    private func scriptRunStarts(_ text: AttributedText) -> [(start: Int, script: PangoScript)] {
        var runs: [(start: Int, script: PangoScript)] = []
        text.text.withCString { base in
            guard let iterator = pango_script_iter_new(base, Int32(text.byteCount)) else { return }
            defer { pango_script_iter_free(iterator) }
            repeat {
                var start: UnsafePointer<CChar>?, end: UnsafePointer<CChar>?
                var script = PANGO_SCRIPT_COMMON
                pango_script_iter_get_range(iterator, &start, &end, &script)
                if let start { runs.append((base.distance(to: start), script)) }
            } while pango_script_iter_next(iterator) != 0
        }
        return runs
    }

    /// The family that draws `scalar` first in `primary`'s cascade.
    func firstCoverer(of scalar: Unicode.Scalar, primary: FontFamily, region: HanRegion) -> String? {
        let key = PromotionKey(primary: primary, region: region, scalar: scalar.value)
        if let known = promotions[key] { return known }
        let family = collection.firstFamily(covering: scalar, in: collection.cascade(for: primary, region: region))
        promotions[key] = family
        return family
    }

    /// The family list of a piece's font description: the style's face; the family that draws the piece's first
    /// character the face lacks (promoted: the script's own face, so characters several scripts share come from
    /// it); then, in cascade order, the first family of the cascade for each other such character. That is exactly
    /// the families the whole cascade would use for these characters, so the list stays a few names long and
    /// fontconfig sorts a few names per font instead of two hundred.
    func families(_ primary: FontFamily, uncovered: [Unicode.Scalar], region: HanRegion) -> [String] {
        guard let first = uncovered.first, let promoted = firstCoverer(of: first, primary: primary, region: region) else {
            return [primary.rawValue]
        }
        let promotedFaces = collection.faces(of: promoted)
        var others: Set<String> = []
        for scalar in uncovered.dropFirst() where !promotedFaces.contains(where: { $0.covers(scalar) }) {
            if let family = firstCoverer(of: scalar, primary: primary, region: region), family != promoted { others.insert(family) }
        }
        let key = CascadeKey(primary: primary, promoted: promoted, region: region, others: others)
        if let known = cascadeFamilies[key] { return known }
        let order = collection.cascade(for: primary, region: region)
        let list = [primary.rawValue, promoted] + order.filter { others.contains($0) }
        cascadeFamilies[key] = list
        return list
    }
}
