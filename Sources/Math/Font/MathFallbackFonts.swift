import Drawing

/// The text faces of formulas: Latin Modern's text fonts for `\text` and its relatives (`textFace(named:)`), and the
/// faces for characters Latin Modern Math lacks, tried in order after it (docs/rendering.md "Fonts and scripts": Noto Sans
/// Math, Noto Sans Symbols, Symbols 2, then Noto Serif, the script's Serif face, else its Sans face; Han in the
/// Noto Sans CJK face of the text's region). The host names the face for a character (`locate`, from its font
/// collection); each face is opened once, when a formula first needs it. Not thread-safe: one per typesetter.
public final class MathFallbackFonts {
    /// The face (file, face index) that draws a character, for Han in a region; nil: none does.
    public typealias Locate = (Unicode.Scalar, HanRegion) -> (file: String, index: Int)?

    private let locate: Locate
    /// The Latin Modern text faces for text in formulas, by file name (`TextFace.fileName`): their paths.
    private let textFiles: [String: String]
    private var opened: [String: TextFont?] = [:]
    private var chosen: [String: TextFont?] = [:]

    public init(locate: @escaping Locate, textFiles: [String: String] = [:]) {
        self.locate = locate
        self.textFiles = textFiles
    }

    /// The text face `name` (a Latin Modern file name), opened on first use; nil when it is not listed or unreadable.
    func textFace(named name: String) -> TextFont? {
        guard let path = textFiles[name] else { return nil }
        let key = "\(path)#0"
        if let known = opened[key] { return known }
        let font = try? TextFont(file: path)
        opened[key] = font
        return font
    }

    /// One face for every character (tests, and hosts without a collection).
    public convenience init(_ font: TextFont) {
        self.init { _, _ in (font.file, font.faceIndex) }
        opened["\(font.file)#\(font.faceIndex)"] = font
    }

    /// The face for `scalar`, opened on first use; nil when no face has it.
    func font(for scalar: Unicode.Scalar, region: HanRegion) -> TextFont? {
        let key = "\(scalar.value)/\(region.rawValue)"
        if let known = chosen[key] { return known }
        var result: TextFont?
        if let face = locate(scalar, region) {
            let faceKey = "\(face.file)#\(face.index)"
            if let known = opened[faceKey] {
                result = known
            } else {
                result = try? TextFont(file: face.file, faceIndex: face.index)
                opened[faceKey] = result
            }
        }
        chosen[key] = result
        return result
    }
}

/// Code points a formula drew no glyph for (no face has them), in the order met; shared by the typesetter's copies.
final class MissingCodePoints {
    private(set) var values: [UInt32] = []
    private var seen: Set<UInt32> = []

    func note(_ scalar: Unicode.Scalar) {
        if seen.insert(scalar.value).inserted { values.append(scalar.value) }
    }
}
