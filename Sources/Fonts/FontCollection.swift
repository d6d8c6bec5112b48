import CPango
import Drawing
import FoundationEssentials
import Primitives

/// Every face ipraster may draw text with: the base faces (`FontFamily`) and the world collection of Debian's
/// Noto packages, one face per script, in the fallback order of iOS's cascade (docs/rendering.md "Fonts and scripts"). It owns the faces
/// (fontconfig patterns from `FontIndex`), builds the fontconfig configuration each `FontSet` hands to Pango, and
/// answers which family draws a character in a style's cascade. Shaping stays with `FontSet`.
///
/// One collection per font folder is shared by every font set of the process (`shared(_:)`): it is immutable once
/// loaded, and the collection half is loaded on first use, when a text needs a character its style's face lacks.
public final class FontCollection: @unchecked Sendable {
    public let directory: FontDirectory
    public let entries: [FontDirectory.Entry]
    /// The base faces, in list order.
    public let baseFaces: [FontFace]
    private let lock = Lock()
    /// Released once the collection half is loaded (its faces keep what they need).
    private var index: FontIndex?
    private var loadedCollection: Collection?
    private var cascades: [CascadeKey: [String]] = [:]

    /// The collection half: its faces, families in list order by role, and the files that are not installed.
    struct Collection {
        var faces: [FontFace]
        var families: [FontRole: [String]]
        var faceFamilies: [String: [FontFace]]
        var missing: [FontDirectory.Entry]
    }

    private struct CascadeKey: Hashable {
        var style: FontFamily
        var region: HanRegion
    }

    /// Reads the list and the base faces (from the index, else by scanning them). A missing base face is an
    /// environment error naming its package.
    public init(directory: FontDirectory = FontDirectory()) throws {
        self.directory = directory
        entries = try directory.entries()
        let index = FontIndex(contentsOf: directory.indexFile)
        self.index = index
        var base: [FontFace] = []
        for entry in entries where entry.role == .base {
            guard let faces = index.faces(of: entry.path, sharedFace: false) else { throw FontSetError.missingFile(path: entry.path, package: entry.package) }
            base += faces
        }
        baseFaces = base
    }

    private static let sharedLock = Lock()
    nonisolated(unsafe) private static var sharedCollections: [String: FontCollection] = [:]

    /// The process's collection for `directory`, made on first use.
    public static func shared(_ directory: FontDirectory = FontDirectory()) throws -> FontCollection {
        sharedLock.lock()
        defer { sharedLock.unlock() }
        if let known = sharedCollections[directory.path] { return known }
        let collection = try FontCollection(directory: directory)
        sharedCollections[directory.path] = collection
        return collection
    }

    /// Whether `fonts.index` describes every listed file as it is now (else runs scan the files it misses).
    public var indexIsCurrent: Bool {
        lock.lock()
        defer { lock.unlock() }
        return (index ?? FontIndex(contentsOf: directory.indexFile)).isCurrent(for: entries.map(\.path))
    }

