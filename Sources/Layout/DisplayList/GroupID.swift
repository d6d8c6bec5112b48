import Drawing

/// The names of the display list's groups that later stages address with overlays (`Overlay`): every item
/// by its id ("0", "1.2"), and these parts. Item ids hold only digits and dots, so the names never collide.
public enum GroupID {
    /// All of the page's items (inside the bubble's clip).
    public static let items = "items"
    public static let status = "status"

    /// The grid of the table item `item` (table-local space: offset to the item, clipped to its frame).
    public static func tableGrid(_ item: String) -> String { item + "/grid" }

    /// The names within one text box of an item.
    public struct Text: Sendable, Hashable {
        public enum Part: String, Sendable { case body, title }

        /// The whole text: glyph layers, attachments, spoiler dust.
        public let name: String

        public init(item: String, part: Part) {
            name = item + "/" + part.rawValue
        }

        public init(name: String) {
            self.name = name
        }

        /// Marker pills, glyphs, strike lines and underlines.
        public var glyphs: String { name + "/glyphs" }
        public var dust: String { name + "/dust" }
        /// The inline object `index` of line `line`.
        public func attachment(line: Int, index: Int) -> String { name + "/attachment/\(line).\(index)" }
    }
}
