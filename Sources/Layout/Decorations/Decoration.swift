import Drawing
import Primitives

/// A part of a block that only draws: a divider, a list marker, a quote's fill and bar, a pull-quote pill, an
/// ornament, an anchor, the "Unsupported" pill, a row of buttons. Its layout makes the value; the value draws
/// itself into the display list and names its layout-JSON fields. A new decorative block kind is one more type
/// conforming to this, beside its layout: the layout JSON, the dump, the display-list builder, the item ids and
/// the reveal (which fades every decoration in when the cursor passes its width) handle it unchanged.
protocol Decoration: Sendable, Equatable {
    /// The layout JSON's `kind`.
    var kind: String { get }
    /// Its layout-JSON members after `id`, `kind`, `block` and `frame`.
    var jsonFields: [(String, JSONOut)] { get }
    /// Its drawing, for the item's frame `frame` in the coordinates the builder is drawing in.
    func draw(in frame: Rect, with builder: FrameBuilder) -> Frame
    /// The texts it draws with their origins, for the item's frame `frame` (annotations list their words).
    func labels(in frame: Rect) -> [(box: TextBox, origin: Point)]
}

extension Decoration {
    func labels(in frame: Rect) -> [(box: TextBox, origin: Point)] { [] }
    fileprivate func isEqual(to other: any Decoration) -> Bool { (other as? Self) == self }
}

/// Any decoration, as an item's content (`ItemContent.decoration`).
public struct AnyDecoration: Sendable, Equatable {
    let value: any Decoration

    init(_ value: some Decoration) {
        self.value = value
    }

    /// The layout JSON's `kind` (`divider`, `listMarker`, `quoteFrame`, …).
    public var kind: String { value.kind }

    /// The texts it draws (a list marker's label, a pill's, the buttons'), with their origins for the item's frame `frame`.
    public func labels(in frame: Rect) -> [(box: TextBox, origin: Point)] { value.labels(in: frame) }

    /// The decoration as its own type, when it is one (`as(ListMarker.self)`).
    public func `as`<T>(_ type: T.Type) -> T? { value as? T }

    public static func == (a: AnyDecoration, b: AnyDecoration) -> Bool { a.value.isEqual(to: b.value) }
}

extension ItemContent {
    /// `value` as an item's content.
    static func decorated(_ value: some Decoration) -> ItemContent { .decoration(AnyDecoration(value)) }
}

extension ItemContent {
    /// The decoration this content is, as its own type (`item.content.decoration(as: ListMarker.self)`).
    public func decoration<T>(as type: T.Type) -> T? {
        if case .decoration(let decoration) = self { return decoration.as(type) }
        return nil
    }
}
