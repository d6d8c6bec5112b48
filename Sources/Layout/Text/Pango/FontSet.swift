import Document
import Drawing
import CPango
import FoundationEssentials
import Math

/// Owns the hermetic fontconfig configuration, the Pango font map and a measuring context
/// (72 dpi, hint metrics off, no hinting, unrounded glyph positions). Not thread-safe: use one per thread.
public final class FontSet {
    public let directory: FontDirectory
    /// Every listed font file, base and collection.
    public let files: [FontDirectory.Entry]
    /// The faces this set draws with, shared by every font set of the process.
    public let collection: FontCollection
    /// The collection families whose faces are in the font map's configuration (added as texts need them).
    private(set) var familiesInUse: Set<String> = []
    /// Font descriptions' family lists by cascade (style face, promoted family, Han region).
    var cascadeFamilies: [CascadeKey: [String]] = [:]
    /// The family a cascade promotes for a character its style's face lacks, by style and character.
    var promotions: [PromotionKey: String?] = [:]
    let fontMap: UnsafeMutablePointer<PangoFontMap>
    let context: OpaquePointer
    private var primaryFonts: [FontSpec: UnsafeMutablePointer<PangoFont>?] = [:]
    private var keysByFont: [UnsafeMutablePointer<PangoFont>: FontKey] = [:]
    private var metricsCache: [FontSpec: FontMetrics] = [:]
    private var primaryCharsets: [FontSpec: OpaquePointer?] = [:]
    /// ICU's line breaker for Lao, Khmer and Myanmar paragraphs, opened on the first one (`FontSet+LineBreaks`).
    lazy var dictionaryBreaker = DictionaryLineBreaker()

    /// The most lines one text (a paragraph, a code block, a cell) may lay out to. Pango spends some
    /// 20–100 µs per line, so this bounds the work on absurd inputs (1 MB of text at --width 40 would be a
    /// million lines); a page that reaches it is refused (exit 2) in every output mode.
    public static let maxLinesPerText = 20_000
    /// The most UTF-8 bytes one text may have. Over it the text is not laid out at all and the page is
    /// refused like one over `maxLinesPerText` (Pango's single ellipsized rest line of a 10 MB paragraph alone
    /// took half a minute and 2 GB).
    public static let maxBytesPerText = 4_000_000

    /// Builds the hermetic fontconfig configuration of the base faces (from the font index, else by scanning the
    /// files) and hands it to Pango; the environment is never touched. The world collection joins the
    /// configuration on the first text that needs a character its style's face lacks (`useCollection()`).
    ///
    /// `processDefault`: also make it fontconfig's current configuration for this process. Pango 1.50 runs
    /// `FcInit` on a background thread and waits for it before listing fonts; with a current configuration
    /// in place that reads nothing, else it loads the system's configuration and font cache (pango-notes §1),
    /// which costs time but changes no output. Only a program that owns its process (the `ipraster` tool)
    /// should pass true: a host application's own fontconfig use would see ipraster's fonts.
    public init(directory: FontDirectory = FontDirectory(), processDefault: Bool = false) throws {
        self.directory = directory
        collection = try FontCollection.shared(directory)
        files = collection.entries
        let config = try collection.makeConfiguration()
        defer { FcConfigDestroy(config) }
        if processDefault { FcConfigSetCurrent(config) }
        guard let fontMap = pango_cairo_font_map_new() else { throw FontSetError.badConfiguration(path: directory.configurationFile) }
        // A map that is not fontconfig's is released here: `deinit` does not run for an initializer that throws.
        guard let fcMap = ipr_fc_font_map(fontMap) else {
            ipr_g_object_unref(fontMap)
            throw FontSetError.badConfiguration(path: directory.configurationFile)
        }
        self.fontMap = fontMap
        pango_fc_font_map_set_config(fcMap, config)
        context = pango_font_map_create_context(fontMap)
        pango_cairo_context_set_resolution(context, 72)
        // An unknown language tag, whatever the process's locale: Pango then derives no item language from the
        // environment (PANGO_LANGUAGE, LANGUAGE, LANG), so fontconfig's order and HarfBuzz's forms never depend on it.
        pango_context_set_language(context, pango_language_from_string(Self.neutralLanguage))
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        pango_context_set_round_glyph_positions(context, 0)
    }

    /// Debian packages of listed collection files that are not installed.
    public var missingFontPackages: [String] {
        var packages: [String] = []
        for entry in collection.missingCollectionFiles where !packages.contains(entry.package) { packages.append(entry.package) }
        return packages
    }

    /// The language given to Pango: one it knows nothing of, so it keeps it for every script (pango-notes §1).
    static let neutralLanguage = "xx"

    /// Adds the faces of collection `families` to the font map's configuration when they are not there yet.
    /// A text is measured the same whichever other collection faces are present: its font descriptions name every
    /// family that draws one of its characters (`families(_:uncovered:region:)`), and a character none of the
    /// collection draws can only fall to a base face.
    func use(families: Set<String>) {
        let new = families.subtracting(familiesInUse)
        guard !new.isEmpty, let fcMap = ipr_fc_font_map(fontMap), let config = pango_fc_font_map_get_config(fcMap) else { return }
        familiesInUse.formUnion(new)
        collection.add(families: new, to: config)
        pango_fc_font_map_config_changed(fcMap)
    }

