import CCairo
import Drawing
import Foundation

/// Cairo scaled fonts opened from the font files glyph runs name (`FontKey`: file, face, size, synthesised bold and
/// slant), with the
/// rendering options layout measured with: no hinting, unhinted metrics, greyscale antialiasing. Paint needs
/// no shaping library: a run's glyph ids and positions are final.
final class ScaledFontCache {
    private struct FaceKey: Hashable {
        let file: String
        let index: Int
        let embolden: Bool
    }

    private var faces: [FaceKey: OpaquePointer?] = [:]
    private var fonts: [FontKey: OpaquePointer?] = [:]
    private let options: OpaquePointer

    init() {
        options = cairo_font_options_create()
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
    }

    deinit {
        for font in fonts.values { if let font { cairo_scaled_font_destroy(font) } }
        for face in faces.values { if let face { cairo_font_face_destroy(face) } }
        cairo_font_options_destroy(options)
    }

    /// The scaled font for `key`, nil when its file cannot be opened.
    func font(_ key: FontKey) -> OpaquePointer? {
        if let known = fonts[key] { return known }
        var result: OpaquePointer?
        if let face = face(FaceKey(file: key.file, index: key.faceIndex, embolden: key.embolden)) {
            var matrix = cairo_matrix_t(), identity = cairo_matrix_t()
            // A synthesised slant shears x by the height above the baseline (y grows downwards in Cairo).
            cairo_matrix_init(&matrix, key.size, 0, -key.slant * key.size, key.size, 0, 0)
            cairo_matrix_init_identity(&identity)
            let scaled = cairo_scaled_font_create(face, &matrix, &identity, options)
            if let scaled, cairo_scaled_font_status(scaled) == CAIRO_STATUS_SUCCESS {
                result = scaled
            } else if let scaled {
                cairo_scaled_font_destroy(scaled)
            }
        }
        fonts[key] = result
        return result
    }

    private func face(_ key: FaceKey) -> OpaquePointer? {
        if let known = faces[key] { return known }
        var result: OpaquePointer?
        if let ftFace = FreeTypeLibrary.openFace(key.file, index: key.index) {
            let face = cairo_ft_font_face_create_for_ft_face(ftFace, 0)
            // A synthesised bold (fonts.conf): Cairo emboldens the outlines as fontconfig's embolden asks.
            if key.embolden, let face { cairo_ft_font_face_set_synthesize(face, UInt32(CAIRO_FT_SYNTHESIZE_BOLD.rawValue)) }
            // Cairo may keep the face after this cache is gone (its font caches): the FreeType face is
            // released with the Cairo face, not before.
            if let face, cairo_font_face_set_user_data(face, FreeTypeLibrary.faceKey, UnsafeMutableRawPointer(ftFace), FreeTypeLibrary.releaseFace) == CAIRO_STATUS_SUCCESS {
                result = face
            } else {
                if let face { cairo_font_face_destroy(face) }
                FreeTypeLibrary.closeFace(ftFace)
            }
        }
        faces[key] = result
        return result
    }
}

/// The process's FreeType library for the faces Cairo draws with. FreeType needs opening and closing faces
/// of one library serialised; Cairo locks each face while it renders.
enum FreeTypeLibrary {
    private static let lock = NSLock()
    nonisolated(unsafe) private static let library: FT_Library? = {
        var library: FT_Library?
        return FT_Init_FreeType(&library) == 0 ? library : nil
    }()
    /// The user-data key that ties a FreeType face to its Cairo face.
    nonisolated(unsafe) static let faceKey = UnsafeMutablePointer<cairo_user_data_key_t>.allocate(capacity: 1)

    static func openFace(_ file: String, index: Int) -> FT_Face? {
        guard let bytes = FontFileMapping.bytes(of: file), let base = bytes.baseAddress else { return nil }
        lock.lock()
        defer { lock.unlock() }
        guard let library else { return nil }
        var face: FT_Face?
        return FT_New_Memory_Face(library, base.assumingMemoryBound(to: FT_Byte.self), FT_Long(bytes.count), FT_Long(index), &face) == 0 ? face : nil
    }

    static func closeFace(_ face: FT_Face) {
        lock.lock()
        defer { lock.unlock() }
        FT_Done_Face(face)
    }

    static let releaseFace: cairo_destroy_func_t = { pointer in
        guard let pointer else { return }
        closeFace(pointer.assumingMemoryBound(to: FT_FaceRec_.self))
    }
}
