import CPNGWriter
import Drawing

/// The ancillary chunks a page's PNG carries right after IHDR (issue 63), framed once per page: `pHYs`, 72 × scale
/// pixels per inch (as pixels per metre), so image tools show the page at its size in points; and, with alt text, an
/// uncompressed `iTXt` chunk with the keyword "Description", the language tag and the text in UTF-8.
struct PNGMetadata {
    let bytes: [UInt8]

    /// No chunk: a PNG of the pixels alone (images that are not pages: diffs, test fixtures).
    static let none = PNGMetadata(bytes: [])

    private init(bytes: [UInt8]) { self.bytes = bytes }

    /// `scale`: nil writes no `pHYs` (an animation, whose encoder writes its own).
    init(scale: Double?, altText: AltTextMetadata?) {
        var bytes: [UInt8] = []
        if let scale {
            let perMetre = UInt32(clamping: Int((72 * scale / 0.0254).rounded()))
            var physical: [UInt8] = []
            for _ in 0..<2 { physical += [UInt8(perMetre >> 24), UInt8(perMetre >> 16 & 0xFF), UInt8(perMetre >> 8 & 0xFF), UInt8(perMetre & 0xFF)] }
            physical.append(1)  // the unit is the metre
            Self.append("pHYs", physical, to: &bytes)
        }
        if let altText, !altText.text.isEmpty {
            // keyword NUL, compression flag 0, method 0, language tag NUL, translated keyword (none) NUL, text.
            var text = Array("Description".utf8) + [0, 0, 0] + Array((altText.language ?? "").utf8) + [0, 0]
            text += Array(altText.text.utf8)
            Self.append("iTXt", text, to: &bytes)
        }
        self.bytes = bytes
    }

    /// A chunk whose data fits PNG's 2^31 - 1 bytes (an alt text never comes near: inputs are far smaller).
    private static func append(_ type: String, _ data: [UInt8], to bytes: inout [UInt8]) {
        guard data.count < Int(Int32.max) else { return }
        let start = bytes.count
        bytes += [UInt8](repeating: 0, count: 12 + data.count)
        let written = bytes.withUnsafeMutableBufferPointer { out in
            data.withUnsafeBufferPointer { data in
                type.withCString { type in ipr_png_put_chunk(out.baseAddress.map { $0 + start }, type, data.baseAddress, data.count) }
            }
        }
        if written == 0 { bytes.removeLast(12 + data.count) }
    }

    /// The chunks as the C writer takes them, valid inside `body`.
    func withExtra<Result>(_ body: (ipr_png_extra) throws -> Result) rethrows -> Result {
        try bytes.withUnsafeBufferPointer { try body(ipr_png_extra(bytes: $0.baseAddress, size: $0.count)) }
    }
}