    deinit {
        for font in primaryFonts.values { if let font { ipr_g_object_unref(font) } }
        for font in keysByFont.keys { ipr_g_object_unref(font) }
        ipr_g_object_unref(UnsafeMutableRawPointer(context))
        ipr_g_object_unref(fontMap)
    }

    /// A Pango font description for `spec` (caller frees with `pango_font_description_free`).
    func makeDescription(_ spec: FontSpec, families: String? = nil) -> OpaquePointer {
        let description = pango_font_description_new()!
        pango_font_description_set_family(description, families ?? spec.family.rawValue)
        pango_font_description_set_weight(description, PangoWeight(rawValue: UInt32(spec.weight)))
        pango_font_description_set_style(description, spec.italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL)
        pango_font_description_set_absolute_size(description, spec.size * Double(PANGO_SCALE))
        return description
    }

    /// The face `spec` resolves to (without fallback); cached for the set's life.
    func primaryFont(_ spec: FontSpec) -> UnsafeMutablePointer<PangoFont>? {
        if let known = primaryFonts[spec] { return known }
        let description = makeDescription(spec)
        defer { pango_font_description_free(description) }
        let font = pango_font_map_load_font(fontMap, context, description)
        primaryFonts[spec] = font
        return font
    }

    /// The value key of a Pango font (retained so the pointer stays a valid cache key).
    func fontKey(_ font: UnsafeMutablePointer<PangoFont>) -> FontKey {
        if let key = keysByFont[font] { return key }
        let file = ipr_font_file(font).map { String(cString: $0) } ?? ""
        let description = pango_font_describe_with_absolute_size(font)
        defer { pango_font_description_free(description) }
        // Bitmap fonts describe themselves at the strike's size (109 px for Noto Color Emoji) whatever size
        // was asked for; key them by the size HarfBuzz shapes with, so every size is its own font.
        var xScale: Int32 = 0, yScale: Int32 = 0
        if let hbFont = pango_font_get_hb_font(font) { hb_font_get_scale(hbFont, &xScale, &yScale) }
        if yScale > 0 { pango_font_description_set_absolute_size(description, Double(yScale)) }
        let size = Double(pango_font_description_get_size(description)) / Double(PANGO_SCALE)
        let key = FontKey(file: file, faceIndex: Int(ipr_font_face_index(font)), size: size, embolden: ipr_font_embolden(font) != 0,
                          slant: ipr_font_slant(font))
        g_object_ref(font)
        keysByFont[font] = key
        return key
    }

    /// Whether the face `spec` resolves to has a glyph for `scalar` (without fallback): its fontconfig charset,
    /// which is what Pango's own fallback consults.
    func covers(_ spec: FontSpec, _ scalar: Unicode.Scalar) -> Bool {
        let charset: OpaquePointer?
        if let known = primaryCharsets[spec] {
            charset = known
        } else {
            charset = primaryFont(spec).flatMap { ipr_font_charset($0) }
            primaryCharsets[spec] = charset
        }
        guard let charset else { return false }
        return FcCharSetHasChar(charset, scalar.value) != 0
    }

    /// Font-wide metrics of the face `spec` resolves to, from HarfBuzz (Pango's metrics API is wrong
    /// for the scaled bitmap emoji font; pango-notes §2).
    public func metrics(_ spec: FontSpec) -> FontMetrics {
        if let cached = metricsCache[spec] { return cached }
        var metrics = FontMetrics(family: spec.family.rawValue, size: spec.size, ascent: spec.size * 0.8, descent: spec.size * 0.2,
                                  capHeight: spec.size * 0.7, file: "")
        if let font = primaryFont(spec), let hbFont = pango_font_get_hb_font(font) {
            var extents = hb_font_extents_t()
            hb_font_get_h_extents(hbFont, &extents)
            let scale = Double(PANGO_SCALE)
            metrics.ascent = Double(extents.ascender) / scale
            metrics.descent = -Double(extents.descender) / scale
            var cap: hb_position_t = 0
            var glyph: hb_codepoint_t = 0
            var ink = hb_glyph_extents_t()
            if hb_ot_metrics_get_position(hbFont, HB_OT_METRICS_TAG_CAP_HEIGHT, &cap) != 0 {
                metrics.capHeight = Double(cap) / scale
            } else if hb_font_get_nominal_glyph(hbFont, hb_codepoint_t(UInt8(ascii: "H")), &glyph) != 0,
                      hb_font_get_glyph_extents(hbFont, glyph, &ink) != 0, ink.y_bearing > 0 {
                // No OS/2 cap height (DejaVu Sans Mono's OS/2 is version 1): the ink top of "H" (Decisions).
                metrics.capHeight = Double(ink.y_bearing) / scale
            }
            metrics.file = fontKey(font).file
        }
        metricsCache[spec] = metrics
        return metrics
    }

    /// Versions of the libraries that measure and shape text (pango, harfbuzz, fontconfig).
    public static var libraryVersions: [(String, String)] {
        let version = FcGetVersion()
        return [("pango", String(cString: pango_version_string())), ("harfbuzz", String(cString: hb_version_string())),
                ("fontconfig", "\(version / 10000).\(version / 100 % 100).\(version % 100)"), ("icu", DictionaryLineBreaker.version)]
    }
}
