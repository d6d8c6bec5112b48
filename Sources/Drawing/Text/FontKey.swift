/// Names a font face at a size by value — file, face index, size, and the styles fontconfig synthesises for a
/// face that lacks them — so glyph runs cross from layout to paint without any shaping library's objects
/// (`architecture.md`: "Fonts cross the stage boundary as values"). Paint opens the file itself.
public struct FontKey: Sendable, Hashable {
    /// The font file the face comes from.
    public var file: String
    public var faceIndex: Int
    /// Size in points (the em size the glyph positions were computed at).
    public var size: Double
    /// Drawn emboldened: a bold style of a face with no bold cut (fonts.conf).
    public var embolden: Bool
    /// Horizontal shear of the outlines, x += slant × height above the baseline: an italic style of a face with
    /// no italic cut (0.2, fonts.conf); 0 upright.
    public var slant: Double

    public init(file: String, faceIndex: Int, size: Double, embolden: Bool = false, slant: Double = 0) {
        self.file = file
        self.faceIndex = faceIndex
        self.size = size
        self.embolden = embolden
        self.slant = slant
    }
}
