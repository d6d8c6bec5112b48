/// Names a font face at a size by value — file, face index, size — so glyph runs cross from layout to
/// paint without any shaping library's objects (`architecture.md`: "Fonts cross the stage boundary as
/// values"). Paint opens the file itself.
public struct FontKey: Sendable, Hashable {
    /// The font file the face comes from.
    public var file: String
    public var faceIndex: Int
    /// Size in points (the em size the glyph positions were computed at).
    public var size: Double

    public init(file: String, faceIndex: Int, size: Double) {
        self.file = file
        self.faceIndex = faceIndex
        self.size = size
    }
}
