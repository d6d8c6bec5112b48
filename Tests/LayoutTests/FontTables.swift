import Foundation

/// Reads vertical metrics straight from an OpenType file's tables, independently of Pango and HarfBuzz,
/// so tests can check the line model against the font file itself.
struct FontTables {
    let unitsPerEm: Double
    let ascender: Double
    let descender: Double

    init?(path: String) {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let bytes = [UInt8](data)
        func u16(_ offset: Int) -> Int { Int(bytes[offset]) << 8 | Int(bytes[offset + 1]) }
        func i16(_ offset: Int) -> Int { Int(Int16(bitPattern: UInt16(u16(offset)))) }
        func u32(_ offset: Int) -> Int { u16(offset) << 16 | u16(offset + 2) }
        var tables: [String: Int] = [:]
        let count = u16(4)
        for index in 0..<count {
            let record = 12 + index * 16
            let tag = String(decoding: bytes[record..<record + 4], as: UTF8.self)
            tables[tag] = u32(record + 8)
        }
        guard let head = tables["head"], let hhea = tables["hhea"] else { return nil }
        unitsPerEm = Double(u16(head + 18))
        var ascent = i16(hhea + 4), descent = i16(hhea + 6)
        // HarfBuzz (and so Pango) takes OS/2 typo metrics when USE_TYPO_METRICS (fsSelection bit 7) is set.
        if let os2 = tables["OS/2"], u16(os2 + 62) & 0x80 != 0 {
            ascent = i16(os2 + 68)
            descent = i16(os2 + 70)
        }
        ascender = Double(ascent)
        descender = Double(-descent)
    }

    /// (A, D) at `size` points, D positive.
    func metrics(size: Double) -> (ascent: Double, descent: Double) {
        (ascender * size / unitsPerEm, descender * size / unitsPerEm)
    }
}
