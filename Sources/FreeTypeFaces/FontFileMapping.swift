import CFontFiles

/// Font files mapped into memory once per process, for every FreeType face paint opens on them (`ScaledFontCache`
/// and `BitmapGlyphPainter`, on every painting thread): one mapping per file however many faces, sizes and threads
/// draw from it, so each page of a font file counts once in the process's memory. A Noto Sans CJK collection holds
/// ten faces in one 20 MB file; a face of their own per opening mapped the file again each time. Mappings live as
/// long as the process (a run draws from a bounded set of listed files). The same mapping serves Pango's HarfBuzz
/// faces and Cairo's FreeType faces (`CFontFiles`).
public enum FontFileMapping {
    /// The bytes of `path`, read-only; nil when it cannot be opened or is empty. The mapping is `CFontFiles`'s, which
    /// HarfBuzz's and FreeType's own file openings (Pango's shaping faces, Cairo's faces) use as well.
    public static func bytes(of path: String) -> UnsafeRawBufferPointer? {
        var size = 0
        guard let base = ipr_font_file_bytes(path, &size), size > 0 else { return nil }
        return UnsafeRawBufferPointer(start: base, count: size)
    }
}
