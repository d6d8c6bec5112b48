import Drawing

/// A layout item's stable hierarchical id (`cli-contract.md`, layout JSON): the top-level item at index 2 is `2`,
/// the items nested in it `2.0`, `2.1`, … Its one string form (`description`) is the layout JSON's `id` and the
/// name of the item's display-list group.
public struct ItemID: Hashable, Sendable, CustomStringConvertible {
    /// The index at each level, outermost first; empty until layout assigns ids.
    public let path: [Int]

    public init(_ path: [Int]) {
        self.path = path
    }

    /// Reads the string form (`"0.2.1"`); nil when it is not one.
    public init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
        guard !text.isEmpty, parts.allSatisfy({ $0.map { $0 >= 0 } ?? false }) else { return nil }
        path = parts.map { $0! }
    }

    /// The item nested at `index` in this one.
    public func child(_ index: Int) -> ItemID { ItemID(path + [index]) }

    public var description: String { path.map(String.init).joined(separator: ".") }

    /// The display-list group that draws the item.
    public var group: GroupName { GroupName(description) }
}
