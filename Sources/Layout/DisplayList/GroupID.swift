import Drawing

/// The names of the display list's groups that later stages address with overlays (`Overlay`): every item
/// by its id (`ItemID.group`: "0", "1.2"), and these parts. Item ids hold only digits and dots, so the names
/// never collide.
public enum GroupID {
    /// All of the page's items (inside the bubble's clip).
    public static let items = GroupName("items")
    public static let status = GroupName("status")

    /// The grid of the table item `item` (table-local space: offset to the item, clipped to its frame).
    public static func tableGrid(_ item: ItemID) -> GroupName { item.group.appending("grid") }

    /// The masked text of the thinking item `item` (the shimmer band is its mask).
    public static func shimmer(_ item: ItemID) -> GroupName { item.group.appending("shimmer") }

    /// The names within one text box of an item.
    public struct Text: Sendable, Hashable {
        public enum Part: String, Sendable { case body, title }

        /// The whole text: glyph layers, attachments, spoiler dust.
        public let name: GroupName

        public init(item: ItemID, part: Part) {
            name = item.group.appending(part.rawValue)
        }

        public init(name: GroupName) {
            self.name = name
        }

        /// Marker pills, glyphs, strike lines and underlines.
        public var glyphs: GroupName { name.appending("glyphs") }
        public var dust: GroupName { name.appending("dust") }
        /// The inline object `index` of line `line`.
        public func attachment(line: Int, index: Int) -> GroupName { name.appending("attachment/\(line).\(index)") }
    }
}
