import CPango
import Drawing
import FoundationEssentials
import Primitives

/// One FreeType face per font file and face index for the whole process, on the file's one memory mapping
/// (`FontFileMapping`), used by paint (`ScaledFontCache`) and, for collection faces, by Pango's Cairo fonts too (the
/// face rides in the fontconfig pattern as `FC_FT_FACE`, which Cairo uses instead of opening the file). Without it
/// a font file was mapped by HarfBuzz, by Pango's Cairo face and by paint, and every glyph outline both read was
/// resident twice: 300 different Han characters cost 6 MB more. Cairo serialises the use of a face it did not open
/// (its unscaled font's lock); faces live as long as the process.
public enum SharedFreeTypeFaces {
    private static let lock = Lock()
    nonisolated(unsafe) private static let library: FT_Library? = {
        var library: FT_Library?
        return FT_Init_FreeType(&library) == 0 ? library : nil
    }()
    nonisolated(unsafe) private static var faces: [String: FT_Face?] = [:]

    /// The face `index` of `file`; nil when the file cannot be read as a font.
    public static func face(file: String, index: Int) -> FT_Face? {
        let key = "\(index)#\(file)"
        lock.lock()
        defer { lock.unlock() }
        if let known = faces[key] { return known }
        var result: FT_Face?
        if let library, let bytes = FontFileMapping.bytes(of: file), let base = bytes.baseAddress {
            var face: FT_Face?
            if FT_New_Memory_Face(library, base.assumingMemoryBound(to: FT_Byte.self), FT_Long(bytes.count), FT_Long(index), &face) == 0 { result = face }
        }
        faces[key] = result
        return result
    }
}
