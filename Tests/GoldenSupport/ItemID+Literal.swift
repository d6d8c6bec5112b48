import Drawing
import Layout

/// Ids and group names written as their string form in tests (`"0.1"`, `"0/body/glyphs"`); the libraries build them
/// from indexes and parts only.
extension ItemID: ExpressibleByStringLiteral {
    public init(stringLiteral text: String) {
        guard let id = ItemID(text) else { preconditionFailure("not an item id: \(text)") }
        self = id
    }
}

extension GroupName: ExpressibleByStringLiteral {
    public init(stringLiteral text: String) { self.init(text) }
}
