import CCairo
import Drawing
import FreeTypeFaces
import FoundationEssentials
import Primitives

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
        // The process's FreeType face of the file (shared with Pango's fonts, `SharedFreeTypeFaces`), in a pattern so
        // that Cairo keeps emboldened and plain faces apart (a synthesised bold, fonts.conf).
        if let ftFace = SharedFreeTypeFaces.face(file: key.file, index: key.index), let pattern = FcPatternCreate() {
            FcPatternAddFTFace(pattern, FC_FT_FACE, ftFace)
            if key.embolden { FcPatternAddBool(pattern, FC_EMBOLDEN, 1) }
            result = cairo_ft_font_face_create_for_pattern(pattern)
            FcPatternDestroy(pattern)
        }
        faces[key] = result
        return result
    }
}

/// Cairo scaled fonts this process keeps a reference to for its life (issue 56). The gstate makes the scaled font
/// it draws with from the device matrix, and Cairo 1.16 shares it between threads through its font map; when the
/// last reference to such a font goes, the font waits among the map's "holdovers", where another thread can take
/// it back and freeze its glyph cache while the first thread's eviction of the holdover destroys it — Cairo's
/// `! scaled_font->cache_frozen` assertion, which aborted a two-thread reveal export once in 407 runs. A font held
/// here never loses its last reference, so it never becomes a holdover. The set is bounded (`limit`): past it, new
/// fonts are not kept (a process that draws more distinct font × size × scale combinations than that is one that
/// renders at many arbitrary scales; it keeps the old, rare exposure rather than unbounded memory).
enum RetainedFonts {
    static let limit = 4_096
    nonisolated(unsafe) private static var fonts: Set<UnsafeMutableRawPointer> = []
    private static let lock = Lock()

    /// Takes a reference to `font` (borrowed from a gstate) the first time it is seen.
    static func keep(_ font: OpaquePointer?) {
        guard let font, cairo_scaled_font_status(font) == CAIRO_STATUS_SUCCESS else { return }
        let key = UnsafeMutableRawPointer(font)
        lock.lock()
        defer { lock.unlock() }
        guard fonts.count < limit, fonts.insert(key).inserted else { return }
        cairo_scaled_font_reference(font)
    }

    /// How many fonts are held (tests).
    static var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return fonts.count
    }
}