    /// Writes `fonts.index` for the listed files (scanning each one now), atomically.
    public static func writeIndex(for directory: FontDirectory, to path: String? = nil) throws {
        let entries = try directory.entries()
        let target = path ?? directory.indexFile
        let text = FontIndex.text(for: entries.map(\.path))
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: target), options: .atomic)
        } catch {
            throw FontSetError.unwritableIndex(path: target, reason: String(describing: error))
        }
    }

    // MARK: - Configurations

    /// A new fontconfig configuration (the caller owns it): the rules of `fonts.conf`, then the base faces and,
    /// with `collection`, every installed collection face. No system font or rule is visible.
    package func makeConfiguration(collection: Bool = false) throws -> OpaquePointer {
        guard let config = FcConfigCreate() else { throw FontSetError.badConfiguration(path: directory.configurationFile) }
        guard FcConfigParseAndLoad(config, directory.configurationFile, 1) != 0, let first = baseFaces.first else {
            FcConfigDestroy(config)
            throw FontSetError.badConfiguration(path: directory.configurationFile)
        }
        // fontconfig has no public call that creates the application font set, so the first base file is added
        // (scanned) the ordinary way, and its scanned patterns are then replaced by the faces already read (which
        // carry the shared FreeType face): the set is fontconfig's public FcFontSet.
        guard FcConfigAppFontAddFile(config, first.file) != 0, let set = FcConfigGetFonts(config, FcSetApplication) else {
            FcConfigDestroy(config)
            throw FontSetError.missingFile(path: first.file, package: entries.first { $0.path == first.file }?.package ?? "?")
        }
        for index in 0..<Int(set.pointee.nfont) { if let pattern = set.pointee.fonts[index] { FcPatternDestroy(pattern) } }
        set.pointee.nfont = 0
        for face in baseFaces { face.add(to: set) }
        if collection { add(families: Set(loadCollection().faceFamilies.keys), to: config) }
        return config
    }

    /// Adds the faces of collection `families` to a configuration made by `makeConfiguration` (what
    /// `FcConfigAppFontAddFile` does after scanning a file); base families are there already. A font map using it
    /// must be told (`pango_fc_font_map_config_changed`).
    package func add(families: Set<String>, to config: OpaquePointer) {
        guard let set = FcConfigGetFonts(config, FcSetApplication) else { return }
        let base = Set(baseFaces.map(\.family))
        for face in loadCollection().faces where families.contains(face.family) && !base.contains(face.family) { face.add(to: set) }
    }

    /// The collection half, loaded (from the index, else by scanning) on first use.
    @discardableResult
    func loadCollection() -> Collection {
        lock.lock()
        defer { lock.unlock() }
        if let loadedCollection { return loadedCollection }
        var result = Collection(faces: [], families: [:], faceFamilies: [:], missing: [])
        let index = self.index ?? FontIndex(contentsOf: directory.indexFile)
        self.index = nil
        for entry in entries where entry.role.isCollection {
            guard let faces = index.faces(of: entry.path, sharedFace: true) else {
                result.missing.append(entry)
                continue
            }
            result.faces += faces
            for face in faces {
                if result.faceFamilies[face.family] == nil { result.families[entry.role, default: []].append(face.family) }
                result.faceFamilies[face.family, default: []].append(face)
            }
        }
        for face in baseFaces { result.faceFamilies[face.family, default: []].append(face) }
        loadedCollection = result
        return result
    }

    /// Listed collection files that are not installed, with their packages.
    public var missingCollectionFiles: [FontDirectory.Entry] { loadCollection().missing }

    // MARK: - Cascades

    /// The families tried after `style`'s own face, in order (docs/rendering.md "Fonts and scripts"): for sans text Noto Sans, the region's
    /// Noto Sans CJK (which also draws the CJK punctuation and full-width forms some script faces carry), the script
    /// faces, the serif faces of scripts without a sans one, the symbol faces, the colour emoji and the other base
    /// faces; serif text tries the script's serif faces first; code tries the region's Noto Sans Mono CJK first.
    /// A text's own script comes first whatever this order (`FontSet`'s promotion).
    public func cascade(for style: FontFamily, region: HanRegion) -> [String] {
        let collection = loadCollection()
        lock.lock()
        defer { lock.unlock() }
        let key = CascadeKey(style: style, region: region)
        if let known = cascades[key] { return known }
        let families = collection.families
        let latin = families[.latin] ?? [], script = families[.script] ?? [], serif = families[.serif] ?? []
        let symbols = families[.symbols] ?? []
        let sansNames = Set(script)
        // A script's serif face stands in for its sans face where Debian has none (Tibetan, Ahom, Dogra …).
        let serifOnly = serif.filter { !sansNames.contains($0.replacingEvery("Noto Serif", with: "Noto Sans")) }
        let cjk = [region.family(monospaced: false)], cjkMono = [region.family(monospaced: true)]
        let closing = FontFamily.text.filter { $0 != style }.map(\.rawValue)
        var order: [String]
        switch style {
        case .serif: order = serif + cjk + script + latin + symbols + [FontFamily.emoji.rawValue] + closing
        case .mono: order = cjkMono + latin + cjk + script + serifOnly + symbols + [FontFamily.emoji.rawValue] + closing
        default: order = latin + cjk + script + serifOnly + symbols + [FontFamily.emoji.rawValue] + closing
        }
        var seen: Set<String> = [style.rawValue]
        order = order.filter { collection.faceFamilies[$0] != nil && seen.insert($0).inserted }
        cascades[key] = order
        return order
    }

    /// The families tried in formulas after Latin Modern Math (docs/rendering.md "Fonts and scripts"): Noto Sans Math, Noto Sans Symbols,
    /// Symbols 2, then the serif cascade (Noto Serif, the script's Serif face, else its Sans face; Han in the region's
    /// Noto Sans CJK).
    public func formulaCascade(region: HanRegion) -> [String] {
        let symbols = ["Noto Sans Math", "Noto Sans Symbols", "Noto Sans Symbols2"]
        let rest = [FontFamily.serif.rawValue] + cascade(for: .serif, region: region)
        return symbols.filter { loadCollection().faceFamilies[$0] != nil } + rest.filter { !symbols.contains($0) && $0 != FontFamily.math.rawValue }
    }

    /// The upright regular face of the first formula-cascade family that maps `scalar`.
    public func formulaFace(for scalar: Unicode.Scalar, region: HanRegion) -> FontFace? {
        guard let family = firstFamily(covering: scalar, in: formulaCascade(region: region)) else { return nil }
        return faces(of: family).filter { !$0.isItalic && $0.covers(scalar) }.min { abs($0.weight - 80) < abs($1.weight - 80) }
    }

    /// The first family of `cascade` with a face that maps `scalar`.
    public func firstFamily(covering scalar: Unicode.Scalar, in cascade: [String]) -> String? {
        let faces = loadCollection().faceFamilies
        return cascade.first { family in faces[family]?.contains { $0.covers(scalar) } ?? false }
    }

    /// Whether any installed face, base or collection, maps `scalar`.
    public func anyFaceCovers(_ scalar: Unicode.Scalar) -> Bool {
        loadCollection().faces.contains { $0.covers(scalar) } || baseFaces.contains { $0.covers(scalar) }
    }

    /// The faces of `family` (empty when it is not installed).
    public func faces(of family: String) -> [FontFace] { loadCollection().faceFamilies[family] ?? [] }

    /// Families drawn with a synthesised style because Debian has no such face: emboldened where there is no bold
    /// face, slanted where there is no italic (fontconfig's `embolden` and `matrix` rules in `fonts.conf`).
    public var synthesised: (bold: [String], italic: [String]) {
        let collection = loadCollection()
        var bold: [String] = [], italic: [String] = []
        let listed = collection.families.values.flatMap { $0 } + [FontFamily.sans, .serif, .mono].map(\.rawValue)
        for family in listed {
            guard let faces = collection.faceFamilies[family] else { continue }
            if !faces.contains(where: \.isBold) { bold.append(family) }
            if !faces.contains(where: \.isItalic) { italic.append(family) }
        }
        return (bold, italic)
    }
}
