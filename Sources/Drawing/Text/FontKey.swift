/// Names a font face at a size by value, so glyph runs can cross from layout to paint without
/// Pango pointers (`architecture.md`: "Fonts cross the stage boundary as values").
public struct FontKey: Sendable, Hashable {
    /// The font file the face comes from.
    public var file: String
    public var faceIndex: Int
    /// The Pango font description string that loads exactly this face ("Inter Bold 17").
    public var description: String
    /// Size in points.
    public var size: Double

    public init(file: String, faceIndex: Int, description: String, size: Double) {
        self.file = file
        self.faceIndex = faceIndex
        self.description = description
        self.size = size
    }
}
