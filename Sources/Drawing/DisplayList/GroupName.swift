/// The name of a display-list group that a later stage addresses with an `Overlay` (the reveal): an item's id
/// (`0`, `0.2.1`) or a named part of it (`0/body/glyphs`, `1/grid`, `status`). Its one string form is
/// `rawValue`; names order by it, so overlays built from a dictionary of names come out in a fixed order.
public struct GroupName: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let rawValue: String

    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// The part `part` of this group (`0/body` → `0/body/glyphs`).
    public func appending(_ part: String) -> GroupName { GroupName(rawValue + "/" + part) }

    public var description: String { rawValue }

    public static func < (a: GroupName, b: GroupName) -> Bool { a.rawValue < b.rawValue }
}
